import Testing

@testable import FormRules

/// `anyOf` itself. A composite has no check of its own: the plan combines its children, so
/// "the rule itself" is that combining, asked through `Policy.check(AnyOf.self, …)` (the
/// composite node alone) with simple children.
@Suite("anyOf: the composite itself")
struct AnyOfTests {
  static let rules = #"{"anyOf": [{"minLength": 4}, {"pattern": "^\\p{Han}+$"}]}"#

  /// The failure's code and parameters (it also carries its children's requirements, for
  /// the message's `{alternatives}`, which the rendering tests cover).
  static func failed(_ codes: [String]) -> [String] {
    let params: Parameters = ["failures": .strings(codes)]
    return ["anyOf \(params)"]
  }

  static func summary(_ failures: [Failure]) -> [String] { failures.map { "\($0.code) \($0.params)" } }

  @Test("edges: passes when one child passes, else one failure naming every child's codes", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(Self.rules, options: #""trim": false"#)
    let expected: [String] =
      switch edge {
      // An empty value is not asked by either child, so both pass.
      case .empty, .japanese, .emoji, .huge: []
      case .spaces, .ideographicSpaces, .combining: Self.failed(["minLength", "pattern"])
      }
    #expect(Self.summary(policy.check(AnyOf.self, edge.value)) == expected)
  }

  @Test("a child's warning is not an error: the anyOf passes")
  func warningChild() throws {
    let policy = try rulePolicy(#"{"anyOf": [{"minLength": 4, "severity": "warning"}, {"pattern": "^x$"}]}"#)
    #expect(policy.check(AnyOf.self, "ab") == [])
  }

  @Test("the second child passing is enough; the failure lists codes in order")
  func order() throws {
    let policy = try rulePolicy(#"{"anyOf": [{"pattern": "^\\d+$"}, {"maxLength": 2}]}"#)
    #expect(policy.check(AnyOf.self, "漢字") == [])
    #expect(Self.summary(policy.check(AnyOf.self, "漢字です")) == Self.failed(["pattern", "maxLength"]))
  }
}
