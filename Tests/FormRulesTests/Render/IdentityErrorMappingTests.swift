import Foundation
import Testing

@testable import FormRules

/// `IdentityError` and `IdentityErrorMapping`: every provider code the standard table maps,
/// rendered in Japanese and English on the field or above the form.
@Suite("identity provider error mapping")
struct IdentityErrorMappingTests {
  static let policy: Policy = {
    do {
      return try RuleSet(contentsOf: repositoryRoot.appendingPathComponent("Rules/signup.json"), registry: .standard)
        .compile()
    } catch {
      fatalError("Rules/signup.json does not load: \(error)")
    }
  }()

  struct Case: Sendable, CustomTestStringConvertible {
    var error: IdentityError
    var field: String?
    var ja: String
    var en: String
    var testDescription: String { error.description }
  }

  static let invalidCredentials = ("メールアドレスまたはパスワードが正しくありません。", "The email address or password is incorrect.")
  static let tooMany = ("試行回数が多すぎます。しばらくしてからもう一度お試しください。", "Too many attempts. Please wait a while and try again.")
  static let taken = ("このメールアドレスは既に登録されています。", "This email address is already registered.")
  static let invalidEmail = ("メールアドレスの形式が正しくありません。", "Not a valid email address.")
  static let weak = (
    "このパスワードは安全性が低いため使用できません。より長く、推測されにくいものを設定してください。",
    "Too weak. Please choose a longer password that is harder to guess."
  )
  static let disabled = (
    "このアカウントは無効になっています。サポートにお問い合わせください。", "This account has been disabled. Please contact support."
  )
  static let notAllowed = (
    "このログイン方法は現在ご利用いただけません。サポートにお問い合わせください。", "This way of logging in is not available. Please contact support."
  )

  static func c(_ error: IdentityError, _ field: String?, _ texts: (String, String)) -> Case {
    Case(error: error, field: field, ja: texts.0, en: texts.1)
  }

  static let cases: [Case] = [
    // Firebase Auth REST API (error.message).
    c(IdentityError(firebaseREST: "EMAIL_EXISTS"), "email", taken),
    c(IdentityError(firebaseREST: "EMAIL_NOT_FOUND"), nil, invalidCredentials),
    c(IdentityError(firebaseREST: "INVALID_PASSWORD"), nil, invalidCredentials),
    c(IdentityError(firebaseREST: "INVALID_LOGIN_CREDENTIALS"), nil, invalidCredentials),
    c(IdentityError(firebaseREST: "USER_DISABLED"), nil, disabled),
    c(
      IdentityError(
        firebaseREST:
          "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login attempts."
      ), nil, tooMany),
    c(
      IdentityError(firebaseREST: "WEAK_PASSWORD : Password should be at least 6 characters"), "password",
      ("6文字以上で入力してください。", "Must be at least 6 characters.")),
    c(IdentityError(firebaseREST: "WEAK_PASSWORD : Password is too guessable"), "password", weak),
    c(
      IdentityError(
        firebaseREST:
          "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [Password must contain an upper case character]"
      ), "password", weak),
    c(IdentityError(firebaseREST: "INVALID_EMAIL"), "email", invalidEmail),
    c(IdentityError(firebaseREST: "MISSING_EMAIL"), "email", ("入力してください。", "This field is required.")),
    c(IdentityError(firebaseREST: "MISSING_PASSWORD"), "password", ("入力してください。", "This field is required.")),
    c(IdentityError(firebaseREST: "OPERATION_NOT_ALLOWED"), nil, notAllowed),
    c(IdentityError(firebaseREST: "ADMIN_ONLY_OPERATION"), nil, notAllowed),
    // Firebase Apple SDK (AuthErrorCode).
    c(IdentityError(firebaseSDK: ".emailAlreadyInUse"), "email", taken),
    c(IdentityError(firebaseSDK: "wrongPassword"), nil, invalidCredentials),
    c(IdentityError(firebaseSDK: "invalidCredential"), nil, invalidCredentials),
    c(IdentityError(firebaseSDK: "userNotFound"), nil, invalidCredentials),
    c(IdentityError(firebaseSDK: "userDisabled"), nil, disabled),
    c(IdentityError(firebaseSDK: "tooManyRequests"), nil, tooMany),
    c(IdentityError(firebaseSDK: "weakPassword"), "password", weak),
    c(
      IdentityError(firebaseSDK: "weakPassword", reason: "Password should be at least 6 characters"), "password",
      ("6文字以上で入力してください。", "Must be at least 6 characters.")),
    c(IdentityError(firebaseSDK: "invalidEmail"), "email", invalidEmail),
    c(
      IdentityError(firebaseSDK: "networkError"), nil,
      ("ネットワークに接続できません。接続を確認してもう一度お試しください。", "You appear to be offline. Check your connection and try again.")),
    c(IdentityError(firebaseSDK: "operationNotAllowed"), nil, notAllowed),
    // Cognito exceptions.
    c(IdentityError(cognito: "UsernameExistsException"), "email", taken),
    c(IdentityError(cognito: "AliasExistsException"), "email", taken),
    c(
      IdentityError(cognito: "NotAuthorizedException", message: "Incorrect username or password."), nil,
      invalidCredentials),
    c(IdentityError(cognito: "UserNotFoundException"), nil, invalidCredentials),
    c(IdentityError(cognito: "InvalidPasswordException"), "password", weak),
    c(IdentityError(cognito: "TooManyRequestsException"), nil, tooMany),
    c(IdentityError(cognito: "TooManyFailedAttemptsException"), nil, tooMany),
    c(IdentityError(cognito: "LimitExceededException"), nil, tooMany),
    c(
      IdentityError(cognito: "UserNotConfirmedException"), nil,
      (
        "メールアドレスの確認が完了していません。お送りしたメールのリンクから確認を完了してください。",
        "Your email address is not confirmed yet. Please follow the link in the email we sent you."
      )),
    c(
      IdentityError(cognito: "PasswordResetRequiredException"), nil,
      ("パスワードの再設定が必要です。再設定してからログインしてください。", "You need to reset your password. Please reset it, then log in.")),
    c(
      IdentityError(cognito: "InternalErrorException"), nil,
      ("サーバーでエラーが発生しました。しばらくしてからもう一度お試しください。", "Something went wrong on our side. Please try again later.")),
  ]

