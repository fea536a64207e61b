import Testing

@testable import FormRules

@Suite("characterClasses")
struct CharacterClassesTests {
  static let requireUpperDigit = #"[{"characterClasses": {"require": ["lower", "upper", "digit"]}}]"#
  static let threeOfFour = #"[{"characterClasses": {"min": 3, "of": ["lower", "upper", "digit", "symbol"]}}]"#

  @Test(
    "each scalar belongs to one class by Unicode category",
    arguments: [
      ("a", CharacterClass.lower), ("z", .lower), ("ａ", .lower), ("é", .lower), ("δ", .lower), ("A", .upper),
      ("Ａ", .upper), ("É", .upper), ("ǅ", .upper), ("7", .digit), ("７", .digit), ("٣", .digit), ("!", .symbol),
      (" ", .symbol), ("~", .symbol), ("＠", .symbol), ("。", .symbol), ("€", .symbol), ("①", .symbol),
      ("👍", .symbol), ("\u{3000}", .symbol), ("あ", .nonAscii), ("ア", .nonAscii), ("ｱ", .nonAscii),
      ("漢", .nonAscii), ("ー", .nonAscii), ("々", .nonAscii), ("한", .nonAscii), ("א", .nonAscii),
    ] as [(Unicode.Scalar, CharacterClass)])
  func classify(scalar: Unicode.Scalar, expected: CharacterClass) {
    #expect(CharacterClass(scalar) == expected)
  }

  @Test(
    "marks, joiners and controls belong to no class",
    arguments: ["\u{301}", "\u{FE0F}", "\u{200D}", "\u{0}", "\u{7F}", "\t"] as [Unicode.Scalar])
  func noClass(scalar: Unicode.Scalar) {
    #expect(CharacterClass(scalar) == nil)
  }

  @Test(
    "require: every listed class must appear",
    arguments: [
      ("abcDEF123", [String]()), ("abcdef", ["upper", "digit"]), ("ABC", ["lower", "digit"]),
      ("ＡＢＣａｂｃ７", []),  // full-width letters and digit count
      ("パスワードA1", ["lower"]), ("👍👍👍", ["lower", "upper", "digit"]), ("e\u{301}E1", []),
      ("１２３", ["lower", "upper"]),
    ])
  func require(password: String, missing: [String]) throws {
    let policy = try passwordPolicy(Self.requireUpperDigit)
    let failures = ruleFailures(CharacterClasses.self, policy, password)
    if missing.isEmpty {
      #expect(failures.isEmpty)
    } else {
      let failure = try #require(failures.first)
      #expect(failure.code == "characterClasses")
      // One missing class has its own message, without それぞれ.
      #expect(failure.detail == (missing.count == 1 ? "one" : "require"))
      #expect(failure.params["missing"] == .strings(missing))
      #expect(failure.params["min"] == .int(3))
      #expect(failure.params["actual"] == .int(3 - missing.count))
    }
  }

  @Test(
    "min: at least N of M, with the exact boundary",
    arguments: [
      ("abcABC", 2, ["digit", "symbol"]), ("abcABC1", 3, []), ("abcABC1!", 4, []),
      (
        "パスワード", 0,
        ["lower", "upper", "digit", "symbol"]
      ), ("ｐａｓｓ１２！", 3, []), ("aaaa", 1, ["upper", "digit", "symbol"]),
    ])
  func nOfM(password: String, actual: Int, missing: [String]) throws {
    let policy = try passwordPolicy(Self.threeOfFour)
    let failures = ruleFailures(CharacterClasses.self, policy, password)
    #expect(failures.isEmpty == (actual >= 3))
    if let failure = failures.first {
      #expect(failure.detail == "min")
      #expect(failure.params["actual"] == .int(actual))
      #expect(failure.params["missing"] == .strings(missing))
      #expect(failure.params["of"] == .strings(["lower", "upper", "digit", "symbol"]))
    }
  }

