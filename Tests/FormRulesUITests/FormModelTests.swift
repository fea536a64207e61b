import FormRulesTestSupport
import Foundation
import Testing

@testable import FormRulesUI

@MainActor
@Suite("FormModel")
struct FormModelTests {
  let policy: Policy

  init() throws {
    policy = try ShippedRules.policy("login.json")
  }

  // MARK: Display policy

  @Test("Standard policy stays quiet while a field is first typed")
  func quietWhileFirstTyping() {
    let model = FormModel(policy: policy, locale: "ja")
    model.focusedField = "password"
    model["password"] = "abc"
    #expect(model.allMessages(for: "password").map(\.code) == ["minLength"])
    #expect(model.messages(for: "password").isEmpty)
  }

  @Test("A Foundation Locale negotiates like a tag: en_US renders English, fr_FR the default")
  func foundationLocale() {
    let english = FormModel(policy: policy, locale: Locale(identifier: "en_US"))
    #expect(english.locale == "en")
    #expect(english.label(of: "password") == "Password")
    let french = FormModel(policy: policy, locale: Locale(identifier: "fr_FR"))
    #expect(french.locale == policy.ruleSet.defaultLocale)
  }

  @Test("Standard policy shows messages after the field loses focus, live from then on")
  func showsAfterFocusLost() {
    let model = FormModel(policy: policy, locale: "ja")
    model.focusedField = "password"
    model["password"] = "abc"
    model.focusedField = "email"
    #expect(model.state(of: "password").hasLostFocus)
    #expect(model.messages(for: "password").map(\.text) == ["6文字以上で入力してください。"])
    // Leaving a field untouched still counts: an empty email is now reported.
    model.focusedField = "password"
    #expect(model.messages(for: "email").map(\.code) == ["required"])
    model["password"] = "abcdef"
    #expect(model.messages(for: "password").isEmpty)
    // A new error waits until focus moves (reward early, punish late).
    model["password"] = "abcde"
    #expect(model.messages(for: "password").isEmpty)
    model.focusedField = "email"
    #expect(model.messages(for: "password").map(\.code) == ["minLength"])
  }

  @Test("Every field shows its messages after a submit attempt")
  func showsAfterSubmit() {
    let model = FormModel(policy: policy, locale: "en")
    #expect(model.messages(for: "email").isEmpty)
    #expect(!model.attemptSubmit())
    #expect(model.messages(for: "email").map(\.text) == ["This field is required."])
    #expect(model.messages(for: "password").map(\.code) == ["required"])
    #expect(model.state(of: "email").isTouched && model.state(of: "password").isTouched)
  }

  @Test(
    "Display policies decide per field state",
    arguments: [
      (ErrorDisplayPolicy.standard, FieldState(isEdited: true), false),
      (.standard, FieldState(isEdited: true, hasLostFocus: true), true),
      (.standard, FieldState(isSubmitted: true), true),
      (.live, FieldState(isEdited: true), true),
      (.live, FieldState(), false),
      (.afterSubmit, FieldState(isEdited: true, hasLostFocus: true), false),
      (.afterSubmit, FieldState(isSubmitted: true), true),
    ])
  func displayPolicyTable(policy display: ErrorDisplayPolicy, state: FieldState, shows: Bool) {
    #expect(display.showsMessages(for: state) == shows)
  }

  @Test("The live policy shows messages while first typing")
  func livePolicy() {
    let model = FormModel(policy: policy, locale: "ja", displayPolicy: .live)
    model.focusedField = "password"
    model["password"] = "abc"
    #expect(model.messages(for: "password").map(\.code) == ["minLength"])
  }

  // MARK: Submit gating

  @Test(
    "Submit is enabled exactly by the seed rule: trimmed email non-empty, password ≥ 6",
    arguments: [
      ("taro@example.jp", "abc123", true),
      ("  taro@example.jp　", "abc123", true),
      ("", "abc123", false),
      ("   ", "abc123", false),
      ("\u{3000}", "abc123", false),
      ("taro@example.jp", "abc12", false),
      ("taro@example.jp", "", false),
      ("taro@example.jp", "パスワード12", true),
    ])
  func submitGating(email: String, password: String, enabled: Bool) {
    let model = FormModel(policy: policy, values: ["email": email, "password": password])
    #expect(model.isSubmitEnabled == enabled)
  }

