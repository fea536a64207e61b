import Testing

@testable import FormRules

/// The parts of another field's value that `notContainsField` and the strength estimator look
/// for in a password: one implementation for ASCII and other values, checked on the edges.
@Suite("field parts")
struct FieldPartsTests {
  func parts(_ value: String, minLength: Int = 3, unit: LengthUnit = .characters) -> [String] {
    FieldParts.parts(of: value, minLength: minLength, unit: unit).map { String(String.UnicodeScalarView($0)) }
  }

  @Test("an email: the value, the local part, its pieces and the pieces joined, lower-cased, once each")
  func email() {
    #expect(
      parts("Taro.Yamada+shop@Example.jp") == [
        "taro.yamada+shop@example.jp", "taro.yamada+shop", "taro", "yamada", "shop", "taroyamadashop",
      ])
    // Pieces shorter than the minimum and repeats are left out.
    #expect(parts("ab.taro.taro@x") == ["ab.taro.taro@x", "ab.taro.taro", "taro", "abtarotaro"])
    #expect(parts("taro") == ["taro"])
    #expect(parts("") == [])
    #expect(parts("a@b") == ["a@b"])
    #expect(parts("a@b", minLength: 4) == [])
  }

  @Test("full-width, the ideographic space and other white space fold and split as ASCII does")
  func wideAndSpaces() {
    #expect(
      parts("ＴＡＲＯ．ＹＡＭＡＤＡ＠ｅｘ．ｊｐ") == ["taro.yamada@ex.jp", "taro.yamada", "taro", "yamada", "taroyamada"])
    #expect(parts("山田\u{3000}太郎@x.jp", minLength: 2) == ["山田 太郎@x.jp", "山田 太郎", "山田", "太郎", "山田太郎"])
    #expect(parts("ab\u{2028}cd\u{85}ef", minLength: 2) == ["ab\u{2028}cd\u{85}ef", "ab", "cd", "ef", "abcdef"])
  }

  @Test("lengths in each unit; an @ with a mark on it is not the local part's end")
  func unitsAndMarks() {
    // b + U+0301 has no precomposed form: 4 scalars, 3 graphemes, 5 UTF-8 bytes.
    #expect(parts("ab\u{301}c", minLength: 4) == ["ab\u{301}c"])
    #expect(parts("ab\u{301}c", minLength: 4, unit: .graphemes) == [])
    #expect(parts("ab\u{301}c", minLength: 5, unit: .utf8) == ["ab\u{301}c"])
    #expect(parts("😀😀", minLength: 4, unit: .utf16) == ["😀😀"])
    #expect(parts("😀😀", minLength: 4) == [])
    // "@" + U+0301 is one character, so this value has no local part.
    #expect(parts("abc@\u{301}def") == ["abc@\u{301}def"])
    #expect(
      parts("abc.x@\u{301}def@", minLength: 3) == [
        "abc.x@\u{301}def@", "abc.x@\u{301}def", "abc", "x@\u{301}def", "abcx@\u{301}def",
      ])
  }
}
