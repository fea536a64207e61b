import Testing

@testable import FormRules

/// `allOf` itself. A composite has no check of its own: the plan combines its children, so
/// "the rule itself" is that combining, asked through `Policy.check(AllOf.self, …)` (the
/// composite node alone, without the field's bail or other rules) with simple children.
/// How it passes its severity and message down is evaluation, in CompositionTests.
@Suite("allOf: the composite itself")
struct AllOfTests {
  static let rules = #"{"allOf": [{"minLength": 3}, {"notPattern": "\\s"}]}"#

  @Test("edges: every failing child reports its own failure, in order", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(Self.rules, options: #""trim": false"#)
    let short = Failure(code: "minLength", params: ["min": 3, "actual": 2, "unit": "characters"])
    let space = Failure(code: "notPattern")
    let expected: [Failure] =
      switch edge {
      case .empty, .japanese, .emoji, .huge: []
      case .spaces: [space]
      case .ideographicSpaces: [short, space]
      case .combining: [short]
      }
    #expect(policy.check(AllOf.self, edge.value) == expected)
  }

  @Test("no failure of its own: passing children leave nothing; a nested allOf reports its children's")
  func nested() throws {
    let policy = try rulePolicy(#"{"allOf": [{"maxLength": 8}, {"allOf": [{"notPattern": "ー"}]}]}"#)
    #expect(policy.check(AllOf.self, "パスワ") == [])
    #expect(policy.check(AllOf.self, "パスワード") == [Failure(code: "notPattern")])
    #expect(
      policy.check(AllOf.self, "パスワードパスワード")
        == [
          Failure(code: "maxLength", params: ["max": 8, "actual": 10, "unit": "characters"]),
          Failure(code: "notPattern"),
        ])
  }
}
