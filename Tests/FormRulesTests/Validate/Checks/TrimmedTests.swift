import Testing

@testable import FormRules

@Suite("trimmed")
struct TrimmedTests {
  @Test(
    "outer Unicode white space fails, inner and none pass",
    arguments: [
      (" a", true), ("a ", true), ("\u{3000}パス", true), ("a\u{00A0}", true), ("\u{2028}x", true), ("a b", false),
      ("abc", false), ("パス ワード", false), ("👍", false),
    ])
  func outer(value: String, fails: Bool) throws {
    let policy = try fieldPolicy(#"[{"trimmed": true}]"#, options: #""trim": false"#)
    #expect(policy.check(Trimmed.self, value) == (fails ? verdict(0, "trimmed") : nil))
  }

  @Test("false never fails, and an empty value is left alone")
  func disabled() throws {
    #expect(codes(try fieldPolicy(#"[{"trimmed": false}]"#, options: #""trim": false"#), " a ") == [])
    #expect(codes(try fieldPolicy(#"[{"trimmed": true}]"#, options: #""trim": false"#), "") == [])
  }

  @Test("as a warning it flags without making the field invalid")
  func warning() throws {
    let policy = try fieldPolicy(#"[{"trimmed": true, "severity": "warning"}]"#, options: #""trim": false"#)
    let report = policy.validate(["f": " a "])
    #expect(report.fields["f"]?.warnings.map(\.code) == ["trimmed"])
    #expect(report.isValid)
  }
}

/// `trimmed` itself, asked directly through `Policy.check` on an untrimmed field.
@Suite("trimmed: the rule itself")
struct TrimmedRuleTests {
  @Test("edges: spaces and U+3000 alone are outer white space; a combining mark is not", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"trimmed": true}"#, options: #""trim": false"#)
    let expected: RuleVerdict? =
      switch edge {
      case .empty, .japanese, .emoji, .combining, .huge: nil
      case .spaces, .ideographicSpaces: verdict(0, "trimmed")
      }
    #expect(policy.check(Trimmed.self, edge.value) == expected)
  }

  @Test("white space at either end of a 1 MB value; false checks nothing")
  func endsAndOff() throws {
    let policy = try rulePolicy(#"{"trimmed": true}"#, options: #""trim": false"#)
    #expect(policy.check(Trimmed.self, Edge.megabyte + "\u{3000}") == verdict(0, "trimmed"))
    #expect(policy.check(Trimmed.self, "\u{3000}" + Edge.megabyte) == verdict(0, "trimmed"))
    #expect(policy.check(Trimmed.self, "パス ワード") == nil)
    #expect(try rulePolicy(#"{"trimmed": false}"#, options: #""trim": false"#).check(Trimmed.self, " a ") == nil)
  }
}
