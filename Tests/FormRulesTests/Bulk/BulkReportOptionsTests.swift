import Foundation
import Testing

@testable import FormRules
@testable import FormRulesBulk

/// `--keep` and `--only invalid`: the report shape, whoever read the record.
@Suite("BulkReportOptions: kept members and invalid-only reports")
struct BulkReportOptionsTests {
  static func loginPolicy() throws -> Policy { try BulkValidatorTests.policy("login.json") }

  /// A composite rule and a sensitive field.
  static func compositePolicy() throws -> Policy {
    try BulkValidatorTests.policy(
      json: """
        {"version": 1, "fields": {
          "email": {"label": {"en": "Email"}, "rules": [{"required": true}]},
          "code": {"label": {"en": "Code"}, "rules": [{"anyOf": [{"pattern": "^[0-9]+$"}, {"minLength": 4}]}]},
          "pin": {"label": {"en": "PIN"}, "sensitive": true, "rules": [{"minLength": 4}]}
        }}
        """)
  }

  /// Runs `lines` through a validator with `options`; the output as lines, and the outcomes.
  static func run(
    _ lines: [[UInt8]], policy: Policy, options: BulkReportOptions
  ) throws -> (output: [String], outcomes: [BulkValidator.Outcome]) {
    let validator = try BulkValidator(policy: policy, locale: "en", options: options)
    var outcomes: [BulkValidator.Outcome] = []
    for (i, line) in lines.enumerated() {
      outcomes.append(validator.validate(line: line, number: i + 1))
    }
    let text = validator.output.string
    return (text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init), outcomes)
  }

  /// The plain report of each line, from the single-document entry point, for building
  /// expectations.
  static func plain(_ lines: [[UInt8]], policy: Policy) -> [String] {
    lines.enumerated().map { i, line in policy.validate(jsonRecord: line, line: i + 1).json(locale: "en") }
  }

  /// `{"line":N,"keep":{…},` + the plain report without its `{`.
  static func framed(_ report: String, line: Int? = nil, keep: String?) -> String {
    var head = "{"
    if let line { head += "\"line\":\(line)," }
    if let keep { head += "\"keep\":{\(keep)}," }
    return head + report.dropFirst()
  }

  static let loginLines: [String] = [
    #"{"id": 17, "email": "taro@example.jp", "password": "abc123"}"#,
    #"{"email": "hanako@example.jp", "password": "abc", "id": "u-0018"}"#,
    #"{"id": {"org": 3, "n": [1, "]}"]}, "email": "", "password": "abcdef"}"#,
    #"{"email": "jiro@example.jp", "password": "abcdefg"}"#,
    #"{"id": -1.5e-3, "email": "bad", "password": "x"}"#,
    #"{"id": "\u3042\ud83d\ude00 山田 😀", "email": "a@b", "password": 12}"#,
    #"{"id": 20, "email": "taro@example.jp", "password": "abc"#,
    #"{"id": true, "email": null}"#,
  ]

  @Test("--keep id (login): the member's text byte for byte, any type, first in the report")
  func keepOnFastPath() throws {
    let policy = try Self.loginPolicy()
    #expect(BulkValidator(policy: policy, locale: "en").scansRecords)
    let lines = Self.loginLines.map { Array($0.utf8) }
    let plain = Self.plain(lines, policy: policy)
    let (output, outcomes) = try Self.run(lines, policy: policy, options: BulkReportOptions(keep: ["id"]))
    #expect(
      output == [
        Self.framed(plain[0], keep: #""id":17"#),
        Self.framed(plain[1], keep: #""id":"u-0018""#),
        Self.framed(plain[2], keep: #""id":{"org": 3, "n": [1, "]}"]}"#),
        Self.framed(plain[3], keep: ""),
        Self.framed(plain[4], keep: #""id":-1.5e-3"#),
        // A malformed record (a number where a string must be) keeps the id before it.
        Self.framed(plain[5], keep: #""id":"\u3042\ud83d\ude00 山田 😀""#),
        Self.framed(plain[6], keep: #""id":20"#),
        Self.framed(plain[7], keep: #""id":true"#),
      ])
    #expect(plain[5].contains("input.malformed") && plain[6].contains("input.malformed"))
    #expect(outcomes == [.valid, .invalid, .invalid, .valid, .invalid, .malformed, .malformed, .invalid])
    // The exact shape, once in full.
    #expect(
      output[0]
        == #"{"keep":{"id":17},"valid":true,"fields":{"email":{"valid":true,"value":"taro@example.jp","errors":[]},"password":{"valid":true,"errors":[]}}}"#
    )
  }

  @Test("--only invalid: no report for a valid record, a line number on the others")
  func onlyInvalid() throws {
    let policy = try Self.loginPolicy()
    let lines = Self.loginLines.map { Array($0.utf8) }
    let plain = Self.plain(lines, policy: policy)
    let options = BulkReportOptions(keep: ["email", "id"], onlyInvalid: true)
    let run = try Self.run(lines, policy: policy, options: options)
    #expect(run.outcomes == [.valid, .invalid, .invalid, .valid, .invalid, .malformed, .malformed, .invalid])
    #expect(
      run.output == [
        Self.framed(plain[1], line: 2, keep: #""email":"hanako@example.jp","id":"u-0018""#),
        Self.framed(plain[2], line: 3, keep: #""email":"","id":{"org": 3, "n": [1, "]}"]}"#),
        Self.framed(plain[4], line: 5, keep: #""email":"bad","id":-1.5e-3"#),
        Self.framed(plain[5], line: 6, keep: #""email":"a@b","id":"\u3042\ud83d\ude00 山田 😀""#),
        Self.framed(plain[6], line: 7, keep: #""email":"taro@example.jp","id":20"#),
        Self.framed(plain[7], line: 8, keep: #""email":null,"id":true"#),
      ])
    // Without --keep there is no "keep" member.
    let onlyLines = try Self.run(lines, policy: policy, options: BulkReportOptions(onlyInvalid: true)).output
    #expect(onlyLines.first == Self.framed(plain[1], line: 2, keep: nil))
    #expect(onlyLines.count == 6)
  }

  @Test("a composite rule, read by the record scanner and by the JSON parser, writes the same shape")
  func keepWithComposite() throws {
    let policy = try Self.compositePolicy()
    // Composites run on the one compiled plan, so their records stay on the record scanner.
    #expect(BulkValidator(policy: policy, locale: "en").scansRecords)
    let lines = [
      #"{"user_id": 1, "email": "a@b.co", "code": "12", "pin": "1234"}"#,
      #"{"user_id": 2, "email": "", "code": "ab", "pin": "12"}"#,
      #"{"email": "a@b.co", "code": "ab"}"#,
      #"{"user_id": 4, "code": ["x"]}"#,
    ].map { Array($0.utf8) }
    let plain = Self.plain(lines, policy: policy)
    let options = BulkReportOptions(keep: ["user_id", "email"], onlyInvalid: true)
    let (output, outcomes) = try Self.run(lines, policy: policy, options: options)
    #expect(outcomes == [.valid, .invalid, .invalid, .malformed])
    #expect(
      output == [
        Self.framed(plain[1], line: 2, keep: #""user_id":2,"email":"""#),
        Self.framed(plain[2], line: 3, keep: #""email":"a@b.co""#),
        Self.framed(plain[3], line: 4, keep: #""user_id":4"#),
      ])
    #expect(
      output[0]
        == #"{"line":2,"keep":{"user_id":2,"email":""},"valid":false,"fields":{"email":{"valid":false,"value":"","errors":[{"code":"required","severity":"error","params":{},"message":"Email is required."}]},"code":{"valid":false,"value":"ab","errors":[{"code":"anyOf","severity":"error","params":{"failures":["pattern","minLength"]},"message":"Code must meet one of these: \"In the required format\" or \"At least 4 characters\"."}]},"pin":{"valid":false,"errors":[{"code":"minLength","severity":"error","params":{"min":4,"actual":2,"unit":"characters"},"message":"PIN must be at least 4 characters."}]}}}"#
    )
  }

  @Test("a sensitive field cannot be kept; a name given twice is kept once")
  func sensitive() throws {
    let policy = try BulkValidatorTests.policy("signup.json")
    for name in ["password", "password_confirmation"] {
      #expect(throws: BulkReportOptions.SensitiveFieldError(field: name)) {
        try BulkValidator(policy: policy, locale: "en", options: BulkReportOptions(keep: ["id", name]))
      }
    }
    #expect(BulkReportOptions(keep: ["id", "email", "id"]).keep == ["id", "email"])
    #expect(BulkReportOptions().isPlain && !BulkReportOptions(onlyInvalid: true).isPlain)
  }

  @Test(
    "what can be read is kept; what cannot is left out",
    arguments: [
      (#"{"\u0069d": 5, "email": "a@b.co"}"#, #""id":5"#),  // an escaped key names the member too
      (#"{"id": 5, "id": 6}"#, #""id":5"#),  // the first of a repeated key
      (#"  {  "id"  :  "x"  }  "#, #""id":"x""#),
      ("\u{FEFF}{\"id\": 9}", #""id":9"#),  // after a byte-order mark
      (#"{"id": 012}"#, ""), (#"{"id": 1.}"#, ""), (#"{"id": "\ud800"}"#, ""), (#"{"id": "a\u0000"}"#, ""),
      (#"{"id": 12"#, ""),  // cut off: it may be the start of a longer number
      (#"{"id": "unterminated}"#, ""), (#"{"id": [1, 2}"#, ""), (#"{"id" 5}"#, ""), (#"{"email": x, "id": 1}"#, ""),
      (#"{"identity": 1, "i": 2}"#, ""), (#"[{"id": 1}]"#, ""), ("", ""), ("\u{3000}", ""), (#"{}"#, ""),
      (#"{"id": null}"#, #""id":null"#), (#"{"id": 1e400}"#, ""),
    ])
  func readable(_ line: String, _ kept: String) throws {
    let policy = try Self.loginPolicy()
    let (output, _) = try Self.run([Array(line.utf8)], policy: policy, options: BulkReportOptions(keep: ["id"]))
    #expect(output.count == 1)
    #expect(output.first?.hasPrefix("{\"keep\":{\(kept)},\"valid\":") == true, "\(output)")
  }

  @Test("invalid UTF-8 in a member is not copied; a too-long line keeps nothing")
  func unreadableBytes() throws {
    let policy = try Self.loginPolicy()
    let line = Array(#"{"name": "ok", "id": ""#.utf8) + [0xC3, 0x28] + Array(#"", "email": "a@b.co"}"#.utf8)
    let validator = try BulkValidator(
      policy: policy, locale: "en", options: BulkReportOptions(keep: ["name", "id"], onlyInvalid: true))
    _ = validator.validate(line: line, number: 3)
    #expect(validator.validateTooLongLine(number: 4) == .malformed)
    let lines = validator.output.string.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(
      lines.first?.hasPrefix(#"{"line":3,"keep":{"name":"ok"},"valid":false,"errors":[{"code":"input.malformed""#)
        == true)
    #expect(lines.last?.hasPrefix(#"{"line":4,"keep":{},"valid":false,"errors":[{"code":"input.malformed""#) == true)
    #expect(lines.last?.contains("lineTooLong") == true)
  }

  @Test("records with members the policy does not know stay on the record scanner, with the same output")
  func otherMembersStayFast() throws {
    let policy = try BulkValidatorTests.policy("signup.json")
    let fastShapes = [
      #"{"id": 1, "email": "taro@example.jp", "password": "abc12345", "password_confirmation": "abc12345"}"#,
      #"{"email": "a@b.co", "id": "u-2", "created": "2026-01-01", "active": true, "score": -0.5, "note": null}"#,
      #"{"id": 0, "flag": false, "n": 12345678901234567890, "s": "\u3042\"x\""}"#,
      #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"email":"a@b.co"}"#,
    ]
    let fallbacks = [
      #"{"id": 1, "id": 2, "email": "a@b.co"}"#, #"{"id": 1e3, "email": "a@b.co"}"#,
      #"{"id": 01, "email": "a@b.co"}"#, #"{"id": 1., "email": "a@b.co"}"#, #"{"id": -, "email": "a@b.co"}"#,
      #"{"id": [1], "email": "a@b.co"}"#, #"{"id": {}, "email": "a@b.co"}"#, #"{"\u0069d": 1, "id": 2}"#,
      #"{"id": tru, "email": "a@b.co"}"#, #"{"id": "\ud800", "email": "a@b.co"}"#,
      #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"email":"a@b.co"}"#,
      #"{"id": 1 "email": "a@b.co"}"#, #"{"id": 1, "email": "a@b.co",}"#, #"{"id": 1.5.2}"#,
      #"{"id": 1e400, "email": "a@b.co"}"#, "{\"id\": \"\u{1}\", \"email\": \"a@b.co\"}",
      "{\"id\": 1\(String(repeating: "0", count: 400)), \"email\": \"a@b.co\"}",
    ]
    let scanned = BulkValidatorTests.expectSameOutput(
      fastShapes.map { Array($0.utf8) }, policy: policy, locale: "en")
    #expect(scanned == fastShapes.count)
    let parsed = BulkValidatorTests.expectSameOutput(fallbacks.map { Array($0.utf8) }, policy: policy, locale: "en")
    #expect(parsed == 0)
    // The corpus with an id in front of every record: all scanned, same output.
    let corpus = try BulkValidatorTests.corpus.get().prefix(20_000).enumerated().map { i, line in
      Array("{\"id\": \(i * 7 + 3), ".utf8) + line.dropFirst()
    }
    #expect(BulkValidatorTests.expectSameOutput(corpus, policy: policy, locale: "ja") > 19_800)
  }
}
