import TerminalForm

/// A tiny terminal emulator for the output of `validate form`: enough of VT100 to turn the
/// bytes written to a pseudo-terminal back into rows of text, so tests read the screen the
/// way a person would, full-width characters taking two cells.
struct VirtualScreen {
  private(set) var columns: Int
  private(set) var rows: Int
  /// Each cell holds one character; the cell after a wide character holds "".
  private var cells: [[String]]
  private var row = 0
  private var column = 0
  private(set) var isCursorVisible = true
  private(set) var isAlternateScreen = false
  /// Output cut off in the middle of a UTF-8 character or an escape sequence, kept for the
  /// next read.
  private var pending: [UInt8] = []

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }

  /// The screen's rows as text, trailing blanks removed.
  var lines: [String] {
    cells.map { cells in
      var line = cells.joined()
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  var text: String { lines.joined(separator: "\n") }

  /// Where the cursor is, zero-based.
  var cursor: (row: Int, column: Int) { (row, column) }

  mutating func resize(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    row = min(row, rows - 1)
    column = min(column, columns - 1)
  }

  /// Applies output as it arrives from the terminal, in pieces of any size; escape
  /// sequences the form does not use are skipped.
  mutating func feed(_ bytes: [UInt8]) {
    pending += bytes
    // Hold back an unfinished UTF-8 character at the end.
    var end = pending.count
    var back = 0
    while back < 3, end - back - 1 >= 0, pending[end - back - 1] & 0xC0 == 0x80 { back += 1 }
    if end - back - 1 >= 0 {
      let lead = pending[end - back - 1]
      let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
      if length > back + 1 { end -= back + 1 }
    }
    var characters = Substring(String(decoding: pending[..<end], as: UTF8.self))
    let rest = Array(pending[end...])
    pending = []
    while let character = characters.first {
      switch character {
      case "\u{1B}":
        let sequence = characters.dropFirst()
        guard sequence.first == "[" else {
          if sequence.isEmpty {
            pending = Array(String(characters).utf8)
            characters = ""
          } else {
            characters = sequence.dropFirst()
          }
          continue
        }
        let body = sequence.dropFirst().prefix { !$0.isLetter && $0 != "~" && $0 != "@" }
        let afterBody = sequence.dropFirst(1 + body.count)
        guard let final = afterBody.first else {
          // The rest of the sequence is in the next read.
          pending = Array(String(characters).utf8)
          characters = ""
          continue
        }
        characters = afterBody.dropFirst()
        control(final, parameters: String(body))
        continue
      case "\r":
        column = 0
      case "\n":
        row = min(rows - 1, row + 1)
      default:
        put(character)
      }
      characters = characters.dropFirst()
    }
    pending += rest
  }

  private mutating func control(_ final: Character, parameters: String) {
    let isPrivate = parameters.hasPrefix("?")
    let numbers = parameters.drop { $0 == "?" }.split(separator: ";", omittingEmptySubsequences: false)
      .map { Int($0) }
    func number(_ i: Int, default value: Int) -> Int { i < numbers.count ? numbers[i] ?? value : value }
    switch final {
    case "H", "f":
      row = max(0, min(rows - 1, number(0, default: 1) - 1))
      column = max(0, min(columns - 1, number(1, default: 1) - 1))
    case "K":
      for c in column..<columns { cells[row][c] = " " }
    case "J":
      if number(0, default: 0) == 2 {
        clear()
      } else {
        for c in column..<columns { cells[row][c] = " " }
        for r in (row + 1)..<max(row + 1, rows) { cells[r] = Array(repeating: " ", count: columns) }
      }
    case "h", "l":
      guard isPrivate else { return }
      if number(0, default: 0) == 25 { isCursorVisible = final == "h" }
      if number(0, default: 0) == 1049 {
        isAlternateScreen = final == "h"
        clear()
      }
    default:
      break
    }
  }

  private mutating func clear() {
    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }

  private mutating func put(_ character: Character) {
    let width = DisplayWidth.of(character)
    guard width > 0 else { return }
    if column + width > columns {
      column = 0
      row = min(rows - 1, row + 1)
    }
    cells[row][column] = String(character)
    if width == 2, column + 1 < columns { cells[row][column + 1] = "" }
    column += width
  }
}
