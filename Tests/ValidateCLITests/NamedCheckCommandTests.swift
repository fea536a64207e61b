import FormRulesTestSupport
import Foundation
import Testing

/// `{"check": NAME}` on the command line: without a stub it cannot run, so the input is not
/// valid (`check.unavailable`), and standard error says why.
@Suite("validate --check: named checks the app makes")
struct NamedCheckCommandTests {
  static let rules = CLI.fixture("named-check.json")
  static let record = #"{"email": "a@example.jp"}"#

  @Test("without a stub the check is not run, the input is not valid, and standard error says so")
  func notRun() throws {
    let result = try ValidateBinary.run(["--rules", Self.rules, "--format", "json"], stdin: Self.record)
    #expect(result.status == 1)
    #expect(result.stdout.contains(#""valid":false"#))
    #expect(result.stdout.contains(#""code":"check.unavailable""#))
    #expect(result.stdout.contains(#""checksNotRun":[{"field":"email","check":"emailAvailable","reason":"notGiven"}]"#))
    #expect(result.stderr.contains("check 'emailAvailable' on field 'email' was not run"))
  }

  @Test("--jsonl cannot run a check either: every record that reaches it is not valid, in order")
  func jsonLines() throws {
    let input = Self.record + "\n" + #"{"email": ""}"# + "\nnot json\n" + Self.record + "\n"
    let result = try ValidateBinary.run(["--rules", Self.rules, "--jsonl"], stdin: input)
    #expect(result.status == 1)
    let lines = result.stdoutLines
    #expect(lines.count == 4)
    #expect(lines.allSatisfy { $0.hasPrefix(#"{"valid":false"#) }, "\(lines)")
    for i in [0, 3] {
      #expect(lines[i].contains(#""code":"check.unavailable""#), "\(lines[i])")
      #expect(lines[i].contains(#""checksNotRun":[{"field":"email","check":"emailAvailable","reason":"notGiven"}]"#))
    }
    #expect(lines[1].contains(#""code":"required""#) && !lines[1].contains("checksNotRun"))
    #expect(lines[2].contains(#""code":"input.malformed""#))
  }

  @Test("--check NAME=fail fails the field with the check's code; =pass passes")
  func stubs() throws {
    let failed = try ValidateBinary.run(
      ["--rules", Self.rules, "--format", "json", "--check", "emailAvailable=fail"], stdin: Self.record)
    #expect(failed.status == 1)
    #expect(failed.stdout.contains(#""code":"emailAvailable""#))
    #expect(!failed.stderr.contains("not run"))
    let passed = try ValidateBinary.run(
      ["--rules", Self.rules, "--format", "json", "--check=emailAvailable=pass"], stdin: Self.record)
    #expect(passed.status == 0)
    #expect(passed.stderr.isEmpty)
  }

  @Test("a stub that is neither pass nor fail is a usage error")
  func badStub() throws {
    let result = try ValidateBinary.run(["--rules", Self.rules, "--check", "emailAvailable=maybe"], stdin: Self.record)
    #expect(result.status == 2)
    #expect(result.stderr.contains("--check needs NAME=pass or NAME=fail"))
  }

  @Test("validate test says which case left a check unrun, and takes stubs")
  func testCommand() throws {
    let unrun = try ValidateBinary.run(["test", "--rules", Self.rules])
    #expect(unrun.status == 1)
    #expect(unrun.stdout.contains("check 'emailAvailable' on 'email' not run"))
    let failing = try ValidateBinary.run(["test", "--rules", Self.rules, "--check", "emailAvailable=fail"])
    #expect(failing.status == 1)
    #expect(failing.stdout.contains("0 passed, 1 failed"))
  }
}

extension NamedCheckCommandTests {
  @Test("validate test takes each case's own stubs (\"checks\"), which win over --check")
  func perCaseStubs() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let rules = try String(contentsOfFile: Self.rules, encoding: .utf8).replacingOccurrences(
      of: #""tests": [{"name": "ok", "input": {"email": "a@example.jp"}, "valid": true}]"#,
      with: #"""
        "tests": [{"name": "free", "input": {"email": "a@example.jp"}, "checks": {"emailAvailable": true}, "valid": true},
                  {"name": "taken", "input": {"email": "b@example.jp"}, "checks": {"emailAvailable": false},
                   "errors": {"email": ["emailAvailable"]}}]
        """#)
    try folder.write("stubbed.json", rules)
    let path = folder.path("stubbed.json")
    let result = try ValidateBinary.run(["test", "--rules", path])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("2 passed, 0 failed"))
    #expect(!result.stdout.contains("not run"))
    let overridden = try ValidateBinary.run(["test", "--rules", path, "--check", "emailAvailable=fail"])
    #expect(overridden.stdout.contains("2 passed, 0 failed"))
  }
}

extension NamedCheckCommandTests {
  @Test("explain --input shows a named check as not checked yet, in words, in ja and en and in JSON")
  func explainNotCheckedYet() throws {
    let folder = try ScratchFolder(["input.json": Self.record])
    defer { folder.remove() }
    let input = folder.path("input.json")
    let en = try ValidateBinary.run(["explain", "--rules", Self.rules, "--input", input, "--locale", "en"])
    #expect(en.status == 0, "\(en.stderr)")
    #expect(en.stdout.contains("  ? Not yet registered (not checked yet)"), "\(en.stdout)")
    #expect(!en.stdout.contains("✓ Not yet registered"))
    let ja = try ValidateBinary.run(["explain", "--rules", Self.rules, "--input", input, "--locale", "ja"])
    #expect(ja.stdout.contains("  ? 未登録のメールアドレス（まだ確認していません）"), "\(ja.stdout)")
    let json = try ValidateBinary.run(["explain", "--rules", Self.rules, "--input", input, "--format", "json"])
    #expect(
      json.stdout.contains(
        #"{"code":"emailAvailable","text":"Not yet registered","severity":"error","met":false,"state":"notChecked"}"#),
      "\(json.stdout)")
    // Without values there is no state at all: the requirements, not a checklist.
    let plain = try ValidateBinary.run(["explain", "--rules", Self.rules, "--format", "json"])
    #expect(!plain.stdout.contains("state"))
  }
}
