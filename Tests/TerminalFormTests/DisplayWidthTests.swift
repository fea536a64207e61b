import Testing

@testable import TerminalForm

@Suite("DisplayWidth")
struct DisplayWidthTests {
  @Test(
    "Columns of Japanese, emoji and Latin text",
    arguments: [
      ("abc", 3), ("パスワード", 10), ("メールアドレス", 14), ("ｱｲｳ", 3), ("ＡＢＣ", 6), ("\u{3000}", 2),
      ("、。", 4), ("漢字かな", 8), ("한국어", 6), ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("❤️", 2),
      ("❤", 1), ("e\u{301}", 1), ("•", 1), ("é", 1), ("", 0), ("\u{200B}", 0), ("a\u{7}b", 2),
      ("𠮷野家", 6),
    ])
  func widths(text: String, columns: Int) {
    #expect(DisplayWidth.of(text) == columns)
  }

  @Test("A prefix never cuts a wide character in half")
  func prefix() {
    #expect(DisplayWidth.prefix(of: "パスワード", fitting: 5) == "パス")
    #expect(DisplayWidth.prefix(of: "パスワード", fitting: 6) == "パスワ")
    #expect(DisplayWidth.prefix(of: "ab👍c", fitting: 3) == "ab")
    #expect(DisplayWidth.prefix(of: "abc", fitting: 10) == "abc")
  }

  @Test("The wide table is sorted and disjoint, so the binary search is sound")
  func tableSorted() {
    let ranges = DisplayWidth.wideRanges
    for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound < b.lowerBound) }
  }
}
