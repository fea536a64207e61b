import FormRulesTestSupport
import Foundation
import Testing

@Suite("validate lint")
struct LintCommandTests {
  @Test("every problem of a file at once, each with its JSON path; exit 2")
  func manyProblems() throws {
    let file = CLI.fixture("lint-problems.json")
    let result = try ValidateBinary.run(["lint", "--rules", file])
    expectRun(
      result, status: 2,
      stdout: """
        \(file): fields.user.trim: expected true or false, found "yes"
        \(file): fields.user.rules[0].requird: unknown rule "requird" (did you mean "required"?)
        \(file): fields.user.rules[1].minLength: expected a non-negative integer, found a string
        \(file): fields.user.rules[2].pattern: invalid regular expression: missing terminating ] for character class at offset 5
        \(file): fields.user.rules[4].maxLength: minLength 10 is above maxLength 5 (characters); no value can pass
        \(file): fields.password_confirmation.rules[0].sameAs: "pasword" is not a field of this rules file
        \(file): fields.password_confirmation.label: no label for locale "en"

        """,
      stderr: "7 problems in \(file)\n")
  }

  @Test(
    "an extends cycle across two files is named from the file that closes it",
    arguments: [
      ("cycle-a.json", "cycle-b.json: extends: extends cycle: cycle-a.json → cycle-b.json → cycle-a.json"),
      ("cycle-b.json", "cycle-a.json: extends: extends cycle: cycle-b.json → cycle-a.json → cycle-b.json"),
    ])
  func extendsCycle(_ name: String, problem: String) throws {
    let result = try ValidateBinary.run(["lint", "--rules", CLI.fixture(name)])
    expectRun(result, status: 2, stdout: "\(CLI.fixtures)/\(problem)\n", stderr: "1 problem in \(CLI.fixture(name))\n")
  }

  @Test("malformed JSON is reported with line and column")
  func malformedJSON() throws {
    let file = CLI.fixture("malformed-rules.json")
    let result = try ValidateBinary.run(["lint", "--rules", file])
    expectRun(
      result, status: 2, stdout: "\(file):4:24: malformed JSON: unexpected character\n",
      stderr: "1 problem in \(file)\n")
  }

  @Test("a missing file is a problem, exit 2")
  func missingFile() throws {
    let result = try ValidateBinary.run(["lint", "--rules", CLI.fixture("missing.json")])
    #expect(result.status == 2)
    #expect(result.stdout.contains("no such file"))
  }

  @Test(
    "a clean file: one OK line, then one line per list file used, exit 0",
    arguments: ShippedRules.rulesFiles + [CLI.fixture("english-default.json")])
  func clean(_ rules: String) throws {
    let result = try ValidateBinary.run(["lint", "--rules", rules, "--locale", "en"])
    expectRun(result, status: 0, stderr: "")
    #expect(result.stdout.hasPrefix("\(rules): OK ("), "stdout: \(result.stdout)")
    #expect(result.stdoutLines.dropFirst().allSatisfy { $0.contains(" uses ") })
    // Without --locale, the file's defaultLocale (ja for the shipped files) chooses the words.
    let byDefault = try ValidateBinary.run(["lint", "--rules", rules])
    let japanese = rules != CLI.fixture("english-default.json")
    #expect(byDefault.stdout.hasPrefix(japanese ? "「\(rules)」：問題はありません（" : "\(rules): OK ("))
  }

  @Test("the OK line counts fields, rules and tests")
  func okLine() throws {
    let result = try ValidateBinary.run(["lint", "--rules", "Rules/signup.json", "--locale", "en"])
    expectRun(
      result, status: 0,
      stdout: "Rules/signup.json: OK (3 fields, 10 rules, 13 tests)\n"
        + "Rules/signup.json: fields.password.rules[4].notCommon uses "
        + "the built-in common-password list (19,640 entries)\n", stderr: "")
  }

  @Test("the OK line says 1 field, 1 rule, 1 test (issue 17 item 13: not \"1 fields\")")
  func okLineSingular() throws {
    let directory = try ScratchFolder.create([
      "one.json": Array(
        #"{"fields": {"a": {"rules": [{"required": true}]}}, "tests": [{"name": "t", "input": {"a": "x"}, "valid": true}]}"#
          .utf8)
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("one.json").path
    let result = try ValidateBinary.run(["lint", "--rules", path])
    expectRun(result, status: 0, stdout: "\(path): OK (1 field, 1 rule, 1 test)\n", stderr: "")
  }

  @Test(
    "usage errors exit 2",
    arguments: [
      (["lint"], "missing --rules"),
      (["lint", "--rules", "Rules/login.json", "--loclae", "ja"], "unknown option '--loclae'"),
    ])
  func usageErrors(_ arguments: [String], message: String) throws {
    expectUsageError(try ValidateBinary.run(arguments), contains: message)
  }

  @Test("--help prints to stdout and exits 0")
  func help() throws {
    let result = try ValidateBinary.run(["lint", "--help"])
    expectRun(result, status: 0, stderr: "")
    #expect(result.stdout.contains("USAGE: validate lint --rules <file>"))
  }
}

/// Rules declare the files they read (`Rule.files(in:)`); lint lists all of them, the strength
/// dictionaries and a strength rule's own lists included (issue 27).
@Suite("lint names every file a rule reads")
struct LintReadFilesTests {
  @Test("a strength policy lists the dictionary file beside the common list")
  func strengthDictionaries() throws {
    let result = try ValidateBinary.run(["lint", "--rules", "Rules/policies/nist-800-63b.json", "--locale", "en"])
    #expect(result.status == 0, "\(result.stderr)")
    let uses = result.stdoutLines.filter { $0.contains(" uses ") }
    let words = ValidateBinary.packageRoot.appendingPathComponent(
      "Sources/FormRulesPassword/Resources/strength/words.bin")
    let size = try #require(try FileManager.default.attributesOfItem(atPath: words.path)[.size] as? Int)
    let grouped = String(size).reversed().enumerated().map { $0 > 0 && $0 % 3 == 0 ? ",\($1)" : "\($1)" }
    let bundled =
      "form-rules_FormRulesPassword.resources/strength/words.bin (\(String(grouped.joined().reversed())) bytes)"
    #expect(uses.contains { $0.contains(".strength uses ") && $0.hasSuffix(bundled) }, "\(uses)")
    #expect(uses.contains { $0.contains("notCommon uses the built-in common-password list") }, "\(uses)")
  }

  @Test("a strength rule's own lists are listed with their entries")
  func strengthOwnLists() throws {
    let directory = try ScratchFolder.create([
      "rules.json": Array(
        #"{"version": 1, "fields": {"p": {"rules": [{"strength": {"min": 2, "lists": ["brand.txt"]}}]}}}"#.utf8),
      "brand.txt": Array("acme\nrocket\n".utf8),
    ])
    let rules = directory.appendingPathComponent("rules.json").path
    let result = try ValidateBinary.run(["lint", "--rules", rules, "--locale", "en"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("fields.p.rules[0].strength uses "), "\(result.stdout)")
    #expect(result.stdout.contains("brand.txt (2 entries)"), "\(result.stdout)")
  }
}
