import FormRulesTestSupport
import Foundation
import TerminalForm
import Testing

@testable import validate

/// Issue 17 item 13: `--help` of `validate` and of every subcommand in the tool's language,
/// and the errors particular to `export`, `serve` and `form`. English stays as it was, byte for
/// byte (Fixtures/help/*.txt is the help before it came from the catalog).
@Suite("--help and the subcommands' own errors in Japanese and English")
struct HelpWordsTests {
  struct Page: Sendable, CustomTestStringConvertible {
    var command: String
    var fixture: String
    var page: HelpPage
    var arguments: [String] { command.isEmpty ? [] : [command] }
    var testDescription: String { command.isEmpty ? "validate" : "validate \(command)" }
  }

  static let pages = [
    Page(command: "", fixture: "main", page: ValidateCommand.help),
    Page(command: "test", fixture: "test", page: TestCommand.help),
    Page(command: "lint", fixture: "lint", page: LintCommand.help),
    Page(command: "explain", fixture: "explain", page: ExplainCommand.help),
    Page(command: "export", fixture: "export", page: ExportCommand.help),
    Page(command: "form", fixture: "form", page: FormCommand.help),
    Page(command: "serve", fixture: "serve", page: ServeCommand.help),
  ]

  /// Names of formats, protocols, products and signals a Japanese page names as they are.
  static let properNames = [
    "JSON Schema", "JSON Lines", "RFC 9457", "PCRE2", "HTTP", "HTML", "CORS", "TLS", "API", "SIGHUP", "SIGTERM",
    "SIGINT", "Swift", "Ajv", "Apple", "Firebase Auth", "Identity Platform", "Firebase", "Amazon Cognito", "Cognito",
    "Keycloak", "nginx", "Caddy",
  ]

  /// What a page writes as typed: usage lines, option names (with their `<value>`), the values
  /// an option takes, examples.
  static func typed(_ page: HelpPage) -> [String] {
    page.blocks.flatMap { block -> [String] in
      switch block {
      case .typed(let line): return [line.trimmingCharacters(in: .whitespaces)]
      case .usage(let lines): return lines.map { $0.trimmingCharacters(in: .whitespaces) }
      case .row(let row): return [row.syntax]
      case .subcommands: return Subcommand.all.map(\.name)
      default: return []
      }
    }
  }

  static func japanese(_ page: Page, option: Bool) throws -> ValidateRun {
    option
      ? try ValidateBinary.run(page.arguments + ["--help", "--locale", "ja"])
      : try ValidateBinary.run(page.arguments + ["--help"], environment: ["LANG": "ja_JP.UTF-8"])
  }

  @Test(
    "--help under LANG=ja_JP.UTF-8 (and --locale ja where the command takes it) has no English words outside what is typed",
    arguments: pages)
  func japaneseWords(_ page: Page) throws {
    // export and serve have no --locale option: the environment decides for them.
    let takesLocale = ["", "test", "lint", "explain", "form"].contains(page.command)
    for option in takesLocale ? [true, false] : [false] {
      let run = try Self.japanese(page, option: option)
      #expect(run.status == 0)
      #expect(run.stderr.isEmpty)
      #expect(run.stdout.hasPrefix("概要："), "\(run.stdout)")
      ToolWordsTests.expectJapanese(run, values: Self.typed(page.page) + Self.properNames)
      for heading in ["使い方：validate", "\nオプション：\n", "\n例：\n"] {
        #expect(run.stdout.contains(heading), "\(heading)")
      }
    }
  }

  @Test("English --help is word for word what it was, under LANG=C and with no locale set", arguments: pages)
  func englishUnchanged(_ page: Page) throws {
    let expected = try String(
      contentsOfFile: CLI.fixture("help/\(page.fixture).txt"), encoding: .utf8)
    for environment in [[:], ["LANG": "C"], ["LC_ALL": "POSIX", "LANG": "ja_JP.UTF-8"]] {
      let run = try ValidateBinary.run(page.arguments + ["--help"], environment: environment)
      #expect(run.status == 0)
      #expect(run.stdout == expected, "\(environment)")
    }
    if ["", "test", "lint", "explain", "form"].contains(page.command) {
      let run = try ValidateBinary.run(
        page.arguments + ["--help", "--locale", "en"], environment: ["LANG": "ja_JP.UTF-8"])
      #expect(run.stdout == expected)
    }
  }

