/// One full screen of the form: styled lines and where the cursor goes.
///
/// Building a frame is pure, so tests and the docs can look at exactly what the terminal
/// would show; ``ansi()`` is the only place that knows escape sequences.
public struct Frame: Sendable, Equatable {
  public struct Position: Sendable, Equatable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
      self.row = row
      self.column = column
    }
  }

  public var lines: [[Span]]
  /// `nil` hides the cursor.
  public var cursor: Position?

  public init(lines: [[Span]] = [], cursor: Position? = nil) {
    self.lines = lines
    self.cursor = cursor
  }

  /// The frame without styles, trailing blanks removed: what a screenshot shows as text.
  public var plainText: String {
    lines.map { line in
      var text = line.map(\.text).joined()
      while text.last == " " { text.removeLast() }
      return text
    }.joined(separator: "\n")
  }

  /// The bytes that draw the frame over the previous one, row by row, each row cleared to
  /// its end so nothing of a longer old row remains, then everything below the last row.
  /// Rows are addressed absolutely and never reach the last column (the screen leaves it
  /// free), so drawing never scrolls or wraps.
  public func ansi() -> String {
    var out = "\u{1B}[?25l"
    for (row, line) in lines.enumerated() {
      out += "\u{1B}[\(row + 1);1H"
      for span in line {
        let sgr = span.style.sgr
        out += sgr.isEmpty ? span.text : sgr + span.text + "\u{1B}[0m"
      }
      out += "\u{1B}[K"
    }
    if lines.isEmpty { out += "\u{1B}[H" }
    out += "\u{1B}[J"
    if let cursor {
      out += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
    }
    return out
  }
}
