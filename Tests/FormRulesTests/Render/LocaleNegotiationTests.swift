import Foundation
import Testing

@testable import FormRules

@Suite("locale negotiation: one function behind every API that takes a locale")
struct LocaleNegotiationTests {
  static let login = repositoryRoot.appendingPathComponent("Rules/signup.json").path

  @Test(
    "Accept-Language by q-value",
    arguments: [
      ("fr-CH, fr;q=0.9, en;q=0.8", "en"), ("en;q=0.1, ja;q=0.9", "ja"), ("en-US,ja;q=0.5", "en"),
      ("ja;q=0, en;q=0.1", "en"), ("*", "ja"), ("de", "ja"), ("", "ja"), ("ja;q=0", "en"),
      ("en;q=abc, ja;q=0.2", "ja"), ("  EN-gb ; q=1.0 ", "en"), ("fr;q=1, ja-JP;q=0.001", "ja"),
      (",,;q=0.5,", "ja"), ("ja;q=0, en;q=0", "ja"),
    ])
  func acceptLanguage(header: String, expected: String) throws {
    let policy = try RuleSet(path: Self.login, registry: .standard).compile()
    #expect(policy.negotiateLocale(acceptLanguage: header) == expected)
  }

  @Test("the header's ranges in preference order")
  func preferences() {
    #expect(MessageCatalog.preferences(acceptLanguage: "fr-CH, fr;q=0.9, en;q=0.8") == ["fr-CH", "fr", "en"])
    #expect(MessageCatalog.preferences(acceptLanguage: "en;q=0.1, ja;q=0.9") == ["ja", "en"])
    #expect(MessageCatalog.preferences(acceptLanguage: "*, ja;q=0") == [])
  }

  @Test("message and label negotiate like messages(locale:): en-US renders English")
  func messageAndLabel() throws {
    let policy = try RuleSet(path: Self.login, registry: .standard).compile()
    let report = policy.validate(["email": "a@example.jp", "password": "abcdefgh1", "password_confirmation": "x"])
    let failure = try #require(report.fields["password_confirmation"]?.errors.first)
    let expected = "Password confirmation does not match password."
    #expect(policy.message(for: failure, field: "password_confirmation", locale: "en-US") == expected)
    #expect(
      policy.message(for: failure, field: "password_confirmation", locale: Locale(identifier: "en_US")) == expected)
    #expect(policy.label(of: "password", locale: "en-US") == "Password")
    #expect(policy.label(of: "password", locale: Locale(identifier: "ja_JP")) == "パスワード")
    #expect(report.messages(locale: "en-US") == report.messages(locale: Locale(identifier: "en_US")))
    #expect(report.messages(locale: "en-US")["password_confirmation"] == [expected])
    #expect(report.response(locale: Locale(identifier: "en_GB")) == report.response(locale: "en"))
    #expect(policy.requirements(for: "password", locale: Locale(identifier: "en")).first?.text == "Required")
    #expect(policy.checklist(for: "password", values: [:], locale: "en-US").first?.text == "Required")
    #expect(policy.catalog.render(code: "auth.invalidCredentials", locale: "ja-JP").hasSuffix("。"))
  }

  @Test("an unsupported locale falls back to the rules file's defaultLocale, then English")
  func fallback() throws {
    let policy = try RuleSet(path: Self.login, registry: .standard).compile()
    #expect(policy.negotiateLocale(Locale(identifier: "fr_FR")) == "ja")
    #expect(policy.label(of: "password", locale: "fr") == "パスワード")
    #expect(MessageCatalog.negotiate(["fr"], default: "de") == "en")
  }
}

@Suite("readable failures and RuleSet(path:, registry: .standard)")
struct FailureDescriptionTests {
  @Test("a failure prints as its code and parameters")
  func description() {
    let failure = Failure(code: "minLength", params: ["min": 8, "actual": 5, "unit": "characters"])
    #expect("\(failure)" == "minLength {min: 8, actual: 5, unit: characters}")
    #expect("\([failure])" == "[minLength {min: 8, actual: 5, unit: characters}]")
    #expect(Failure(code: "required").description == "required")
    let warning = Failure(code: "trimmed", severity: .warning)
    #expect(warning.description == "trimmed (warning)")
    let detailed = Failure(code: "email", params: ["reason": "missingAt"], detail: "missingAt")
    #expect(detailed.description == "email.missingAt {reason: missingAt}")
    let classes = Failure(code: "characterClasses", params: ["missing": .strings(["upper", "digit"]), "min": 3])
    #expect(classes.params.description == "{missing: [upper, digit], min: 3}")
    #expect(Parameters().description == "{}")
  }

  @Test("a sensitive field's failure never shows its value")
  func secret() throws {
    let policy = try RuleSet(path: repositoryRoot.appendingPathComponent("Rules/signup.json").path, registry: .standard)
      .compile()
    let secret = "Tr0ub4dor&3-secret"
    let report = policy.validate(["email": "a@example.jp", "password": secret, "password_confirmation": "other"])
    for field in report.fields {
      for failure in field.failures { #expect(!"\(failure)".contains(secret)) }
    }
  }

  @Test(
    "RuleSet(path:, registry: .standard) loads what RuleSet(contentsOf:, registry: .standard) loads, and names the file in errors"
  )
  func path() throws {
    let path = repositoryRoot.appendingPathComponent("Rules/login.json").path
    let byPath = try RuleSet(path: path, registry: .standard)
    let byURL = try RuleSet(contentsOf: URL(fileURLWithPath: path), registry: .standard)
    #expect(byPath.fields.map(\.name) == byURL.fields.map(\.name))
    #expect(throws: RuleSetError.self) { try RuleSet(path: "/nonexistent/rules.json", registry: .standard) }
    do {
      _ = try RuleSet(path: "/nonexistent/rules.json", registry: .standard)
    } catch {
      #expect(error.description.contains("/nonexistent/rules.json"))
    }
  }
}
