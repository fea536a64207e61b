import Testing

@testable import FormRules

@Suite("notContainsField")
struct NotContainsFieldTests {
  static let rules = #"[{"notContainsField": ["email", "username"]}]"#
  static let taro = ["email": "Taro.Yamada+shop@example.co.jp", "username": "hanako_sato"]

  @Test(
    "the other value, the email's local part and its pieces, forwards and reversed, any case or width",
    arguments: [
      ("Taro1234!", ["email"]), ("xxYAMADAxx", ["email"]), ("adamay99", ["email"]), ("oRaT-7777", ["email"]),
      ("taro.yamada+shop", ["email"]), ("shop-owner", ["email"]), ("ＴＡＲＯ９９", ["email"]),
      ("Taro.Yamada+shop@example.co.jp", ["email"]), ("my-hanako-pw", ["username"]), ("satohanako", ["username"]),
      ("otas1", ["username"]), ("taro&hanako", ["email", "username"]),
      // Domain pieces and short pieces are not the person's.
      ("computer-example", []), ("jp-co-op", []), ("tar0yamad4", []), ("パスワード", []), ("", []),
    ])
  func parts(password: String, fields: [String]) throws {
    let policy = try passwordPolicy(Self.rules)
    let failures = ruleFailures(NotContainsField.self, policy, password, Self.taro)
    #expect(failures.map(\.code) == (fields.isEmpty ? [] : ["notContainsField"]))
    if let failure = failures.first { #expect(failure.params["fields"] == .strings(fields)) }
  }

  @Test("minPart is the shortest part that counts, inclusive, in its unit")
  func minPart() throws {
    let six = try passwordPolicy(#"[{"notContainsField": "username", "minPart": 6}]"#)
    let seven = try passwordPolicy(#"[{"notContainsField": "username", "minPart": 7}]"#)
    #expect(ruleCodes(NotContainsField.self, six, "xhanakox", ["username": "hanako"]) == ["notContainsField"])
    #expect(ruleCodes(NotContainsField.self, seven, "xhanakox", ["username": "hanako"]) == [])
    // たろう is 3 characters but 9 UTF-8 bytes.
    let bytes = try passwordPolicy(#"[{"notContainsField": "username", "minPart": 9, "unit": "utf8"}]"#)
    let characters = try passwordPolicy(#"[{"notContainsField": "username", "minPart": 4}]"#)
    #expect(ruleCodes(NotContainsField.self, bytes, "わたしはたろう", ["username": "たろう"]) == ["notContainsField"])
    #expect(ruleCodes(NotContainsField.self, characters, "わたしはたろう", ["username": "たろう"]) == [])
  }

  @Test("Japanese, emoji and combining characters")
  func unicode() throws {
    let policy = try passwordPolicy(#"[{"notContainsField": "username"}]"#)
    #expect(ruleCodes(NotContainsField.self, policy, "山田太郎です", ["username": "山田太郎"]) == ["notContainsField"])
    #expect(ruleCodes(NotContainsField.self, policy, "郎太田山", ["username": "山田太郎"]) == ["notContainsField"])
    #expect(ruleCodes(NotContainsField.self, policy, "a🐱🐱🐱b", ["username": "🐱🐱🐱"]) == ["notContainsField"])
    // NFKC composes e + U+0301 into é on both sides.
    #expect(ruleCodes(NotContainsField.self, policy, "xxjose\u{301}xx", ["username": "josé"]) == ["notContainsField"])
  }

  @Test("an empty or absent other field forbids nothing; 10,000 characters work")
  func emptyAndLong() throws {
    let policy = try passwordPolicy(Self.rules)
    #expect(ruleCodes(NotContainsField.self, policy, "taro", [:]) == [])
    #expect(ruleCodes(NotContainsField.self, policy, "taro", ["email": "", "username": ""]) == [])
    let long = String(repeating: "ab", count: 5_000)
    #expect(ruleCodes(NotContainsField.self, policy, long, Self.taro) == [])
    #expect(ruleCodes(NotContainsField.self, policy, long + "sato", Self.taro) == ["notContainsField"])
  }

  @Test("messages name the fields by label, never their values")
  func messages() throws {
    let policy = try passwordPolicy(Self.rules)
    #expect(passwordMessage(policy, "taro1234", Self.taro, locale: "ja") == "パスワードにメールアドレスを、一部でも含めないでください。")
    #expect(
      passwordMessage(policy, "taro&hanako", Self.taro, locale: "ja", style: .inline)
        == "メールアドレス・ユーザー名を、一部でも含めないでください。")
    #expect(
      passwordMessage(policy, "taro&hanako", Self.taro, locale: "en")
        == "Password must not contain email address or user name, in whole or in part.")
    let report = policy.validate(["password": "taro1234", "email": "Taro.Yamada+shop@example.co.jp"])
    let json = report.json(locale: "ja")
    #expect(!json.contains("taro1234"))
    #expect(!json.contains("\"Taro\""))
    expectNoLeak(policy, "taro1234", Self.taro)
  }

  @Test("the referenced fields must exist")
  func referencedFields() throws {
    let problems = loadProblems(#"{"fields": {"password": {"rules": [{"notContainsField": ["emial"]}]}, "email": {}}}"#)
    let problem = try #require(problems.first)
    #expect(problem.message.contains("emial"))
    #expect(problem.suggestion == "email")
    #expect(!loadProblems(#"{"fields": {"password": {"rules": [{"notContainsField": 3}]}}}"#).isEmpty)
    #expect(!loadProblems(#"{"fields": {"password": {"rules": [{"notContainsField": []}]}}}"#).isEmpty)
    #expect(
      !loadProblems(#"{"fields": {"password": {"rules": [{"notContainsField": "password", "minPart": 0}]}}}"#).isEmpty)
  }
}

/// `notContainsField` itself on the edges, asked directly through `Policy.check`: the edge
/// is the other field's value, found inside `x…x`.
@Suite("notContainsField: the rule itself")
struct NotContainsFieldRuleTests {
  @Test(
    "edges: parts of 3 or more characters are found; white space is trimmed from the other field",
    arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"notContainsField": ["email", "other"]}"#, options: #""trim": false"#)
    let expected: RuleVerdict? =
      switch edge {
      // `other` is trimmed to nothing; e + U+0301 is 2 characters, under minPart.
      case .empty, .spaces, .ideographicSpaces, .combining: nil
      // Bit 1: the second listed field.
      case .japanese, .emoji, .huge: verdict(0b10, "notContainsField", ["fields": .strings(["other"])])
      }
    #expect(policy.check(NotContainsField.self, "x\(edge.value)x", others: ["other": edge.value]) == expected)
  }

  @Test("both fields found: bits 0 and 1, names in rule order; never the values")
  func both() throws {
    let policy = try rulePolicy(#"{"notContainsField": ["email", "other"]}"#)
    let found = policy.check(
      NotContainsField.self, "taro-パスワード", others: ["email": "taro@example.jp", "other": "パスワード"])
    #expect(found == verdict(0b11, "notContainsField", ["fields": .strings(["email", "other"])]))
  }
}
