import FormRulesTestSupport
import Foundation
import Testing

/// Item 13 of issue 14, the smaller holes: each a run of the built binary. The ids (H13a…)
/// are the ones in `docs/bad-input.md`, section "Hostile input".
@Suite("Hostile input: the smaller holes (issue 14, item 13)")
struct SmallerHolesTests {
  static func text(_ s: String) -> [UInt8] { Array(s.utf8) }
  static let keyRules = text(#"{"defaultLocale": "ja", "fields": {"Key": {"rules": [{"required": true}]}}}"#)

  func run(
    _ arguments: [String], stdin: [UInt8] = [], files: [String: [UInt8]] = [:], environment: [String: String] = [:]
  ) throws -> ValidateRun {
    let directory = try ScratchFolder.create(files.isEmpty ? ["rules.json": Self.keyRules] : files)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try HostileInputTests.run(arguments, stdin: stdin, in: directory, environment: environment)
  }

  // MARK: - H13a LC_ALL=C

  @Test(
    "H13a: LC_ALL=C, C.UTF-8 and POSIX mean English, even over a Japanese LANG and a Japanese defaultLocale",
    arguments: ["C", "C.UTF-8", "POSIX"])
  func posixLocale(_ value: String) throws {
    let outcome = try run(
      ["--rules", "rules.json", "--format", "text"], stdin: Self.text("{}"),
      environment: ["LC_ALL": value, "LANG": "ja_JP.UTF-8"])
    #expect(outcome.status == 1)
    #expect(outcome.stdout == "✗ Key: This field is required.\n", "\(outcome.stdout)")
    let japanese = try run(
      ["--rules", "rules.json", "--format", "text"], stdin: Self.text("{}"), environment: ["LANG": "ja_JP.UTF-8"])
    #expect(japanese.stdout == "✗ Key: 入力してください。\n", "\(japanese.stdout)")
  }

  // MARK: - H13b --jobs without --jsonl

  @Test("H13b: --jobs without --jsonl, or with a value that is not a number, is a usage error")
  func jobsWithoutJSONLines() throws {
    let alone = try run(["--rules", "rules.json", "--jobs", "2"], stdin: Self.text(#"{"Key": "x"}"#))
    #expect(alone.status == 2)
    #expect(alone.stdout == "")
    #expect(alone.stderr.hasPrefix("Error: --jobs works with --jsonl only"))
    for arguments in [["--jobs", "abc"], ["--jobs", "abc", "--jsonl"], ["--jobs", "0", "--jsonl"]] {
      let outcome = try run(["--rules", "rules.json"] + arguments, stdin: Self.text(#"{"Key": "x"}"#))
      #expect(outcome.status == 2, "\(arguments)")
      #expect(outcome.stderr.hasPrefix("Error: --jobs needs a number from 1 to 256; got '"), "\(arguments)")
    }
    let fine = try run(["--rules", "rules.json", "--jsonl", "--jobs", "2"], stdin: Self.text(#"{"Key": "x"}"# + "\n"))
    #expect(fine.status == 0)
  }

  // MARK: - H13c UTF-16

  static func utf16(_ s: String, bigEndian: Bool, bom: Bool) -> [UInt8] {
    var bytes: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
    for unit in s.utf16 {
      let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
      bytes += bigEndian ? pair : pair.reversed()
    }
    return bytes
  }

  @Test(
    "H13c: UTF-16 input, with or without a byte order mark, is named as such, for documents, records and rules",
    arguments: [(false, true), (true, true), (false, false), (true, false)])
  func utf16Input(bigEndian: Bool, bom: Bool) throws {
    let document = try run(
      ["--rules", "rules.json", "--locale", "en"], stdin: Self.utf16(#"{"Key": "x"}"#, bigEndian: bigEndian, bom: bom))
    #expect(document.status == 2)
    #expect(
      document.stderr
        == "Error: the input is not a JSON object of strings: this looks like UTF-16; save it as UTF-8\n"
        + "For example: iconv -f UTF-16 -t UTF-8 input.json > input-utf8.json\n")
    let lines = try run(
      ["--rules", "rules.json", "--jsonl", "--jobs", "1"],
      stdin: Self.utf16(#"{"Key": "x"}"#, bigEndian: bigEndian, bom: bom) + [0x0A])
    #expect(lines.status == 1)
    #expect(lines.stdout.contains(#""reason":"utf16""#), "\(lines.stdout)")
    let lint = try run(
      ["lint", "--rules", "rules.json"],
      files: ["rules.json": Self.utf16(#"{"fields": {}}"#, bigEndian: bigEndian, bom: bom)])
    #expect(lint.status == 2)
    #expect(lint.stdout == "rules.json: malformed JSON: this looks like UTF-16; save it as UTF-8\n")
  }

  // MARK: - H13d keys compared byte for byte

  @Test("H13d: \"\\u212Aey\" (KELVIN SIGN) does not fill the field Key, escaped or raw, on every path")
  func keysByBytes() throws {
    let kelvin = "\u{212A}ey"
    let records = [
      #"{"\u212Aey": "x"}"#, #"{"\#(kelvin)": "x"}"#, #"{"Key": "x", "\u212Aey": "y"}"#,
      #"{"\#(kelvin)": "y", "Key": "x"}"#,
    ]
    // Which records hold the bytes "Key" (`String.contains` would compare canonically, too).
    let holdsKey = [false, false, true, true]
    for (record, filled) in zip(records, holdsKey) {
      let document = try run(["--rules", "rules.json", "--format", "json", "--locale", "en"], stdin: Self.text(record))
      #expect(document.status == (filled ? 0 : 1), "\(record)")
      #expect(document.stdout.contains(#""value":"x""#) == filled, "\(record): \(document.stdout)")
    }
    // JSON Lines: the record scanner (raw keys) and the general parser (escaped keys) agree.
    for jobs in ["1", "2"] {
      let lines = try run(
        ["--rules", "rules.json", "--jsonl", "--jobs", jobs, "--locale", "en"],
        stdin: Self.text(records.joined(separator: "\n") + "\n"))
      #expect(lines.status == 1)
      let reports = lines.stdout.split(separator: "\n").map(String.init)
      #expect(reports.count == 4)
      #expect(reports.map { $0.hasPrefix(#"{"valid":true"#) } == holdsKey, "\(reports)")
    }
    let field = try run(["--rules", "rules.json", "--field", "\(kelvin)=x", "--locale", "en"])
    #expect(field.status == 2)
    #expect(field.stderr.hasPrefix("Error: no field named '\(kelvin)'"))
  }

  @Test("H13d: two field names equal only under Unicode normalization are refused, in one file or across extends")
  func fieldNamesByBytes() throws {
    let one = try run(
      ["lint", "--rules", "rules.json"],
      files: ["rules.json": Self.text(#"{"fields": {"Key": {}, "\u212Aey": {}}}"#)])
    #expect(one.status == 2)
    #expect(
      one.stdout
        == "rules.json: fields[\"\u{212A}ey\"]: \"\u{212A}ey\" and \"Key\" differ only in Unicode normalization; rename one of them\n"
    )
    let child = try run(
      ["lint", "--rules", "child.json"],
      files: [
        "base.json": Self.text(#"{"fields": {"Key": {}}}"#),
        "child.json": Self.text(#"{"extends": "base.json", "fields": {"\u212Aey": {}}}"#),
      ])
    #expect(child.status == 2)
    #expect(child.stdout.contains("differ only in Unicode normalization"), "\(child.stdout)")
  }

  // MARK: - H13e validate form with a missing rules file

  @Test("H13e: validate form with a missing rules file says Error: and a hint, like the other commands")
  func formMissingRules() throws {
    let form = try run(["form", "--rules", "missing.json"])
    let plain = try run(["--rules", "missing.json"])
    #expect(form.status == 2)
    #expect(form.stderr.hasPrefix("Error: missing.json: "))
    #expect(form.stderr == plain.stderr)
  }

  // MARK: - H13f huge integers

  @Test("H13f: huge integers are written as integers, in reports and in rules-file errors")
  func hugeIntegers() throws {
    let big = try run(
      ["--rules", "rules.json", "--locale", "en", "--format", "json"], stdin: Self.text(#"{"n": "a"}"#),
      files: ["rules.json": Self.text(#"{"fields": {"n": {"rules": [{"minLength": 1000000000000000}]}}}"#)])
    #expect(big.status == 1)
    #expect(big.stdout.contains(#""params":{"min":1000000000000000,"actual":1"#), "\(big.stdout)")
    #expect(!big.stdout.contains("e+"))
    let lint = try run(
      ["lint", "--rules", "rules.json"],
      files: ["rules.json": Self.text(#"{"fields": {"n": {"rules": [{"minLength": 9223372036854775807}]}}}"#)])
    #expect(lint.status == 2)
    #expect(
      lint.stdout
        == "rules.json: fields.n.rules[0].minLength: expected a non-negative integer, found 9223372036854775808\n")
  }

  // MARK: - H13g unknown placeholders

  @Test("H13g: an unknown {placeholder} in a message fails lint, naming its path")
  func unknownPlaceholder() throws {
    let lint = try run(
      ["lint", "--rules", "rules.json"],
      files: [
        "rules.json": Self.text(
          #"{"fields": {"n": {"rules": [{"minLength": 3, "message": {"ja": "{min}文字以上", "en": "at least {mn} {unit}"}}]}}, "messages": {"en": {"required": {"labeled": "{lable} is needed", "inline": "Needed."}}}}"#
        )
      ])
    #expect(lint.status == 2)
    #expect(
      lint.stdout.split(separator: "\n").map(String.init) == [
        #"rules.json: fields.n.rules[0].message.en: unknown placeholder {mn} (did you mean "{min}"?)"#,
        #"rules.json: messages.en.required.labeled: unknown placeholder {lable} (did you mean "{label}"?)"#,
      ])
    for shipped in ["Rules/login.json", "Rules/signup.json"] {
      let outcome = try HostileInputTests.run(["lint", "--rules", shipped])
      #expect(outcome.status == 0, "\(shipped): \(outcome.stdout)")
    }
  }
}