  @Test("Submit is disabled while loading and loading always ends")
  func loadingGatesSubmit() async {
    let model = FormModel(policy: policy, values: ["email": "taro@example.jp", "password": "abc123"])
    #expect(model.isSubmitEnabled)
    var seenWhileRunning: (loading: Bool, enabled: Bool)?
    var runs = 0
    await model.submit {
      runs += 1
      seenWhileRunning = (model.isLoading, model.isSubmitEnabled)
      // A second submit while the first runs must not start the action again.
      await model.submit { runs += 1 }
    }
    #expect(runs == 1)
    #expect(seenWhileRunning?.loading == true)
    #expect(seenWhileRunning?.enabled == false)
    #expect(!model.isLoading)
    #expect(model.isSubmitEnabled)

    await model.submit { throw SubmitError("network.timeout") }
    #expect(!model.isLoading)
  }

  @Test("An invalid submit touches every field, focuses the first invalid one and shakes")
  func invalidSubmit() async {
    let model = FormModel(policy: policy, values: ["email": "taro@example.jp"])
    model.focusedField = "email"
    var ran = false
    await model.submit { ran = true }
    #expect(!ran)
    #expect(!model.isLoading)
    #expect(model.focusedField == "password")
    #expect(model.shakeTrigger == 1)
    await model.submit { ran = true }
    // A counter, so the second failure in a row changes the trigger again.
    #expect(model.shakeTrigger == 2)
    model["email"] = ""
    await model.submit { ran = true }
    #expect(model.focusedField == "email")
    #expect(model.shakeTrigger == 3)
  }

  // MARK: General error

  @Test(
    "A thrown code becomes the localized general error",
    arguments: [
      ("auth.invalidCredentials", "ja", "メールアドレスまたはパスワードが正しくありません。"),
      ("auth.invalidCredentials", "en", "The email address or password is incorrect."),
      ("auth.tooManyRequests", "ja", "試行回数が多すぎます。しばらくしてからもう一度お試しください。"),
      ("auth.tooManyRequests", "en", "Too many attempts. Please wait a while and try again."),
      ("network.offline", "ja", "ネットワークに接続できません。接続を確認してもう一度お試しください。"),
      ("network.offline", "en", "You appear to be offline. Check your connection and try again."),
      ("no.such.code", "ja", "エラーが発生しました。もう一度お試しください。"),
      ("no.such.code", "en", "Something went wrong. Please try again."),
    ])
  func generalErrorMapping(code: String, locale: String, expected: String) async {
    let model = FormModel(
      policy: policy, locale: locale, values: ["email": "taro@example.jp", "password": "abc123"])
    await model.submit { throw SubmitError(code) }
    #expect(model.generalError == expected)
  }

  struct Unrelated: Error {}

  struct AppError: FormErrorCode {
    var code: String { "auth.accountLocked" }
  }

  @Test("Errors without a code render `unknown`; an app's own error type can carry a code")
  func otherErrors() async {
    let model = FormModel(policy: policy, locale: "ja-JP", values: ["email": "a@b.jp", "password": "abc123"])
    await model.submit { throw Unrelated() }
    #expect(model.generalError == "エラーが発生しました。もう一度お試しください。")
    await model.submit { throw AppError() }
    #expect(model.generalError == "このアカウントはロックされています。サポートにお問い合わせください。")
    await model.submit { throw CancellationError() }
    #expect(model.generalError == nil)
  }

  @Test("A successful submit clears the general error, and so does editing")
  func generalErrorClears() async {
    let model = FormModel(policy: policy, locale: "en", values: ["email": "a@b.jp", "password": "abc123"])
    await model.submit { throw SubmitError("server.error") }
    #expect(model.generalError != nil)
    await model.submit {}
    #expect(model.generalError == nil)
    await model.submit { throw SubmitError("server.error") }
    model["password"] = "abc1234"
    #expect(model.generalError == nil)
  }

