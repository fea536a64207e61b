import Testing

@testable import FormRules

@Suite("noSequence")
struct NoSequenceTests {
  @Test(
    "runs of 4 through the alphabet, digits, kana and US/JIS keyboard rows",
    arguments: [
      ("abcd", "alphabetical"), ("xxabcdxx", "alphabetical"), ("dcba", "alphabetical"), ("ABCD", "alphabetical"),
      ("ａｂｃｄ", "alphabetical"), ("zyxw", "alphabetical"), ("aBcD", "alphabetical"), ("1234", "numerical"),
      ("4321", "numerical"), ("１２３４", "numerical"), ("pass6789", "numerical"), ("7890", "keyboard"),
      ("0987", "keyboard"), ("qwer", "keyboard"), ("rewq", "keyboard"), ("asdf", "keyboard"), ("zxcv", "keyboard"),
      ("QWER", "keyboard"), ("!@#$", "keyboard"), ("%^&*", "keyboard"), ("op[]", "keyboard"),
      ("iop@", "keyboard"),  // JIS: @ follows p
      ("!\"#$", "keyboard"),  // JIS shifted number row
      ("&'()", "keyboard"), ("あいうえ", "alphabetical"), ("アイウエ", "alphabetical"), ("えういあ", "alphabetical"),
    ])
  func found(password: String, kind: String) throws {
    let policy = try passwordPolicy(#"[{"noSequence": 4}]"#)
    let failure = try #require(ruleFailures(NoSequence.self, policy, password).first, "\(password)")
    #expect(failure.code == "noSequence")
    #expect(failure.params["kind"] == .string(kind), "\(password)")
    #expect(failure.detail == kind)
    #expect(failure.params["min"] == .int(4))
  }

  @Test(
    "not runs",
    arguments: [
      "abc", "123", "qwe", "abce", "aceg", "1357", "a1b2c3d4", "qwe rty", "ab\u{301}cd", "👍👍👍👍", "aaaa", "1111",
      "あいう", "パスワード", "correct horse", "", "ｱｲｳｴ",  // half-width kana: normalize with nfkc to catch these
    ])
  func notFound(password: String) throws {
    let policy = try passwordPolicy(#"[{"noSequence": 4}]"#)
    #expect(ruleCodes(NoSequence.self, policy, password) == [], "\(password)")
  }

  @Test("the length is inclusive: 3 catches abc, 5 lets abcd pass")
  func boundary() throws {
    let three = try passwordPolicy(#"[{"noSequence": 3}]"#)
    let five = try passwordPolicy(#"[{"noSequence": 5}]"#)
    #expect(ruleCodes(NoSequence.self, three, "xabcx") == ["noSequence"])
    #expect(ruleCodes(NoSequence.self, five, "xabcdx") == [])
    #expect(ruleCodes(NoSequence.self, five, "xabcdex") == ["noSequence"])
  }

  @Test("NFKC on the field catches half-width kana")
  func normalized() throws {
    let policy = try passwordPolicy(#"[{"noSequence": 4}]"#, normalize: "nfkc")
    #expect(ruleCodes(NoSequence.self, policy, "ｱｲｳｴ") == ["noSequence"])
  }

  @Test("10,000 characters in one pass")
  func long() throws {
    let policy = try passwordPolicy(#"[{"noSequence": 4}]"#)
    let long = String(repeating: "ac", count: 5_000)
    #expect(ruleCodes(NoSequence.self, policy, long) == [])
    #expect(ruleCodes(NoSequence.self, policy, long + "wxyz") == ["noSequence"])
  }

  @Test("messages per kind")
  func messages() throws {
    let policy = try passwordPolicy(#"[{"noSequence": 4}]"#)
    #expect(
      passwordMessage(policy, "x1234", locale: "ja") == "パスワードに4桁以上の連続した数字（1234、9876など）を含めないでください。")
    #expect(
      passwordMessage(policy, "qwerty", locale: "ja", style: .inline)
        == "キーボードで4文字以上並んだ文字列（qwer、asdf、!@#$など）を含めないでください。")
    #expect(
      passwordMessage(policy, "abcd", locale: "en")
        == "Password must not contain 4 or more letters in alphabetical or kana order such as abcd or \"あいうえ\".")
    expectNoLeak(policy, "my-abcd-pw")
  }

  @Test("a length under 3 is a load error")
  func decodingErrors() {
    #expect(!loadProblems(#"{"fields": {"p": {"rules": [{"noSequence": 2}]}}}"#).isEmpty)
    #expect(loadProblems(#"{"fields": {"p": {"rules": [{"noSequence": 3}]}}}"#).isEmpty)
  }
}

/// `noSequence` itself on the edges, asked directly through `Policy.check` with a 1 MB limit.
@Suite("noSequence: the rule itself")
struct NoSequenceRuleTests {
  @Test("edges: no sequence in any of them (a run of one letter is not a sequence)", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"noSequence": 4}"#, options: #""trim": false"#)
    #expect(policy.check(NoSequence.self, edge.value) == nil)
  }

  @Test(
    "the variant is the kind of the first run: numerical, alphabetical, keyboard",
    arguments: [("x1234", 0, "numerical"), ("zyxw", 1, "alphabetical"), ("ｑｗｅｒ", 2, "keyboard")])
  func kinds(value: String, variant: Int, kind: String) throws {
    let policy = try rulePolicy(#"{"noSequence": 4}"#)
    #expect(
      policy.check(NoSequence.self, value)
        == verdict(variant, "noSequence", ["min": 4, "kind": .string(kind)], detail: kind))
  }

  @Test("a run at the end of 1 MB is found")
  func huge() throws {
    let policy = try rulePolicy(#"{"noSequence": 4}"#)
    #expect(policy.check(NoSequence.self, Edge.megabyte + "6789")?.variant == 0)
  }
}
