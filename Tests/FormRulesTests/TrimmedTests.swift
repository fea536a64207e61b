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
    #expect(codes(policy, value) == (fails ? ["trimmed"] : []))
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
