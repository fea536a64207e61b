import FormRules
import FormRulesPassword
import FormRulesTestSupport
import Foundation
import Testing

@testable import validate

/// docs/messages.md is generated from the catalog, so the reference cannot drift from
/// the code. Regenerate with `UPDATE_DOCS=1 swift test --filter MessageDocsTests`.
@Suite("docs/messages.md")
struct MessageDocsTests {
  static func render() -> String {
    var text = """
      # Message catalog

      Every built-in message, generated from the code by `MessageDocsTests`
      (`UPDATE_DOCS=1 swift test --filter MessageDocsTests`). A message key is a failure code,
      or `code.detail` for a more specific message (`email.missingAt`, `maxLength.utf8`), tried
      before the plain code. `labeled` is shown with the field label, `inline` under the field.
      `unit.*`, `term.*` and `requirement.*` keys are words and checklist phrases, not sentences.
      Placeholders: `{label}`, and the failure's parameters (`{min}`, `{max}`, `{other}` — rendered as
      the other field's label —, `{unit}` — a unit word chosen by count —, …).

      `cli.*` keys are the `validate` tool's own lines (usage errors, `lint`, `test`, the `--jsonl`
      summary), in the language the messages use: `--locale`, else `LC_ALL`/`LC_MESSAGES`/`LANG`
      (`C` and `POSIX` mean English), else the rules file's `defaultLocale`, else English (a usage
      error before the rules file is read, a rules file that does not load). Their `{name}`s are
      filled verbatim: file paths, JSON paths, option names and values are never translated, and
      Japanese lines quote them in 「」. `cli.help.*` are the `--help` pages of `validate` and of
      every subcommand: headings, descriptions and notes come from the catalog, while option names,
      usage lines and examples stay as typed in both languages; an English description keeps the
      line breaks it is written with (a line break in the table below is `<br>`), a Japanese one is
      wrapped by the tool at 100 columns, a wide character counting two. The errors particular to
      `export`, `serve` and `form` are localized (`missing --to`, TLS, the terminal, export's
      `error:` / `stricter:` / `warning:` / `hint:` marks), but the notes after export's marks come
      from the exporters and stay English in both languages (`Cognito refuses passwords longer than
      256 characters…`), as do an exporter's refusal of a field and a bad `--listen` address.

      `cli.rules.*` keys say what is wrong in a rules file (`validate lint`, `validate test`,
      `validate --rules`): its top level, fields, rules and their options, messages, tests, `extends`,
      the files it names (lists, dictionaries), conflicts between rules and lint's warnings. The
      English lines are the engine's messages word for word (`RuleSetProblem.message` and
      `RuleDecodingError.message` keep them). Values: keys, names and choices are quoted in 「」;
      a value found in the file is shown as JSON writes it (`"jp"`, `-1`, `true`); a JSON type is
      translated (`cli.rules.type.*`: 文字列, 数値, 真偽値, 配列, オブジェクト; `null` stays
      `null`, the JSON literal), and so is the kind of value expected (`cli.rules.kind.*`: 0以上の整数…).
      Like the other problem lines they end without 。: the did-you-mean may follow. Still English in
      both languages, as quoted reasons inside a localized line: the system's reason a file cannot be
      read, PCRE2's reason a regular expression is invalid, why a breach file or the strength
      dictionaries cannot be loaded; and the words of an app's own rule (`RuleDecodingError(_:)` without
      a `key`, `Rule.conflicts(with:)`), which the tool shows as they are. The frame (`エラー：`, the
      count, 「…」のことですか？) is localized. The location of a rules file's problem keeps
      the form editors and CI read in every language: `FILE[:LINE:COLUMN]: JSON.PATH: …`.

      | key | ja (labeled / inline) | en (labeled / inline) |
      |---|---|---|

      """
    // The library's catalog and the tool's own words, as `validate` renders them.
    let catalog = Words.catalog
    var seen = Set(MessageCatalog.standardKeys)
    let toolKeys = (toolMessages + toolHelpMessages).map(\.key).filter { seen.insert($0).inserted }
    for key in MessageCatalog.standardKeys + toolKeys {
      guard let ja = catalog.templates["ja"]?[key], let en = catalog.templates["en"]?[key] else { continue }
      func cell(_ t: MessageTemplate) -> String {
        let escaped = { (s: String) in
          s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: "<br>")
        }
        return t.labeled == t.inline ? escaped(t.labeled) : "\(escaped(t.labeled))<br>\(escaped(t.inline))"
      }
      text += "| `\(key)` | \(cell(ja)) | \(cell(en)) |\n"
    }
    return text
  }

  @Test("docs/messages.md lists every message as the catalog has it")
  func upToDate() throws {
    let url = ValidateBinary.packageRoot.appendingPathComponent("docs/messages.md")
    let expected = Self.render()
    if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
      try expected.write(to: url, atomically: true, encoding: .utf8)
    }
    let actual = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    #expect(actual == expected, "docs/messages.md is stale: run UPDATE_DOCS=1 swift test --filter MessageDocsTests")
  }
}