  @Test("each mapped code lands on its field or above the form, in Japanese and English", arguments: cases)
  func mapped(_ item: Case) {
    let mapped = IdentityErrorMapping.standard.map(item.error)
    #expect(mapped.field == item.field)
    #expect(Self.policy.message(for: mapped, locale: "ja") == item.ja)
    #expect(Self.policy.message(for: mapped, locale: "en-US") == item.en)
  }

  @Test("every code of the standard table has a case above")
  func everyEntryTested() {
    let tested = Set(Self.cases.map { "\($0.error.source.rawValue):\($0.error.code)" })
    for entry in IdentityErrorMapping.standard.entries {
      #expect(tested.contains("\(entry.source.rawValue):\(entry.code)"), "\(entry.source):\(entry.code) has no test")
    }
  }

  @Test("sign-in never tells whether the account exists: not-found and wrong-password read the same")
  func noAccountEnumeration() {
    let mapping = IdentityErrorMapping.standard
    let groups: [[IdentityError]] = [
      [
        IdentityError(firebaseREST: "EMAIL_NOT_FOUND"), IdentityError(firebaseREST: "INVALID_PASSWORD"),
        IdentityError(firebaseREST: "INVALID_LOGIN_CREDENTIALS"),
      ],
      [
        IdentityError(firebaseSDK: "userNotFound"), IdentityError(firebaseSDK: "wrongPassword"),
        IdentityError(firebaseSDK: "invalidCredential"),
      ],
      [IdentityError(cognito: "UserNotFoundException"), IdentityError(cognito: "NotAuthorizedException")],
    ]
    for group in groups {
      let mapped = group.map(mapping.map)
      #expect(Set(mapped.map { $0.failure.code }) == ["auth.invalidCredentials"], "\(group)")
      #expect(mapped.allSatisfy { $0.field == nil })
    }
  }

