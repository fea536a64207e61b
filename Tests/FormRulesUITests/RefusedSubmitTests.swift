import FormRulesTestSupport
import FormRulesUI
import Foundation
import Testing

/// Issue 26 on the Swift side: the seed's shake on a wrong password, where focus goes after
/// a refusal, the gated button that still answers, reward early / punish late, and the
/// checklist's neutral start. The web page's tests of the same points are named beside these
/// in docs/web.md's parity table.
@MainActor
@Suite("Form model: refused submits, focus, and when messages change")
struct RefusedSubmitTests {
  let login: Policy
  let signup: Policy

  init() throws {
    login = try ShippedRules.policy("login.json")
    signup = try ShippedRules.policy("signup.json")
  }

  func filled(_ locale: String = "ja") -> FormModel {
    FormModel(policy: login, locale: locale, values: ["email": "taro@example.jp", "password": "wrong-pass-1"])
  }

  @Test("a wrong password shakes, like a failed validation, and focuses the password for retyping")
  func wrongPasswordShakes() async {
    let model = filled()
    model.focusedField = nil
    await model.submit { throw SubmitError("auth.invalidCredentials") }
    #expect(model.shakeTrigger == 1)
    #expect(model.refusalTrigger == 1)
    #expect(model.focusedField == "password")
    #expect(model.generalError == "メールアドレスまたはパスワードが正しくありません。")
    // The second refusal in a row still changes the trigger.
    await model.submit { throw SubmitError("auth.invalidCredentials") }
    #expect(model.shakeTrigger == 2)
  }

  @Test("an identity provider's wrong-password error shakes too")
  func identityRefusalShakes() async {
    let model = filled("en")
    await model.submit { throw IdentityError(firebaseREST: "INVALID_LOGIN_CREDENTIALS") }
    #expect(model.shakeTrigger == 1)
    #expect(model.focusedField == "password")
    #expect(model.generalError == "The email address or password is incorrect.")
  }

  @Test(
    "a failure to reach the service is not a refusal: no shake, focus stays",
    arguments: ["network.offline", "server.error", "network.timeout"])
  func networkErrorDoesNotShake(code: String) async {
    let model = filled()
    model.focusedField = "email"
    await model.submit { throw SubmitError(code) }
    #expect(model.shakeTrigger == 0)
    #expect(model.refusalTrigger == 0)
    #expect(model.focusedField == "email")
    #expect(model.generalError != nil)
  }

  @Test("cancelling is neither a refusal nor an error")
  func cancellation() async {
    let model = filled()
    await model.submit { throw CancellationError() }
    #expect(model.shakeTrigger == 0 && model.generalError == nil)
  }

  @Test("after a refusal focus goes to the first sensitive field, in login and sign-up")
  func fieldAfterRefusal() {
    #expect(FormModel(policy: login).fieldAfterRefusal == "password")
    #expect(FormModel(policy: signup).fieldAfterRefusal == "password")
    let noSecret = try? Fixtures.policy(#"{"fields": {"code": {"label": "Code"}}}"#)
    #expect(noSecret.map { FormModel(policy: $0).fieldAfterRefusal } == .some(nil))
  }

  @Test("a submit on a gated form is answered: messages, shake, focus on the first invalid field")
  func gatedSubmitIsAnswered() async {
    let model = FormModel(policy: login, locale: "en", values: ["email": "taro@example.jp", "password": "abc"])
    #expect(!model.isSubmitEnabled)  // the seed's visual gate
    var ran = false
    await model.submit { ran = true }
    #expect(!ran)
    #expect(model.shakeTrigger == 1)
    #expect(model.focusedField == "password")
    #expect(model.messages(for: "password").map(\.code) == ["minLength"])
  }

  @Test("reward early, punish late: a fixed error goes at once, a new one waits for focus to move")
  func rewardEarlyPunishLate() {
    let model = FormModel(policy: login, locale: "ja")
    model.focusedField = "email"
    model["email"] = "ta"
    model.focusedField = "password"
    #expect(model.messages(for: "email").map(\.text) == ["「@」が含まれていません。"])
    model.focusedField = "email"
    for typed in ["tar", "taro", "taro@", "taro@ex", "taro@example", "taro@example."] {
      model["email"] = typed
      // The "no @" error is fixed once "@" is typed; the domain errors are never shown mid-typing.
      let shown = model.messages(for: "email").map(\.text)
      #expect(shown == (typed.contains("@") ? [] : ["「@」が含まれていません。"]), "\(typed)")
    }
    #expect(model.allMessages(for: "email").count == 1)  // the report knows the domain is wrong
    model.focusedField = "password"
    #expect(model.messages(for: "email").count == 1)  // and says so once the field is left
  }

  @Test("an error fixed and broken again while typing stays away until the field is left")
  func noFlicker() {
    let model = FormModel(policy: login, locale: "en", values: ["email": "taro@example.jp"])
    model.focusedField = "password"
    model["password"] = "abc"
    model.focusedField = "email"
    #expect(model.messages(for: "password").map(\.code) == ["minLength"])
    model.focusedField = "password"
    model["password"] = "abcdef"
    #expect(model.messages(for: "password").isEmpty)
    model["password"] = "abcde"
    #expect(model.messages(for: "password").isEmpty)
    #expect(!model.attemptSubmit())
    #expect(model.messages(for: "password").map(\.code) == ["minLength"])
  }

  @Test("the live display policy still shows every change while typing")
  func livePolicyUnchanged() {
    let model = FormModel(policy: login, locale: "en", displayPolicy: .live)
    model.focusedField = "email"
    model["email"] = "ta"
    #expect(model.messages(for: "email").count == 1)
    model["email"] = "taro@"
    #expect(model.messages(for: "email").count == 1)
    #expect(model.messages(for: "email") == model.allMessages(for: "email"))
  }

  @Test("the checklist starts neutral, leaves out required, and marks an unmet recommendation")
  func requirementLines() {
    let model = FormModel(policy: signup, locale: "ja")
    let empty = model.requirementLines(for: "password")
    #expect(!empty.isEmpty)
    #expect(empty.allSatisfy { $0.status == .neutral })
    #expect(!empty.contains { $0.item.code == "required" })
    model["password"] = " correct horse "
    let lines = model.requirementLines(for: "password")
    #expect(lines.first { $0.item.code == "trimmed" }?.status == .recommended)
    #expect(lines.first { $0.item.code == "minLength" }?.status == .met)
    model["password"] = "abc"
    #expect(model.requirementLines(for: "password").first { $0.item.code == "minLength" }?.status == .unmet)
    #expect(model.text("ui.recommendedNotMet") == "（推奨：満たしていません）")
    // A submit attempt on an untouched form shows what is missing, too.
    let untouched = FormModel(policy: signup, locale: "en")
    #expect(!untouched.attemptSubmit())
    #expect(untouched.requirementLines(for: "password").first { $0.item.code == "minLength" }?.status == .unmet)
  }
}
