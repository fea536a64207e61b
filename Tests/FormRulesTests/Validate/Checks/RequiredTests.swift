import Testing

@testable import FormRules

@Suite("required and trimming")
struct RequiredTests {
  @Test(
    "empty after trimming fails required",
    arguments: ["", " ", "\u{3000}", "\u{00A0}", " \u{3000}\t\n\r", "\u{2003}\u{3000}"])
  func blank(value: String) throws {
    let policy = try fieldPolicy(#"[{"required": true}]"#)
    #expect(policy.check(Required.self, value) == verdict(0, "required"))
  }

  @Test("absent and null fail required")
  func absent() throws {
    let policy = try fieldPolicy(#"[{"required": true}]"#)
    #expect(codes(policy, nil) == ["required"])
    #expect(policy.validate([:] as [String: String]).fields["f"]?.failures.map(\.code) == ["required"])
  }

  @Test("required: false never fails")
  func notRequired() throws {
    #expect(codes(try fieldPolicy(#"[{"required": false}]"#), nil) == [])
  }

  @Test("trim removes U+3000 and U+00A0 at both ends but keeps inner spaces")
  func trims() throws {
    let policy = try fieldPolicy(#"[{"required": true}]"#)
    #expect(policy.validate(["f": "\u{3000}\u{00A0} 山田 太郎 \u{3000}"]).fields["f"]?.value == "山田 太郎")
  }

  @Test("sensitive fields are not trimmed by default, and have no value in the report")
  func sensitiveNotTrimmed() throws {
    let policy = try fieldPolicy(#"[{"required": true}, {"minLength": 3}]"#, options: #""sensitive": true"#)
    let report = policy.validate(["f": "  a  "])
    #expect(report.fields["f"]?.failures.isEmpty == true)
    #expect(report.fields["f"]?.value == nil)
    // Only spaces is a non-empty password: present, not silently emptied.
    #expect(codes(policy, "   ") == [])
  }

  @Test("trim can be turned off for an ordinary field")
  func trimOff() throws {
    let policy = try fieldPolicy(#"[{"required": true}]"#, options: #""trim": false"#)
    #expect(codes(policy, " ") == [])
    #expect(policy.validate(["f": " x "]).fields["f"]?.value == " x ")
  }

  @Test("trimmed flags outer white space without changing the value", arguments: [" a", "a ", "\u{3000}a", "a\n"])
  func trimmedCheck(value: String) throws {
    let policy = try fieldPolicy(#"[{"trimmed": true, "severity": "warning"}]"#, options: #""trim": false"#)
    let report = policy.validate(["f": value])
    #expect(report.fields["f"]?.failures.map(\.code) == ["trimmed"])
    #expect(report.fields["f"]?.failures.first?.severity == .warning)
    #expect(report.isValid)
    #expect(codes(policy, "a b") == [])
  }
}

/// `required` itself, asked directly through `Policy.check` (after the field's transforms;
/// the tests above go through `validate`).
@Suite("required: the rule itself")
struct RequiredRuleTests {
  @Test("edges on a trimmed field: empty, spaces and U+3000 are empty after trim", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"required": true}"#)
    let expected: RuleVerdict? =
      switch edge {
      case .empty, .spaces, .ideographicSpaces: verdict(0, "required")
      case .japanese, .emoji, .combining, .huge: nil
      }
    #expect(policy.check(Required.self, edge.value) == expected)
  }

  @Test("edges on an untrimmed field: only the empty value fails", arguments: Edge.allCases)
  func untrimmed(edge: Edge) throws {
    let policy = try rulePolicy(#"{"required": true}"#, options: #""trim": false"#)
    #expect(policy.check(Required.self, edge.value) == (edge == .empty ? verdict(0, "required") : nil))
  }

  @Test("absent fails; required: false asks for nothing")
  func absentAndOff() throws {
    #expect(try rulePolicy(#"{"required": true}"#).check(Required.self, nil) == verdict(0, "required"))
    #expect(try rulePolicy(#"{"required": false}"#).check(Required.self, nil) == nil)
    #expect(try rulePolicy(#"{"required": false}"#).check(Required.self, "") == nil)
  }
}
