import Testing

@testable import FormRules

/// `notPattern` itself, asked directly through `Policy.check`.
@Suite("notPattern: the rule itself")
struct NotPatternTests {
  @Test("edges: \\s matches U+3000 (UCP); a match fails with variant 0", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"notPattern": "\\s"}"#, options: #""trim": false"#)
    let expected: RuleVerdict? =
      switch edge {
      case .empty, .japanese, .emoji, .combining, .huge: nil
      case .spaces, .ideographicSpaces: verdict(0, "notPattern")
      }
    #expect(policy.check(NotPattern.self, edge.value) == expected)
  }

  @Test("a search that hits the limit fails as pattern.limit (variant 1), never passes")
  func limit() throws {
    let policy = try rulePolicy(#"{"notPattern": "^(a+)+$"}"#)
    #expect(policy.check(NotPattern.self, String(repeating: "a", count: 30) + "b") == verdict(1, "pattern.limit"))
    #expect(policy.check(NotPattern.self, "aaa") == verdict(0, "notPattern"))
  }

  @Test("a combining mark is its own code point: e\\x{301} does not match é")
  func combining() throws {
    let policy = try rulePolicy(#"{"notPattern": "é"}"#, options: #""trim": false"#)
    #expect(policy.check(NotPattern.self, "caf\u{E9}") == verdict(0, "notPattern"))
    #expect(policy.check(NotPattern.self, "cafe\u{301}") == nil)
  }
}