  @Test("nonAscii asks for kana, kanji or other letters; an array is short for require")
  func nonAscii() throws {
    let policy = try passwordPolicy(#"[{"characterClasses": ["nonAscii"]}]"#)
    #expect(ruleCodes(CharacterClasses.self, policy, "パスワード") == [])
    #expect(ruleCodes(CharacterClasses.self, policy, "漢字") == [])
    #expect(ruleCodes(CharacterClasses.self, policy, "password") == ["characterClasses"])
    // A combining mark is no letter of its own.
    #expect(ruleCodes(CharacterClasses.self, policy, "e\u{301}") == ["characterClasses"])
    #expect(ruleCodes(CharacterClasses.self, policy, "Ａ") == ["characterClasses"])
  }

  @Test("min without of counts all five classes")
  func defaultOf() throws {
    let policy = try passwordPolicy(#"[{"characterClasses": {"min": 2}}]"#)
    #expect(ruleCodes(CharacterClasses.self, policy, "あa") == [])
    #expect(ruleCodes(CharacterClasses.self, policy, "ああ") == ["characterClasses"])
  }

  @Test("empty values are left to required; 10,000 characters work")
  func emptyAndLong() throws {
    let policy = try passwordPolicy(Self.requireUpperDigit)
    #expect(ruleCodes(CharacterClasses.self, policy, "") == [])
    let required = try passwordPolicy(#"[{"required": true}, "# + Self.requireUpperDigit.dropFirst())
    #expect(passwordCodes(required, "") == ["required"])
    #expect(ruleCodes(CharacterClasses.self, policy, String(repeating: "a", count: 10_000) + "A1") == [])
    let failure = try #require(ruleFailures(CharacterClasses.self, policy, String(repeating: "a", count: 10_000)).first)
    #expect(failure.params["missing"] == .strings(["upper", "digit"]))
  }

  @Test("messages in Japanese and English, labeled and inline")
  func messages() throws {
    let require = try passwordPolicy(Self.requireUpperDigit)
    // Each class is needed: 「それぞれ1文字以上」; one missing class needs no それぞれ.
    #expect(passwordMessage(require, "abc", locale: "ja") == "パスワードには英大文字・数字をそれぞれ1文字以上含めてください。")
    #expect(passwordMessage(require, "abc", locale: "ja", style: .inline) == "英大文字・数字をそれぞれ1文字以上含めてください。")
    #expect(passwordMessage(require, "abC", locale: "ja") == "パスワードには数字を1文字以上含めてください。")
    #expect(passwordMessage(require, "abC", locale: "en") == "Password must include digits.")
    #expect(passwordMessage(require, "abc", locale: "en") == "Password must include uppercase letters and digits.")
    let min = try passwordPolicy(Self.threeOfFour)
    #expect(
      passwordMessage(min, "abc", locale: "ja") == "パスワードには英小文字・英大文字・数字・記号のうち3種類以上を含めてください。")
    #expect(
      passwordMessage(min, "abc", locale: "en", style: .inline)
        == "Must include at least 3 of: lowercase letters, uppercase letters, digits or symbols.")
    expectNoLeak(require, "abcdefgh")
  }

  @Test(
    "bad options are load errors at their JSON path",
    arguments: [
      (
        #"{"characterClasses": {"require": ["lowr"]}}"#, "fields.password.rules[0].characterClasses.require[0]", "lower"
      ),
      (
        #"{"characterClasses": {"min": 5, "of": ["lower", "upper"]}}"#, "fields.password.rules[0].characterClasses.min",
        nil
      ),
      (#"{"characterClasses": {"min": 0}}"#, "fields.password.rules[0].characterClasses.min", nil),
      (
        #"{"characterClasses": {"require": ["lower"], "min": 1}}"#, "fields.password.rules[0].characterClasses.min", nil
      ),
      (#"{"characterClasses": {"require": []}}"#, "fields.password.rules[0].characterClasses.require", nil),
      (
        #"{"characterClasses": {"require": ["upper", "upper"]}}"#,
        "fields.password.rules[0].characterClasses.require[1]", nil
      ),
      (
        #"{"characterClasses": {"requires": ["upper"]}}"#, "fields.password.rules[0].characterClasses.requires",
        "require"
      ),
      (#"{"characterClasses": 3}"#, "fields.password.rules[0].characterClasses", nil),
    ] as [(String, String, String?)])
  func decodingErrors(rule: String, path: String, suggestion: String?) throws {
    let problems = loadProblems(#"{"fields": {"password": {"rules": [\#(rule)]}}}"#)
    let problem = try #require(problems.first)
    #expect(jsonPathString(problem.path) == path)
    #expect(problem.suggestion == suggestion)
  }
}

/// `characterClasses` itself on the edges, asked directly through `Policy.check` (with a
/// 1 MB size limit; the tests above use the password field through `ruleFailures`).
@Suite("characterClasses: the rule itself")
struct CharacterClassesRuleTests {
  static func missing(_ missing: [String], actual: Int, detail: String = "require") -> Parameters {
    ["missing": .strings(missing), "min": 3, "actual": .int(actual), "of": .strings(["lower", "upper", "digit"])]
  }

  @Test("edges: the variant is the set of listed classes present (bit j for the j-th)", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"characterClasses": ["lower", "upper", "digit"]}"#, options: #""trim": false"#)
    let expected: RuleVerdict? =
      switch edge {
      case .empty: nil
      // Spaces, U+3000 and emoji are symbols, kana are other letters: none is listed.
      case .spaces, .ideographicSpaces, .japanese, .emoji:
        verdict(0, "characterClasses", Self.missing(["lower", "upper", "digit"], actual: 0), detail: "require")
      // `e` is lower; the combining mark belongs to no class.
      case .combining, .huge:
        verdict(0b001, "characterClasses", Self.missing(["upper", "digit"], actual: 1), detail: "require")
      }
    #expect(policy.check(CharacterClasses.self, edge.value) == expected)
  }

  @Test("full-width letters and digits count; one class missing has the detail one")
  func fullWidth() throws {
    let policy = try rulePolicy(#"{"characterClasses": ["lower", "upper", "digit"]}"#)
    #expect(policy.check(CharacterClasses.self, "ａＡ７") == nil)
    #expect(
      policy.check(CharacterClasses.self, "Ａ７")
        == verdict(0b110, "characterClasses", Self.missing(["lower"], actual: 2), detail: "one"))
  }
}
