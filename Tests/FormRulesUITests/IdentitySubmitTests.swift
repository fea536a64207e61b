import FormRulesTestSupport
import FormRulesUI
import Foundation
import Testing

/// `FormModel.submit` with identity-provider errors thrown as they come: each maps through
/// the model's table to a field message or the general error.
@MainActor
@Suite("Form model: identity provider errors")
struct IdentitySubmitTests {
  let policy: Policy

  init() throws {
    policy = try ShippedRules.policy("login.json")
  }

  func model(_ locale: String) -> FormModel {
    FormModel(policy: policy, locale: locale, values: ["email": "taro@example.jp", "password": "abc123"])
  }

  @Test("EMAIL_EXISTS shows under the email field, focuses it, and goes when the email is edited")
  func fieldFailure() async {
    let model = model("ja")
    await model.submit {
      throw IdentityError.firebaseREST(body: Array(#"{"error": {"code": 400, "message": "EMAIL_EXISTS"}}"#.utf8))
        ?? IdentityError(firebaseREST: "")
    }
    #expect(model.generalError == nil)
    #expect(model.focusedField == "email")
    #expect(model.messages(for: "email").map(\.text) == ["このメールアドレスは既に登録されています。"])
    #expect(model.messages(for: "email").map(\.code) == ["email.taken"])
    #expect(model.submitFailure(for: "email")?.code == "email.taken")
    #expect(model.messages(for: "password").isEmpty)
    model["password"] = "abc1234"
    #expect(model.messages(for: "email").count == 1, "editing another field keeps it")
    model["email"] = "hanako@example.jp"
    #expect(model.messages(for: "email").isEmpty)
    #expect(model.submitFailure(for: "email") == nil)
  }

  @Test(
    "sign-in errors are one general message, whichever of not-found or wrong-password",
    arguments: [
      IdentityError(firebaseREST: "EMAIL_NOT_FOUND"), IdentityError(firebaseREST: "INVALID_PASSWORD"),
      IdentityError(firebaseREST: "INVALID_LOGIN_CREDENTIALS"), IdentityError(firebaseSDK: "userNotFound"),
      IdentityError(firebaseSDK: "wrongPassword"), IdentityError(cognito: "NotAuthorizedException"),
      IdentityError(cognito: "UserNotFoundException"),
    ])
  func invalidCredentials(_ error: IdentityError) async {
    for (locale, expected) in [
      ("ja", "メールアドレスまたはパスワードが正しくありません。"), ("en", "The email address or password is incorrect."),
    ] {
      let model = model(locale)
      await model.submit { throw error }
      #expect(model.generalError == expected)
      #expect(model.messages(for: "email").isEmpty && model.messages(for: "password").isEmpty)
    }
  }

  @Test("a weak password with Firebase's reason says the provider's minimum under the password")
  func weakPassword() async {
    let model = model("en")
    await model.submit { throw IdentityError(firebaseREST: "WEAK_PASSWORD : Password should be at least 6 characters") }
    #expect(model.messages(for: "password").map(\.text) == ["Must be at least 6 characters."])
    #expect(model.focusedField == "password")
    await model.submit { throw IdentityError(cognito: "InvalidPasswordException") }
    #expect(
      model.messages(for: "password").map(\.text) == [
        "Too weak. Please choose a longer password that is harder to guess."
      ])
  }

  @Test("a Firebase SDK NSError is accepted as thrown")
  func sdkError() async {
    let model = model("ja")
    await model.submit { throw NSError(domain: "FIRAuthErrorDomain", code: 17010) }
    #expect(model.generalError == "試行回数が多すぎます。しばらくしてからもう一度お試しください。")
    await model.submit { throw NSError(domain: "FIRAuthErrorDomain", code: 17007) }
    #expect(model.generalError == nil)
    #expect(model.messages(for: "email").map(\.text) == ["このメールアドレスは既に登録されています。"])
  }

  @Test("a new submit clears the last one's field failures; the model's table can be changed")
  func clearsAndOverrides() async {
    let model = model("en")
    await model.submit { throw IdentityError(cognito: "UsernameExistsException") }
    #expect(model.messages(for: "email").count == 1)
    await model.submit {}
    #expect(model.messages(for: "email").isEmpty)
    model.identityErrors[.cognito, "UsernameExistsException"] = .general("auth.invalidCredentials")
    await model.submit { throw IdentityError(cognito: "UsernameExistsException") }
    #expect(model.messages(for: "email").isEmpty)
    #expect(model.generalError == "The email address or password is incorrect.")
  }

  @Test("a field failure for a field the form does not have shows above the form")
  func missingField() async {
    let model = model("en")
    model.identityErrors.emailField = "login_id"
    await model.submit { throw IdentityError(firebaseREST: "EMAIL_EXISTS") }
    #expect(model.generalError == "This email address is already registered.")
  }
}
