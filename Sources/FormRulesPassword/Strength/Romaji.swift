import FormRules

/// Japanese in Latin letters, for matching romaji dictionary words however they were
/// typed, and kana by what it sounds like.
///
/// Two steps, each keeping track of which scalars of the password every letter came from:
///
/// 1. ``transliterate(_:)``: kana (hiragana, katakana, half-width katakana with its
///    separate voicing marks) becomes Hepburn romaji as a Japanese keyboard user types it
///    (`とうきょう` → `toukyou`, `しんかんせん` → `shinkansen`, `ラーメン` → `raamen`,
///    `ｻｸﾗ` → `sakura`); ASCII letters stay (lower-cased); anything else breaks words.
/// 2. ``reduce(_:)``: one spelling for the ways romaji is written, applied to the
///    password and to every Japanese dictionary word alike:
///    - Hepburn to Kunrei: `shi`/`si`, `sha`/`sya`, `chi`/`ti`, `cha`/`tya`, `tsu`/`tu`,
///      `fu`/`hu`, `ji`/`zi`, `ja`/`zya`/`jya`;
///    - long vowels: `ou`, `oo`, `oh` (before a consonant or at the end), `uu`, `aa`, `ii`,
///      `ee` become one vowel (`toukyou`, `tokyo`, `toukyo`, `tohkyoh` → `tokyo`);
///    - `n'` and `nn` become `n`, and `m` before `b`, `p` or `m` becomes `n`
///      (`shimbun` = `shinbun`);
///    - a doubled consonant becomes one (`nippon` = `nipon`, `hokkaido` = `hokaido`,
///      `matcha` = `macha`).
enum Romaji {
  /// A letter of the romaji view and the password scalars `start...end` it came from.
  struct Letter: Equatable {
    var value: UInt32
    var start: Int
    var end: Int
    /// The letter starts or ends a kana (or one scalar), so a word may begin or end here.
    var startsUnit: Bool
    var endsUnit: Bool
  }

  /// A word break in the romaji view.
  static let breakValue: UInt32 = 0

  // MARK: Kana to romaji

  /// Hiragana U+3041–U+3096 (katakana folds onto it) → romaji; "" for small kana handled apart.
  private static let kanaTable: [UInt32: String] = {
    let rows: [(String, [String])] = [
      ("ぁあぃいぅうぇえぉお", ["a", "a", "i", "i", "u", "u", "e", "e", "o", "o"]),
      ("かがきぎくぐけげこご", ["ka", "ga", "ki", "gi", "ku", "gu", "ke", "ge", "ko", "go"]),
      ("さざしじすずせぜそぞ", ["sa", "za", "shi", "ji", "su", "zu", "se", "ze", "so", "zo"]),
      ("ただちぢっつづてでとど", ["ta", "da", "chi", "ji", "", "tsu", "zu", "te", "de", "to", "do"]),
      ("なにぬねの", ["na", "ni", "nu", "ne", "no"]),
      (
        "はばぱひびぴふぶぷへべぺほぼぽ",
        ["ha", "ba", "pa", "hi", "bi", "pi", "fu", "bu", "pu", "he", "be", "pe", "ho", "bo", "po"]
      ),
      ("まみむめも", ["ma", "mi", "mu", "me", "mo"]),
      ("ゃやゅゆょよ", ["ya", "ya", "yu", "yu", "yo", "yo"]),
      ("らりるれろ", ["ra", "ri", "ru", "re", "ro"]),
      ("ゎわゐゑをんゔゕゖ", ["wa", "wa", "i", "e", "wo", "n", "vu", "ka", "ke"]),
    ]
    var table: [UInt32: String] = [:]
    for (kana, romaji) in rows {
      for (scalar, r) in zip(kana.unicodeScalars, romaji) { table[scalar.value] = r }
    }
    return table
  }()

  /// Half-width katakana U+FF66–U+FF9D as full-width katakana.
  private static let halfWidth: [UInt32] = Array(
    "ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン"
      .unicodeScalars.map(\.value))

  /// Hiragana for a kana scalar (katakana and half-width katakana folded), or `nil`.
  @inline(__always)
  static func hiragana(_ v: UInt32) -> UInt32? {
    switch v {
    case 0x3041...0x3096: return v
    case 0x30A1...0x30F6: return v - 0x60
    case 0xFF66...0xFF9D: return hiragana(halfWidth[Int(v - 0xFF66)])
    case 0x30FC, 0xFF70: return 0x30FC  // ー, the long-vowel mark
    default: return nil
    }
  }