  @Test("The rules file's messages override and add general errors")
  func rulesFileMessages() async throws {
    let custom = try Fixtures.policy(Fixtures.withMessages)
    for (locale, expected) in [
      ("ja", ["コードが違います。", "期限切れです。"]), ("en", ["Wrong code.", "It has expired."]),
    ] {
      let model = FormModel(policy: custom, locale: locale, values: ["code": "1234"])
      await model.submit { throw SubmitError("auth.invalidCredentials") }
      let first = model.generalError
      await model.submit { throw SubmitError("app.expired") }
      #expect([first, model.generalError] == expected)
    }
  }

  // MARK: Checklist and labels

  @Test("The checklist follows the value")
  func checklist() {
    let model = FormModel(policy: policy, locale: "ja")
    #expect(model.checklist(for: "password").map(\.isMet) == [false, false])
    #expect(model.checklist(for: "password").map(\.code) == ["required", "minLength"])
    #expect(model.checklist(for: "password")[1].text == "6文字以上")
    model["password"] = "abc"
    #expect(model.checklist(for: "password").map(\.isMet) == [true, false])
    model["password"] = "abcdef"
    #expect(model.checklist(for: "password").map(\.isMet) == [true, true])
    #expect(model.checklist(for: "nothing").isEmpty)
  }

  @Test("Labels and values follow the rules file")
  func labels() {
    let model = FormModel(policy: policy, locale: "en")
    #expect(model.fieldNames == ["email", "password"])
    #expect(model.label(of: "email") == "Email address")
    model.locale = "ja"
    #expect(model.label(of: "password") == "パスワード")
    model["unknown"] = "x"
    #expect(model.values.keys.sorted() == ["email", "password"])
    model.focusedField = "unknown"
    #expect(model.focusedField == nil)
  }

  @Test(
    "The shipped Rules/login.json enables submit by the seed rule, plus a valid address",
    arguments: [
      (" taro@example.jp ", "abc123", true),
      ("\u{3000}taro@example.jp", "abc123", true),
      ("taro@example.jp", "abc12", false),
      ("\u{3000}", "abc123", false),
      ("taro", "abc123", false),
      // Without libidn2 (the IDNA trait off, as on iOS) a Unicode domain cannot be checked: refused.
      ("taro@例え.jp", "あいうえおか", IDNA.isAvailable),
    ])
  func shippedLogin(email: String, password: String, enabled: Bool) throws {
    let shipped = try ShippedRules.policy("login.json")
    let model = FormModel(policy: shipped, values: ["email": email, "password": password])
    #expect(model.isSubmitEnabled == enabled)
  }

}

@MainActor
@Suite("FormModel: strength suggestions reach the field (issue 17, item 3)")
struct FormModelSuggestionTests {
  @Test("a strength failure's message carries its rendered suggestions; others carry none")
  func suggestions() throws {
    let policy = try RuleSet(
      data: Array(
        #"{"fields": {"password": {"label": {"ja": "パスワード", "en": "Password"}, "sensitive": true, "rules": [{"minLength": 4}, {"strength": 3}]}}}"#
          .utf8), baseDirectory: ShippedRules.directory, registry: .standard
    ).compile()
    let model = FormModel(policy: policy, locale: "ja")
    model["password"] = "Tanaka"
    let strength = try #require(model.allMessages(for: "password").first { $0.code == "strength" })
    #expect(!strength.suggestions.isEmpty)
    #expect(strength.suggestions.allSatisfy { $0.hasSuffix("。") })
    #expect(strength.suggestions.contains("単語をもう1つか2つ加えてください。よく使われない単語ほど効果があります。"))
    model["password"] = "abc"
    #expect(model.allMessages(for: "password").first { $0.code == "minLength" }?.suggestions == [])
    let english = FormModel(policy: policy, locale: "en")
    english["password"] = "Tanaka"
    #expect(
      english.allMessages(for: "password").first { $0.code == "strength" }?.suggestions.contains {
        $0.hasPrefix("Add another word")
      } == true)
  }
}
