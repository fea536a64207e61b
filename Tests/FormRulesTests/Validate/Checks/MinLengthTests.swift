import Testing

@testable import FormRules

/// `minLength` itself, asked directly through `Policy.check` (the rule alone, after the
/// field's transforms). How it behaves inside a form — bail, severity, messages in a
/// report — is in LengthRuleTests and CompositionTests.
@Suite("minLength: the rule itself")
struct MinLengthTests {
  @Test(
    "edges: empty is not asked, spaces and U+3000 count, Japanese, emoji and combining marks count code points",
    arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"minLength": 3}"#, options: #""trim": false"#)
    let expected: RuleVerdict? =
      switch edge {
      case .empty, .spaces, .japanese, .emoji, .huge: nil
      case .ideographicSpaces, .combining: verdict(2, "minLength", ["min": 3, "actual": 2, "unit": "characters"])
      }
    #expect(policy.check(MinLength.self, edge.value) == expected)
  }

  @Test(
    "the variant is the actual length in the rule's unit; the detail names utf8 and utf16",
    arguments: [("characters", 5, nil), ("graphemes", 1, nil), ("utf16", 8, "utf16"), ("utf8", 18, "utf8")]
      as [(String, Int, String?)])
  func units(unit: String, actual: Int, detail: String?) throws {
    let policy = try rulePolicy(#"{"minLength": 20, "unit": "\#(unit)"}"#)
    #expect(
      policy.check(MinLength.self, Edge.emoji.value)
        == verdict(actual, "minLength", ["min": 20, "actual": .int(actual), "unit": .string(unit)], detail: detail))
  }

  @Test("the bound is inclusive; the field's trim runs before the rule")
  func bound() throws {
    let policy = try rulePolicy(#"{"minLength": 3}"#)
    #expect(policy.check(MinLength.self, "abc") == nil)
    #expect(policy.check(MinLength.self, "ab")?.variant == 2)
    // Trimmed to "ab" before the rule sees it.
    #expect(policy.check(MinLength.self, "\u{3000}ab ")?.variant == 2)
  }
}
