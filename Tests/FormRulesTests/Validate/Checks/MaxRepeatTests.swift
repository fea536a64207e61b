import Testing

@testable import FormRules

@Suite("maxRepeat")
struct MaxRepeatTests {
  @Test(
    "no run longer than max, exactly at the boundary",
    arguments: [
      ("aaa", nil), ("aaaa", 4), ("abcaaab", nil), ("xaaaax", 4), ("ああああ", 4), ("あああ", nil), ("１１１１", 4),
      ("aAaA", nil), ("aａaａ", nil), ("👍👍👍👍👍", 5), ("abab", nil), ("   ", nil), ("    ", 4),
    ] as [(String, Int?)])
  func runs(password: String, actual: Int?) throws {
    let policy = try passwordPolicy(#"[{"maxRepeat": 3}]"#)
    let failures = ruleFailures(MaxRepeat.self, policy, password)
    #expect(failures.first?.params["actual"] == actual.map(ParameterValue.int))
    #expect(failures.map(\.code) == (actual == nil ? [] : ["maxRepeat"]))
  }

  @Test("max 1 forbids any doubled character")
  func one() throws {
    let policy = try passwordPolicy(#"[{"maxRepeat": 1}]"#)
    #expect(ruleCodes(MaxRepeat.self, policy, "ab") == [])
    #expect(ruleCodes(MaxRepeat.self, policy, "abb") == ["maxRepeat"])
    #expect(
      passwordMessage(policy, "aa", locale: "en") == "Password must not have more than 1 identical character in a row.")
  }

  @Test("graphemes see skin-toned emoji and combining marks as one character")
  func graphemes() throws {
    let scalars = try passwordPolicy(#"[{"maxRepeat": 3}]"#)
    let graphemes = try passwordPolicy(#"[{"maxRepeat": 3, "unit": "graphemes"}]"#)
    let thumbs = String(repeating: "👍🏽", count: 4)
    let accents = String(repeating: "e\u{301}", count: 4)
    #expect(ruleCodes(MaxRepeat.self, scalars, thumbs) == [])
    #expect(ruleCodes(MaxRepeat.self, graphemes, thumbs) == ["maxRepeat"])
    #expect(ruleCodes(MaxRepeat.self, scalars, accents) == [])
    #expect(ruleCodes(MaxRepeat.self, graphemes, accents) == ["maxRepeat"])
    let failure = try #require(ruleFailures(MaxRepeat.self, graphemes, thumbs).first)
    #expect(failure.params["unit"] == .string("graphemes"))
    #expect(failure.params["actual"] == .int(4))
  }

  @Test("empty is left to required; 10,000 characters")
  func emptyAndLong() throws {
    let policy = try passwordPolicy(#"[{"maxRepeat": 3}]"#)
    #expect(ruleCodes(MaxRepeat.self, policy, "") == [])
    #expect(
      ruleFailures(MaxRepeat.self, policy, String(repeating: "a", count: 10_000)).first?.params["actual"]
        == .int(10_000))
    #expect(ruleCodes(MaxRepeat.self, policy, String(repeating: "aab", count: 3_334)) == [])
  }

  @Test("messages")
  func messages() throws {
    let policy = try passwordPolicy(#"[{"maxRepeat": 3}]"#)
    #expect(passwordMessage(policy, "aaaa", locale: "ja") == "パスワードでは、同じ文字の連続は3文字までにしてください。")
    #expect(passwordMessage(policy, "aaaa", locale: "ja", style: .inline) == "同じ文字の連続は3文字までにしてください。")
    #expect(
      passwordMessage(policy, "aaaa", locale: "en")
        == "Password must not have more than 3 identical characters in a row.")
    expectNoLeak(policy, "zzzzzz")
  }

  @Test("0 and byte units are load errors")
  func decodingErrors() {
    #expect(!loadProblems(#"{"fields": {"p": {"rules": [{"maxRepeat": 0}]}}}"#).isEmpty)
    #expect(!loadProblems(#"{"fields": {"p": {"rules": [{"maxRepeat": 3, "unit": "utf8"}]}}}"#).isEmpty)
    #expect(!loadProblems(#"{"fields": {"p": {"rules": [{"maxRepeat": "3"}]}}}"#).isEmpty)
  }
}

/// `maxRepeat` itself on the edges, asked directly through `Policy.check` with a 1 MB limit.
@Suite("maxRepeat: the rule itself")
struct MaxRepeatRuleTests {
  @Test("edges: the variant is the longest run, in code points", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"maxRepeat": 3}"#, options: #""trim": false"#)
    let expected: RuleVerdict? =
      switch edge {
      case .empty, .spaces, .ideographicSpaces, .japanese, .emoji, .combining: nil
      case .huge: verdict(1 << 20, "maxRepeat", ["max": 3, "actual": .int(1 << 20), "unit": "characters"])
      }
    #expect(policy.check(MaxRepeat.self, edge.value) == expected)
  }

  @Test("four U+3000 or four ー are a run of four")
  func wideRuns() throws {
    let policy = try rulePolicy(#"{"maxRepeat": 3}"#, options: #""trim": false"#)
    let four = verdict(4, "maxRepeat", ["max": 3, "actual": 4, "unit": "characters"])
    #expect(policy.check(MaxRepeat.self, String(repeating: "\u{3000}", count: 4)) == four)
    #expect(policy.check(MaxRepeat.self, "パスーーーー") == four)
  }
}
