import Foundation
import Testing

@testable import FormRules
@testable import FormRulesBulk
@testable import FormRulesPassword

/// Bulk output, record by record, equals the single-document report, and equals what the
/// engine wrote when a second record reader and report writer still checked it (golden files
/// in `Fixtures/golden`, and the corpus digests of `GoldenCorpusTests`).
@Suite("BulkValidator: bulk equals single-document reports and the golden outputs")
struct BulkValidatorTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func policy(_ name: String) throws -> Policy {
    try RuleSet(contentsOf: packageRoot.appendingPathComponent("Rules/\(name)"), registry: .standard).compile()
  }

  static func policy(json: String) throws -> Policy {
    try RuleSet(
      data: Array(json.utf8), file: "test.json", baseDirectory: packageRoot.appendingPathComponent("Rules"),
      registry: .standard
    )
    .compile()
  }

  /// The first 100,000 records of the benchmark corpus (`Benchmarks/gen_corpus.py`),
  /// generated once per test run (tests run in parallel).
  static let corpus: Result<[[UInt8]], any Error> = Result {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("form-rules-corpus-\(UUID()).jsonl")
    defer { try? FileManager.default.removeItem(at: out) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", packageRoot.appendingPathComponent("Benchmarks/gen_corpus.py").path, "--n", "100000", "--out",
      out.path,
    ]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CorpusError() }
    let data = try Data(contentsOf: out)
    return data.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { Array($0) }
  }

  struct CorpusError: Error, CustomStringConvertible {
    var description: String { "python3 Benchmarks/gen_corpus.py failed; the corpus tests need python3" }
  }

  /// The folder of the golden outputs.
  static let goldenFolder = packageRoot.appendingPathComponent("Tests/FormRulesTests/Fixtures/golden")

  /// Compares bulk output with `Fixtures/golden/NAME.jsonl`, the output the engine wrote when
  /// a second reader and writer still checked it record by record. `GOLDEN_WRITE=1` rewrites
  /// the file instead: do that only for an intended change, and read the diff.
  static func expectGolden(
    _ output: [UInt8], name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let file = goldenFolder.appendingPathComponent("\(name).jsonl")
    if ProcessInfo.processInfo.environment["GOLDEN_WRITE"] != nil {
      #expect(throws: Never.self, sourceLocation: sourceLocation) { try Data(output).write(to: file) }
      return
    }
    guard let expected = try? Data(contentsOf: file) else {
      Issue.record("no golden file \(file.path)", sourceLocation: sourceLocation)
      return
    }
    let actualLines = output.split(separator: 0x0A, omittingEmptySubsequences: false)
    let expectedLines = Array(expected).split(separator: 0x0A, omittingEmptySubsequences: false)
    #expect(actualLines.count == expectedLines.count, "\(name): line count", sourceLocation: sourceLocation)
    var reported = 0
    for (i, (actual, wanted)) in zip(actualLines, expectedLines).enumerated() where actual != wanted {
      reported += 1
      if reported > 5 { break }
      Issue.record(
        """
        \(name) line \(i + 1):
        actual: \(String(decoding: actual, as: UTF8.self))
        golden: \(String(decoding: wanted, as: UTF8.self))
        """, sourceLocation: sourceLocation)
    }
  }

  /// Validates every line in bulk and compares each report with the one the single-document
  /// entry point writes (`Policy.validate(jsonRecord:)`: the record decoded into a `Report`
  /// value, a different reader and report source than the bulk slots), and the whole output
  /// with the golden file `golden` if given. Returns how many records the scanner read itself.
  @discardableResult
  static func expectSameOutput(
    _ lines: [[UInt8]], policy: Policy, locale: String, golden: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int {
    var all: [UInt8] = []
    defer { if let golden { expectGolden(all, name: golden, sourceLocation: sourceLocation) } }
    let bulk = BulkValidator(policy: policy, locale: locale)
    var mismatches = 0
    for (i, line) in lines.enumerated() {
      let outcome = line.withUnsafeBufferPointer { bulk.validate(line: $0, number: i + 1) }
      let bulkBytes = Array(bulk.output)
      bulk.removeOutput()
      all += bulkBytes
      let report = policy.validate(jsonRecord: line, line: i + 1)
      let single = report.json(locale: locale) + "\n"
      let singleOutcome: BulkValidator.Outcome =
        report.outcome == .malformed ? .malformed : report.isValid ? .valid : .invalid
      if Array(single.utf8) != bulkBytes || outcome != singleOutcome {
        mismatches += 1
        if mismatches <= 5 {
          Issue.record(
            """
            line \(i + 1): \(String(decoding: line, as: UTF8.self))
            bulk:   \(String(decoding: bulkBytes, as: UTF8.self)) \(outcome)
            single: \(single) \(singleOutcome)
            """, sourceLocation: sourceLocation)
        }
      }
    }
    #expect(mismatches == 0, sourceLocation: sourceLocation)
    return bulk.scannedRecords
  }

  @Test("every record of a 100,000-record corpus, sign-up rules, Japanese")
  func corpusSignup() throws {
    let lines = try Self.corpus.get()
    #expect(lines.count == 100_000)
    let scanned = Self.expectSameOutput(lines, policy: try Self.policy("signup.json"), locale: "ja")
    // The corpus is the plain shape the record scanner exists for.
    #expect(scanned > 99_000)
  }

  @Test("the first 20,000 corpus records, sign-up in English and login")
  func corpusOtherPolicies() throws {
    let lines = Array(try Self.corpus.get().prefix(20_000))
    Self.expectSameOutput(lines, policy: try Self.policy("signup.json"), locale: "en")
    Self.expectSameOutput(lines, policy: try Self.policy("login.json"), locale: "ja")
  }

  /// The benchmark's rules: the issue's sign-up work, with the common-password list.
  static func benchPolicy() throws -> Policy {
    try RuleSet(
      contentsOf: packageRoot.appendingPathComponent("Benchmarks/rules/signup-issue6.json"), registry: .standard
    ).compile()
  }

  @Test("every record of the corpus under the benchmark rules (notCommon)")
  func corpusBenchRules() throws {
    let policy = try Self.benchPolicy()
    #expect(BulkValidator(policy: policy, locale: "ja").scansRecords)
    let scanned = Self.expectSameOutput(try Self.corpus.get(), policy: policy, locale: "ja")
    #expect(scanned > 99_000)
  }

  /// Records chosen to reach every branch of the scanner and of each byte-level check,
  /// including the ones the scanner leaves to the general parser.
  static let edgeCases: [String] = [
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

  @Test(
    "edge cases: escapes, unusual shapes, malformed lines, limits",
    .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"))
  func edgeCasesSignup() throws {
    var lines = Self.edgeCases.map { Array($0.utf8) }
    lines.append([0x7B, 0x22, 0x65, 0x6D, 0x61, 0x69, 0x6C, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0x22, 0x7D])  // bad UTF-8
    lines.append(Array(#"{"email":"a@b.co","password":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8))
    let common = [
      "password", " Password ", "PASSWORD", "\tqwerty123\n", "ｐａｓｓｗｏｒｄ", "Ｐａｓｓｗｏｒｄ１", "passw0rd",
      "\u{3000}letmein\u{3000}", "correct horse battery staple", String(repeating: "a", count: 70), "",
    ].map { password in
      Array(#"{"email": "a@b.co", "password": "\#(password)", "password_confirmation": "\#(password)"}"#.utf8)
    }
    // `ja-JP` is negotiated to `ja`, and `fr` to the rules' default language, Japanese.
    for (locale, golden) in [("ja", "ja"), ("en", "en"), ("ja-JP", "ja"), ("fr", "ja")] {
      Self.expectSameOutput(
        lines, policy: try Self.policy("signup.json"), locale: locale, golden: "edge-cases.signup.\(golden)")
      Self.expectSameOutput(
        lines, policy: try Self.policy("login.json"), locale: locale, golden: "edge-cases.login.\(golden)")
      Self.expectSameOutput(
        lines + common, policy: try Self.benchPolicy(), locale: locale, golden: "edge-cases.signup-issue6.\(golden)")
    }
  }

  /// Modifiers the shipped rules do not use: conditions, warnings, messages, bail,
  /// normalization, a non-sensitive `sameAs` (canonical equivalence), every length unit.
  static let modifierRules = """
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

  @Test("modifiers: conditions, warnings, overrides, bail, normalization, units")
  func modifiers() throws {
    let policy = try Self.policy(json: Self.modifierRules)
    #expect(BulkValidator(policy: policy, locale: "en").scansRecords)
    let records = [
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
    let lines = records.map { Array($0.utf8) }
    let scanned = Self.expectSameOutput(lines, policy: policy, locale: "en", golden: "modifiers.en")
    Self.expectSameOutput(lines, policy: policy, locale: "ja", golden: "modifiers.ja")
    // Values to normalize, non-ASCII ones included, are normalized on the one plan.
    #expect(scanned == lines.count)
  }

  @Test("a composite rule runs on the same plan as any rule, and output stays the same")
  func compositeOnThePlan() throws {
    let policy = try Self.policy(
      json: """
        {"version": 1, "fields": {"code": {"rules": [{"anyOf": [{"pattern": "^[0-9]+$"}, {"minLength": 4}]}]}}}
        """)
    #expect(BulkValidator(policy: policy, locale: "en").scansRecords)
    let scanned = Self.expectSameOutput(
      [Array(#"{"code": "ab"}"#.utf8), Array(#"{"code": "12"}"#.utf8)], policy: policy, locale: "en",
      golden: "composite.en")
    #expect(scanned == 2)
  }

  @Test("a line too long to read gets the malformed report")
  func tooLongLine() throws {
    let policy = try Self.policy("signup.json")
    let validator = BulkValidator(policy: policy, locale: "en")
    #expect(validator.validateTooLongLine(number: 7) == .malformed)
    let expected = policy.report(formErrors: [MalformedRecord(reason: "lineTooLong").failure(line: 7)]).json(
      locale: "en")
    #expect(String(decoding: validator.output, as: UTF8.self) == expected + "\n")
  }
}

@Suite("Golden reports: the corpus output of the engine before it had one plan")
struct GoldenCorpusTests {
  struct Case: CustomStringConvertible, Sendable {
    var rules: String
    var locale: String
    var records: Int
    var digest: String
    var description: String { "\(rules) \(locale) \(records)" }
  }

  /// `rules locale records sha1` per line, written by the `validate` binary of the commit
  /// before the plan replaced the two evaluators, and rewritten once when email domains
  /// gained the special-use rule (issue 15): compared report by report with the plan's
  /// output before that change, the only differences were `specialUseDomain` failures on
  /// the corpus's `.test`/`.example` addresses (83 of every 20,000 records); and once more for
  /// `signup-strength.json` when the strength rule gained its dictionaries (issue 16): only
  /// `strength` failures and their feedback changed; and once for issue 17 (warnings worded as advice):
  /// reverting `minLength.warning` and `trimmed.warning` to the old sentences gives the old digests
  /// byte for byte; and once more for issue 17 items 4–11: compared record by record, codes, params
  /// and severities are unchanged and every changed message is one of the rewordings of those items.
  /// To rewrite a digest, run
  /// `GOLDEN_DUMP=/tmp/golden swift test --filter GoldenCorpusTests`, check that the output
  /// differs from the old one exactly by the intended change (see the commit of each
  /// rewrite), and put the new digest in the file.
  static let cases: [Case] = {
    let file = BulkValidatorTests.packageRoot.appendingPathComponent(
      "Tests/FormRulesTests/Fixtures/golden/corpus-reports.sha1")
    let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      let parts = line.split(separator: " ").map(String.init)
      guard parts.count == 4, let records = Int(parts[2]) else { return nil }
      return Case(rules: parts[0], locale: parts[1], records: records, digest: parts[3])
    }
  }()

  @Test("the digest file lists the benchmark policies")
  func listed() {
    #expect(Self.cases.count >= 8)
  }

  @Test(
    "bulk output of the corpus is byte for byte the golden output",
    .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"), arguments: cases)
  func golden(_ golden: Case) throws {
    let policy = try RuleSet(
      contentsOf: BulkValidatorTests.packageRoot.appendingPathComponent(golden.rules), registry: .standard
    ).compile()
    let validator = BulkValidator(policy: policy, locale: golden.locale)
    var output: [UInt8] = []
    for (i, line) in try BulkValidatorTests.corpus.get().prefix(golden.records).enumerated() {
      _ = line.withUnsafeBufferPointer { validator.validate(line: $0, number: i + 1) }
      output += validator.output
      validator.removeOutput()
    }
    let digest = SHA1.digest(output).map { String(format: "%02x", $0) }.joined()
    // GOLDEN_DUMP=DIR writes each case's output, to compare it with the output before a
    // change that moves a digest, before the digest is rewritten.
    if let folder = ProcessInfo.processInfo.environment["GOLDEN_DUMP"] {
      let name = "\(golden.rules.replacingOccurrences(of: "/", with: "_")).\(golden.locale).jsonl"
      try Data(output).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }
    #expect(digest == golden.digest)
  }
}

@Suite("UTF8Text and Transform: the byte operations agree with Unicode's definitions")
struct UTF8TextTests {
  @Test("isWhitespace matches Unicode.Scalar.Properties.isWhitespace for every scalar")
  func whitespaceTable() {
    var mismatches: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if Transform.isWhitespace(value) != scalar.properties.isWhitespace { mismatches.append(value) }
    }
    #expect(mismatches.isEmpty)
  }

  static let samples = [
    "", "a", "abc", " abc ", "\u{3000}abc\u{3000}", "\u{00A0}", " \t\n", "日本語", "👨‍👩‍👧", "e\u{0301}",
    "👍🏽 x", "\u{85}x\u{2028}", "abcdefghijklmnopqrstuvwxyz0123456789", "é" + String(repeating: "あ", count: 17),
  ]

  @Test("lengths, trimming and outer white space agree with the String views", arguments: samples)
  func agree(_ sample: String) {
    let scalars = sample.unicodeScalars
    let expectedLengths: [LengthUnit: Int] = [
      .characters: scalars.count, .graphemes: sample.count, .utf16: sample.utf16.count, .utf8: sample.utf8.count,
    ]
    var expectedTrimmed = ""
    if let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    {
      expectedTrimmed = String(scalars[start...end])
    }
    let outer =
      scalars.first.map { $0.properties.isWhitespace } == true
      || scalars.last.map { $0.properties.isWhitespace } == true
    var s = sample
    s.withUTF8 { bytes in
      for unit in LengthUnit.allCases {
        #expect(unit.length(utf8: bytes) == expectedLengths[unit], "\(unit)")
      }
      #expect(String(decoding: Transform.trimmingWhitespace(bytes), as: UTF8.self) == expectedTrimmed)
      #expect(Transform.trimmingWhitespace(sample) == expectedTrimmed)
      #expect(Transform.hasOuterWhitespace(bytes) == outer)
      #expect(UTF8Text.isASCII(bytes) == sample.unicodeScalars.allSatisfy(\.isASCII))
    }
  }

  @Test("needsEscaping finds quotes, backslashes and control characters at any position")
  func escaping() {
    for length in 0..<20 {
      for position in 0..<max(length, 1) {
        for special: UInt8 in [0x22, 0x5C, 0x00, 0x1F, 0x0A] {
          var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
          if length > 0 { bytes[position] = special }
          let expected = length > 0
          bytes.withUnsafeBufferPointer { #expect(UTF8Text.needsEscaping($0) == expected) }
        }
      }
      let plain = [UInt8](repeating: 0xE3, count: length) + [UInt8](repeating: 0x20, count: length)
      plain.withUnsafeBufferPointer { #expect(!UTF8Text.needsEscaping($0)) }
    }
  }
}
