import FormRulesUI

/// Lays the form out as a ``Frame`` for a terminal of a given size.
///
/// ```
///  login
///
/// › メールアドレス  taro@example.jp
///   パスワード      •••              Ctrl-R 表示
///                   6文字以上で入力してください。
///
///                   [ 送信 ]
///
///  Tab/↓ 次へ  Shift-Tab/↑ 前へ  Enter 送信  Esc 中止
/// ```
///
/// Each field line starts ``indent`` columns in, leaving room for the focus marker and for
/// the shake to move the line left.
@MainActor
public struct FormScreen {
  /// Columns before a field's label: one for the focus marker, the rest for the shake.
  public static let indent = 3
  /// Terminal columns per point of ``ShakeAnimation`` offset: 5 points → 2 columns, a
  /// movement as visible on a terminal as 5 points are on a phone.
  public static let columnsPerPoint = 0.4
  /// The widest input box, so a wide terminal does not stretch the form.
  public static let maximumBoxWidth = 40
  /// Below this many columns beside the labels, values move under their labels.
  public static let minimumBoxWidth = 12

  public let controller: FormController
  public let width: Int
  public let height: Int

  public init(controller: FormController, width: Int, height: Int) {
    self.controller = controller
    self.width = width
    self.height = height
  }

  /// The columns a shake offset moves a line.
  public static func columns(forOffset points: Double) -> Int {
    Int((points * columnsPerPoint).rounded())
  }

  /// The frame with `shaking` field lines moved `shakeColumns` to the right (left when
  /// negative). The cursor is hidden while a shake plays.
  public func frame(shaking: [String] = [], shakeColumns: Int = 0) -> Frame {
    let model = controller.model
    let language = model.policy.negotiateLocale([model.locale])
    let strings = TerminalStrings.forLanguage(language, catalog: model.policy.catalog)
    let labels = model.fieldNames.map { DisplayText.escapingControls(model.label(of: $0)) }
    let labelWidth = labels.map { DisplayWidth.of($0) }.max() ?? 0
    let hintWidth =
      model.fieldNames.contains(where: controller.isSensitive)
      ? max(DisplayWidth.of(strings.show), DisplayWidth.of(strings.hide)) + 2 : 0
    // The last column stays empty so drawing never wraps.
    let usable = max(1, width - 1)
    // Beside the labels while a useful box fits there; else each value goes under its label.
    let stacked = usable - (Self.indent + labelWidth + 2) - hintWidth < Self.minimumBoxWidth
    let valueColumn = stacked ? Self.indent : Self.indent + labelWidth + 2
    let boxWidth = max(1, min(Self.maximumBoxWidth, usable - valueColumn - hintWidth))

    var lines: [[Span]] = []
    var cursor: Frame.Position?
    let title = DisplayText.escapingControls(model.policy.ruleSet.title(locale: language) ?? model.policy.ruleSet.file)
    lines.append([Span(" " + title, .bold)])
    lines.append([])

    for (name, label) in zip(model.fieldNames, labels) {
      let focused = controller.focusedField == name
      let shift = shaking.contains(name) ? shakeColumns : 0
      let editor = controller.editors[name] ?? LineEditor()
      let masked = controller.isMasked(name)
      let window = editor.window(columns: boxWidth - 1, masked: masked)
      let showsMessages = model.showsMessages(for: name)
      let marker = Span(focused ? "›" : " ", .bold)
      let lead = Span(String(repeating: " ", count: max(0, Self.indent - 1 + shift)))

      let labelStyle: TextStyle =
        showsMessages && !model.isValid(name) ? [.bold, .red] : focused ? .bold : []
      var line: [Span] = [marker, lead]
      if stacked {
        lines.append(line + [Span(label, labelStyle)])
        line = [Span(" "), lead]
      } else {
        line.append(
          Span(label + String(repeating: " ", count: labelWidth - DisplayWidth.of(label) + 2), labelStyle))
      }
      let padding = boxWidth - DisplayWidth.of(window.text)
      line.append(Span(window.text + String(repeating: " ", count: max(0, padding)), .underline))
      if controller.isSensitive(name) {
        line.append(Span("  " + (masked ? strings.show : strings.hide), .dim))
      }
      if focused && shakeColumns == 0 {
        cursor = Frame.Position(row: lines.count, column: valueColumn + shift + window.cursorColumn)
      }
      lines.append(line)

      for message in model.messages(for: name) {
        let style: TextStyle = message.severity == .error ? .red : .yellow
        for piece in Self.wrap(DisplayText.escapingControls(message.text), columns: usable - valueColumn) {
          lines.append([Span(String(repeating: " ", count: valueColumn + shift)), Span(piece, style)])
        }
      }
      if stacked && name != model.fieldNames.last { lines.append([]) }
    }

    lines.append([])
    if let general = model.generalError {
      for piece in Self.wrap(DisplayText.escapingControls(general), columns: usable - valueColumn) {
        lines.append([Span(String(repeating: " ", count: valueColumn)), Span(piece, .red)])
      }
    }
    let submitFocused = controller.focus == .submit
    var submitStyle: TextStyle = model.isSubmitEnabled ? .bold : .dim
    if submitFocused { submitStyle.insert(.reverse) }
    lines.append([
      Span(submitFocused ? "›" : " ", .bold), Span(String(repeating: " ", count: valueColumn - 1)),
      Span(strings.submit, submitStyle),
    ])
    lines.append([])
    // The key hints wrap between hints, never inside one, so a narrow terminal shows them all.
    for piece in Self.pack(strings.help, columns: usable - 1) {
      lines.append([Span(" " + piece, .dim)])
    }

    let clipped = lines.prefix(max(1, height)).map { Self.clip($0, columns: usable) }
    if let position = cursor, position.row >= clipped.count || position.column >= usable { cursor = nil }
    return Frame(lines: Array(clipped), cursor: cursor)
  }

