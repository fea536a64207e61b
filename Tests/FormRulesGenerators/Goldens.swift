import FormRules
import FormRulesBulk
import FormRulesPassword
import FormRulesTestSupport
import Foundation

/// The golden reports under `Tests/FormRulesTests/Fixtures/golden`: JSON Lines input and the
/// reports the engine writes for it, one per line, so that a change shows as the first record and
/// field that differ (`GoldenRecordsTests`, `BulkValidatorTests`) and as a readable `git diff`.
///
/// - `records.input.jsonl`: 2,000 records from ``RecordGenerator`` (seed ``recordSeed``, one line
///   in 50 not a record), and `records.POLICY.LOCALE.jsonl` the reports under each of
///   ``recordPolicies``.
/// - `edge-cases.*`, `modifiers.*`, `composite.en`: records chosen to reach every branch of the
///   record scanner and each byte-level check (``edgeCases``), rules the shipped files do not use.
///
/// The 300,000-record SHA-1 digests over the Python corpus stay a benchmark-side check
/// (`Benchmarks/check-corpus-digests.sh`).
public enum Goldens {
  public static let folder = "Tests/FormRulesTests/Fixtures/golden"
  public static let recordSeed: UInt64 = 0x2026_1205
  public static let recordCount = 2_000
  public static let inputPath = "\(folder)/records.input.jsonl"

  /// The policies the generated records are validated under, with the report's language.
  public static let recordPolicies: [(rules: String, locale: String)] = [
    ("Rules/login.json", "ja"), ("Rules/signup.json", "ja"), ("Rules/signup.json", "en"),
    ("Benchmarks/rules/signup-classes.json", "ja"), ("Benchmarks/rules/signup-composite.json", "en"),
    ("Benchmarks/rules/signup-strength.json", "ja"),
  ]

  /// `records.signup-composite.en.jsonl` for `Benchmarks/rules/signup-composite.json` in English.
  public static func recordsName(rules: String, locale: String) -> String {
    let base = (rules.split(separator: "/").last ?? "").dropLast(".json".count)
    return "records.\(base).\(locale)"
  }

  /// The generated input, each line without its `\n`.
  public static func recordLines() -> [[UInt8]] {
    var generator = RecordGenerator(seed: recordSeed, malformedOneIn: 50)
    return (0..<recordCount).map { _ in generator.jsonLine() }
  }

  /// A golden file: its name (without `.jsonl`), the policy, the language and the input lines.
  public struct Case: Sendable {
    public var name: String
    public var policy: @Sendable (URL) throws -> Policy
    public var locale: String
    public var lines: @Sendable () -> [[UInt8]]
  }

  static func file(_ rules: String) -> @Sendable (URL) throws -> Policy {
    { root in try RuleSet(contentsOf: root.appendingPathComponent(rules), registry: .standard).compile() }
  }

  static func json(_ text: String) -> @Sendable (URL) throws -> Policy {
    { root in
      try RuleSet(
        data: Array(text.utf8), file: "test.json", baseDirectory: root.appendingPathComponent("Rules"),
        registry: .standard
      ).compile()
    }
  }

  /// Every golden report file.
  public static var cases: [Case] {
    var cases: [Case] = []
    for (rules, locale) in recordPolicies {
      cases.append(
        Case(name: recordsName(rules: rules, locale: locale), policy: file(rules), locale: locale, lines: recordLines))
    }
    for locale in ["ja", "en"] {
      cases.append(
        Case(name: "edge-cases.signup.\(locale)", policy: file("Rules/signup.json"), locale: locale, lines: edgeLines))
      cases.append(
        Case(name: "edge-cases.login.\(locale)", policy: file("Rules/login.json"), locale: locale, lines: edgeLines))
      cases.append(
        Case(
          name: "edge-cases.signup-issue6.\(locale)", policy: file("Benchmarks/rules/signup-issue6.json"),
          locale: locale,
          lines: { edgeLines() + commonPasswordLines }))
      cases.append(
        Case(
          name: "modifiers.\(locale)", policy: json(modifierRules), locale: locale,
          lines: { modifierRecords.map { Array($0.utf8) } }))
    }
    cases.append(
      Case(
        name: "composite.en", policy: json(compositeRules), locale: "en",
        lines: { compositeRecords.map { Array($0.utf8) } }))
    return cases
  }

