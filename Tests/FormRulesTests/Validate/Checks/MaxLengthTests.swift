import Testing

@testable import FormRules

/// `maxLength` itself, asked directly through `Policy.check`. Its place in a form
/// (the size limit, conflicts with minLength) is in LengthRuleTests.
@Suite("maxLength: the rule itself")
struct MaxLengthTests {
  @Test("edges: Japanese and emoji count code points; 1 MB is counted, not refused", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"maxLength": 4}"#, options: #""trim": false"#)
    let expected: RuleVerdict? =
      switch edge {
      case .empty, .spaces, .ideographicSpaces, .combining: nil
      case .japanese, .emoji: verdict(5, "maxLength", ["max": 4, "actual": 5, "unit": "characters"])
      case .huge: verdict(1 << 20, "maxLength", ["max": 4, "actual": .int(1 << 20), "unit": "characters"])
      }
    #expect(policy.check(MaxLength.self, edge.value) == expected)
  }

  @Test(
    "the variant is the actual length in the rule's unit; the detail names utf8 and utf16",
    arguments: [("characters", 5, nil), ("utf16", 8, "utf16"), ("utf8", 18, "utf8")] as [(String, Int, String?)])
  func units(unit: String, actual: Int, detail: String?) throws {
    let policy = try rulePolicy(#"{"maxLength": 2, "unit": "\#(unit)"}"#)
    #expect(
      policy.check(MaxLength.self, Edge.emoji.value)
        == verdict(actual, "maxLength", ["max": 2, "actual": .int(actual), "unit": .string(unit)], detail: detail))
    // One grapheme: within 2 graphemes.
    #expect(try rulePolicy(#"{"maxLength": 2, "unit": "graphemes"}"#).check(MaxLength.self, Edge.emoji.value) == nil)
  }

  @Test("combining marks: 2 code points, 1 after NFC, which runs before the rule")
  func combining() throws {
    #expect(try rulePolicy(#"{"maxLength": 1}"#).check(MaxLength.self, "e\u{301}")?.variant == 2)
    #expect(
      try rulePolicy(#"{"maxLength": 1}"#, options: #""normalize": "nfc""#).check(MaxLength.self, "e\u{301}") == nil)
  }
}
