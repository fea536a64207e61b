import FormRules  // the public API only: no @testable
import FormRulesExport
import Foundation
import Testing

/// An app's password rule, for the exports: the value does not contain any of the given
/// words, ignoring case (the company's name).
struct NotContainsWord: Rule {
  static let name = "notContainsWord"
  static let messages = [
    RuleMessage(
      "notContainsWord", ja: ("{label}に会社名を含めないでください。", "会社名を含めないでください。"),
      en: ("{label} must not contain the company's name.", "Must not contain the company's name.")),
    RuleMessage(
      "requirement.notContainsWord", ja: ("会社名を含まない", "会社名を含まない"),
      en: ("Does not contain the company's name", "Does not contain the company's name")),
  ]

  let words: [String]

  init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    words = try decoder.stringList().map { $0.lowercased() }
  }

  func check(_ subject: Subject) -> Int? {
    let value = subject.string.lowercased()
    return words.contains { value.contains($0) } ? 0 : nil
  }

  func failure(variant: Int) -> Failure { Failure(code: Self.name) }
}

/// Exports of a rules file that uses a rule an exporter does not know: an app's own rule,
/// and a built-in no exporter has a case for (`noSequence`). Each format must leave the rule
/// out with a note naming it, and export exactly what it exports without the rule: the
/// default of every exporter's switch is a note and nothing stricter (docs/rules.md,
/// "Adding a rule").
@Suite("Exports of a rule the exporter does not know")
struct CustomRuleExportTests {
  static func rules(extra: String?) -> String {
    let rule = extra.map { ", \($0)" } ?? ""
    return """
      {"version": 1, "name": "export-unknown", "defaultLocale": "ja",
       "fields": {
         "email": {"label": {"ja": "メールアドレス", "en": "Email address"}, "trim": true,
                   "rules": [{"required": true}, {"email": "practical"}, {"maxLength": 254}\(rule)]},
         "password": {"label": {"ja": "パスワード", "en": "Password"}, "sensitive": true,
                      "rules": [{"required": true}, {"minLength": 8}, {"maxLength": 64, "unit": "utf16"},
                                {"trimmed": true}, {"characterClasses": {"min": 2}}\(rule)]},
         "confirmation": {"label": {"ja": "パスワード（確認）", "en": "Confirmation"}, "sensitive": true,
                          "rules": [{"sameAs": "password"}]}}}
      """
  }

  /// A rule no exporter has a case for, with its JSON.
  struct UnknownRule: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    var testDescription: String { name }
  }

  static let unknownRules = [
    UnknownRule(name: "notContainsWord", json: #"{"notContainsWord": ["Example", "イグザンプル"]}"#),
    UnknownRule(name: "noSequence", json: #"{"noSequence": 4}"#),
  ]

  static func registry() throws -> RuleRegistry {
    var registry = RuleRegistry.builtIn
    try registry.register(NotContainsWord.self)
    return registry
  }

  static func export(_ format: ExportFormat, extra: String?) throws -> Export {
    let text = rules(extra: extra)
    let ruleSet = try RuleSet(data: Array(text.utf8), file: "export-unknown.json", registry: try registry())
    return try ruleSet.export(format)
  }

  @Test(
    "each format notes the rule by name and exports exactly what it exports without it",
    arguments: ExportFormat.allCases, Self.unknownRules)
  func unknownRule(format: ExportFormat, rule: UnknownRule) throws {
    let with = try Self.export(format, extra: rule.json)
    let without = try Self.export(format, extra: nil)
    #expect(with.text == without.text, "\(format.rawValue): \(rule.name) changed the export")
    #expect(with.stricter == without.stricter, "\(format.rawValue): \(rule.name) changed what is stricter")
    // The notes are those of the file without the rule, plus the rule's own, which name it.
    let added = with.notes.filter { !without.notes.contains($0) }
    #expect(with.notes.filter { without.notes.contains($0) } == without.notes)
    #expect(!added.isEmpty, "\(format.rawValue): no note for \(rule.name)")
    for note in added {
      #expect(note.rule == rule.name, "\(format.rawValue): \(note)")
      #expect(note.reason.contains(rule.name), "\(format.rawValue): \(note)")
    }
    // The web formats export every field; passwordrules and the identity providers the
    // password field only.
    let fields = Set(added.map(\.field))
    #expect(fields == ([.html, .jsonSchema].contains(format) ? ["email", "password"] : ["password"]))
  }
}