  /// What the bulk validator writes for `lines`: one report per line, each ending in `\n`.
  public static func reports(_ lines: [[UInt8]], policy: Policy, locale: String) -> [UInt8] {
    let bulk = BulkValidator(policy: policy, locale: locale)
    var output: [UInt8] = []
    for (i, line) in lines.enumerated() {
      _ = bulk.validate(line: line, number: i + 1)
      output += bulk.output
      bulk.removeOutput()
    }
    return output
  }

  /// The generated files: the input, then each case's reports.
  static var files: [GeneratedFile] {
    [
      GeneratedFile(path: inputPath, source: "RecordGenerator(seed: \(recordSeed), malformedOneIn: 50)") { _ in
        recordLines().flatMap { $0 + [0x0A] }
      }
    ]
      + cases.map { item in
        GeneratedFile(path: "\(folder)/\(item.name).jsonl", source: "the engine's reports (Goldens.swift)") { root in
          reports(item.lines(), policy: try item.policy(root), locale: item.locale)
        }
      }
  }

  /// Records chosen to reach every branch of the scanner and of each byte-level check,
  /// including the ones the scanner leaves to the general parser.
  public static let edgeCases: [String] = [
    #"{"email": "taro@example.jp", "password": "abc12345", "password_confirmation": "abc12345"}"#,
    #"{"password_confirmation": "abc12345", "password": "abc12345", "email": "taro@example.jp"}"#,
    #"{}"#, #"  {  }  "#, #"{"email":null,"password":null,"password_confirmation":null}"#,
    #"{"email":"a@b.co"}"#, "\t{\"email\"\t:\r\"a@b.co\" }\t",
    #"{"email": "\u3000 taro@example.jp \u3000", "password": "x"}"#,
    "{\"email\": \"\u{3000} taro@example.jp\u{00A0}\", \"password\": \" \u{2003}pass word\u{205F}\"}",
    #"{"email": "\t\n", "password": "\n"}"#, #"{"email": " ", "password": " "}"#,
    #"{"email": "ta\"ro@example.jp", "password": "a\\b\/c\b\f\n\r\t"}"#,
    #"{"email": "taro@ex\u0061mple.jp", "password": "\u00e9\u00E9\u3042\ud83d\ude00pass"}"#,
    #"{"email": "taro@example.jp", "password": "\ud83d"}"#,
    #"{"email": "taro@example.jp", "password": "\udc00abc"}"#,
    #"{"email": "taro@example.jp", "password": "\u0000abc"}"#,
    #"{"email": "taro@example.jp", "password": "\u001fabcdefgh", "password_confirmation": "\u001fabcdefgh"}"#,
    #"{"email": "taro@example.jp", "password": "\x"}"#, #"{"email": "taro@example.jp", "password": "\u12"}"#,
    #"{"email": "taro@example.jp", "email": "hanako@example.jp"}"#,
    #"{"email": "taro@example.jp", "extra": 1}"#, #"{"extra": {"nested": [1, 2, {"a": null}]}}"#,
    #"{"email": 42}"#, #"{"email": true}"#, #"{"email": ["a"]}"#, #"{"em\u0061il": "a@b.co"}"#,
    #"{"email": "a@b.co",}"#, #"{"email": "a@b.co" "password": "x"}"#, #"{"email" "a@b.co"}"#,
    #"{"email": "a@b.co"} x"#, #"{"email": "a@b.co"}}"#, #"["email"]"#, #""email""#, "", " ", "null",
    #"{"email": nul}"#, #"{"email": nullx}"#, #"{"email": "unterminated}"#, #"{"email": "a@b.co""#,
    "\u{FEFF}{\"email\": \"a@b.co\"}", "{\"email\": \"a\u{0001}b@c.co\"}",
    #"{"email": "山田@例え.jp", "password": "パスワードは十分に長い", "password_confirmation": "パスワードは十分に長い"}"#,
    #"{"email": "user@xn--r8jz45g.jp", "password": "日本語漢字日本語漢字日本語漢字日本語漢字日本語漢字"}"#,
    #"{"email": "a..b@example.com", "password": "12345678", "password_confirmation": "12345678"}"#,
    #"{"email": "x@localhost", "password": "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", "password_confirmation": "👨‍👩‍👧"}"#,
    #"{"email": "\"john doe\"@example.com", "password": "correct horse "}"#,
    "{\"email\": \"taro@example.jp\", \"password\": \"\(String(repeating: "a", count: 80))\"}",
    "{\"email\": \"taro@example.jp\", \"password\": \"\(String(repeating: "a", count: 5000))\"}",
    "{\"email\": \"\(String(repeating: "x", count: 4100))@example.jp\"}",
    "{\"email\": \"taro@example.jp\", \"password\": \"\(String(repeating: "é", count: 2050))\"}",
  ]

