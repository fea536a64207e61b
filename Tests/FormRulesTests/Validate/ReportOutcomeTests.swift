import Foundation
import Testing

@testable import FormRules

@Suite("report outcome and the app's own failures")
struct ReportOutcomeTests {
  static func policy() throws -> Policy {
    try makePolicy(
      """
      {"version": 1, "fields": {
        "email": {"label": {"ja": "メールアドレス", "en": "Email"}, "rules": [{"required": true}]},
        "password": {"label": {"ja": "パスワード", "en": "Password"}, "sensitive": true, "rules": [{"minLength": 6}]}},
       "messages": {"ja": {"email.taken": "{label}はすでに登録されています。"}, "en": {"email.taken": "{label} is already registered."}}}
      """)
  }

  @Test(
    "valid, invalid and malformed bodies are told apart by type",
    arguments: [
      (#"{"email": "a@example.jp", "password": "abcdef"}"#, ReportOutcome.valid),
      (#"{"email": "a@example.jp", "password": "abc"}"#, .invalid),
      (#"{"email": "a@example.jp", "password": "#, .malformed), ("[1, 2]", .malformed), ("", .malformed),
    ])
  func outcome(body: String, expected: ReportOutcome) throws {
    #expect(try Self.policy().validate(jsonRecord: Array(body.utf8)).outcome == expected)
  }

  @Test("invalid UTF-8 is malformed, not invalid")
  func invalidUTF8() throws {
    let body: [UInt8] = Array(#"{"email": ""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
    #expect(try Self.policy().validate(jsonRecord: body).outcome == .malformed)
  }

  @Test("an app failure joins the field's report: rendered, pointed at, and making it invalid")
  func adding() throws {
    let policy = try Self.policy()
    let report = policy.validate(["email": "taro@example.jp", "password": "abcdef"])
    #expect(report.outcome == .valid)
    let taken = report.adding(Failure(code: "email.taken"), to: "email")
    #expect(taken.outcome == .invalid)
    #expect(taken.fields["email"]?.errors.map(\.code) == ["email.taken"])
    #expect(taken.messages(locale: "en")["email"] == ["Email is already registered."])
    #expect(taken.messages(locale: "ja")["email"] == ["メールアドレスはすでに登録されています。"])
    guard case .problem(let problem) = taken.response(locale: "en") else {
      Issue.record("an app failure makes a problem document")
      return
    }
    #expect(problem.status == 422)
    #expect(problem.json.contains(#""pointer":"/email","code":"email.taken""#))
    #expect(report.isValid, "the original report is unchanged")
    let unknown = report.adding(Failure(code: "email.taken"), to: "nope")
    #expect(unknown.formErrors.map(\.code) == ["email.taken"])
    #expect(unknown.outcome == .invalid)
  }
}