  /// Cuts a line to `columns`, never through a wide character.
  static func clip(_ line: [Span], columns: Int) -> [Span] {
    var left = columns
    var result: [Span] = []
    for span in line {
      guard left > 0 else { break }
      let piece = DisplayWidth.prefix(of: span.text, fitting: left)
      left -= DisplayWidth.of(piece)
      result.append(Span(String(piece), span.style))
    }
    return result
  }

  /// Characters a line must not start with (行頭禁則): closing marks and punctuation.
  static let noLineStart: Set<Character> = [
    "。", "、", "，", "．", "」", "』", "）", "】", "〕", "〉", "》", "！", "？", "：", "；", "・", "…", ")", "]", "}",
    ",", ".", "!", "?", ":", ";",
  ]
  /// Characters a line must not end with (行末禁則): opening marks.
  static let noLineEnd: Set<Character> = ["「", "『", "（", "【", "〔", "〈", "《", "(", "[", "{"]

  /// Packs items (key hints) into lines of at most `columns`, two spaces apart; an item is
  /// never split, one wider than a line stands alone (and is clipped).
  static func pack(_ items: [String], columns: Int) -> [String] {
    var lines: [String] = []
    for item in items {
      if let last = lines.last, DisplayWidth.of(last) + 2 + DisplayWidth.of(item) <= columns {
        lines[lines.count - 1] = last + "  " + item
      } else {
        lines.append(item)
      }
    }
    return lines
  }

  /// Splits text into lines of at most `columns`, at a space where there is one (English)
  /// and anywhere otherwise (Japanese has no spaces between words), keeping kinsoku.
  static func wrap(_ text: String, columns: Int) -> [String] {
    guard columns > 1 else { return [text] }
    var lines: [String] = []
    var rest = Substring(text)
    while DisplayWidth.of(rest) > columns {
      var cut = DisplayWidth.prefix(of: rest, fitting: columns)
      if let space = cut.lastIndex(of: " "), space > cut.startIndex {
        cut = rest[..<space]
      }
      if cut.isEmpty { cut = rest.prefix(1) }
      // Kinsoku: the next line does not start with 。、」） and their kin (the last character
      // moves down with it), and this line does not end with 「（.
      while cut.count > 1, let next = rest[cut.endIndex...].first, Self.noLineStart.contains(next) {
        cut = cut.dropLast()
      }
      while cut.count > 1, let last = cut.last, Self.noLineEnd.contains(last) { cut = cut.dropLast() }
      lines.append(String(cut))
      rest = rest[cut.endIndex...].drop { $0 == " " }
    }
    if !rest.isEmpty || lines.isEmpty { lines.append(String(rest)) }
    return lines
  }
}
