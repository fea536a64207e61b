import Foundation
import Testing

@testable import FormRules
@testable import FormRulesPassword

@Suite("password presets")
struct PasswordPresetTests {
  static let presets = ["nist-800-63b.json", "nist-800-63b-mfa.json", "owasp-asvs.json"]

  static func load(_ name: String) throws -> Policy {
    try RuleSet(contentsOf: repositoryRoot.appendingPathComponent("Rules/policies/\(name)"), registry: .standard)
      .compile()
  }

  @Test("each preset's own tests pass", arguments: presets)
  func ownTests(name: String) throws {
    let policy = try Self.load(name)
    let results = policy.runTests()
    #expect(results.count >= 10, "a preset pins its behaviour with tests")
    for result in results where !result.passed {
      Issue.record(
        "\(name): \(result.test.name): expected \(result.expectedDescription), got \(result.actualDescription)")
    }
  }

  /// The leaf rules of the password field, by name.
  static func rules(of policy: Policy) -> [(name: String, rule: any Rule, severity: Severity)] {
    (policy.field("password")?.rules ?? []).compactMap { node in
      guard case .rule(let rule) = node.kind else { return nil }
      return (node.name, rule, node.severity)
    }
  }

  @Test("NIST: 15 or 8 characters, at least 64 allowed, NFKC, a blocklist, no composition rules")
  func nist() throws {
    for (name, minimum) in [("nist-800-63b.json", 15), ("nist-800-63b-mfa.json", 8)] {
      let policy = try Self.load(name)
      let field = try #require(policy.field("password"))
      #expect(field.normalize == .nfkc)
      #expect(field.trim == false)
      #expect(field.sensitive)
      let rules = Self.rules(of: policy)
      #expect(rules.compactMap { ($0.rule as? MinLength)?.min } == [minimum])
      #expect(rules.allSatisfy { ($0.rule as? MinLength)?.unit ?? .characters == .characters })
      #expect(rules.compactMap { ($0.rule as? MaxLength)?.max }.allSatisfy { $0 >= 64 })
      #expect(rules.contains { $0.rule is NotCommon })
      #expect(!rules.contains { $0.rule is CharacterClasses || $0.rule is PatternRule })
    }
  }

  @Test("OWASP ASVS: 8 required, 15 as a warning, 64 allowed, the top 3,000, no normalization")
  func owasp() throws {
    let policy = try Self.load("owasp-asvs.json")
    #expect(policy.field("password")?.normalize == Normalization.none)
    let rules = Self.rules(of: policy)
    let minimums = rules.compactMap { r in (r.rule as? MinLength).map { ($0.min, r.severity) } }
    #expect(minimums.map(\.0) == [8, 15])
    #expect(minimums.map(\.1) == [.error, .warning])
    #expect(rules.compactMap { ($0.rule as? NotCommon)?.top } == [3000])
    #expect(rules.compactMap { ($0.rule as? MaxLength)?.max } == [64])
    let report = policy.validate(["password": "kumonoue"])
    #expect(report.isValid)
    // A warning is advice, never worded as the requirement the 8-character error states.
    #expect(report.messages(locale: "ja")["password"] == ["パスワードは15文字以上にすると、より安全です。"])
    #expect(report.messages(locale: "en")["password"] == ["We recommend at least 15 characters for password."])
    #expect(
      policy.checklist(for: "password", values: ["password": "kumonoue"], locale: "ja").map(\.text).contains(
        "推奨：15文字以上"))
    #expect(
      policy.checklist(for: "password", values: ["password": "kumonoue"], locale: "en").map(\.text).contains(
        "Recommended: at least 15 characters"))
  }

  @Test("the checklist of a preset, in Japanese", arguments: presets)
  func checklist(name: String) throws {
    let policy = try Self.load(name)
    let items = policy.checklist(for: "password", values: ["password": "kumonoue"], locale: "ja")
    #expect(items.first?.text == "入力必須")
    #expect(items.contains { $0.text == "よく使われるパスワードではない" && $0.isMet })
    #expect(items.contains { $0.text == "64文字以内" && $0.isMet })
  }
}
