import Testing

@testable import FormRules

/// `pattern` itself, asked directly through `Policy.check`. Pattern compilation and its
/// load errors are in PatternTests.
@Suite("pattern: the rule itself")
struct PatternRuleTests {
  @Test("edges: \\p{L} is Unicode-aware (UTF and UCP); 1 MB is searched", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"pattern": "^\\p{L}+\\z"}"#, options: #""trim": false"#)
    let expected: RuleVerdict? =
      switch edge {
      // ー (U+30FC) is a modifier letter, so パスワード is all letters.
      case .empty, .japanese, .huge: nil
      case .spaces, .ideographicSpaces, .emoji, .combining: verdict(0, "pattern")
      }
    #expect(policy.check(PatternRule.self, edge.value) == expected)
  }

  @Test("variant 1 is pattern.limit: catastrophic backtracking is a failure, never a pass")
  func limit() throws {
    let policy = try rulePolicy(#"{"pattern": "^(a+)+$"}"#)
    #expect(policy.check(PatternRule.self, String(repeating: "a", count: 30) + "b") == verdict(1, "pattern.limit"))
    #expect(policy.check(PatternRule.self, String(repeating: "a", count: 30)) == nil)
  }

  @Test("flags apply: i matches either case")
  func flags() throws {
    let policy = try rulePolicy(#"{"pattern": "^abc$", "flags": "i"}"#)
    #expect(policy.check(PatternRule.self, "ABC") == nil)
    #expect(policy.check(PatternRule.self, "ABD") == verdict(0, "pattern"))
  }
}
