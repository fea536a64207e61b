import FormRules
import Foundation
import Testing

/// What a named check is given (`CheckRequest`): its field, its value, and the values of the
/// fields that are not sensitive — never a password, unless it is the checked value itself.
@Suite("CheckRequest: what a named check sees")
struct CheckRequestTests {
  static let rules = #"""
    {"version": 1, "defaultLocale": "en", "fields": {
      "password": {"label": {"en": "Password", "ja": "パスワード"}, "sensitive": true,
                   "rules": [{"minLength": 4}, {"check": "notReused"}]},
      "email": {"label": {"en": "Email", "ja": "メール"}, "rules": [{"email": "practical"}, {"check": "emailAvailable"}]},
      "name": {"label": {"en": "Name", "ja": "名前"}, "rules": []}
    }}
    """#

  static func messages(_ name: String) -> [RuleMessage] {
    [
      RuleMessage(name, ja: ("{label}は使えません。", "使えません。"), en: ("{label} is refused.", "Refused.")),
      RuleMessage("requirement.\(name)", ja: ("許可された値", "許可された値"), en: ("Allowed", "Allowed")),
    ]
  }

  @Test("each check gets its field; values hold no sensitive field, for the request and the legacy closure")
  func requests() async throws {
    let seen = Locked<[CheckRequest]>([])
    let legacy = Locked<[String: String]>([:])
    let notReused = AsyncCheck(name: "notReused", messages: Self.messages("notReused")) { request in
      seen.withLock { $0.append(request) }
      return true
    }
    let emailAvailable = AsyncCheck(name: "emailAvailable", messages: Self.messages("emailAvailable")) {
      _, values in
      legacy.withLock { $0 = values }
      return true
    }
    let policy = try RuleSet(data: Array(Self.rules.utf8)).compile(checks: [notReused, emailAvailable])
    let report = await policy.validate(
      ["password": "hunter2パス", "email": "a@example.jp", "name": "太郎"], checks: [])
    #expect(report.isValid)
    let password = try #require(seen.withLock { $0.first })
    #expect(password.check == "notReused" && password.field == "password" && password.isSensitive)
    #expect(password.value == "hunter2パス")
    #expect(password.values == ["email": "a@example.jp", "name": "太郎"])
    // The closure without a request keeps its old contract: the others' values plus its own, and
    // never the password a check before it was given.
    #expect(legacy.withLock { $0 } == ["email": "a@example.jp", "name": "太郎"])
  }

  @Test("on blur, only the asked field's checks run; the others are listed as not run")
  func runningChecksOf() async throws {
    let calls = Locked<[String]>([])
    let checks = ["notReused", "emailAvailable"].map { name in
      AsyncCheck(name: name, messages: Self.messages(name)) { request in
        calls.withLock { $0.append(request.check) }
        return false
      }
    }
    let policy = try RuleSet(data: Array(Self.rules.utf8)).compile(checks: checks)
    let values: [String: String?] = ["password": "hunter2", "email": "a@example.jp"]
    let report = await policy.validate(values, runningChecksOf: ["email"])
    #expect(calls.withLock { $0 } == ["emailAvailable"])
    #expect(report.fields["email"]?.failures.map(\.code) == ["emailAvailable"])
    #expect(report.fields["password"]?.isValid == true)
    #expect(report.checksNotRun == [CheckNotRun(field: "password", check: "notReused", reason: .notGiven)])
  }
}
