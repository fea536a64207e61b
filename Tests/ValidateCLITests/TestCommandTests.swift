import FormRulesTestSupport
import Foundation
import Testing

@Suite("validate test")
struct TestCommandTests {
  @Test("the shipped login and signup examples pass", arguments: ["Rules/login.json", "Rules/signup.json"])
  func shippedPass(_ rules: String) throws {
    let result = try ValidateBinary.run(["test", "--rules", rules])
    expectRun(result, status: 0, stderr: "")
    // The shipped files' defaultLocale is ja: with no locale asked for, the lines are Japanese.
    let lines = result.stdoutLines
    #expect(lines.count >= 2)
    #expect(lines.dropLast().allSatisfy { $0.hasPrefix("成功 ") }, "stdout: \(result.stdout)")
    #expect(lines.last == "成功\(lines.count - 1)件、失敗0件")
    let english = try ValidateBinary.run(["test", "--rules", rules, "--locale", "en"])
    #expect(english.stdoutLines.dropLast().allSatisfy { $0.hasPrefix("PASS ") }, "stdout: \(english.stdout)")
    #expect(english.stdoutLines.last == "\(lines.count - 1) passed, 0 failed")
  }

  @Test("every shipped rules file with examples passes them", arguments: ShippedRules.filesWithTests)
  func everyShippedFilePasses(_ rules: String) throws {
    let result = try ValidateBinary.run(["test", "--rules", rules, "--locale", "en"])
    expectRun(result, status: 0, stderr: "")
    #expect(result.stdoutLines.last?.hasSuffix(" passed, 0 failed") == true, "stdout: \(result.stdout)")
  }

  @Test("a wrong expectation fails: FAIL with expected and got, exit 1")
  func wrongExpectation() throws {
    // English asked for; ToolWordsTests pins the same run in Japanese.
    let result = try ValidateBinary.run(["test", "--rules", CLI.fixture("wrong-expectation.json"), "--locale", "en"])
    expectRun(
      result, status: 1,
      stdout: """
        PASS valid login
        FAIL short password wrongly expected valid
             expected valid: true
             got      valid: false; password: [minLength]
        FAIL wrong code expected
             expected email: [required], password: []
             got      email: [email], password: []
        1 passed, 2 failed

        """, stderr: "")
    // The case's password is in the file, never in the report of the case.
    expectNoSecret(result, "Sh0rt")
  }

  @Test("--format json of a failing run")
  func wrongExpectationJSON() throws {
    let result = try ValidateBinary.run(
      ["test", "--rules", CLI.fixture("wrong-expectation.json"), "--format", "json", "--run", "short"])
    expectRun(
      result, status: 1,
      stdout: #"""
        {"passed":0,"failed":1,"results":[{"name":"short password wrongly expected valid","passed":false,"expected":"valid: true","actual":"valid: false; password: [minLength]"}]}

        """#, stderr: "")
  }

  @Test("--format json of a passing run")
  func passingJSON() throws {
    let result = try ValidateBinary.run(["test", "--rules", CLI.fixture("english-default.json"), "--format", "json"])
    expectRun(
      result, status: 0,
      stdout: #"""
        {"passed":2,"failed":0,"results":[{"name":"a nickname","passed":true,"expected":"valid: true","actual":"valid: true"},{"name":"no nickname","passed":true,"expected":"nickname: [required]","actual":"nickname: [required]"}]}

        """#, stderr: "")
  }

  @Test(
    "--run REGEX selects cases by name",
    arguments: [
      ("^password", ["password of 5 characters", "password of 6 characters", "password is not trimmed"]),
      (
        "(?i)EMAIL",
        ["email is trimmed, including U+3000", "missing email", "email of only spaces is empty", "email without @"]
      ),
      ("^null password$", ["null password"]),
    ])
  func runSelects(_ regex: String, names: [String]) throws {
    let result = try ValidateBinary.run(["test", "--rules", "Rules/login.json", "--run", regex, "--locale", "en"])
    expectRun(result, status: 0, stderr: "")
    #expect(result.stdoutLines == names.map { "PASS \($0)" } + ["\(names.count) passed, 0 failed"])
  }

  @Test("--run that matches nothing is reported, not passed")
  func runMatchesNothing() throws {
    let result = try ValidateBinary.run(["test", "--rules", "Rules/login.json", "--run", "no such case"])
    expectRun(result, status: 1, stdout: "成功0件、失敗0件\n")
    #expect(result.stderr.hasPrefix("エラー：「--run」に一致するテストがありません（テストは13件あります）。"))
    let english = try ValidateBinary.run(
      ["test", "--rules", "Rules/login.json", "--run", "no such case", "--locale", "en"])
    expectRun(english, status: 1, stdout: "0 passed, 0 failed\n")
    #expect(english.stderr.hasPrefix("Error: --run matched none of the 13 tests"))
  }

  @Test("--run with an invalid regular expression is a usage error with PCRE2's message")
  func runInvalidRegex() throws {
    let result = try ValidateBinary.run(["test", "--rules", "Rules/login.json", "--run", "(password"])
    expectUsageError(result, contains: "missing closing parenthesis at offset 9", hint: "validate test --help")
  }

  @Test("a rules file with no tests is reported: exit 1 and a message", arguments: ["text", "json"])
  func noTests(_ format: String) throws {
    let result = try ValidateBinary.run(["test", "--rules", CLI.fixture("no-tests.json"), "--format", format])
    #expect(result.status == 1)
    #expect(result.stderrLines.first == "Error: \(CLI.fixture("no-tests.json")) has no tests")
    #expect(result.stderrLines.count == 2)
  }

  @Test("a sibling NAME.tests.json adds its cases")
  func siblingTests() throws {
    let result = try ValidateBinary.run(["test", "--rules", CLI.fixture("sibling.json")])
    expectRun(
      result, status: 0,
      stdout: """
        PASS inline: a nickname
        PASS sibling: too long
        PASS sibling: missing
        3 passed, 0 failed

        """, stderr: "")
  }

  @Test(
    "usage and file errors exit 2",
    arguments: [
      (["test"], "missing --rules"),
      (["test", "--rules", "Rules/login.json", "--format", "yaml"], "--format must be one of text, json"),
      (["test", "--rules", "Rules/login.json", "--rnu", "x"], "unknown option '--rnu'"),
      (["test", "--rules", "Tests/ValidateCLITests/Fixtures/lint-problems.json"], "lint-problems.json"),
      (["test", "--rules", "Tests/ValidateCLITests/Fixtures/missing.json"], "no such file"),
    ])
  func errors(_ arguments: [String], message: String) throws {
    expectUsageError(try ValidateBinary.run(arguments), contains: message)
  }

  @Test("--help prints to stdout and exits 0")
  func help() throws {
    let result = try ValidateBinary.run(["test", "--help"])
    expectRun(result, status: 0, stderr: "")
    #expect(result.stdout.contains("USAGE: validate test --rules <file>"))
  }
}
