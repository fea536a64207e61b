import FormRulesTestSupport
import Foundation
import Testing

/// Issue 17 item 13: the tool's own words (lint, test, explain, the --jsonl summary, usage
/// errors) follow the same locale negotiation as the messages: `--locale`, then LC_ALL /
/// LC_MESSAGES / LANG, then the rules file's defaultLocale.
@Suite("validate's own words in Japanese and English")
struct ToolWordsTests {
  /// How the language is asked for: an option, or the environment.
  enum Ask: String, CaseIterable, CustomTestStringConvertible {
    case option = "--locale ja"
    case environment = "LANG=ja_JP.UTF-8"
    var testDescription: String { rawValue }
  }

  static let wrong = CLI.fixture("wrong-expectation.json")

  /// One run in Japanese: `--locale ja` added, or `LANG=ja_JP.UTF-8` (under an English rules
  /// file's default, so that the environment is what decides).
  static func japanese(_ arguments: [String], _ ask: Ask, stdin: String = "") throws -> ValidateRun {
    switch ask {
    case .option:
      // Right after the subcommand, so that an option missing its value cannot swallow it.
      var arguments = arguments
      arguments.insert(contentsOf: ["--locale", "ja"], at: arguments.first?.hasPrefix("-") == false ? 1 : 0)
      return try ValidateBinary.run(arguments, stdin: stdin)
    case .environment:
      return try ValidateBinary.run(arguments, stdin: stdin, environment: ["LANG": "ja_JP.UTF-8"])
    }
  }

