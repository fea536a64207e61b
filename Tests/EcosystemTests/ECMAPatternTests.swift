import FormRules
import FormRulesExport
import FormRulesPassword
import Foundation
import Testing

/// The PCRE2 → ECMAScript translation behind HTML and JSON Schema patterns.
@Suite("ECMAScript patterns")
struct ECMAPatternTests {
  static let translations: [(pcre2: String, ecma: String, whole: Bool, bmp: Bool)] = [
    (#"^[0-9]+\z"#, "^[0-9]+$", true, true),
    (#"\A[a-z0-9_]+$"#, "^[a-z0-9_]+$", true, true),
    ("[A-Z]", "[A-Z]", false, true),
    (#"^(?:abc|de)\z"#, "^(?:abc|de)$", true, true),
    (#"^a\z|^b\z"#, "^a$|^b$", true, true),
    ("^a|b$", "^a|b$", false, true),
    ("a/b", #"a\/b"#, false, true),
    (#"a\.b\-c"#, #"a\.b-c"#, false, true),
    ("[-a]", #"[\-a]"#, false, true),
    ("[a-]", #"[a\-]"#, false, true),
    (#"[\]\\]"#, #"[\]\\]"#, false, true),
    ("[.*+?]", #"[\.\*\+\?]"#, false, true),
    ("^[^@]+@", "^[^@]+@", false, false),
    ("a{2,3}?b{4}c{5,}", "a{2,3}?b{4}c{5,}", false, true),
    (#"\x41\x{3042}"#, "Aあ", false, true),
    (#"^[\x{1F600}-\x{1F64F}]\z"#, "^[😀-🙏]$", true, false),
    (#"^\t\n\r\f\z"#, #"^\x09\x0A\x0D\x0C$"#, true, true),
    ("^(a)(?=b)(?!c)", "^(a)(?=b)(?!c)", false, true),
    ("パスワード", "パスワード", false, true),
    ("a]b}", #"a\]b\}"#, false, true),
  ]

  @Test("patterns in the safe subset translate", arguments: translations)
  func translates(pcre2: String, ecma: String, whole: Bool, bmp: Bool) throws {
    let pattern = try ECMAPattern(pcre2: pcre2)
    #expect(pattern.source == ecma)
    #expect(pattern.isWholeMatch == whole)
    #expect(pattern.isBMPOnly == bmp)
  }

  static let refusals: [(pcre2: String, flags: String, reason: String)] = [
    (#"\d+"#, "", #"\d"#),
    (#"\w"#, "", #"\w"#),
    (#"\s"#, "", #"\s"#),
    (#"\bword\b"#, "", #"\b"#),
    ("a.b", "", "\".\""),
    (#"^a\Z"#, "", #"\Z"#),
    ("a++", "", "possessive"),
    ("(?<=a)b", "", "groups"),
    ("(?i)a", "", "groups"),
    ("(?<name>a)", "", "groups"),
    ("(a)\\1", "", "backreferences"),
    (#"\p{L}"#, "", "Unicode properties"),
    ("[[:alpha:]]", "", "POSIX"),
    ("a{,3}", "", "quantifiers"),
    ("a{", "", "quantifiers"),
    ("{", "", "{"),
    ("(?=a)*", "", "quantifier"),
    ("[&&]", "", "reserved"),
    ("[!-&]", "", "reserved"),
    ("(*UTF)a", "", "verbs"),
    ("a", "i", "flags"),
  ]

  @Test("patterns whose meaning would change are refused with a reason", arguments: refusals)
  func refuses(pcre2: String, flags: String, reason: String) {
    do {
      let pattern = try ECMAPattern(pcre2: pcre2, flags: flags)
      Issue.record("\(pcre2) translated to \(pattern.source)")
    } catch {
      #expect(error.reason.contains(reason), "\(error.reason)")
    }
  }

  static let subjects = [
    "", "a", "ab", "abc", "abcabc", "b", "de", "123", "123\n", "\n123", "a-b", "a/b", "a.b-c", "a]b}", "A",
    "ABC", "Aあ", "あいう", "パスワード", "👍", "😀", "x😀", "@", "taro@", " x ", "\u{3000}x", "x\u{A0}", "\u{2028}",
    "\t", "aab", "aaab", "bbbb", "ccccc", "ac", "correct horse", "1234567890",
  ]

  /// The patterns to run in a real JavaScript engine: the translations above, the white-space
  /// pattern of `trimmed`, and the shipped rules' patterns.
  static var checkedPatterns: [String] {
    translations.map(\.pcre2) + [
      #"^[\t\n\x0B\f\r \x{85}\x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}]|[\t\n\x0B\f\r \x{85}\x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}]\z"#
    ]
  }

  /// Runs every translated pattern in Node.js: as a JSON Schema pattern (`u` flag, search)
  /// and as an HTML pattern attribute (`^(?:…)$` with the `v` flag, as browsers compile
  /// it), and compares each verdict with PCRE2's search on the same subject.
  @Test(
    "PCRE2 and JavaScript (u and v flags) agree on every subject",
    .enabled(if: hasExecutable("node"), "node is not installed: the JavaScript comparison cannot run"))
  func javascriptAgrees() throws {
    var job = JSONObject()
    var patterns: [JSONValue] = []
    for source in Self.checkedPatterns {
      let ecma = try ECMAPattern(pcre2: source)
      patterns.append(.object(JSONObject([("search", .string(ecma.source)), ("html", .string(ecma.htmlSearch))])))
    }
    job["patterns"] = .array(patterns)
    job["subjects"] = .array(Self.subjects.map(JSONValue.string))
    var writer = JSONWriter()
    writer.value(.object(job))
    let script = """
      const job = JSON.parse(require('fs').readFileSync(0, 'utf8'));
      const out = job.patterns.map(p => {
        const u = new RegExp(p.search, 'u');
        const v = new RegExp(p.search, 'v');
        const html = new RegExp('^(?:' + p.html + ')$', 'v');
        return job.subjects.map(s => [u.test(s), v.test(s), html.test(s)]);
      });
      process.stdout.write(JSON.stringify(out));
      """
    let node = try #require(
      (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/node" }.first {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    let result = try runProcess(URL(fileURLWithPath: node), ["-e", script], stdin: writer.string)
    try #require(result.status == 0, "node failed: \(result.stderr)")
    let verdicts = try #require(try JSONParser().parse(result.stdout).arrayValue)
    for (source, perPattern) in zip(Self.checkedPatterns, verdicts) {
      let pcre2 = try Pattern(source)
      for (subject, triple) in zip(Self.subjects, perPattern.arrayValue ?? []) {
        let expected = pcre2.matches(subject) == .match
        let got = triple.arrayValue?.map { $0.boolValue ?? !expected } ?? []
        #expect(
          got == [expected, expected, expected],
          "\(source) on \(subject.debugDescription): PCRE2 \(expected), JS u/v/html \(got)")
      }
    }
  }
}