  /// Each option's description starts at the page's column, counted in terminal columns (a
  /// wide character is two), and its further lines start there too; no line is wider than
  /// ``HelpPage/width`` except a line written as typed.
  @Test("Japanese columns line up, counted as a terminal draws them", arguments: pages)
  func japaneseColumns(_ page: Page) throws {
    let run = try Self.japanese(page, option: false)
    let lines = run.stdoutLines
    let typed = Set(
      page.page.blocks.compactMap { block -> String? in
        if case .typed(let line) = block { return line }
        return nil
      })
    for line in lines where !typed.contains(line) && !line.hasPrefix("使い方：") {
      #expect(DisplayWidth.of(line) <= HelpPage.width, "\(line)")
    }
    var rows: [HelpPage.Row] = []
    for block in page.page.blocks {
      if case .row(let row) = block { rows.append(row) }
      if case .subcommands = block {
        let width = (Subcommand.all.map(\.name.count).max() ?? 0) + 4
        rows += Subcommand.all.map { HelpPage.Row(syntax: $0.name, key: $0.summary, column: width) }
      }
    }
    #expect(!rows.isEmpty)
    let subRows = rows.filter { $0.indent > 2 }.map(\.syntax)
    for row in rows {
      let margin = String(repeating: " ", count: row.indent)
      let column = row.indent + row.column
      let index = try #require(
        lines.firstIndex { $0.hasPrefix(margin + row.syntax + " ") || $0 == margin + row.syntax }, "\(row.syntax)")
      let first = lines[index]
      var next = index + 1
      if DisplayWidth.of(row.syntax) < row.column {
        // `  --rules <file>   ルール…`: the description at the column, right after spaces.
        let lead = margin + row.syntax + String(repeating: " ", count: row.column - DisplayWidth.of(row.syntax))
        #expect(first.hasPrefix(lead) && first.dropFirst(lead.count).first != " ", "\(first)")
      } else if row.sameLine {
        #expect(first.hasPrefix(margin + row.syntax + "  ") && first.count > margin.count + row.syntax.count + 2)
      } else {
        // The option alone, its description on the next line at the column.
        #expect(first == margin + row.syntax)
        let below = try #require(lines.dropFirst(next).first)
        #expect(below.prefix { $0 == " " }.count == column, "\(below)")
        next += 1
      }
      // The lines that continue the description start at the column too.
      for line in lines.dropFirst(next) {
        let spaces = line.prefix { $0 == " " }.count
        if line.isEmpty || spaces < column { break }
        if subRows.contains(where: { line.dropFirst(spaces).hasPrefix($0 + " ") }) { break }
        #expect(spaces == column, "\(row.syntax): \(line)")
      }
    }
  }

  @Test("the wrapping keeps what is typed whole and no line starts with a closing mark")
  func wrapping() {
    let text = "形式で表せないルールは、標準エラー出力に「警告：FILE: JSON.PATH: 理由」として一覧します。「--allow-stricter」を指定してください。"
    for width in 10...60 {
      let lines = HelpPage.wrap(text, width: width)
      #expect(lines.joined() == text, "\(lines)")
      // The ASCII of a quote stays together with its spaces: no break at `FILE: JSON.PATH: `.
      #expect(lines.contains { $0.contains("FILE: JSON.PATH: 理") }, "\(lines)")
      #expect(lines.allSatisfy { $0.first.map { !HelpPage.closing.contains($0) } ?? true }, "\(lines)")
      #expect(lines.allSatisfy { $0.last.map { !HelpPage.opening.contains($0) } ?? true }, "\(lines)")
      #expect(lines.contains { $0.contains("「--allow-stricter」") })
      #expect(lines.allSatisfy { DisplayWidth.of($0) <= max(width, 22) }, "\(lines)")
    }
    #expect(HelpPage.wrap("", width: 10) == [""])
    #expect(HelpPage.wrap("ああああ", width: 4) == ["ああ", "ああ"])
    #expect(HelpPage.wrap("ああ。ああ", width: 4) == ["あ", "あ。", "ああ"])
    // Issue 30, L15: a katakana word is never split: 「エ／ラー」「プ／ロキシ」.
    for width in 6...30 {
      for text in ["標準エラー出力に書きます", "プロキシの後ろでは0にします", "フォルダーのオブジェクトです"] {
        let lines = HelpPage.wrap(text, width: width)
        #expect(lines.joined() == text)
        for (a, b) in zip(lines, lines.dropFirst()) {
          #expect(!(a.last.map(HelpPage.isKatakana) == true && b.first.map(HelpPage.isKatakana) == true), "\(lines)")
        }
      }
    }
  }

  // MARK: - The errors particular to export, serve and form

  struct ErrorCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var status: Int32
    var english: [String]
    var japanese: [String]
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let errors = [
    ErrorCase(
      arguments: ["export", "--rules", "Rules/signup.json"], status: 2,
      english: [
        "Error: missing --to",
        "One of json-schema, html, passwordrules, firebase, cognito, keycloak; for example: --to json-schema",
      ],
      japanese: [
        "エラー：「--to」を指定してください。",
        "json-schema、html、passwordrules、firebase、cognito、keycloakのいずれかを指定してください。例：--to json-schema",
      ]),
    ErrorCase(
      arguments: ["serve", "--rules", "Rules", "--tls-cert", "cert.pem"], status: 2,
      english: [
        "Error: validate serve does not terminate TLS",
        "Put a reverse proxy (nginx, Caddy, a load balancer) in front; see docs/server.md, \"TLS\".",
      ],
      japanese: [
        "エラー：「validate serve」はTLSを終端しません。", "前段にリバースプロキシ（nginx、Caddy、ロードバランサー）を置いてください。docs/server.mdの「TLS」を参照してください。",
      ]),
    ErrorCase(
      arguments: ["serve", "--rules", "Rules", "--threads", "0"], status: 2,
      english: ["Error: --threads must be a whole number of at least 1; got '0'", "See 'validate serve --help'."],
      japanese: ["エラー：「--threads」には1以上の整数を指定してください（指定された値：「0」）。", "「validate serve --help」を参照してください。"]),
    ErrorCase(
      arguments: ["serve", "--rules", "Rules", "--allow-origin", "*"], status: 2,
      english: [
        "Error: --allow-origin takes an origin such as https://shop.example, not '*'", "See 'validate serve --help'.",
      ],
      japanese: [
        "エラー：「--allow-origin」には「*」ではなく、「https://shop.example」のようなオリジンを指定してください。", "「validate serve --help」を参照してください。",
      ]),
    ErrorCase(
      arguments: ["form", "--rules", "Rules/login.json"], status: 2,
      english: [
        "Error: cannot use the terminal: open /dev/tty: No such device or address",
        "validate form needs an interactive terminal.",
      ],
      japanese: ["エラー：端末を使用できません：open /dev/tty: デバイスまたはアドレスがありません", "「validate form」には対話型の端末が必要です。"]),
  ]

  @Test("export's, serve's and form's errors in both languages", arguments: errors)
  func subcommandErrors(_ c: ErrorCase) throws {
    for (language, expected) in [("C", c.english), ("ja_JP.UTF-8", c.japanese)] {
      let run = try Self.runWithoutTerminal(c.arguments, language: language)
      #expect(run.status == c.status, "\(language)")
      #expect(run.stdout.isEmpty)
      #expect(run.stderrLines == expected, "\(language)")
      #expect(ToolWordsTests.japaneseCharacters(run.stderr).isEmpty == (language == "C"), "\(run.stderr)")
    }
  }

  /// `validate ARGUMENTS` under `LANG=language` in a session of its own (`setsid`): with no
  /// controlling terminal, `/dev/tty` cannot be opened even when the tests run from one, so
  /// `validate form` fails the same way everywhere instead of drawing on the developer's screen.
  static func runWithoutTerminal(_ arguments: [String], language: String) throws -> ValidateRun {
    let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
    return try ValidateBinary.shell(
      #"LANG=\#(language) exec setsid -w "$VALIDATE" "# + quoted.joined(separator: " ") + " < /dev/null")
  }

  @Test("export's error:, stricter: and warning: prefixes and its hint in both languages")
  func exportPrefixes() throws {
    let refused = ["export", "--rules", "Rules/login.json", "--to", "cognito"]
    let en = try ValidateBinary.run(refused, environment: ["LANG": "C"])
    #expect(en.status == 1)
    #expect(en.stdout.isEmpty)
    #expect(en.stderrLines.count == 3)
    #expect(en.stderrLines.dropLast().allSatisfy { $0.hasPrefix("error: Rules/login.json: fields.password: ") })
    #expect(
      en.stderrLines.last
        == "hint: change the rules as suggested, or pass --allow-stricter to export the closest setting")
    let ja = try ValidateBinary.run(refused, environment: ["LANG": "ja_JP.UTF-8"])
    #expect(ja.status == 1)
    #expect(ja.stderrLines.dropLast().allSatisfy { $0.hasPrefix("エラー：Rules/login.json: fields.password: ") })
    #expect(ja.stderrLines.last == "ヒント：提案どおりにルールを変更するか、「--allow-stricter」を指定して最も近い設定をエクスポートしてください。")
    // The notes themselves come from the exporters, in English in both languages.
    #expect(
      ja.stderrLines.dropLast().map { $0.dropFirst("エラー：".count) }
        == en.stderrLines.dropLast().map { $0.dropFirst("error: ".count) })

    let allowed = try ValidateBinary.run(refused + ["--allow-stricter"], environment: ["LANG": "ja_JP.UTF-8"])
    #expect(allowed.status == 0)
    #expect(!allowed.stdout.isEmpty)
    #expect(allowed.stderrLines.count == 2)
    #expect(allowed.stderrLines.allSatisfy { $0.hasPrefix("より厳しい設定：Rules/login.json: ") }, "\(allowed.stderr)")
    let allowedEnglish = try ValidateBinary.run(refused + ["--allow-stricter"], environment: ["LANG": "C"])
    #expect(allowedEnglish.stderrLines.allSatisfy { $0.hasPrefix("stricter: Rules/login.json: ") })

    let html = ["export", "--rules", "Rules/login.json", "--to", "html"]
    let warned = try ValidateBinary.run(html, environment: ["LANG": "ja_JP.UTF-8"])
    #expect(warned.status == 0)
    #expect(!warned.stderrLines.isEmpty)
    #expect(warned.stderrLines.allSatisfy { $0.hasPrefix("警告：Rules/login.json: ") }, "\(warned.stderr)")
    let warnedEnglish = try ValidateBinary.run(html, environment: ["LANG": "C"])
    #expect(warnedEnglish.stderrLines.count == warned.stderrLines.count)
    #expect(warnedEnglish.stderrLines.allSatisfy { $0.hasPrefix("warning: Rules/login.json: ") })
  }
}