  /// The ASCII words of three or more letters in the tool's lines, once the values they quote
  /// are taken out: anything in 「…」, file paths, JSON paths, option names and `values`
  /// (field names, codes, test names, labels).
  static func englishWords(_ text: String, values: [String] = []) -> [String] {
    var text = text
    for value in values.sorted(by: { $0.count > $1.count }) { text = text.replacingOccurrences(of: value, with: " ") }
    text = text.replacingOccurrences(of: #"「[^」]*」"#, with: " ", options: .regularExpression)
    // Paths (Rules/login.json, fields.password.rules[4].notCommon) and options.
    text = text.replacingOccurrences(of: #"[\w.\-/\[\]]*[/.\[][\w.\-/\[\]]*"#, with: " ", options: .regularExpression)
    text = text.replacingOccurrences(of: #"--[a-z-]+"#, with: " ", options: .regularExpression)
    for token in ["UTF-8", "JSON", "MiB"] { text = text.replacingOccurrences(of: token, with: " ") }
    return text.split(whereSeparator: { !($0.isASCII && $0.isLetter) }).filter { $0.count >= 3 }.map(String.init)
  }

  /// Kana, kanji and full-width marks.
  static func japaneseCharacters(_ text: String) -> [Character] {
    text.filter { character in
      character.unicodeScalars.contains {
        (0x3000...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value)
          || (0xFF00...0xFFEF).contains($0.value)
      }
    }.map { $0 }
  }

  static func expectJapanese(
    _ run: ValidateRun, values: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let text = run.stdout + run.stderr
    #expect(!text.isEmpty, sourceLocation: sourceLocation)
    #expect(englishWords(text, values: values).isEmpty, "\(text)", sourceLocation: sourceLocation)
    #expect(!japaneseCharacters(text).isEmpty, "\(text)", sourceLocation: sourceLocation)
  }

  @Test("lint: the OK line, the counts and the lists a file uses", arguments: Ask.allCases)
  func lintOK(ask: Ask) throws {
    let run = try Self.japanese(["lint", "--rules", CLI.fixture("english-default.json")], ask)
    #expect(run.status == 0)
    #expect(run.stdoutLines.first?.hasPrefix("「\(CLI.fixture("english-default.json"))」：問題はありません（項目") == true)
    Self.expectJapanese(run)
    let signup = try Self.japanese(["lint", "--rules", "Rules/signup.json"], ask)
    #expect(
      signup.stdoutLines == [
        "「Rules/signup.json」：問題はありません（項目3件、ルール10件、テスト13件）",
        "「Rules/signup.json」：fields.password.rules[4].notCommonは組み込みのよく使われるパスワードの一覧を使用しています（19,640件）",
      ])
    Self.expectJapanese(signup)
  }

  @Test("lint: a warning's frame and its words")
  func lintWarning() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let file = folder.url.appendingPathComponent("rules.json")
    try Data(
      #"{"version": 1, "defaultLocale": "en", "fields": {"pin": {"label": "PIN", "rules": [{"notPattern": "^[0-9]+$", "message": {"ja": "数字だけは使用できません。", "en": "Not only digits."}}]}}}"#
        .utf8
    ).write(to: file)
    let ja = try ValidateBinary.run(["lint", "--rules", file.path, "--locale", "ja"])
    #expect(ja.status == 0)
    #expect(
      ja.stdoutLines.last
        == "警告：\(file.path): fields.pin.rules[0]: 「message」に対する「requirement」がありません。チェックリストと「validate explain」に、エラーメッセージが要件として表示されます。\"requirement\": {\"ja\": …, \"en\": …}を加えてください。"
    )
    Self.expectJapanese(ja, values: [file.path, #""requirement": {"ja": …, "en": …}"#])
    let en = try ValidateBinary.run(["lint", "--rules", file.path, "--locale", "en"])
    #expect(en.stdoutLines.last?.hasPrefix("Warning: \(file.path): fields.pin.rules[0]: a \"message\" without") == true)
    #expect(Self.japaneseCharacters(en.stdout + en.stderr).isEmpty, "\(en.stdout)")
  }

  @Test("lint: the frame of a broken file's problems (the count, the did-you-mean)", arguments: Ask.allCases)
  func lintProblems(ask: Ask) throws {
    let file = CLI.fixture("lint-problems.json")
    let run = try Self.japanese(["lint", "--rules", file], ask)
    #expect(run.status == 2)
    #expect(run.stderr == "「\(file)」に7件の問題があります。\n")
    #expect(run.stdout.contains("\(file): fields.user.rules[0].requird: ルール「requird」はありません（「required」のことですか？）\n"))
    // Malformed JSON: where, and why, in Japanese.
    let malformed = CLI.fixture("malformed-rules.json")
    let json = try Self.japanese(["lint", "--rules", malformed], ask)
    #expect(json.status == 2)
    #expect(json.stdoutLines.first?.hasPrefix("\(malformed):") == true)
    #expect(json.stdout.contains(": JSONの形式が正しくありません："), "\(json.stdout)")
    Self.expectJapanese(json, values: [malformed])
  }

  @Test("test: pass and fail lines, what was expected and what came out, the summary", arguments: Ask.allCases)
  func testLines(ask: Ask) throws {
    let run = try Self.japanese(["test", "--rules", Self.wrong], ask)
    #expect(run.status == 1)
    #expect(
      run.stdoutLines == [
        "成功 valid login",
        "失敗 short password wrongly expected valid",
        "     期待：valid: true",
        "     結果：valid: false; password: [minLength]",
        "失敗 wrong code expected",
        "     期待：email: [required], password: []",
        "     結果：email: [email], password: []",
        "成功1件、失敗2件",
      ])
    // Test names, codes and the rules file's own keys are values; the rest is Japanese.
    Self.expectJapanese(
      run,
      values: [
        "valid login", "short password wrongly expected valid", "wrong code expected", "valid: true", "valid: false",
        "password", "email", "minLength", "required",
      ])
  }

  @Test("explain: the label, the list marks and the requirement phrases", arguments: Ask.allCases)
  func explain(ask: Ask) throws {
    let run = try Self.japanese(["explain", "--rules", "Rules/signup.json", "--field", "password"], ask)
    #expect(run.status == 0)
    #expect(run.stdoutLines.prefix(3) == ["パスワード", "  ・入力必須", "  ・8文字以上"])
    Self.expectJapanese(run, values: ["abcd", "qwer"])
    let missing = try Self.japanese(["explain", "--rules", "Rules/signup.json", "--field", "pasword"], ask)
    #expect(
      missing.stderrLines == [
        "エラー：「Rules/signup.json」に項目「pasword」はありません。", "項目：email、password、password_confirmation",
      ])
    Self.expectJapanese(missing, values: ["email", "password_confirmation", "password"])
  }