  @Test("unknown codes are the general `unknown` message")
  func unknownCode() {
    let mapped = IdentityErrorMapping.standard.map(IdentityError(firebaseREST: "SOMETHING_NEW : text"))
    #expect(mapped == MappedIdentityError(field: nil, failure: Failure(code: "unknown")))
    #expect(Self.policy.message(for: mapped, locale: "ja") == "エラーが発生しました。もう一度お試しください。")
  }

  @Test("error bodies: Firebase REST and Cognito; anything else is not an identity error")
  func bodies() {
    let firebase =
      #"{"error": {"code": 400, "message": "EMAIL_EXISTS", "errors": [{"message": "EMAIL_EXISTS", "domain": "global", "reason": "invalid"}]}}"#
    #expect(IdentityError.firebaseREST(body: Array(firebase.utf8)) == IdentityError(firebaseREST: "EMAIL_EXISTS"))
    let weak = #"{"error": {"code": 400, "message": "WEAK_PASSWORD : Password should be at least 6 characters"}}"#
    #expect(IdentityError.firebaseREST(body: Array(weak.utf8))?.reason == "Password should be at least 6 characters")
    let cognito =
      #"{"__type": "com.amazonaws.cognito.identity.idp.model#UsernameExistsException", "message": "User already exists"}"#
    #expect(
      IdentityError.cognito(body: Array(cognito.utf8))
        == IdentityError(cognito: "UsernameExistsException", message: "User already exists"))
    for bad in [
      "", "{", "[]", #"{"error": "x"}"#, #"{"error": {"message": ""}}"#, "\u{FF}\u{FE}",
      String(repeating: "[", count: 100_000),
    ] {
      #expect(IdentityError.firebaseREST(body: Array(bad.utf8)) == nil, "\(bad.prefix(20))")
      #expect(IdentityError.cognito(body: Array(bad.utf8)) == nil)
    }
    #expect(IdentityError.firebaseREST(body: [0xFF, 0xC0, 0x80]) == nil, "invalid UTF-8")
  }

  @Test("a Firebase SDK NSError is read by its domain and number")
  func bridgedSDKError() {
    let error = NSError(domain: "FIRAuthErrorDomain", code: 17007)
    #expect(IdentityError(error) == IdentityError(firebaseSDK: "emailAlreadyInUse"))
    #expect(IdentityError(NSError(domain: "FIRAuthErrorDomain", code: 99999)) == nil)
    #expect(IdentityError(NSError(domain: "NSURLErrorDomain", code: 17007)) == nil)
    for (number, name) in IdentityError.firebaseSDKNames {
      #expect(IdentityErrorMapping.standard[.firebaseSDK, name] != nil, "\(number) \(name) is named but not mapped")
    }
  }

  @Test("the rules file's messages override the words; the table can be changed per app")
  func overrides() throws {
    let custom = try makePolicy(
      #"""
      {"version": 1, "fields": {"email": {"label": {"ja": "メールアドレス", "en": "Email"}, "rules": []}},
       "messages": {"ja": {"email.taken": "そのアドレスは使えません。"}, "en": {"email.taken": "That address cannot be used."}}}
      """#)
    let mapped = IdentityErrorMapping.standard.map(IdentityError(cognito: "UsernameExistsException"))
    #expect(custom.message(for: mapped, locale: "ja") == "そのアドレスは使えません。")
    #expect(custom.message(for: mapped, locale: "en") == "That address cannot be used.")

    var mapping = IdentityErrorMapping(emailField: "login_id")
    mapping[.firebaseREST, "USER_DISABLED"] = .general("auth.invalidCredentials")
    #expect(mapping.map(IdentityError(firebaseREST: "USER_DISABLED")).failure.code == "auth.invalidCredentials")
    #expect(mapping.map(IdentityError(firebaseREST: "EMAIL_EXISTS")).field == "login_id")
  }

  @Test(
    "the minimum is read only from \"at least N characters\"",
    arguments: [
      ("Password should be at least 6 characters", 6), ("Password should be at least 12 characters long", 12),
      ("at least six characters", nil), ("at least 6 digits", nil), ("", nil),
      ("at least 99999999999999999999999 characters", nil),
    ] as [(String, Int?)])
  func minimumLength(reason: String, expected: Int?) {
    #expect(IdentityErrorMapping.minimumLength(in: reason) == expected)
  }
}
