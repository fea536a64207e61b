import Foundation
import Testing

@testable import FormRules

/// Issue 17, items 1 and 2: a warning is worded as advice, and a rule's own checklist phrase
/// (`requirement`) is what checklists and explain show, never its error message.
@Suite("Wording of warnings and of a rule's own requirement")
struct WarningAndRequirementWordingTests {
  static let owasp = #"""
    {"fields": {"password": {"label": {"ja": "パスワード", "en": "Password"}, "sensitive": true, "rules": [
      {"minLength": 8}, {"minLength": 15, "severity": "warning"}, {"trimmed": true, "severity": "warning"},
      {"notPattern": "x", "severity": "warning"}]}}}
    """#

  @Test("a warning minLength recommends; the error minLength requires")
  func minLengthWarning() throws {
    let policy = try makePolicy(Self.owasp)
    let short = policy.validate(["password": "abc"]).messages(locale: "ja")["password"]
    #expect(short == ["パスワードは8文字以上で入力してください。", "パスワードは15文字以上にすると、より安全です。"])
    let en = policy.validate(["password": "abcdefghij"]).messages(locale: "en")["password"]
    #expect(en == ["We recommend at least 15 characters for password."])
    let failure = try #require(policy.validate(["password": "abcdefghij"]).fields["password"]?.failures.first)
    #expect(policy.message(for: failure, field: "password", locale: "ja", style: .inline) == "15文字以上にすると、より安全です。")
  }

  @Test("a warning without its own wording uses the recommendation frame around its requirement phrase")
  func frame() throws {
    let policy = try makePolicy(Self.owasp)
    let report = policy.validate(["password": "xxxxxxxxxxxxxxxx"])
    #expect(report.messages(locale: "ja")["password"] == ["パスワードは「使用できない文字列なし」を満たすと、より安全です。"])
    #expect(report.messages(locale: "en")["password"] == ["Recommended for password: no disallowed text."])
  }

  @Test("a warning's checklist line is marked as recommended, in both languages")
  func checklistMark() throws {
    let policy = try makePolicy(Self.owasp)
    let ja = policy.checklist(for: "password", values: ["password": ""], locale: "ja").map(\.text)
    #expect(ja == ["8文字以上", "推奨：15文字以上", "推奨：先頭と末尾に空白なし", "推奨：使用できない文字列なし"])
    let en = policy.requirements(for: "password", locale: "en").map(\.text)
    #expect(en[1] == "Recommended: at least 15 characters")
    #expect(en[0] == "At least 8 characters")
  }

  @Test("a rule's requirement is its checklist line; its message stays the error")
  func ownRequirement() throws {
    let policy = try RuleSet(
      contentsOf: repositoryRoot.appendingPathComponent("Rules/signup.json"), registry: .standard
    ).compile()
    let ja = policy.checklist(for: "password", values: ["password": "12345678"], locale: "ja")
    let line = try #require(ja.first { $0.code == "notPattern" })
    #expect(line.text == "数字だけではない")
    #expect(!line.isMet)
    #expect(policy.requirements(for: "password", locale: "en").contains { $0.text == "Not only digits" })
    let errors = policy.validate(["password": "12345678"]).messages(locale: "ja")["password"] ?? []
    #expect(errors.contains("数字だけのパスワードは使用できません。"))
  }

  @Test("lint: a message without a requirement on a checklist line is flagged; with one, or hidden, it is not")
  func lint() throws {
    func warnings(_ rules: String) throws -> [String] {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID()).json")
      try Data(#"{"fields": {"f": {"label": "F", "rules": \#(rules)}}}"#.utf8).write(to: url)
      defer { try? FileManager.default.removeItem(at: url) }
      return try RuleSet(contentsOf: url, registry: .standard).messagesWithoutRequirement().map(\.description)
    }
    let flagged = try warnings(#"[{"notPattern": "^[0-9]+\\z", "message": "No digits only."}]"#)
    #expect(flagged.count == 1)
    #expect(flagged.first?.contains("fields.f.rules[0]") == true)
    #expect(flagged.first?.contains("\"requirement\"") == true)
    #expect(try warnings(#"[{"notPattern": "x", "message": "M.", "requirement": "R"}]"#).isEmpty)
    #expect(try warnings(#"[{"required": false, "message": "M."}]"#).isEmpty)
    #expect(try warnings(#"[{"allOf": [{"minLength": 2}], "message": "M."}]"#).count == 1)
    #expect(try warnings(#"[{"allOf": [{"minLength": 2}], "message": "M.", "requirement": "R"}]"#).isEmpty)
    // Placeholders in a requirement are checked like a message's.
    #expect(throws: RuleSetError.self) { try warnings(#"[{"minLength": 2, "requirement": "{mn}"}]"#) }
  }

  @Test("a requirement with a placeholder renders the rule's parameters")
  func requirementPlaceholders() throws {
    let policy = try makePolicy(
      #"{"fields": {"f": {"label": "F", "rules": [{"minLength": 3, "message": "M.", "requirement": {"ja": "{min}文字から", "en": "From {min}"}}]}}}"#
    )
    #expect(policy.requirements(for: "f", locale: "ja").map(\.text) == ["3文字から"])
    #expect(policy.requirements(for: "f", locale: "en").map(\.text) == ["From 3"])
  }
}
