import Foundation
import Testing

@testable import FormRules

@Suite("reports")
struct ReportTests {
  let login: Policy

  init() throws {
    login = try RuleSet(contentsOf: repositoryRoot.appendingPathComponent("Rules/login.json"), registry: .standard)
      .compile()
  }

  @Test("the report JSON is exactly the documented shape, fields in rules order")
  func json() {
    let report = login.validate(["email": " taro@example.jp ", "password": "abc12"])
    #expect(
      report.json(locale: "ja")
        == #"{"valid":false,"fields":{"email":{"valid":true,"value":"taro@example.jp","errors":[]},"password":{"valid":false,"errors":[{"code":"minLength","severity":"error","params":{"min":6,"actual":5,"unit":"characters"},"message":"パスワードは6文字以上で入力してください。"}]}}}"#
    )
  }

  @Test("form-level failures beside the fields, added failures, a value that needs escaping: one writer")
  func jsonWithFormErrors() {
    let report = login.validate(["email": "\"quoted\"@example.jp\u{1}", "password": "abc123"])
      .adding(formError: Failure(code: "auth.tooManyRequests", params: ["retryAfter": 30]))
      .adding(Failure(code: "email.taken"), to: "password")
    #expect(
      report.json(locale: "en")
        == #"{"valid":false,"errors":[{"code":"auth.tooManyRequests","severity":"error","params":{"retryAfter":30},"message":"Too many attempts. Please wait a while and try again."}],"fields":{"email":{"valid":false,"value":"\"quoted\"@example.jp\u0001","errors":[{"code":"email","severity":"error","params":{"reason":"quotedLocalPart","profile":"practical"},"message":"Email address cannot use a quoted local part."}]},"password":{"valid":false,"errors":[{"code":"email.taken","severity":"error","params":{},"message":"Password is already registered."}]}}}"#
    )
  }

  @Test("the library API of the contract")
  func api() {
    let report = login.validate(["email": " taro@example.jp ", "password": "abc123"])
    #expect(report.isValid)
    #expect(report.fields["email"]?.value == "taro@example.jp")
    #expect(report.fields["password"]?.value == nil)
    #expect(report.fields["password"]?.failures == [])
    let one = login.validate(field: "email", in: ["email": "x"])
    #expect(one?.failures.map(\.code) == ["email"])
    #expect(login.validate(field: "nope", in: [:]) == nil)
  }

  @Test("a sensitive value appears nowhere: not in JSON, messages or descriptions")
  func secrets() throws {
    let secret = "S3cr3t-Zebra-9417"
    let report = login.validate(["email": "bad", "password": secret])
    let json = report.json(locale: "en")
    #expect(!json.contains(secret))
    #expect(!String(describing: report.fields["password"] as Any).contains(secret))
    let messages = try JSONEncoder().encode(report.messages(locale: "ja"))
    #expect(!String(decoding: messages, as: UTF8.self).contains(secret))
  }

  @Test("messages(locale:) encodes as {form, fields}")
  func renderedMessages() throws {
    let report = login.validate(["email": "", "password": ""])
    let data = try JSONEncoder().encode(report.messages(locale: "en"))
    let object = try JSONParser().parse(Array(data)).objectValue
    #expect(object?["fields"]?.objectValue?["email"] == .array([.string("Email address is required.")]))
    #expect(object?["form"] == .array([]))
  }

  @Test("a malformed record has a form-level error and no fields")
  func malformed() {
    let report = login.validate(jsonRecord: Array(#"{"email": 42}"#.utf8), line: 7)
    #expect(!report.isValid)
    #expect(report.formErrors.first?.params == ["line": 7, "reason": "notString", "field": "email"])
    #expect(
      report.json(locale: "en")
        == #"{"valid":false,"errors":[{"code":"input.malformed","severity":"error","params":{"line":7,"reason":"notString","field":"email"},"message":"Line 7 of the input is not a valid record."}],"fields":{}}"#
    )
  }

  @Test("values over the size limit fail input.tooLong before any rule runs")
  func tooLong() throws {
    let policy = try fieldPolicy(#"[{"pattern": "^(a+)+$"}]"#)
    let huge = String(repeating: "a", count: 10_000_000)
    let report = policy.validate(["f": huge])
    #expect(report.fields["f"]?.failures.map(\.code) == ["input.tooLong"])
    #expect(report.fields["f"]?.value == nil)
  }
}
