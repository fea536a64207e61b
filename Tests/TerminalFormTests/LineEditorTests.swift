import Testing

@testable import TerminalForm

@Suite("LineEditor")
struct LineEditorTests {
  @Test(
    "Backspace removes one whole character, however many bytes it has",
    arguments: [
      ("あいう", "あい", 9 - 3), ("a👍", "a", 1), ("ok👍🏽", "ok", 2), ("cafe\u{301}", "caf", 3), ("👨‍👩‍👧x", "👨‍👩‍👧", 18),
      ("𠮷", "", 0),
    ])
  func backspace(text: String, expected: String, utf8Count: Int) {
    var line = LineEditor(text: text)
    let removed = line.backspace()
    #expect(removed)
    #expect(line.text == expected)
    #expect(line.text.utf8.count == utf8Count)
    #expect(line.cursor == expected.count)
  }

  @Test("Editing in the middle keeps the cursor between characters")
  func middle() {
    var line = LineEditor(text: "パスド")
    line.moveLeft()
    line.insert("ワー")
    #expect(line.text == "パスワード")
    #expect(line.cursor == 4)
    #expect(line.cursorColumn == 8)
    line.backspace()
    #expect(line.text == "パスワド")
    line.deleteForward()
    #expect(line.text == "パスワ")
    line.moveToStart()
    let removed = line.backspace()
    #expect(!removed)
    #expect(line.cursorColumn == 0)
    line.moveToEnd()
    #expect(line.cursorColumn == 6)
  }

  @Test("A combining mark typed after a letter joins it")
  func combining() {
    var line = LineEditor(text: "e")
    line.insert("\u{301}")
    #expect(line.text.count == 1)
    #expect(line.cursor == 1)
  }

  @Test("Ctrl-U and Ctrl-W remove before the cursor")
  func deletions() {
    var line = LineEditor(text: "taro yamada  ")
    line.deleteWordBackward()
    #expect(line.text == "taro ")
    line.deleteToStart()
    #expect(line.text == "")
  }

  @Test("Masking shows one dot per character")
  func masked() {
    let line = LineEditor(text: "パス👍🏽")
    #expect(line.shown(masked: true) == "•••")
    #expect(line.window(columns: 10, masked: true) == ("•••", 3))
  }

  @Test("The window scrolls just enough to keep the cursor visible")
  func window() {
    var line = LineEditor(text: "abcdefghij")
    // The cursor after the last character needs a cell of its own.
    #expect(line.window(columns: 5, masked: false) == ("ghij", 4))
    line.moveToStart()
    #expect(line.window(columns: 5, masked: false) == ("abcde", 0))
    let wide = LineEditor(text: "あいうえお")
    // 10 columns of text and the cursor after it need 11: the first character scrolls off.
    #expect(wide.window(columns: 10, masked: false) == ("いうえお", 8))
    #expect(wide.window(columns: 7, masked: false) == ("うえお", 6))
  }
}
