import FormRulesTestSupport
import Foundation
import Testing

@Suite("validate --jsonl --keep and --only invalid")
struct KeepOnlyTests {
  static let base = ["--rules", "Rules/signup.json", "--jsonl", "--locale", "en"]

  /// 3,000 sign-up records with an id each, every third one invalid (a short password).
  static let input: String =
    (0..<3_000).map { i in
      let password = i % 3 == 0 ? "short" : "correct horse \(i)"
      return #"{"id": \#(i * 11 + 5), "email": "user\#(i)@example.jp", "password": "\#(password)", "#
        + #""password_confirmation": "\#(password)"}"#
    }.joined(separator: "\n") + "\n"

  @Test("--only invalid with --keep id: one report per invalid record, in input order, with any --jobs")
  func onlyInvalidInOrder() throws {
    var outputs: [String] = []
    for jobs in ["1", "2", "3"] {
      let run = try ValidateBinary.run(
        Self.base + ["--jobs", jobs, "--keep", "id", "--only", "invalid"], stdin: Self.input)
      expectRun(run, status: 1, stderr: "records: 3000, valid: 2000, invalid: 1000, malformed: 0\n")
      outputs.append(run.stdout)
    }
    #expect(outputs.allSatisfy { $0 == outputs[0] })
    let lines = outputs[0].split(separator: "\n")
    #expect(lines.count == 1_000)
    for (k, line) in lines.enumerated() {
      let i = 3 * k
      let expectedHead = #"{"line":\#(i + 1),"keep":{"id":\#(i * 11 + 5)},"valid":false,"fields":{"email":"#
      if !line.hasPrefix(expectedHead) {
        Issue.record("report \(k): \(line)")
        break
      }
    }
  }

  @Test("--keep alone: every record reported, with its kept members first")
  func keepAll() throws {
    let input =
      #"{"id": "a-1", "email": "taro@example.jp", "password": "correct horse", "password_confirmation": "correct horse"}"#
      + "\n" + #"{"email": "x", "id": 2.50}"# + "\n" + "not json\n"
    let run = try ValidateBinary.run(Self.base + ["--keep=id", "--keep", "email"], stdin: input)
    expectRun(run, status: 1, stderr: "records: 3, valid: 1, invalid: 2, malformed: 1\n")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix(#"{"keep":{"id":"a-1","email":"taro@example.jp"},"valid":true,"fields":"#))
    #expect(lines[1].hasPrefix(#"{"keep":{"id":2.50,"email":"x"},"valid":false,"fields":"#))
    #expect(lines[2].hasPrefix(#"{"keep":{},"valid":false,"errors":[{"code":"input.malformed""#))
    for line in lines { _ = jsonObject(line) }
  }

  @Test("usage errors: a sensitive field, no --jsonl, text reports, another --only")
  func usage() throws {
    for field in ["password", "password_confirmation"] {
      let secret = "s3cret-\(field)"
      let run = try ValidateBinary.run(
        Self.base + ["--keep", "id", "--keep", field],
        stdin: #"{"id": 1, "\#(field)": "\#(secret)"}"# + "\n")
      expectUsageError(run, contains: "--keep refuses the sensitive field '\(field)'", hint: "--keep id")
      expectNoSecret(run, secret)
    }
    expectUsageError(
      try ValidateBinary.run(["--rules", "Rules/signup.json", "--keep", "id", "--locale", "en"], stdin: "{}"),
      contains: "--keep works with --jsonl only")
    expectUsageError(
      try ValidateBinary.run(["--rules", "Rules/signup.json", "--only", "invalid", "--locale", "en"], stdin: "{}"),
      contains: "--only works with --jsonl only")
    expectUsageError(
      try ValidateBinary.run(Self.base + ["--format", "text", "--only", "invalid"], stdin: "{}"),
      contains: "--only needs JSON reports")
    expectUsageError(
      try ValidateBinary.run(Self.base + ["--only", "valid"], stdin: "{}"),
      contains: "--only must be one of invalid; got 'valid'")
    expectUsageError(
      try ValidateBinary.run(Self.base + ["--keep", ""], stdin: "{}"), contains: "--keep needs a member name")
  }
}
