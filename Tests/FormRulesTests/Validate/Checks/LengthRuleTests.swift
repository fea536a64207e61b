import Testing

@testable import FormRules

@Suite("minLength and maxLength")
struct LengthRuleTests {
  @Test(
    "units count 👍 as 1 character, 2 UTF-16 units, 4 bytes",
    arguments: [("characters", 1), ("graphemes", 1), ("utf16", 2), ("utf8", 4)])
  func thumbsUp(unit: String, length: Int) throws {
    let atLeast = try fieldPolicy(#"[{"minLength": \#(length), "unit": "\#(unit)"}]"#)
    let above = try fieldPolicy(#"[{"minLength": \#(length + 1), "unit": "\#(unit)"}]"#)
    #expect(codes(atLeast, "👍") == [])
    #expect(codes(above, "👍") == ["minLength"])
    let atMost = try fieldPolicy(#"[{"maxLength": \#(length), "unit": "\#(unit)"}]"#)
    let below = try fieldPolicy(#"[{"maxLength": \#(length - 1), "unit": "\#(unit)"}]"#)
    #expect(codes(atMost, "👍") == [])
    #expect(codes(below, "👍") == ["maxLength"])
  }

  @Test("the default unit is characters (code points)")
  func defaultUnit() throws {
    let policy = try fieldPolicy(#"[{"minLength": 3}]"#)
    #expect(codes(policy, "あいう") == [])
    #expect(codes(policy, "あい") == ["minLength"])
    // A family emoji is 5 code points but one grapheme.
    #expect(codes(policy, "👨‍👩‍👧") == [])
    let graphemes = try fieldPolicy(#"[{"minLength": 2, "unit": "graphemes"}]"#)
    #expect(codes(graphemes, "👨‍👩‍👧") == ["minLength"])
  }

  @Test("e + combining acute is 2 characters, 1 after NFC")
  func combining() throws {
    let raw = try fieldPolicy(#"[{"maxLength": 1}]"#)
    let nfc = try fieldPolicy(#"[{"maxLength": 1}]"#, options: #""normalize": "nfc""#)
    #expect(codes(raw, "e\u{301}") == ["maxLength"])
    #expect(codes(nfc, "e\u{301}") == [])
    #expect(nfc.validate(["f": "e\u{301}"]).fields["f"]?.value == "é")
  }

  @Test("NFKC folds full-width letters before counting")
  func nfkc() throws {
    let policy = try fieldPolicy(#"[{"pattern": "^[A-Z]+\\z"}]"#, options: #""normalize": "nfkc""#)
    #expect(codes(policy, "ＡＢＣ") == [])
    #expect(policy.validate(["f": "ＡＢＣ"]).fields["f"]?.value == "ABC")
  }

  @Test("failures carry min/max, actual and unit")
  func parameters() throws {
    let policy = try fieldPolicy(#"[{"minLength": 8}, {"maxLength": 3, "unit": "utf8"}]"#)
    let failures = policy.validate(["f": "日本語"]).fields["f"]?.failures ?? []
    #expect(failures.count == 2)
    #expect(failures[0].params == ["min": 8, "actual": 3, "unit": "characters"])
    #expect(failures[1].params == ["max": 3, "actual": 9, "unit": "utf8"])
    #expect(failures[1].detail == "utf8")
  }

  @Test("boundaries are inclusive", arguments: [7, 8, 9, 64, 65])
  func boundaries(length: Int) throws {
    let policy = try fieldPolicy(#"[{"minLength": 8}, {"maxLength": 64}]"#)
    let expected: [String] = length < 8 ? ["minLength"] : length > 64 ? ["maxLength"] : []
    #expect(codes(policy, String(repeating: "x", count: length)) == expected)
  }

  @Test("an empty optional value is not checked for length")
  func emptyIsSkipped() throws {
    let policy = try fieldPolicy(#"[{"minLength": 8}]"#)
    #expect(codes(policy, "") == [])
    #expect(codes(policy, nil) == [])
  }

  @Test("a very long value is counted, within the size limit")
  func long() throws {
    let policy = try fieldPolicy(#"[{"maxLength": 1000}]"#)
    #expect(codes(policy, String(repeating: "a", count: 4000)) == ["maxLength"])
    #expect(codes(policy, String(repeating: "a", count: 10_000)) == ["input.tooLong"])
  }

  @Test("minLength above maxLength is a load error at the rule's path")
  func conflict() {
    let problems = loadProblems(#"{"fields": {"p": {"rules": [{"maxLength": 4}, {"minLength": 8}]}}}"#)
    #expect(problems.count == 1)
    #expect(jsonPathString(problems.first?.path ?? []) == "fields.p.rules[1].minLength")
    #expect(problems.first?.message.contains("above maxLength 4") == true)
  }

  @Test("different units do not conflict")
  func unitsDoNotConflict() {
    #expect(
      loadProblems(#"{"fields": {"p": {"rules": [{"maxLength": 4, "unit": "utf8"}, {"minLength": 8}]}}}"#).isEmpty)
  }
}
