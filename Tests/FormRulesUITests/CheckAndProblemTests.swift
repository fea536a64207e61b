import FormRulesUI
import Foundation
import Testing

/// Issue 28 (M1): a form whose email has a named check. Live typing never waits for the
/// check; on blur the screen asks it (`checkField`), and a server's 422 problem document shows
/// under its field (`apply(problemJSON:)`).
@MainActor
@Suite("FormModel: named checks and server problems under their field")
struct CheckAndProblemTests {
  static let rules = """
    {"version": 1, "defaultLocale": "ja",
     "fields": {
       "email": {"label": {"ja": "メールアドレス", "en": "Email"}, "trim": true,
                 "rules": [{"required": true}, {"email": "practical"}, {"check": "emailAvailable"}]},
       "password": {"label": {"ja": "パスワード", "en": "Password"}, "sensitive": true, "rules": [{"minLength": 8}]}}}
    """

  static func check(_ answer: Bool? = false) -> AsyncCheck {
    AsyncCheck(
      name: "emailAvailable",
      messages: [
        RuleMessage(
          "emailAvailable", ja: ("{label}はすでに登録されています。", "すでに登録されています。"),
          en: ("{label} is already registered.", "Already registered.")),
        RuleMessage(
          "requirement.emailAvailable", ja: ("未登録のメールアドレス", "未登録のメールアドレス"),
          en: ("Not yet registered", "Not yet registered")),
      ]
    ) { _, _ in
      guard let answer else { throw CancellationError() }
      return answer
    }
  }

  static func model(_ answer: Bool? = false, locale: String = "ja") throws -> FormModel {
    let policy = try RuleSet(data: Array(rules.utf8)).compile(checks: [check(answer)])
    return FormModel(policy: policy, locale: locale)
  }

  static func line(_ model: FormModel) -> ChecklistItem? {
    model.checklist(for: "email").first { $0.code == "emailAvailable" }
  }

  @Test("live typing validates syntax only: submit is enabled, the check is not checked yet")
  func live() throws {
    let model = try Self.model()
    model["email"] = "taro@example.jp"
    model["password"] = "correct horse"
    #expect(model.isSubmitEnabled)
    #expect(model.allMessages(for: "email").isEmpty)
    #expect(Self.line(model)?.state == .notChecked)
    #expect(model.requirementLines(for: "email").map(\.status) == [.met, .notChecked])
  }

  @Test("checkField on blur: a failure shows under the field, ticks ✗, blocks submit; an edit forgets it")
  func taken() async throws {
    let model = try Self.model(false)
    model.focusedField = "email"
    model["email"] = " taro@example.jp "
    model["password"] = "correct horse"
    model.focusedField = "password"
    await model.checkField("email")
    #expect(model.messages(for: "email").map(\.text) == ["すでに登録されています。"])
    #expect(model.messages(for: "email").map(\.code) == ["emailAvailable"])
    #expect(Self.line(model)?.state == .unmet)
    #expect(model.requirementLines(for: "email").last?.status == .unmet)
    #expect(!model.isValid("email"))
    #expect(!model.isSubmitEnabled)
    #expect(model.firstInvalidField == "email")
    model["email"] = "hanako@example.jp"
    #expect(model.allMessages(for: "email").isEmpty)
    #expect(Self.line(model)?.state == .notChecked)
    #expect(model.isSubmitEnabled)
  }

  @Test("a passing check ticks ✓; an unavailable one says so and stays not checked")
  func passAndUnavailable() async throws {
    let free = try Self.model(true, locale: "en")
    free["email"] = "taro@example.jp"
    await free.checkField("email")
    #expect(Self.line(free)?.state == .met)
    #expect(free.allMessages(for: "email").isEmpty)
    let down = try Self.model(nil, locale: "en")
    down["email"] = "taro@example.jp"
    await down.checkField("email")
    #expect(down.allMessages(for: "email").map(\.code) == ["check.unavailable"])
    #expect(down.allMessages(for: "email").first?.text == "Could not be checked right now. Please try again later.")
    #expect(Self.line(down)?.state == .notChecked)
    // A field with its own error: the check is not due, nothing is added, still not checked.
    let bad = try Self.model(false, locale: "en")
    bad["email"] = "taro"
    await bad.checkField("email")
    #expect(bad.allMessages(for: "email").map(\.code) == ["email"])
    #expect(Self.line(bad)?.state == .notChecked)
    // Unknown field, empty value: nothing happens.
    await bad.checkField("emial")
    let empty = try Self.model(false)
    await empty.checkField("email")
    #expect(Self.line(empty)?.state == .notChecked)
  }

  @Test("apply(problemJSON:) puts a 422's errors under their fields, in the form's language")
  func problem() throws {
    // The server's document, as report.response(locale:) writes it (in English here).
    let policy = try RuleSet(data: Array(Self.rules.utf8)).compile(checks: [Self.check()])
    let report = policy.validate(
      ["email": "taro@example.jp", "password": "short"], checkStubs: ["emailAvailable": false])
    guard case .problem(let document) = report.response(locale: "en") else {
      Issue.record("expected a problem document")
      return
    }
    let model = FormModel(policy: policy, locale: "ja")
    model["email"] = "taro@example.jp"
    model["password"] = "correct horse"  // the client's values now pass; the server said no
    let shakes = model.shakeTrigger
    #expect(model.apply(document))
    #expect(model.messages(for: "email").map(\.text) == ["すでに登録されています。"])
    #expect(model.messages(for: "password").map(\.code) == ["minLength"])
    #expect(model.focusedField == "email")
    #expect(model.shakeTrigger == shakes + 1)
    #expect(Self.line(model)?.state == .unmet)
    #expect(!model.isSubmitEnabled)
    model["email"] = "hanako@example.jp"
    #expect(model.allMessages(for: "email").isEmpty)
    #expect(model.allMessages(for: "password").map(\.code) == ["minLength"])
  }

  @Test("form-level and unknown pointers become the general error; not a problem document: false")
  func general() throws {
    let model = try Self.model()
    let body = #"""
      {"type": "about:blank", "status": 422, "errors": [
        {"pointer": "", "code": "auth.tooManyRequests", "detail": "x"},
        {"pointer": "/a~1b", "code": "nope", "detail": "Server words."}]}
      """#
    #expect(model.apply(problemJSON: Array(body.utf8)))
    #expect(model.generalError == "試行回数が多すぎます。しばらくしてからもう一度お試しください。\nServer words.")
    #expect(!model.apply(problemJSON: Array("not json".utf8)))
    #expect(!model.apply(problemJSON: Array(#"{"errors": 1}"#.utf8)))
    #expect(!model.apply(problemJSON: [0xFF, 0xFE]))
  }
}
