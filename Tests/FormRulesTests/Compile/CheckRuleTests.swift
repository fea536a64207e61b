import Testing

@testable import FormRules
@testable import FormRulesExport

/// `check` itself, asked directly through `Policy.check`: the synchronous walk always
/// passes it (the app's async check runs later, in `validate(_:checks:timeout:)`, tested
/// with the app's closures in CustomRuleTests), and its variants name the check.
@Suite("check: the rule itself")
struct CheckRuleTests {
  /// A field `f` with the check, whose failure message the file gives (M8: a check without one
  /// is refused), but not its checklist phrase.
  static func policy(options: String = "") throws -> Policy {
    try makePolicy(
      """
      {"version": 1, "limits": {"maxValueBytes": 2097152},
       "messages": {"ja": {"emailAvailable": "登録済みです。"}, "en": {"emailAvailable": "Taken."}},
       "fields": {"f": {"label": {"ja": "項目", "en": "Field"}, "rules": [{"check": "emailAvailable"}]\(options)}}}
      """)
  }

  @Test("edges: the synchronous check never fails, whatever the value", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try Self.policy(options: #", "trim": false"#)
    #expect(policy.check(CheckRule.self, edge.value) == nil)
  }

  @Test("variant 0 is the check's own code, 1 is check.unavailable; both carry the check's name")
  func variants() throws {
    let policy = try Self.policy()
    let rule = try #require(policy.ruleSet.fields.first?.rules.first?.leaves.first?.rule as? CheckRule)
    #expect(rule.failure(variant: 0) == Failure(code: "emailAvailable", params: ["check": "emailAvailable"]))
    #expect(rule.failure(variant: 1) == Failure(code: "check.unavailable", params: ["check": "emailAvailable"]))
    #expect(rule.requirement == Failure(code: "emailAvailable", params: ["check": "emailAvailable"]))
    // M6: without the app's `requirement.emailAvailable`, the checklist says it in general words.
    let policy2 = try Self.policy()
    let field = try #require(policy2.fieldNames.first)
    #expect(policy2.requirements(for: field, locale: "ja").map(\.text).contains("サービス側の確認に合格"))
    #expect(policy2.requirements(for: field, locale: "en").map(\.text).contains("Accepted by the service"))
    #expect(!policy2.requirements(for: field, locale: "en").map(\.text).contains("emailAvailable"))
  }
}
