/// The text of one input line and its cursor, edited one character at a time.
///
/// The cursor counts characters (grapheme clusters), so backspace removes a whole `あ`
/// (three UTF-8 bytes), a whole `👍🏽` or a whole `e` + combining accent, never part of one.
///
/// ```swift
/// var line = LineEditor(text: "パスワード")
/// line.backspace()
/// line.text           // "パスワー"
/// line.cursorColumn   // 8
/// ```
public struct LineEditor: Sendable, Equatable {
  public private(set) var text: String
  /// Characters before the cursor.
  public private(set) var cursor: Int

  /// Starts with the cursor at the end of `text`.
  public init(text: String = "") {
    self.text = text
    self.cursor = text.count
  }

  private var cursorIndex: String.Index {
    text.index(text.startIndex, offsetBy: cursor, limitedBy: text.endIndex) ?? text.endIndex
  }

  public mutating func insert(_ string: String) {
    let head = String(text[..<cursorIndex]) + string
    text = head + text[cursorIndex...]
    // A combining mark typed after a letter joins it, so count what the head became.
    cursor = min(head.count, text.count)
  }

  /// Removes the character before the cursor.
  /// - Returns: whether anything was removed.
  @discardableResult
  public mutating func backspace() -> Bool {
    guard cursor > 0 else { return false }
    cursor -= 1
    text.remove(at: cursorIndex)
    return true
  }

  /// Removes the character under the cursor.
  @discardableResult
  public mutating func deleteForward() -> Bool {
    guard cursor < text.count else { return false }
    text.remove(at: cursorIndex)
    return true
  }

  /// Removes everything before the cursor (Ctrl-U).
  public mutating func deleteToStart() {
    text.removeSubrange(text.startIndex..<cursorIndex)
    cursor = 0
  }

  /// Removes the word before the cursor and the spaces after it (Ctrl-W).
  public mutating func deleteWordBackward() {
    var start = cursor
    let characters = Array(text)
    while start > 0, characters[start - 1].isWhitespace { start -= 1 }
    while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
    let from = text.index(text.startIndex, offsetBy: start)
    text.removeSubrange(from..<cursorIndex)
    cursor = start
  }

  public mutating func moveLeft() { cursor = max(0, cursor - 1) }
  public mutating func moveRight() { cursor = min(text.count, cursor + 1) }
  public mutating func moveToStart() { cursor = 0 }
  public mutating func moveToEnd() { cursor = text.count }

  /// Replaces the whole text, cursor at the end.
  public mutating func setText(_ new: String) {
    text = new
    cursor = new.count
  }

  /// The columns between the start of the line and the cursor.
  public var cursorColumn: Int { DisplayWidth.of(text[..<cursorIndex]) }

  /// What the line shows: the text, or one `•` per character when masked.
  public func shown(masked: Bool) -> String {
    masked ? String(repeating: "•", count: text.count) : text
  }

  /// The part of the line that fits in `columns`, scrolled so the cursor stays visible,
  /// and the cursor's column within it.
  public func window(columns: Int, masked: Bool) -> (text: String, cursorColumn: Int) {
    let characters = Array(shown(masked: masked))
    let widths = characters.map(DisplayWidth.of)
    guard columns > 0 else { return ("", 0) }
    // Scroll only as far as needed for the cursor (plus one cell for it) to fit.
    var start = 0
    var beforeCursor = widths[0..<cursor].reduce(0, +)
    while start < cursor, beforeCursor + 1 > columns {
      beforeCursor -= widths[start]
      start += 1
    }
    var used = 0
    var end = start
    while end < characters.count, used + widths[end] <= columns {
      used += widths[end]
      end += 1
    }
    return (String(characters[start..<end]), beforeCursor)
  }
}
