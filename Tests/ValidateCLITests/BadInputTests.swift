import FormRulesTestSupport
import Foundation
import Testing

/// The catalogue in `docs/bad-input.md`, case by case: each bad input, what the user sees, and the
/// exit status. The ids (R01, D01, J01, A01) are the catalogue's.
@Suite("Bad input: what the user sees")
struct BadInputTests {
  // MARK: - Rules files

  struct RulesCase: Sendable, CustomTestStringConvertible {
    var id: String
    var files: [String: [UInt8]]
    var directories: [String] = []
    /// The file passed to `--rules`.
    var rules = "rules.json"
    /// Every line `validate lint` prints on stdout.
    var stdout: [String]
    /// The hint the main job prints after the problems; `nil` for the usual lint hint.
    var hint: String? = nil
    var testDescription: String { id }
  }

  /// When nothing in the file could be read as rules, lint has nothing more to say.
  static let checkPath = "Check the path; the shipped rules are under Rules/, for example Rules/login.json."
  static let notAnObject =
    "A rules file is one JSON object such as {\"version\": 1, \"fields\": {…}}; see docs/rules.md."

  static func text(_ s: String) -> [UInt8] { Array(s.utf8) }

  static let rulesCases: [RulesCase] = [
    RulesCase(
      id: "R01", files: ["rules.json": text(#"{"version": 1 "fields": {}}"#)],
      stdout: ["rules.json:1:15: malformed JSON: unexpected character"]),
    RulesCase(
      id: "R02", files: ["rules.json": text("[1]")],
      stdout: ["rules.json: expected an object, found an array"], hint: notAnObject),
    RulesCase(
      id: "R03", files: ["rules.json": text(#"{"feilds": {}}"#)],
      stdout: [#"rules.json: feilds: unknown top-level key "feilds" (did you mean "fields"?)"#]),
    RulesCase(
      id: "R04", files: ["rules.json": text(#"{"version": 2}"#)],
      stdout: ["rules.json: version: unsupported version 2; this engine reads version 1"]),
    RulesCase(
      id: "R05",
      files: ["rules.json": text(#"{"fields": {"password": {"rules": [{"required": true}, {"minLenght": 8}]}}}"#)],
      stdout: [
        #"rules.json: fields.password.rules[1].minLenght: unknown rule "minLenght" (did you mean "minLength"?)"#
      ]),
    RulesCase(
      id: "R06", files: ["rules.json": text(#"{"fields": {"password": {"rules": [{"minLength": "8"}]}}}"#)],
      stdout: ["rules.json: fields.password.rules[0].minLength: expected a non-negative integer, found a string"]),
    RulesCase(
      id: "R07", files: ["rules.json": text(#"{"fields": {"password": {"rules": [{"minLength": -1}]}}}"#)],
      stdout: ["rules.json: fields.password.rules[0].minLength: expected a non-negative integer, found -1"]),
    RulesCase(
      id: "R08",
      files: ["rules.json": text(#"{"fields": {"password": {"rules": [{"minLength": 9}, {"maxLength": 8}]}}}"#)],
      stdout: [
        "rules.json: fields.password.rules[1].maxLength: minLength 9 is above maxLength 8 (characters); no value can pass"
      ]),
    RulesCase(
      id: "R09",
      files: ["rules.json": text(#"{"fields": {"confirm": {"rules": [{"sameAs": "pasword"}]}, "password": {}}}"#)],
      stdout: [
        #"rules.json: fields.confirm.rules[0].sameAs: "pasword" is not a field of this rules file (did you mean "password"?)"#
      ]),
    RulesCase(
      id: "R10", files: ["rules.json": text(#"{"fields": {"code": {"rules": [{"pattern": "([a-z]+"}]}}}"#)],
      stdout: [
        "rules.json: fields.code.rules[0].pattern: invalid regular expression: missing closing parenthesis at offset 7"
      ]),
    RulesCase(
      id: "R11", files: ["rules.json": text(#"{"fields": {"code": {"rules": [{"pattern": "^a", "flags": "iq"}]}}}"#)],
      stdout: [#"rules.json: fields.code.rules[0].flags: unknown flag "q" (use i, x, m or s)"#]),
    RulesCase(
      id: "R12", files: ["rules.json": text(#"{"fields": {"code": {"rules": [{"required": true, "minLength": 2}]}}}"#)],
      stdout: [
        #"rules.json: fields.code.rules[0]: a rule object has exactly one rule key; found "required", "minLength""#
      ]
    ),
    RulesCase(
      id: "R13", files: ["rules.json": text(#"{"fields": {"code": {"rules": [{}]}}}"#)],
      stdout: [
        #"rules.json: fields.code.rules[0]: a rule object needs one rule key, such as "required" or "minLength""#
      ]),
    RulesCase(
      id: "R14", files: ["rules.json": text(#"{"fields": {"code": {"rules": [7]}}}"#)],
      stdout: [#"rules.json: fields.code.rules[0]: expected a rule object such as {"required": true}, found a number"#]),
    RulesCase(
      id: "R15", files: ["rules.json": text(#"{"fields": {"code": {"label": {"ja": "コード", "fr": "Code"}}}}"#)],
      stdout: [#"rules.json: fields.code.label.fr: unknown locale "fr" (supported: ja, en)"#]),
    RulesCase(
      id: "R16",
      files: [
        "rules.json": text(#"{"fields": {"a": {"label": {"ja": "エー", "en": "A"}}, "b": {"label": {"ja": "ビー"}}}}"#)
      ],
      stdout: [#"rules.json: fields.b.label: no label for locale "en""#]),
    RulesCase(
      id: "R17", files: ["rules.json": text(#"{"extends": "base.json", "fields": {}}"#)],
      stdout: ["rules.json: extends: no such file: base.json"]),
    RulesCase(
      id: "R18",
      files: ["rules.json": text(#"{"extends": "other.json"}"#), "other.json": text(#"{"extends": "rules.json"}"#)],
      stdout: ["other.json: extends: extends cycle: rules.json → other.json → rules.json"]),
    RulesCase(
      id: "R19", files: ["rules.json": text(#"{"extends": "rules.json"}"#)],
      stdout: ["rules.json: extends: extends cycle: rules.json → rules.json"]),
    RulesCase(
      id: "R20", files: extendsChain(length: 20), rules: "c0.json",
      stdout: ["c15.json: extends: extends chain deeper than 16 files"]),
    RulesCase(
      id: "R21", files: ["rules.json": text(#"{"extends": ["base.json"]}"#)],
      stdout: ["rules.json: extends: expected a string, found an array"]),
    RulesCase(
      id: "R22", files: ["rules.json": text(#"{"extends": "/dev/zero"}"#)],
      stdout: ["rules.json: extends: not a regular file (a character device): /dev/zero"]),
    RulesCase(
      id: "R23", files: [:], directories: ["rules.json"],
      stdout: ["rules.json: cannot read the file (it is a directory)"], hint: checkPath),
    RulesCase(id: "R24", files: [:], stdout: ["rules.json: no such file"], hint: checkPath),
    RulesCase(
      id: "R25", files: ["rules.json": [UInt8](#"{"name": ""#.utf8) + [0xFF] + Array(#""}"#.utf8)],
      stdout: ["rules.json:1:11: malformed JSON: invalid UTF-8"]),
    RulesCase(
      id: "R26", files: ["rules.json": text(#"{"name": "a", "name": "b"}"#)],
      stdout: [#"rules.json:1:15: malformed JSON: duplicate key "name""#]),
    RulesCase(
      id: "R27", files: ["rules.json": text("{\"x\":" + String(repeating: "[", count: 70) + "}")],
      stdout: ["rules.json:1:69: malformed JSON: nested too deeply"]),
    RulesCase(
      id: "R28", files: ["rules.json": ruleList(fields: 1, rulesEach: 1001)],
      stdout: ["rules.json: fields.f0.rules: 1001 rules in one list; at most 1000 are allowed"]),
    RulesCase(
      id: "R29", files: ["rules.json": ruleList(fields: 11, rulesEach: 1000)],
      stdout: ["rules.json: fields: 11000 rules in all; at most 10000 are allowed"]),
    RulesCase(
      id: "R30", files: ["rules.json": text(#"{"limits": {"maxValueBytes": 0}}"#)],
      stdout: ["rules.json: limits.maxValueBytes: expected a positive integer, found 0"]),
    RulesCase(
      id: "R31", files: ["rules.json": text(#"{"fields": {"a": {"rules": [{"anyOf": []}]}}}"#)],
      stdout: ["rules.json: fields.a.rules[0].anyOf: expected at least one rule"]),
    RulesCase(
      id: "R32",
      files: ["rules.json": text(#"{"fields": {"a": {"rules": [{"required": true, "when": {"field": "b"}}]}}}"#)],
      stdout: [
        #"rules.json: fields.a.rules[0].when: "when" needs "equals" or "notEmpty""#,
        #"rules.json: fields.a.rules[0].when.field: "b" is not a field of this rules file (did you mean "a"?)"#,
      ]),
    RulesCase(
      id: "R33",
      files: [
        "rules.json": text(
          #"{"fields": {"a": {}}, "tests": [{"name": "t", "input": {"a": 5}, "valid": true, "errors": {}}]}"#)
      ],
      stdout: [
        "rules.json: tests[0].input.a: expected a string or null, found a number",
        #"rules.json: tests[0]: a test has "valid" or "errors", not both"#,
      ]),
    RulesCase(
      id: "R34", files: ["rules.json": []], stdout: ["rules.json:1:1: malformed JSON: unexpected end of input"]),
    RulesCase(
      id: "R35", files: ["rules.json": text(#"{"name": "\ud800"}"#)],
      stdout: [#"rules.json:1:11: malformed JSON: lone UTF-16 surrogate in a \u escape"#]),
    RulesCase(
      id: "R36", files: ["rules.json": text(#"{"defaultLocale": "jp"}"#)],
      stdout: [#"rules.json: defaultLocale: expected one of "ja", "en", found "jp" (did you mean "ja"?)"#]),
    RulesCase(
      id: "R37",
      files: ["rules.json": text(#"{"fields": {"a": {"rules": [{"pattern": "("}], "trim": "yes"}}, "tset": []}"#)],
      stdout: [
        #"rules.json: tset: unknown top-level key "tset""#,
        #"rules.json: fields.a.trim: expected true or false, found "yes""#,
        "rules.json: fields.a.rules[0].pattern: invalid regular expression: missing closing parenthesis at offset 1",
      ]),
    RulesCase(
      id: "R38", files: ["rules.json": text(#"{"fields": {"a": {"normalize": "nfd"}}}"#)],
      stdout: [#"rules.json: fields.a.normalize: expected "none", "nfc" or "nfkc", found "nfd" (did you mean "nfc"?)"#]),
    RulesCase(
      id: "R39", files: ["rules.json": text(#"{"fields": {"a": {"rules": {"required": true}}}}"#)],
      stdout: ["rules.json: fields.a.rules: expected an array of rules, found an object"]),
    RulesCase(
      id: "R40", files: ["rules.json": text(#"{"fields": {"a": {"label": 5}}}"#)],
      stdout: ["rules.json: fields.a.label: expected a string or an object of languages, found a number"]),
    RulesCase(
      id: "R41", files: ["rules.json": [UInt8](#"{"name": "a"#.utf8) + [0] + Array(#"b"}"#.utf8)],
      stdout: ["rules.json:1:12: malformed JSON: NUL character"]),
    RulesCase(
      id: "R42",
      files: ["rules.json": text(#"{"fields": {"a": {"rules": [{"required": true, "severity": "fatal"}]}}}"#)],
      stdout: [#"rules.json: fields.a.rules[0].severity: expected "error" or "warning", found "fatal""#]),
    RulesCase(
      id: "R43", files: ["rules.json": text(#"{"fields": {"a": {"rules": [{"email": "strict"}]}}}"#)],
      stdout: [#"rules.json: fields.a.rules[0].email: unknown email profile "strict" (use html, practical or rfc)"#]),
    RulesCase(
      id: "R44", files: ["rules.json": text(#"{"fields": {"a": {"rules": [{"minLength": 1, "unit": "bytes"}]}}}"#)],
      stdout: [
        #"rules.json: fields.a.rules[0].unit: expected one of "characters", "graphemes", "utf16", "utf8", found "bytes""#
      ]),
    RulesCase(
      id: "R45", files: ["rules.json": text(#"{"fields": {"a": {"rules": [{"minLength": 1e400}]}}}"#)],
      stdout: ["rules.json:1:43: malformed JSON: invalid number"]),
    RulesCase(
      id: "R46", files: ["rules.json": text(#"{"fields": {"a": {"rules": [{"pattern": "(?<=a+)b"}]}}}"#)],
      stdout: [
        "rules.json: fields.a.rules[0].pattern: invalid regular expression: lookbehind assertion is not fixed length at offset 0"
      ]),
    RulesCase(
      id: "R47", files: ["rules.json": text(#"{"messages": {"ja": {"minLength": 5}}}"#)],
      stdout: [#"rules.json: messages.ja.minLength: expected a string or {"labeled", "inline"}, found a number"#]),
    RulesCase(
      id: "R48",
      files: [
        "rules.json": text(#"{"fields": {"a": {}}, "tests": [{"name": "t", "input": {"b": "x"}, "valid": true}]}"#)
      ],
      stdout: [#"rules.json: tests[0].input.b: no field named "b" (did you mean "a"?)"#]),
    RulesCase(
      id: "R49",
      files: [
        "rules.json": text(
          #"{"fields": {"password": {"rules": [{"notCommon": true, "defaultList": false, "lists": ["/dev/zero"]}]}}}"#)
      ],
      stdout: [
        "rules.json: fields.password.rules[0].lists: list file is not a regular file (a character device): /dev/zero"
      ]),
    RulesCase(
      id: "R50", files: ["rules.json": text(#"{"fields": {"password": {"rules": [{"notBreached": "/dev/zero"}]}}}"#)],
      stdout: [
        "rules.json: fields.password.rules[0].notBreached: cannot use the breach file /dev/zero: not a regular file (a character device)"
      ]),
  ]

  /// `c0.json` extends `c1.json` … up to `c<length>.json`.
  static func extendsChain(length: Int) -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for i in 0..<length { files["c\(i).json"] = text(#"{"extends": "c\#(i + 1).json"}"#) }
    files["c\(length).json"] = text("{}")
    return files
  }

  /// `fields` fields of `rulesEach` rules each.
  static func ruleList(fields: Int, rulesEach: Int) -> [UInt8] {
    let list = Array(repeating: #"{"required": true}"#, count: rulesEach).joined(separator: ",")
    let body = (0..<fields).map { #""f\#($0)": {"rules": [\#(list)]}"# }.joined(separator: ",")
    return text(#"{"fields": {\#(body)}}"#)
  }

  @Test(
    "Rules files: every malformed construct is one clear error naming the file and JSON path", arguments: rulesCases)
  func rulesFile(_ c: RulesCase) throws {
    let directory = try ScratchFolder.create(c.files)
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in c.directories {
      try FileManager.default.createDirectory(
        at: directory.appendingPathComponent(name), withIntermediateDirectories: true)
    }
    let lint = try ValidateBinary.run(["lint", "--rules", c.rules], in: directory)
    #expect(lint.status == 2)
    #expect(lint.stdout.split(separator: "\n").map(String.init) == c.stdout)
    let count = c.stdout.count
    #expect(lint.stderr == "\(count) problem\(count == 1 ? "" : "s") in \(c.rules)\n")
    // The main job refuses the same file with the same words, as `Error:` lines on stderr.
    let validate = try ValidateBinary.run(["--rules", c.rules], stdin: Array("{}".utf8), in: directory)
    #expect(validate.status == 2)
    #expect(validate.stdout.isEmpty)
    let expected =
      c.stdout.map { "Error: \($0)" } + [c.hint ?? "Run 'validate lint --rules \(c.rules)' to list every problem."]
    #expect(validate.stderr.split(separator: "\n").map(String.init) == expected)
  }

  // MARK: - Input documents

  struct DocumentCase: Sendable, CustomTestStringConvertible {
    var id: String
    var stdin: [UInt8]
    var arguments: [String] = []
    var status: Int32
    var stderr: String
    var testDescription: String { id }
  }

  static let malformedHint = #"Expected one object such as {"email": "taro@example.jp"}; use --jsonl for JSON Lines."#

  static let documentCases: [DocumentCase] = [
    DocumentCase(
      id: "D01", stdin: text(#"{"email": taro}"#), status: 2,
      stderr:
        "Error: the input is not a JSON object of strings: unexpected character at line 1, column 12\n\(malformedHint)\n"
    ),
    DocumentCase(
      id: "D02", stdin: text(#"["taro@example.jp"]"#), status: 2,
      stderr: "Error: the input is not a JSON object of strings: it is not an object\n\(malformedHint)\n"),
    DocumentCase(
      id: "D03", stdin: text(#"{"email": 5, "password": "abc123"}"#), status: 2,
      stderr:
        "Error: the input is not a JSON object of strings: field 'email' is neither a string nor null\n\(malformedHint)\n"
    ),
    DocumentCase(
      id: "D04", stdin: text(#"{"email": ["taro@example.jp"]}"#), status: 2,
      stderr:
        "Error: the input is not a JSON object of strings: field 'email' is neither a string nor null\n\(malformedHint)\n"
    ),
    DocumentCase(
      id: "D05", stdin: text(#"{"email": {"address": "taro@example.jp"}}"#), status: 2,
      stderr:
        "Error: the input is not a JSON object of strings: field 'email' is neither a string nor null\n\(malformedHint)\n"
    ),
    DocumentCase(
      id: "D06", stdin: [UInt8](#"{"email": "taro"#.utf8) + [0xFF] + Array(#"@example.jp"}"#.utf8), status: 2,
      stderr: "Error: the input is not a JSON object of strings: invalid UTF-8 at line 1, column 16\n\(malformedHint)\n"
    ),
    DocumentCase(
      id: "D07", stdin: [UInt8](#"{"email": "ta"#.utf8) + [0] + Array(#"ro"}"#.utf8), status: 2,
      stderr: "Error: the input is not a JSON object of strings: NUL character at line 1, column 14\n\(malformedHint)\n"
    ),
    DocumentCase(
      id: "D08", stdin: text(#"{"email": "ta\u0000ro"}"#), status: 2,
      stderr: "Error: the input is not a JSON object of strings: NUL character at line 1, column 14\n\(malformedHint)\n"
    ),
    DocumentCase(
      id: "D09", stdin: text(#"{"password": "\ud800x"}"#), status: 2,
      stderr:
        "Error: the input is not a JSON object of strings: lone UTF-16 surrogate in a \\u escape at line 1, column 15\n\(malformedHint)\n"
    ),
    DocumentCase(
      id: "D10",
      stdin: text("{\"extra\":" + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}"),
      status: 2,
      stderr:
        "Error: the input is not a JSON object of strings: nested too deeply at line 1, column 41\n\(malformedHint)\n"),
    DocumentCase(
      id: "D11", stdin: text("{\n  \"email\": \"a@b.jp\",\n  \"email\": \"c@d.jp\"\n}"), status: 2,
      stderr: "Error: the input is not a JSON object of strings: duplicate key at line 3, column 3\n\(malformedHint)\n"),
    DocumentCase(
      id: "D12", stdin: [], status: 2,
      stderr:
        "Error: the input is not a JSON object of strings: unexpected end of input at line 1, column 1\n\(malformedHint)\n"
    ),
    DocumentCase(
      id: "D13", stdin: text(#"{"email": "a@b.jp"} {}"#), status: 2,
      stderr:
        "Error: the input is not a JSON object of strings: unexpected data after the JSON value at line 1, column 21\n\(malformedHint)\n"
    ),
    DocumentCase(
      id: "D14", stdin: [], arguments: ["--input", "/dev/zero"], status: 2,
      stderr: "Error: cannot read input '/dev/zero': larger than 16 MiB\n"
        + "Validate one JSON object per run, or use --jsonl for many records.\n"),
    DocumentCase(
      id: "D15", stdin: [], arguments: ["--input", "Rules"], status: 2,
      stderr: "Error: cannot read input 'Rules': Is a directory\nSee 'validate --help'.\n"),
    DocumentCase(
      id: "D16", stdin: [], arguments: ["--input", "no-such-input.json"], status: 2,
      stderr: "Error: cannot read input 'no-such-input.json': No such file or directory\nSee 'validate --help'.\n"),
  ]

  @Test(
    "Input documents: malformed input is refused with its line and column, never its values", arguments: documentCases)
  func document(_ c: DocumentCase) throws {
    // The contract's wording is pinned in English (LANG=C); ToolWordsTests pins the Japanese.
    let outcome = try ValidateBinary.run(
      ["--rules", "Rules/login.json", "--format", "json"] + c.arguments, stdin: c.stdin, environment: ["LANG": "C"])
    #expect(outcome.status == c.status)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr == c.stderr)
  }

  @Test("D17: a 10 MB password is input.tooLong, and the other fields are still checked")
  func tenMegabytePassword() throws {
    let stdin =
      Array(#"{"email": "taro@example.jp", "password": ""#.utf8)
      + Array(repeating: UInt8(ascii: "x"), count: 10_000_000)
      + Array(#""}"#.utf8)
    let outcome = try ValidateBinary.run(
      ["--rules", "Rules/login.json", "--format", "json", "--locale", "en"], stdin: stdin)
    #expect(outcome.status == 1)
    #expect(
      outcome.stdout
        == #"{"valid":false,"fields":{"email":{"valid":true,"value":"taro@example.jp","errors":[]},"password":{"valid":false,"errors":[{"code":"input.tooLong","severity":"error","params":{"max":4096,"unit":"utf8"},"message":"#
        + #""Password is far too long. Please shorten it."}]}}}"# + "\n")
  }

  @Test("D18: a value one byte over the file's own maxValueBytes is input.tooLong; at the limit it is checked")
  func valueLimitFromRulesFile() throws {
    let directory = try ScratchFolder.create([
      "rules.json": Self.text(#"{"limits": {"maxValueBytes": 8}, "fields": {"code": {"rules": [{"minLength": 9}]}}}"#)
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let over = try ValidateBinary.run(
      ["--rules", "rules.json", "--format", "json"], stdin: Self.text(#"{"code": "123456789"}"#), in: directory)
    #expect(over.status == 1)
    #expect(over.stdout.contains(#""code":"input.tooLong""#))
    #expect(!over.stdout.contains(#""code":"minLength""#))
    let at = try ValidateBinary.run(
      ["--rules", "rules.json", "--format", "json"], stdin: Self.text(#"{"code": "12345678"}"#), in: directory)
    #expect(at.status == 1)
    #expect(at.stdout.contains(#""code":"minLength""#))
    #expect(!at.stdout.contains(#""code":"input.tooLong""#))
  }

  @Test("D19: a catastrophically backtracking pattern ends with pattern.limit, not a hang")
  func catastrophicPattern() throws {
    let directory = try ScratchFolder.create([
      "rules.json": Self.text(#"{"fields": {"name": {"rules": [{"pattern": "(a+)+$"}]}}}"#)
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let outcome = try ValidateBinary.run(
      ["--rules", "rules.json", "--format", "json", "--locale", "en"],
      stdin: Self.text(#"{"name": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaab"}"#), in: directory)
    #expect(outcome.status == 1)
    #expect(outcome.stdout.contains(#"{"code":"pattern.limit","severity":"error","params":{}"#))
  }

  // MARK: - JSON Lines

  struct LineCase: Sendable, CustomTestStringConvertible {
    var id: String
    var line: [UInt8]
    /// The `params` of the `input.malformed` result that takes the line's place.
    var params: String
    var testDescription: String { id }
  }

  static let lineCases: [LineCase] = [
    LineCase(id: "J01", line: text("not json"), params: #"{"line":2,"reason":"unexpectedCharacter","column":2}"#),
    LineCase(id: "J02", line: text(#"{"email": 5}"#), params: #"{"line":2,"reason":"notString","field":"email"}"#),
    LineCase(id: "J03", line: text(#"{"email": ["x"]}"#), params: #"{"line":2,"reason":"notString","field":"email"}"#),
    LineCase(id: "J04", line: text(""), params: #"{"line":2,"reason":"unexpectedEnd","column":1}"#),
    LineCase(id: "J05", line: text("[1]"), params: #"{"line":2,"reason":"notObject"}"#),
    LineCase(
      id: "J06", line: [UInt8](#"{"email": ""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8),
      params: #"{"line":2,"reason":"invalidUTF8","column":12}"#),
    LineCase(
      id: "J07", line: [UInt8](#"{"email": "a"#.utf8) + [0] + Array(#""}"#.utf8),
      params: #"{"line":2,"reason":"nulCharacter","column":13}"#),
    LineCase(
      id: "J08", line: text(#"{"email": "\udc00"}"#), params: #"{"line":2,"reason":"loneSurrogate","column":12}"#),
    LineCase(
      id: "J09", line: text("{\"x\":" + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}"),
      params: #"{"line":2,"reason":"tooDeep","column":37}"#),
    LineCase(
      id: "J10", line: text(#"{"email": "a@b.jp", "email": "c@d.jp"}"#),
      params: #"{"line":2,"reason":"duplicateKey","column":21}"#),
    LineCase(
      id: "J11", line: text(#"{"email": "x"}"#) + Array(repeating: UInt8(ascii: " "), count: 2 << 20),
      params: #"{"line":2,"reason":"lineTooLong"}"#),
    LineCase(id: "J12", line: text("null"), params: #"{"line":2,"reason":"notObject"}"#),
    LineCase(
      id: "J13", line: text(#"{"password": 123456}"#), params: #"{"line":2,"reason":"notString","field":"password"}"#),
  ]

  static let validLine = text(#"{"email": "taro@example.jp", "password": "abc123"}"#)
  static let validReport =
    #"{"valid":true,"fields":{"email":{"valid":true,"value":"taro@example.jp","errors":[]},"password":{"valid":true,"errors":[]}}}"#

  @Test(
    "JSON Lines: a bad line gets an input.malformed result in its place; the lines around it go on",
    arguments: lineCases)
  func jsonLine(_ c: LineCase) throws {
    let stdin = Self.validLine + [0x0A] + c.line + [0x0A] + Self.validLine + [0x0A]
    let outcome = try ValidateBinary.run(
      ["--rules", "Rules/login.json", "--jsonl", "--format", "json", "--locale", "en"], stdin: stdin)
    #expect(outcome.status == 1)
    let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 4)  // three reports and the final newline
    guard lines.count == 4 else { return }
    #expect(lines[0] == Self.validReport)
    #expect(
      lines[1]
        == #"{"valid":false,"errors":[{"code":"input.malformed","severity":"error","params":"# + c.params
        + #","message":"Line 2 of the input is not a valid record."}],"fields":{}}"#)
    #expect(lines[2] == Self.validReport)
    #expect(lines[3] == "")
    #expect(outcome.stderr == "records: 3, valid: 2, invalid: 1, malformed: 1\n")
  }

  @Test("J14: CRLF line endings and a last line without a newline are records like any other")
  func lineEndings() throws {
    let stdin = Self.validLine + [0x0D, 0x0A] + Self.validLine + [0x0D, 0x0A] + Self.validLine
    let outcome = try ValidateBinary.run(
      ["--rules", "Rules/login.json", "--jsonl", "--format", "json"], stdin: stdin, environment: ["LANG": "C"])
    #expect(outcome.status == 0)
    #expect(outcome.stdout == String(repeating: Self.validReport + "\n", count: 3))
    #expect(outcome.stderr == "records: 3, valid: 3, invalid: 0, malformed: 0\n")
  }

  @Test("J15: every kind of bad line in one stream: one result per line, in order")
  func everyBadLineInOneStream() throws {
    var stdin: [UInt8] = []
    for c in Self.lineCases {
      stdin += c.line + [0x0A] + Self.validLine + [0x0A]
    }
    let outcome = try ValidateBinary.run(
      ["--rules", "Rules/login.json", "--jsonl", "--format", "json"], stdin: stdin, environment: ["LANG": "C"])
    #expect(outcome.status == 1)
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2 * Self.lineCases.count)
    for (i, line) in lines.enumerated() {
      if i % 2 == 1 {
        #expect(line == Self.validReport)
      } else {
        #expect(line.contains(#""code":"input.malformed""#) && line.contains(#""line":\#(i + 1),"#))
      }
    }
    let n = Self.lineCases.count
    #expect(outcome.stderr == "records: \(2 * n), valid: \(n), invalid: \(n), malformed: \(n)\n")
  }

  @Test("J16: a line of 50 000 keys is answered, not stalled on duplicate-key checks")
  func wideObject() throws {
    let keys = (0..<50_000).map { #""k\#($0)":1"# }.joined(separator: ",")
    let stdin = Self.text("{\(keys),\"k5\":2}\n{\(keys)}\n")
    let outcome = try ValidateBinary.run(["--rules", "Rules/login.json", "--jsonl", "--format", "json"], stdin: stdin)
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.first?.contains(#""reason":"duplicateKey""#) == true)
    #expect(lines.last?.contains(#""code":"required""#) == true)
  }

  // MARK: - Command-line arguments

  struct ArgumentCase: Sendable, CustomTestStringConvertible {
    var id: String
    var arguments: [String]
    var status: Int32 = 2
    var stderr: String
    var testDescription: String { id }
  }

  static let argumentCases: [ArgumentCase] = [
    ArgumentCase(
      id: "A01", arguments: [],
      stderr: "Error: missing --rules\nFor example: validate --rules Rules/login.json < input.json\n"),
    ArgumentCase(
      id: "A02", arguments: ["--rule", "Rules/login.json"],
      stderr: "Error: unknown option '--rule'\nDid you mean '--rules'?\n"),
    ArgumentCase(
      id: "A03", arguments: ["--rules", "Rules/login.json", "--format", "yaml"],
      stderr: "Error: --format must be one of text, json, problem; got 'yaml'\nSee 'validate --help'.\n"),
    ArgumentCase(id: "A04", arguments: ["--rules"], stderr: "Error: --rules needs a value\nSee 'validate --help'.\n"),
    ArgumentCase(
      id: "A05", arguments: ["--rules", "Rules/login.json", "--rules", "Rules/signup.json"],
      stderr: "Error: --rules given more than once\nSee 'validate --help'.\n"),
    ArgumentCase(
      id: "A06", arguments: ["--rules", "Rules/login.json", "extra"],
      stderr: "Error: unexpected argument 'extra'\nOptions start with '--'.\n"),
    ArgumentCase(
      id: "A07", arguments: ["--rules", "Rules/login.json", "--field", "email"],
      stderr: "Error: --field needs NAME=VALUE\nFor example: --field email=taro@example.jp\n"),
    ArgumentCase(
      id: "A08", arguments: ["--rules", "Rules/login.json", "--field", "password=S3cr3t-Zebra-9417"],
      stderr:
        "Error: --field refuses the sensitive field 'password': its value would be visible in the process list\n"
        + #"Pass it on standard input instead: echo '{"password": "…"}' | validate --rules …"# + "\n"),
    ArgumentCase(
      id: "A09", arguments: ["--rules", "Rules/login.json", "--field", "emial=taro@example.jp"],
      stderr: "Error: no field named 'emial' in the rules file\nFields: email, password.\n"),
    ArgumentCase(
      id: "A10", arguments: ["--rules", "Rules/login.json", "--jsonl", "--field", "email=taro@example.jp"],
      stderr: "Error: --field cannot be combined with --jsonl\nSee 'validate --help'.\n"),
    ArgumentCase(
      id: "A11", arguments: ["--rules", "Rules/login.json", "--jsonl=yes"],
      stderr: "Error: --jsonl takes no value\nSee 'validate --help'.\n"),
    ArgumentCase(
      id: "A12", arguments: ["tset", "--rules", "Rules/login.json"],
      stderr: "Error: unknown subcommand 'tset'\nDid you mean 'validate test'?\n"),
    ArgumentCase(
      id: "A13", arguments: ["test", "--rules", "Rules/login.json", "--run", "("],
      stderr: "Error: --run: invalid regular expression: missing closing parenthesis at offset 1\n"
        + "See 'validate test --help'.\n"),
    ArgumentCase(
      id: "A14", arguments: ["explain", "--rules", "Rules/login.json", "--field", "emial"],
      stderr: "Error: no field named 'emial' in Rules/login.json\nFields: email, password.\n"),
    ArgumentCase(
      id: "A15", arguments: ["lint"],
      stderr: "Error: missing --rules\nFor example: validate lint --rules Rules/signup.json\n"),
    ArgumentCase(
      id: "A16", arguments: ["explain", "--rules", "Rules/login.json", "--format", "xml"],
      stderr: "Error: --format must be one of text, json; got 'xml'\nSee 'validate explain --help'.\n"),
    ArgumentCase(
      id: "A17", arguments: ["test", "--rules", "Rules/login.json", "--run", "no such case"], status: 1,
      stderr: "Error: --run matched none of the 13 tests\n"),
    ArgumentCase(
      id: "A18", arguments: ["--rules", "Rules/login.json", "--jsonl", "--jobs", "0"],
      stderr: "Error: --jobs needs a number from 1 to 256; got '0'\nSee 'validate --help'.\n"),
  ]

  @Test("Command-line arguments: a usage error is one Error: line with a hint, exit 2", arguments: argumentCases)
  func arguments(_ c: ArgumentCase) throws {
    // In English (LANG=C); without it the Japanese default of the shipped rules would apply
    // once they load (ToolWordsTests).
    let outcome = try ValidateBinary.run(c.arguments, environment: ["LANG": "C"])
    #expect(outcome.status == c.status)
    #expect(outcome.stderr == c.stderr)
    if c.status == 2 { #expect(outcome.stdout.isEmpty) }
  }

  @Test("A19: an unknown --locale is not an error; messages fall back to the file's defaultLocale")
  func unknownLocale() throws {
    let outcome = try ValidateBinary.run(
      ["--rules", "Rules/login.json", "--locale", "fr", "--format", "json", "--field", "email=taro@example.jp"])
    #expect(outcome.status == 1)
    #expect(outcome.stdout.contains("パスワードを入力してください。"))
  }

  @Test("A20: a rules file without tests is reported by `validate test`, not silently passed")
  func noTests() throws {
    let directory = try ScratchFolder.create(["rules.json": Self.text(#"{"fields": {"a": {}}}"#)])
    defer { try? FileManager.default.removeItem(at: directory) }
    let outcome = try ValidateBinary.run(["test", "--rules", "rules.json"], in: directory)
    #expect(outcome.status == 1)
    #expect(outcome.stdout == "0 passed, 0 failed\n")
    #expect(
      outcome.stderr
        == "Error: rules.json has no tests\n"
        + #"Add a "tests" array to the rules file or a sibling .tests.json."# + "\n")
  }
}
