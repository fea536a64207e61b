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

      ## Style guide

      The catalog is written for a Japanese product team to ship unchanged; English follows the same rules.

      - **Voice.** です・ます, one verb for what to type (入力してください), 設定 for choosing a password,
        no double keigo. Literals in 「」 (「@」, 「"」), full-width punctuation, half-width digits. English:
        sentence case, US spelling, "log in". A label is capitalized only where a sentence starts: the
        renderer lowercases `{label}`, `{other}`, `{fields}` and `{requirement}` inside an English
        sentence ("Does not match password."), and keeps an acronym ("PIN") or a one-letter label.
      - **Requirement vs warning.** An error says what to do: 「8文字以上で入力してください。」. A warning
        is advice, never a command: the reason, then a soft action, 「…と、より安全です。」 / "…makes it
        safer." A warning tries `<code>.<detail>.warning` (`strength.date.warning`: the estimator's
        reason), then `<code>.warning`, then the frame `recommendation`
        (「「{requirement}」を満たすと、より安全です。」). A rules file may override any of them.
      - **Labeled vs inline.** Every message has both. `labeled` starts with the label
        (「{label}は…」, 「{label}に…」) and is for summaries, dialogs, live regions and problem+json;
        `inline` leaves the label out and is shown under the field, whose label is already on screen.
      - **The checklist** (`requirement.*`) is short noun phrases without 。: 「8文字以上」, 「64文字以内」
        (以内 for upper bounds), 「英大文字・数字をそれぞれ1文字以上含む」 (lists joined with ・, never 、,
        which reads as the clause's own comma), no double negatives (「使用できない文字列なし」). A
        recommendation is prefixed, with the ordinary bullet: 「推奨：15文字以上」 / "Recommended: at
        least 15 characters".
      - **Strength feedback.** The reason, then at most one suggestion, and only one that adds
        something: a suggestion that repeats the message (「連続した並び…」 after a sequence) or
        contradicts it (「単語を加えて」 after 「別のものにしてください」) is left out. The meter says what
        its numbers mean (「破られるまでの目安：約26分（…）」), without `10^x`.
      - **Mobile length.** At 375 px a line holds about 20 full-width characters: an inline message
        should fit in two lines (about 40 characters), a labeled one in three, a checklist line in one.
      - **Lists in English** end with "and" when every item counts (the classes to include, the fields
        to check) and "or" when any one does (`of`, the fields not to contain).
      - **Numbers** in the tool's counts use thousands separators: 「19,640件」 / "19,640 entries".

      ## More languages

      Japanese and English are built in and reviewed. Any other language is a catalog file (JSON):
      `{"language": "ko", "fallback": "en", "note": "…", "labels": {"password": "비밀번호"},
      "messages": {"required": {"labeled": "…", "inline": "…"}, "unit.characters": "자", …}}`. An app adds
      it with `RuleRegistry.add(try CatalogLanguage(contentsOf: url))`; a rules file adds it in its
      `messages`: `"messages": {"ko": "messages/ko.sample.json"}` (relative to the rules file, confined
      like `extends` under `validate serve`). The file is checked when it is read: every key below
      except `cli.*` is present, a key whose English forms differ gives both `labeled` and `inline`, and
      every `{placeholder}` is one the English message of that key uses. Negotiation then offers the
      language everywhere (the library, `validate --locale ko`, `validate serve` under
      `Accept-Language: ko`, the web page through the server): `ko-KR`, `ko_KR.UTF-8` → `ko`,
      `zh-Hans-CN` → `zh-Hans`. A key the file lacks (an app's own code) falls back to `fallback`, then
      English, never to a raw code; a field label falls back to `labels`, then the rules file's
      `defaultLocale`. The tool's own lines stay in the fallback language. `Rules/messages/ko.sample.json`
      is a sample, not reviewed by a native speaker: it shows and tests the mechanism.

      ## Every message

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