  @Test("--jsonl: the summary on stderr", arguments: Ask.allCases)
  func jsonlSummary(ask: Ask) throws {
    let run = try Self.japanese(
      ["--rules", "Rules/login.json", "--jsonl", "--jobs", "1"], ask,
      stdin: "{\"email\": \"taro@example.jp\", \"password\": \"abc123\"}\n{\"email\": \"x\"}\nnot json\n")
    #expect(run.status == 1)
    #expect(run.stderr == "全3件：有効1件、無効2件（うち形式の誤り1件）\n")
    let en = try ValidateBinary.run(
      ["--rules", "Rules/login.json", "--jsonl", "--locale", "en"], stdin: "{\"email\": \"x\"}\n")
    #expect(en.stderr == "records: 1, valid: 0, invalid: 1, malformed: 0\n")
  }

  @Test(
    "usage errors: unknown option, did you mean, missing value, see --help",
    arguments: [
      (["--rules", "Rules/login.json", "--frmat", "json"], ["エラー：オプション「--frmat」はありません。", "「--format」のことですか？"]),
      (["lint", "--rules"], ["エラー：「--rules」の値を指定してください。", "「validate lint --help」を参照してください。"]),
      (["tset"], ["エラー：サブコマンド「tset」はありません。", "「validate test」のことですか？"]),
      (
        ["explain", "--format", "yaml", "--rules", "Rules/login.json"],
        ["エラー：「--format」はtext、jsonのいずれかを指定してください（指定された値：「yaml」）。", "「validate explain --help」を参照してください。"]
      ),
      (["test"], ["エラー：「--rules」を指定してください。", "例：validate test --rules Rules/signup.json"]),
    ])
  func usageErrors(arguments: [String], expected: [String]) throws {
    for ask in Ask.allCases {
      let run = try Self.japanese(arguments, ask)
      #expect(run.status == 2)
      #expect(run.stdout.isEmpty)
      #expect(run.stderrLines == expected, "\(ask)")
      Self.expectJapanese(run, values: ["text", "json", "yaml", "validate test --rules Rules/signup.json"])
    }
  }

  @Test(
    "under --locale en (and LANG=C over a Japanese rules file) no Japanese character in the tool's lines",
    arguments: [
      ["lint", "--rules", "Rules/signup.json"], ["test", "--rules", CLI.fixture("wrong-expectation.json")],
      ["--rules", "Rules/login.json", "--frmat"], ["lint", "--rules"], ["tset"],
      ["explain", "--rules", "Rules/login.json", "--field", "x"],
    ])
  func english(arguments: [String]) throws {
    for run in [
      try ValidateBinary.run(arguments + ["--locale", "en"]),
      try ValidateBinary.run(arguments, environment: ["LANG": "C"]),
    ] {
      let text = run.stdout + run.stderr
      #expect(!text.isEmpty)
      #expect(Self.japaneseCharacters(text).isEmpty, "\(arguments): \(text)")
    }
  }

  @Test("the scan finds English words and skips values")
  func scan() {
    #expect(Self.englishWords("成功1件、失敗2件") == [])
    #expect(Self.englishWords("Rules/signup.json：問題はありません（項目3件）") == [])
    #expect(Self.englishWords("3 passed, 0 failed") == ["passed", "failed"])
    #expect(Self.englishWords("エラー：オプション「--frmat」はありません。") == [])
    #expect(Self.englishWords("Error: unknown option") == ["Error", "unknown", "option"])
    #expect(Self.englishWords("成功 valid login", values: ["valid login"]) == [])
  }
}
