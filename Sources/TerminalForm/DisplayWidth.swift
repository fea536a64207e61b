/// How many terminal columns text takes.
///
/// Full-width characters (East Asian Width W or F: kana, kanji, hangul, full-width forms)
/// and emoji shown as emoji take two columns; combining marks and format characters take
/// none; everything else takes one. Ambiguous-width characters (`•`, `○`, Greek) count as
/// one column, as terminals draw them outside CJK legacy mode. Width is measured per
/// grapheme cluster, so `"e\u{301}"`, `"👍🏽"` and a ZWJ family are each one unit.
///
/// ```swift
/// DisplayWidth.of("パスワード")   // 10
/// DisplayWidth.of("👍")           // 2
/// DisplayWidth.of("abc")          // 3
/// ```
public enum DisplayWidth {
  /// The columns of a string: the sum over its characters.
  public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// The columns of one character (grapheme cluster).
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value < 0x20 || (0x7F...0x9F).contains(first.value) { return 0 }
    let properties = first.properties
    if properties.isEmojiPresentation { return 2 }
    // VS16 asks for emoji presentation of a character that defaults to text (`❤️`).
    if properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
    if isWide(first.value) { return 2 }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    // Hangul medial vowels and final consonants join the preceding syllable.
    if (0x1160...0x11FF).contains(first.value) || (0xD7B0...0xD7FF).contains(first.value) { return 0 }
    return 1
  }

  /// The widest prefix of `text` that fits in `columns`; a wide character that would be cut
  /// in half is left out.
  public static func prefix(of text: some StringProtocol, fitting columns: Int) -> Substring {
    let text = Substring(text)
    var used = 0
    var end = text.startIndex
    for index in text.indices {
      let width = of(text[index])
      if used + width > columns { break }
      used += width
      end = text.index(after: index)
    }
    return text[..<end]
  }

  /// Binary search in the East Asian Width W/F ranges.
  static func isWide(_ value: UInt32) -> Bool {
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let mid = (low + high) / 2
      let range = wideRanges[mid]
      if value < range.lowerBound {
        high = mid - 1
      } else if value > range.upperBound {
        low = mid + 1
      } else {
        return true
      }
    }
    return false
  }

  /// Code points whose East Asian Width is Wide or Fullwidth (Unicode 15), as blocks.
  /// Emoji come from the `Emoji_Presentation` property instead, which the standard
  /// library knows for the Unicode version it ships.
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
    0x2E80...0x2E99, 0x2E9B...0x2EF3,  // CJK radicals
    0x2F00...0x2FD5, 0x2FF0...0x2FFF,  // Kangxi radicals, ideographic description
    0x3000...0x303E,  // CJK symbols and punctuation, including the ideographic space
    0x3041...0x3096, 0x3099...0x30FF,  // hiragana, katakana
    0x3105...0x312F, 0x3131...0x318E, 0x3190...0x31E3, 0x31EF...0x321E, 0x3220...0x3247,
    0x3250...0x4DBF,  // enclosed CJK, CJK compatibility, extension A
    0x4E00...0xA48C, 0xA490...0xA4C6,  // CJK unified ideographs, Yi
    0xA960...0xA97C,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19, 0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B,  // vertical and small forms
    0xFF01...0xFF60, 0xFFE0...0xFFE6,  // full-width forms
    0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5, 0x18D00...0x18D08,
    0x1AFF0...0x1AFFE, 0x1B000...0x1B122, 0x1B132...0x1B132, 0x1B150...0x1B152, 0x1B155...0x1B155,
    0x1B164...0x1B167, 0x1B170...0x1B2FB,  // Tangut, Khitan, kana supplements, Nushu
    0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
    0x20000...0x2FFFD, 0x30000...0x3FFFD,  // CJK extensions B and later
  ]
}
