import Testing

/// The emulator the pseudo-terminal tests read the screen with must itself be right.
@Suite("VirtualScreen")
struct VirtualScreenTests {
  static let output = Array(
    "\u{1B}[?1049h\u{1B}[2J\u{1B}[1;1H\u{1B}[1m login\u{1B}[0m\u{1B}[K\u{1B}[3;4Hパスワード  ••\u{1B}[K\u{1B}[J\u{1B}[3;20H\u{1B}[?25h"
      .utf8)

  @Test("Full-width characters take two cells and positioning is absolute")
  func draws() {
    var screen = VirtualScreen(columns: 30, rows: 5)
    screen.feed(Self.output)
    #expect(screen.lines == [" login", "", "   パスワード  ••", "", ""])
    #expect(screen.cursor == (2, 19))
    #expect(screen.isAlternateScreen)
  }

  @Test("Output split anywhere, even inside a character or a sequence, draws the same")
  func split() {
    var whole = VirtualScreen(columns: 30, rows: 5)
    whole.feed(Self.output)
    var pieces = VirtualScreen(columns: 30, rows: 5)
    for byte in Self.output { pieces.feed([byte]) }
    #expect(pieces.lines == whole.lines)
    #expect(pieces.cursor == whole.cursor)
  }
}
