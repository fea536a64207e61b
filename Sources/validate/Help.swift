import FormRules
import FormRulesBulk
import FormRulesExport
import FormRulesPassword
import TerminalForm

/// A `--help` page in the tool's language: headings, descriptions and notes come from the
/// catalog's `cli.help.*` lines; option names, usage lines and examples are written here, as
/// they are typed, and never translated.
///
/// English lines keep the line breaks they are written with. A Japanese line has none: it is
/// wrapped at ``width`` columns, counting a wide character (kana, kanji, full-width marks) as
/// two as a terminal draws it, and never before a closing mark or after an opening one.
struct HelpPage {
  /// The widest Japanese line; English lines are laid out by hand and left as written.
  static let width = 100

  /// One piece of a page.
  enum Block {
    /// An empty line.
    case blank
    /// A line as typed: an example, a line of a command.
    case typed(String)
    /// A heading alone on its line: `OPTIONS:` / `オプション：`.
    case heading(String)
    /// A heading and a catalog line after it: `OVERVIEW: …` / `概要：…`.
    case headed(String, String)
    /// `USAGE:` and the command's lines as typed; the lines after the first are indented by
    /// the heading's width (in columns) and keep their own leading spaces after it.
    case usage([String])
    /// A catalog paragraph at the left margin.
    case text(String)
    /// An option (or a value of one) and its description.
    case row(Row)
    /// The SUBCOMMANDS table of `validate --help`.
    case subcommands
  }

  /// `  --rules <file>   The rules file. Required.`: the option as typed at `indent`, its
  /// description (a catalog key) from `column` on, both counted from `indent`.
  struct Row {
    var syntax: String
    var key: String
    var column: Int
    var indent = 2
    /// When the option is wider than the column: `true` puts the description on the same
    /// line after two spaces, `false` on the next line at the column.
    var sameLine = false
  }

  var blocks: [Block]

  /// What the descriptions quote as typed: JSON a user writes, which the catalog would read
  /// as placeholders.
  static let values = [
    "keepExample": #""keep":{"<member>":…}"#, "lineExample": #""line":<n>"#, "checkExample": #"{"check": NAME}"#,
  ]

  init(_ blocks: [Block]) { self.blocks = blocks }

  /// The page in the tool's language (``Words/locale``).
  func render() -> String {
    var lines: [String] = []
    let japanese = Words.isJapanese
    func heading(_ key: String) -> String {
      let text = Words.text(key, Self.values)
      return japanese ? text : text + " "
    }
    for block in blocks {
      switch block {
      case .blank: lines.append("")
      case .typed(let line): lines.append(line)
      case .heading(let key): lines.append(Words.text(key, Self.values))
      case .headed(let key, let textKey):
        let head = heading(key)
        lines += Self.lay(
          Words.text(textKey, Self.values), first: head, indent: DisplayWidth.of(head), japanese: japanese)
      case .usage(let commands):
        let head = heading("cli.help.usage")
        let pad = String(repeating: " ", count: DisplayWidth.of(head))
        for (i, command) in commands.enumerated() { lines.append((i == 0 ? head : pad) + command) }
      case .text(let key):
        lines += Self.lay(Words.text(key, Self.values), first: "", indent: 0, japanese: japanese)
      case .row(let row):
        lines += Self.lay(row, japanese: japanese)
      case .subcommands:
        let width = (Subcommand.all.map { DisplayWidth.of($0.name) }.max() ?? 0) + 4
        for command in Subcommand.all {
          lines += Self.lay(
            Row(syntax: command.name, key: command.summary, column: width), japanese: japanese)
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// An option row: the option, then its description from the column on.
  static func lay(_ row: Row, japanese: Bool) -> [String] {
    let margin = String(repeating: " ", count: row.indent)
    let syntaxWidth = DisplayWidth.of(row.syntax)
    let text = Words.text(row.key, values)
    if syntaxWidth < row.column {
      let first = margin + row.syntax + String(repeating: " ", count: row.column - syntaxWidth)
      return lay(text, first: first, indent: row.indent + row.column, japanese: japanese)
    }
    if row.sameLine {
      let first = margin + row.syntax + "  "
      return lay(text, first: first, indent: row.indent + row.column, japanese: japanese)
    }
    return [margin + row.syntax]
      + lay(
        text, first: String(repeating: " ", count: row.indent + row.column), indent: row.indent + row.column,
        japanese: japanese)
  }

  /// A catalog text after `first` (which is `indent` columns wide, or the heading before it),
  /// its further lines at `indent` plus their own leading spaces; Japanese lines wrapped.
  static func lay(_ text: String, first: String, indent: Int, japanese: Bool) -> [String] {
    var lines: [String] = []
    for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let lead = i == 0 ? first : String(repeating: " ", count: indent)
      let start = i == 0 ? DisplayWidth.of(first) : indent
      let ownSpaces = line.prefix { $0 == " " }.count
      let body = String(line.dropFirst(ownSpaces))
      let pieces =
        japanese ? wrap(body, width: max(20, width - start - ownSpaces)) : [body]
      for (k, piece) in pieces.enumerated() {
        let prefix = k == 0 ? lead : String(repeating: " ", count: indent)
        lines.append(prefix + String(repeating: " ", count: ownSpaces) + piece)
      }
    }
    return lines
  }

  /// Marks (and small kana, the long vowel mark) a line never starts with, and marks it never
  /// ends with.
  static let closing: Set<Character> = [
    "、", "。", "」", "）", "：", "！", "？", "・", "…", "』", ")", ",", ".", "ー", "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ",
    "ょ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ",
  ]
  static let opening: Set<Character> = ["「", "（", "『", "("]

  /// Whether a character is katakana (ア…ヶ, ー): a run of them is one word (「エラー」,
  /// 「プロキシ」), which a line never splits.
  static func isKatakana(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return false }
    return (0x30A1...0x30FA).contains(scalar.value) || scalar.value == 0x30FC
  }

  /// Japanese line breaking: between any two wide characters, at a space outside 「…」, never
  /// inside a run of ASCII (an option, a path, a number) or of katakana (a word), never before
  /// a closing mark or after an opening one.
  static func wrap(_ text: String, width: Int) -> [String] {
    // Units that stay on one line, each with whether a space came before it.
    var units: [(text: String, spaced: Bool)] = []
    var space = false
    var quoted = 0
    for character in text {
      if character == "「" { quoted += 1 }
      if character == "」" { quoted = max(0, quoted - 1) }
      if character == " " {
        // A space inside 「…」 is part of what is quoted (「FILE: JSON.PATH」): no break there.
        if quoted > 0, !units.isEmpty {
          units[units.count - 1].text.append(character)
        } else {
          space = true
        }
        continue
      }
      if let last = units.last, last.text.last == " " {
        units[units.count - 1].text.append(character)
        continue
      }
      if let last = units.last, !space {
        let previous = last.text.last ?? " "
        let joins =
          closing.contains(character) || opening.contains(previous)
          || (character.isASCII && previous.isASCII && !opening.contains(character))
          || (isKatakana(character) && isKatakana(previous))
        if joins {
          units[units.count - 1].text.append(character)
          continue
        }
      }
      units.append((String(character), space))
      space = false
    }
    var lines: [String] = []
    var line = ""
    var used = 0
    for unit in units {
      let gap = unit.spaced && !line.isEmpty ? 1 : 0
      let unitWidth = DisplayWidth.of(unit.text)
      if !line.isEmpty, used + gap + unitWidth > width {
        lines.append(line)
        line = unit.text
        used = unitWidth
      } else {
        line += (gap == 1 ? " " : "") + unit.text
        used += gap + unitWidth
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
