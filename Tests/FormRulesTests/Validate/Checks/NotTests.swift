import Testing

@testable import FormRules

/// `not` itself. A composite has no check of its own: the plan combines its children, so
/// "the rule itself" is that combining, asked through `Policy.check(Not.self, …)` (the
/// composite node alone) with simple children.
@Suite("not: the composite itself")
struct NotTests {
  @Test("edges: fails when every child passes on a non-empty value", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"not": {"maxLength": 2}}"#, options: #""trim": false"#)
    let expected: [Failure] =
      switch edge {
      // An empty value is never a match, though maxLength would pass it.
      case .empty, .spaces, .japanese, .emoji, .huge: []
      case .ideographicSpaces, .combining: [Failure(code: "not")]
      }
    #expect(policy.check(Not.self, edge.value) == expected)
  }

  @Test("a list of children must all pass to match")
  func list() throws {
    let policy = try rulePolicy(#"{"not": [{"minLength": 2}, {"pattern": "^\\p{Katakana}+$"}]}"#)
    #expect(policy.check(Not.self, "パスワ") == [Failure(code: "not")])
    #expect(policy.check(Not.self, "パ") == [])
    #expect(policy.check(Not.self, "ぱすわ") == [])
  }
}
