import FormRulesTestSupport
import Foundation
import Testing

/// `notBreached` in range mode on the command line. The tool is one-shot and synchronous: it
/// never makes the range request, so it fails closed (`check.unavailable`, listed as not run)
/// unless `--check notBreached=pass|fail` or a test case's `"checks"` stubs it. It never
/// reports a password valid without the check (docs/password.md, "Range mode").
@Suite("validate: notBreached range mode on the command line")
struct BreachRangeCommandTests {
  /// A range on a port that refuses connections: were it contacted, nothing could pass either.
  static let rules = #"""
    {"version": 1, "defaultLocale": "en", "fields": {
      "password": {"sensitive": true, "rules": [{"required": true},
        {"notBreached": {"range": "http://127.0.0.1:9/range/", "onUnavailable": "pass"}}]}},
     "tests": [
       {"name": "listed", "input": {"password": "password"}, "checks": {"notBreached": false},
        "errors": {"password": ["notBreached"]}},
       {"name": "unlisted", "input": {"password": "kumo no ue 2026"}, "checks": {"notBreached": true}, "valid": true}]}
    """#
  static let record = #"{"password": "kumo no ue no sora 2026 🔑"}"#

  @Test("a strong password is not valid: the range check did not run, even with onUnavailable pass")
  func failsClosed() throws {
    let folder = try ScratchFolder(["range.json": Self.rules])
    defer { folder.remove() }
    for format in ["json", "text", "problem"] {
      let result = try ValidateBinary.run(
        ["--rules", folder.path("range.json"), "--format", format], stdin: Self.record)
      #expect(result.status == 1, "\(format): \(result.stdout)")
      #expect(result.stdout.contains("check.unavailable") || format == "text", "\(format): \(result.stdout)")
      #expect(result.stderr.contains("check 'notBreached' on field 'password' was not run"), "\(result.stderr)")
      #expect(!result.stdout.contains("kumo") && !result.stderr.contains("kumo"))
    }
    let json = try ValidateBinary.run(["--rules", folder.path("range.json"), "--format", "json"], stdin: Self.record)
    #expect(json.stdout.contains(#""checksNotRun":[{"field":"password","check":"notBreached","reason":"notGiven"}]"#))
    let lines = try ValidateBinary.run(["--rules", folder.path("range.json"), "--jsonl"], stdin: Self.record + "\n")
    #expect(lines.status == 1)
    #expect(lines.stdout.contains(#""code":"check.unavailable""#), "\(lines.stdout)")
  }

  @Test("--check notBreached=fail|pass stubs it; a rules file's tests stub it per case")
  func stubs() throws {
    let folder = try ScratchFolder(["range.json": Self.rules])
    defer { folder.remove() }
    let failed = try ValidateBinary.run(
      ["--rules", folder.path("range.json"), "--format", "json", "--check", "notBreached=fail"], stdin: Self.record)
    #expect(failed.status == 1)
    #expect(failed.stdout.contains(#""code":"notBreached""#), "\(failed.stdout)")
    let passed = try ValidateBinary.run(
      ["--rules", folder.path("range.json"), "--format", "json", "--check", "notBreached=pass"], stdin: Self.record)
    #expect(passed.status == 0, "\(passed.stdout) \(passed.stderr)")
    let tests = try ValidateBinary.run(["test", "--rules", folder.path("range.json")])
    #expect(tests.status == 0, "\(tests.stdout)")
    #expect(tests.stdout.contains("2 passed, 0 failed"), "\(tests.stdout)")
  }
}