  /// ``edgeCases`` and two lines of invalid UTF-8.
  public static func edgeLines() -> [[UInt8]] {
    var lines = edgeCases.map { Array($0.utf8) }
    lines.append([0x7B, 0x22, 0x65, 0x6D, 0x61, 0x69, 0x6C, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0x22, 0x7D])  // bad UTF-8
    lines.append(Array(#"{"email":"a@b.co","password":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8))
    return lines
  }

  /// Common passwords in the shapes the common-password list must still recognize.
  public static let commonPasswordLines: [[UInt8]] = [
    "password", " Password ", "PASSWORD", "\tqwerty123\n", "ｐａｓｓｗｏｒｄ", "Ｐａｓｓｗｏｒｄ１", "passw0rd",
    "\u{3000}letmein\u{3000}", "correct horse battery staple", String(repeating: "a", count: 70), "",
  ].map { password in
    Array(#"{"email": "a@b.co", "password": "\#(password)", "password_confirmation": "\#(password)"}"#.utf8)
  }

  /// Modifiers the shipped rules do not use: conditions, warnings, messages, bail,
  /// normalization, a non-sensitive `sameAs` (canonical equivalence), every length unit.
  public static let modifierRules = """
    {
      "version": 1,
      "fields": {
        "kind": {"label": {"en": "Kind", "ja": "種類"}, "rules": [{"required": true, "severity": "warning"}]},
        "name": {
          "label": {"en": "Name", "ja": "名前"}, "trim": true, "normalize": "nfkc", "bail": true,
          "rules": [
            {"required": true}, {"minLength": 2, "unit": "graphemes"}, {"maxLength": 5, "unit": "utf16"},
            {"maxLength": 12, "unit": "utf8", "when": {"field": "kind", "equals": "short"}},
            {"pattern": "^[a-zA-Zぁ-ん é]+$", "message": {"en": "Letters only.", "ja": "文字だけにしてください。"}}
          ]
        },
        "alias": {
          "label": {"en": "Alias", "ja": "別名"},
          "rules": [
            {"sameAs": "name", "when": {"field": "kind", "notEmpty": true}},
            {"minLength": 3, "unit": "characters", "severity": "warning"},
            {"trimmed": true}
          ]
        }
      }
    }
    """

  public static let modifierRecords = [
    #"{"kind": "short", "name": "  Émile  ", "alias": "Émile"}"#,
    #"{"kind": "short", "name": "Emile", "alias": "Emile"}"#,
    #"{"kind": "", "name": "Emile", "alias": "x"}"#,
    #"{"name": "e\u0301mile", "alias": "\u00e9mile", "kind": "k"}"#,
    #"{"name": "emile", "alias": "emile", "kind": "k"}"#,
    #"{"name": "abcdefghijkl", "alias": " emile"}"#,
    #"{"name": "ｅｍｉｌｅ", "alias": "emile", "kind": "short"}"#,
    #"{"name": "👍🏽👍🏽", "alias": "👍🏽👍🏽", "kind": "short"}"#,
    #"{"name": "あいう", "alias": "あいう ", "kind": "short"}"#, #"{"name": "a1"}"#, #"{}"#,
    #"{"name": "\u3000", "alias": "\u3000"}"#,
  ]

  public static let compositeRules = """
    {"version": 1, "fields": {"code": {"rules": [{"anyOf": [{"pattern": "^[0-9]+$"}, {"minLength": 4}]}]}}}
    """
  public static let compositeRecords = [#"{"code": "ab"}"#, #"{"code": "12"}"#]
}
