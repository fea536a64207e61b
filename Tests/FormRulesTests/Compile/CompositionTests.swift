import Testing

@testable import FormRules

@Suite("anyOf, allOf, not, when, severity, bail")
struct CompositionTests {
  @Test("anyOf passes when one branch passes")
  func anyOf() throws {
    let policy = try fieldPolicy(#"[{"anyOf": [{"email": true}, {"pattern": "^[0-9]{10,11}\\z"}]}]"#)
    #expect(codes(policy, "taro@example.jp") == [])
    #expect(codes(policy, "09012345678") == [])
    let failure = policy.validate(["f": "nope"]).fields["f"]?.failures.first
    #expect(failure?.code == "anyOf")
    #expect(failure?.params["failures"] == .strings(["email", "pattern"]))
  }

  @Test("allOf reports each failing part")
  func allOf() throws {
    let policy = try fieldPolicy(#"[{"allOf": [{"minLength": 5}, {"pattern": "[0-9]"}]}]"#)
    #expect(codes(policy, "ab") == ["minLength", "pattern"])
    #expect(codes(policy, "abcd1") == [])
  }

  @Test("not fails when its rules pass")
  func not() throws {
    let policy = try fieldPolicy(#"[{"not": {"pattern": "^[0-9]+\\z"}}]"#)
    #expect(codes(policy, "12345") == ["not"])
    #expect(codes(policy, "12a45") == [])
    #expect(codes(policy, "") == [])
  }

  @Test("when applies a rule only if another field has a value")
  func when() throws {
    let policy = try fieldPolicy(
      #"[{"required": true, "when": {"field": "other", "equals": "business"}}, {"minLength": 3, "when": {"field": "other", "notEmpty": true}}]"#
    )
    #expect(codes(policy, nil, other: "business") == ["required"])
    #expect(codes(policy, nil, other: "personal") == [])
    #expect(codes(policy, "ab", other: "x") == ["minLength"])
    #expect(codes(policy, "ab") == [])
  }

  @Test("a warning never makes input invalid")
  func warning() throws {
    let policy = try fieldPolicy(#"[{"minLength": 12, "severity": "warning"}]"#)
    let report = policy.validate(["f": "short"])
    #expect(report.isValid)
    #expect(report.fields["f"]?.warnings.map(\.code) == ["minLength"])
    #expect(report.fields["f"]?.errors.isEmpty == true)
  }

  @Test("without bail every failure is collected; with bail the first error stops the field")
  func bail() throws {
    let all = try fieldPolicy(#"[{"minLength": 5}, {"pattern": "[0-9]"}]"#)
    let first = try fieldPolicy(#"[{"minLength": 5}, {"pattern": "[0-9]"}]"#, options: #""bail": true"#)
    #expect(codes(all, "ab") == ["minLength", "pattern"])
    #expect(codes(first, "ab") == ["minLength"])
  }

  @Test("a rule's message overrides the catalog, per language")
  func messageOverride() throws {
    let policy = try fieldPolicy(#"[{"minLength": 5, "message": {"ja": "短すぎます。", "en": "Too short."}}]"#)
    let report = policy.validate(["f": "ab"])
    #expect(report.messages(locale: "ja")["f"] == ["短すぎます。"])
    #expect(report.messages(locale: "en-US")["f"] == ["Too short."])
  }
}