  /// Whether a password has anything a romaji view could find a word in.
  static func mayContainWords(_ scalars: [Unicode.Scalar]) -> Bool {
    scalars.contains { s in
      let v = s.value
      return (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || hiragana(v) != nil
    }
  }

  /// The most letters ``transliterate(_:into:)`` writes per scalar (`ち`: `chi`).
  static let lettersPerScalar = 3

  /// The romaji view of a password: one ``Letter`` per romaji letter, with the scalars it came from.
  static func transliterate(_ scalars: [Unicode.Scalar]) -> [Letter] {
    withScratchStack(of: Letter.self, capacity: scalars.count * lettersPerScalar) { out in
      transliterate(scalars, into: &out)
      return (0..<out.count).map { out[$0] }
    }
  }

  /// The romaji view of a password, pushed onto `out` (room for ``lettersPerScalar`` letters
  /// per scalar).
  static func transliterate(_ scalars: [Unicode.Scalar], into out: inout ScratchStack<Letter>) {
    var pendingDouble: Int? = nil  // the start of a っ waiting for the next consonant
    var k = 0
    let n = scalars.count
    func push(_ text: Substring.UnicodeScalarView, _ start: Int, _ end: Int) {
      let count = text.count
      for (index, letter) in text.enumerated() {
        out.append(
          Letter(
            value: letter.value, start: start, end: end, startsUnit: index == 0, endsUnit: index == count - 1))
      }
    }
    while k < n {
      let v = scalars[k].value
      // ASCII letters and the apostrophe of n'.
      if v < 0x80 {
        let lower = v >= 0x41 && v <= 0x5A ? v + 0x20 : v
        let isLetter = lower >= 0x61 && lower <= 0x7A
        if isLetter || v == 0x27 {
          out.append(
            Letter(value: lower, start: k, end: k, startsUnit: true, endsUnit: true))
        } else {
          out.append(Letter(value: breakValue, start: k, end: k, startsUnit: true, endsUnit: true))
        }
        pendingDouble = nil
        k += 1
        continue
      }
      guard var kana = hiragana(v) else {
        out.append(Letter(value: breakValue, start: k, end: k, startsUnit: true, endsUnit: true))
        pendingDouble = nil
        k += 1
        continue
      }
      var end = k
      // Voicing marks: half-width ﾞ ﾟ, combining U+3099/309A, spacing ゛゜.
      if end + 1 < n {
        let mark = scalars[end + 1].value
        if [0xFF9E, 0x3099, 0x309B].contains(mark), let voiced = Self.voiced(kana, by: 1) {
          kana = voiced
          end += 1
        } else if [0xFF9F, 0x309A, 0x309C].contains(mark), let voiced = Self.voiced(kana, by: 2) {
          kana = voiced
          end += 1
        }
      }
      let start = pendingDouble ?? k
      pendingDouble = nil
      if kana == 0x3063 {  // っ: doubles the next consonant
        pendingDouble = start
        k = end + 1
        continue
      }
      if kana == 0x30FC {  // ー: repeats the vowel before it
        if out.count > 0, case let last = out[out.count - 1], [0x61, 0x69, 0x75, 0x65, 0x6F].contains(last.value) {
          out.append(Letter(value: last.value, start: start, end: end, startsUnit: true, endsUnit: true))
        } else {
          out.append(Letter(value: breakValue, start: start, end: end, startsUnit: true, endsUnit: true))
        }
        k = end + 1
        continue
      }
      guard let romaji = kanaTable[kana], !romaji.isEmpty else {
        out.append(Letter(value: breakValue, start: start, end: end, startsUnit: true, endsUnit: true))
        k = end + 1
        continue
      }
      var syllable = romaji
      // Small ゃゅょ after an i-kana: kya, sha, cha, ja.
      if end + 1 < n, let small = hiragana(scalars[end + 1].value), [0x3083, 0x3085, 0x3087].contains(small),
        syllable.count >= 2, syllable.hasSuffix("i")
      {
        syllable.removeLast()
        let vowel = small == 0x3083 ? "a" : small == 0x3085 ? "u" : "o"
        syllable += ["sh", "ch", "j"].contains(syllable) ? vowel : "y" + vowel
        end += 1
      }
      var text = Substring(syllable).unicodeScalars
      if start < k, let first = text.first, !"aiueon".unicodeScalars.contains(first) {
        text = Substring(String(first) + syllable).unicodeScalars
      }
      push(text, start, end)
      k = end + 1
    }
  }

  /// Hiragana voiced (`by` 1: ゛) or half-voiced (`by` 2: ゜), when that kana exists.
  private static func voiced(_ kana: UInt32, by step: UInt32) -> UInt32? {
    if kana == 0x3046, step == 1 { return 0x3094 }  // う゛ → ゔ
    let voiceable: ClosedRange<UInt32> = 0x304B...0x3062  // か…ぢ: voiced = +1
    let te: ClosedRange<UInt32> = 0x3064...0x3069  // つ…ど
    let ha: ClosedRange<UInt32> = 0x306F...0x307D  // は…ぽ: +1 voiced, +2 half-voiced
    if step == 1, voiceable.contains(kana) || te.contains(kana), (kana - 0x304B) % 2 == 0 || te.contains(kana) {
      let candidate = kana + 1
      return kanaTable[candidate] != nil && candidate != 0x3063 ? candidate : nil
    }
    if ha.contains(kana), (kana - 0x306F) % 3 == 0 { return kana + step }
    return nil
  }

  // MARK: One spelling

  @inline(__always)
  static func isVowel(_ v: UInt32) -> Bool { v == 0x61 || v == 0x69 || v == 0x75 || v == 0x65 || v == 0x6F }

  @inline(__always)
  static func isLetter(_ v: UInt32) -> Bool { v >= 0x61 && v <= 0x7A }

  /// The reduced spelling of a romaji view (see the type's documentation).
  static func reduce(_ letters: [Letter]) -> [Letter] {
    let n = letters.count
    return withScratchStack(of: Letter.self, capacity: n) { input in
      for letter in letters { input.append(letter) }
      return withScratchStack(of: Letter.self, capacity: 2 * n) { output in
        reduce(input, into: &output)
        return (0..<output.count).map { output[$0] }
      }
    }
  }

  /// The reduced spelling of a romaji view, pushed onto `a` (room for twice as many letters:
  /// `ja` becomes `zya`; no letter becomes more than two).
  static func reduce(_ letters: ScratchStack<Letter>, into a: inout ScratchStack<Letter>) {
    // Pass 1: Hepburn to Kunrei, n', m before b/p/m.
    let n = letters.count
    var k = 0
    func value(_ index: Int) -> UInt32 { index < n ? letters[index].value : breakValue }
    while k < n {
      var letter = letters[k]
      let next = value(k + 1)
      let c = letter.value
      if c == 0x73 || c == 0x63, next == 0x68 {  // sh → sy, ch → ty (shi → si, chi → ti)
        let h = letters[k + 1]
        var merged = letter
        merged.value = c == 0x73 ? 0x73 : 0x74
        merged.end = h.end
        merged.endsUnit = h.endsUnit
        a.append(merged)
        if value(k + 2) != 0x69 {
          a.append(Letter(value: 0x79, start: h.start, end: h.end, startsUnit: false, endsUnit: false))
        }
        k += 2
        continue
      }
      if c == 0x74, next == 0x73, value(k + 2) == 0x75 {  // tsu → tu
        letter.end = letters[k + 1].end
        a.append(letter)
        k += 2
        continue
      }
      if c == 0x66, next == 0x75 {  // fu → hu
        letter.value = 0x68
        a.append(letter)
        k += 1
        continue
      }
      if c == 0x6A {  // ji → zi, ja → zya, jya → zya
        letter.value = 0x7A
        a.append(letter)
        if next != 0x69 && next != 0x79 && isVowel(next) {
          a.append(Letter(value: 0x79, start: letter.start, end: letter.end, startsUnit: false, endsUnit: false))
        }
        k += 1
        continue
      }
      if c == 0x27 {  // the apostrophe of n'
        if a.count > 0, a[a.count - 1].value == 0x6E {
          a[a.count - 1].end = letter.end
          a[a.count - 1].endsUnit = letter.endsUnit
        } else {
          letter.value = breakValue
          a.append(letter)
        }
        k += 1
        continue
      }
      if c == 0x6D, next == 0x62 || next == 0x70 {  // shimbun → shinbun
        letter.value = 0x6E
      }
      a.append(letter)
      k += 1
    }
    // Pass 2: long vowels and doubled consonants, in place: a letter is written at or
    // before where it was read, and only the letter after it is read ahead.
    let count = a.count
    var kept = 0
    for index in 0..<count {
      let letter = a[index]
      let c = letter.value
      if c != breakValue, kept > 0, a[kept - 1].value != breakValue {
        let p = a[kept - 1].value
        let nextValue = index + 1 < count ? a[index + 1].value : breakValue
        let merge =
          (c == p && isLetter(c) && c != 0x79)  // aa, ii, uu, ee, oo; kk, tt, nn…
          || (p == 0x6F && c == 0x75)  // ou
          || (p == 0x6F && c == 0x68 && !isVowel(nextValue) && nextValue != 0x79)  // oh before a consonant
        if merge {
          a[kept - 1].end = letter.end
          a[kept - 1].endsUnit = letter.endsUnit
          continue
        }
        // A doubled consonant before its pair: っ typed as "tch" → "tty" → "ty".
        if p == 0x74, c == 0x74 {
          a[kept - 1].end = letter.end
          continue
        }
      }
      a[kept] = letter
      kept += 1
    }
    a.removeLast(count - kept)
  }

  /// The reduced spelling of a dictionary word (lower-case romaji, as scalar values).
  static func reducedWord(_ word: [UInt32]) -> [UInt32] {
    let letters = word.enumerated().map { index, v in
      Letter(
        value: isLetter(v) || v == 0x27 ? v : breakValue, start: index, end: index, startsUnit: true, endsUnit: true)
    }
    return reduce(letters).map(\.value)
  }

  static func reducedWord(_ word: String) -> [UInt32] { reducedWord(word.unicodeScalars.map(\.value)) }
}
