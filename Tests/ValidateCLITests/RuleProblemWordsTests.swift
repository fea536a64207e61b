import FormRulesTestSupport
import Foundation
import Testing

/// Issue 17 item 13: what is wrong in a rules file (`cli.rules.*`) is said in the tool's
/// language; the English lines stay word for word what they were, and the location
/// (`FILE: JSON.PATH:`) is the same in both.
@Suite("a rules file's problems in Japanese and English")
struct RuleProblemWordsTests {
  /// One broken rules file: its group, its text (`DIR` is the scratch folder), the line after
  /// `FILE: ` in English and in Japanese, and the values the Japanese line quotes as written.
  struct Case: CustomTestStringConvertible, Sendable {
    var group: String
    var json: String
    var english: String
    var japanese: String
    var values: [String] = []
    var testDescription: String { "\(group): \(english)" }
  }

  static let cases: [Case] = [
    Case(
      group: "top level", json: #"{"version": 2}"#,
      english: "version: unsupported version 2; this engine reads version 1",
      japanese: "version: バージョン2には対応していません。このエンジンが読めるのはバージョン1です"),
    Case(
      group: "top level", json: #"{"nme": "x"}"#, english: #"nme: unknown top-level key "nme" (did you mean "name"?)"#,
      japanese: "nme: トップレベルのキー「nme」はありません（「name」のことですか？）"),
    Case(
      group: "top level", json: "[1]", english: "expected an object, found an array",
      japanese: "オブジェクトを指定してください（指定された値：配列）"),
    Case(
      group: "top level", json: #"{"defaultLocale": "jp"}"#,
      english: #"defaultLocale: expected one of "ja", "en", found "jp" (did you mean "ja"?)"#,
      japanese: #"defaultLocale: 「ja」、「en」のいずれかを指定してください（指定された値："jp"）（「ja」のことですか？）"#),
    Case(
      group: "fields", json: #"{"fields": 3}"#, english: "fields: expected an object of fields, found a number",
      japanese: "fields: 項目のオブジェクトを指定してください（指定された値：数値）"),
    Case(
      group: "fields", json: #"{"fields": {"p": {"trim": "yes"}}}"#,
      english: #"fields.p.trim: expected true or false, found "yes""#,
      japanese: #"fields.p.trim: 「true」または「false」を指定してください（指定された値："yes"）"#, values: [#""yes""#]),
    Case(
      group: "fields", json: #"{"fields": {"p": {"labl": "P"}}}"#,
      english: #"fields.p.labl: unknown field key "labl" (did you mean "label"?)"#,
      japanese: "fields.p.labl: 項目のキー「labl」はありません（「label」のことですか？）"),
    Case(
      group: "rules", json: #"{"fields": {"p": {"rules": [3]}}}"#,
      english: #"fields.p.rules[0]: expected a rule object such as {"required": true}, found a number"#,
      japanese: #"fields.p.rules[0]: {"required": true}のようなルールのオブジェクトを指定してください（指定された値：数値）"#,
      values: [#"{"required": true}"#]),
    Case(
      group: "rules", json: #"{"fields": {"p": {"rules": [{"minLength": "8"}]}}}"#,
      english: "fields.p.rules[0].minLength: expected a non-negative integer, found a string",
      japanese: "fields.p.rules[0].minLength: 0以上の整数を指定してください（指定された値：文字列）"),
    Case(
      group: "options", json: #"{"fields": {"p": {"rules": [{"maxLength": 3, "unit": "bytes"}]}}}"#,
      english: #"fields.p.rules[0].unit: expected one of "characters", "graphemes", "utf16", "utf8", found "bytes""#,
      japanese: #"fields.p.rules[0].unit: 「characters」、「graphemes」、「utf16」、「utf8」のいずれかを指定してください（指定された値："bytes"）"#,
      values: [#""bytes""#]),
    Case(
      group: "options", json: #"{"fields": {"p": {"rules": [{"required": true, "sevrity": "warning"}]}}}"#,
      english: #"fields.p.rules[0].sevrity: unknown "required" rule key "sevrity" (did you mean "severity"?)"#,
      japanese: "fields.p.rules[0].sevrity: ルール「required」にキー「sevrity」はありません（「severity」のことですか？）"),
    Case(
      group: "rules", json: #"{"fields": {"p": {"rules": [{"maxRepeat": 0}]}}}"#,
      english: "fields.p.rules[0].maxRepeat: expected at least 1 (0 would reject every value)",
      japanese: "fields.p.rules[0].maxRepeat: 1以上を指定してください（0ではすべての値が不合格になります）"),
    Case(
      group: "lists", json: #"{"fields": {"p": {"rules": [{"notCommon": true, "lists": "nope.txt"}]}}}"#,
      english: "fields.p.rules[0].lists: no such list file: DIR/nope.txt",
      japanese: "fields.p.rules[0].lists: 一覧のファイルがありません：DIR/nope.txt"),
    Case(
      group: "extends", json: #"{"extends": "missing.json"}"#, english: "extends: no such file: DIR/missing.json",
      japanese: "extends: ファイルがありません：DIR/missing.json"),
    Case(
      group: "extends", json: #"{"extends": 1}"#, english: "extends: expected a string, found a number",
      japanese: "extends: 文字列を指定してください（指定された値：数値）"),
    Case(
      group: "tests", json: #"{"fields": {"p": {}}, "tests": [{"name": "t", "input": {}}]}"#,
      english: #"tests[0]: a test needs "valid": true/false or "errors": {field: [codes]}"#,
      japanese: #"tests[0]: テストには"valid": true/falseまたは"errors": {field: [codes]}が必要です"#,
      values: [#""valid": true/false"#, #""errors": {field: [codes]}"#]),
    Case(
      group: "tests", json: #"{"fields": {"p": {}}, "tests": [{"name": "t", "input": {"zz": "1"}, "valid": true}]}"#,
      english: #"tests[0].input.zz: no field named "zz""#, japanese: "tests[0].input.zz: 項目「zz」はありません"),
    Case(
      group: "conflicts", json: #"{"fields": {"p": {"rules": [{"minLength": 9}, {"maxLength": 3}]}}}"#,
      english: "fields.p.rules[1].maxLength: minLength 9 is above maxLength 3 (characters); no value can pass",
      japanese: "fields.p.rules[1].maxLength: 「minLength」の9が「maxLength」の3より大きいです（単位：「characters」）。どの値も合格できません"),
  ]

  static func write(_ json: String) throws -> (ScratchFolder, String) {
    let folder = try ScratchFolder()
    try folder.write("rules.json", json)
    return (folder, folder.path("rules.json"))
  }

  @Test("lint under --locale ja: the Japanese line, no English word", arguments: cases)
  func japanese(_ c: Case) throws {
    let (folder, file) = try Self.write(c.json)
    defer { folder.remove() }
    let dir = folder.url.path
    let run = try ValidateBinary.run(["lint", "--rules", file, "--locale", "ja"])
    #expect(run.status == 2)
    let line = "\(file): " + c.japanese.replacingOccurrences(of: "DIR", with: dir)
    #expect(run.stdoutLines.contains(line), "\(run.stdout)")
    // The JSON path is a location, the same in every language (`version`, `fields.p.trim`).
    let location = c.japanese.range(of: ": ").map { String(c.japanese[..<$0.lowerBound]) }
    ToolWordsTests.expectJapanese(run, values: c.values + [location].compactMap { $0 })
  }

  @Test("lint under --locale en: the English line, word for word", arguments: cases)
  func english(_ c: Case) throws {
    let (folder, file) = try Self.write(c.json)
    defer { folder.remove() }
    let run = try ValidateBinary.run(["lint", "--rules", file, "--locale", "en"])
    #expect(run.status == 2)
    let line = "\(file): " + c.english.replacingOccurrences(of: "DIR", with: folder.url.path)
    #expect(run.stdoutLines.contains(line), "\(run.stdout)")
    #expect(ToolWordsTests.japaneseCharacters(run.stdout + run.stderr).isEmpty)
  }

  @Test("validate test and validate --rules say a broken file's problem in Japanese too")
  func otherCommands() throws {
    let (folder, file) = try Self.write(#"{"version": 2}"#)
    defer { folder.remove() }
    let line = "\(file): version: バージョン2には対応していません。このエンジンが読めるのはバージョン1です"
    for arguments in [["test", "--rules", file], ["--rules", file]] {
      let run = try ValidateBinary.run(arguments, stdin: "{}\n", environment: ["LANG": "ja_JP.UTF-8"])
      #expect(run.status == 2, "\(arguments)")
      #expect((run.stdoutLines + run.stderrLines).contains(where: { $0.hasSuffix(line) }), "\(run.stdout)\(run.stderr)")
      ToolWordsTests.expectJapanese(run, values: ["version"])
    }
  }

  @Test("lint's warning about a confirmation's transforms, in both languages")
  func sameAsWarning() throws {
    let (folder, file) = try Self.write(#"{"fields": {"c": {"trim": false, "rules": [{"sameAs": "p"}]}, "p": {}}}"#)
    defer { folder.remove() }
    let ja = try ValidateBinary.run(["lint", "--rules", file, "--locale", "ja"])
    #expect(ja.status == 0)
    #expect(
      ja.stdoutLines.last
        == "警告：\(file): fields.c.rules[0].sameAs: 「c」（「trim」が「false」、「normalize」が「none」）は「p」（「trim」が「true」、「normalize」が「none」）を確認する項目です。比較は「p」の変換の後に行われますが、両方の項目の「trim」と「normalize」をそろえてください"
    )
    ToolWordsTests.expectJapanese(ja)
    let en = try ValidateBinary.run(["lint", "--rules", file, "--locale", "en"])
    #expect(
      en.stdoutLines.last
        == #"Warning: \#(file): fields.c.rules[0].sameAs: "c" (trim false, normalize none) confirms "p" (trim true, normalize none); it is compared after the transforms of "p", but give both fields the same trim and normalize"#
    )
  }
}
