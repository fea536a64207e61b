import FormRules

/// The entries of ``NotCommon``'s lists in a form bulk validation can query without
/// building a `String`: a hash set of their UTF-8 bytes, and the non-ASCII scalars they use.
///
/// For an ASCII candidate the canonical form (NFKC, trimmed, lower case) is the trimmed
/// bytes in ASCII lower case, and entries are canonical (so in NFC): byte equality is then
/// exactly `String` equality. A non-ASCII candidate usually holds a kana, kanji, Hangul or
/// emoji scalar that canonicalisation keeps as it is; when no entry uses that scalar, no
/// entry can match, and Foundation's normalisation (tens of thousands of instructions) is
/// skipped.
final class CommonPasswordIndex: @unchecked Sendable {
  private let bytes: FixedArray<UInt8>
  /// Entry `i` is `bytes[starts[i]..<starts[i + 1]]`.
  private let starts: FixedArray<Int>
  /// Open addressing: entry number + 1 per slot, 0 for an empty slot.
  private let table: FixedArray<Int32>
  private let mask: Int
  /// The longest entry in bytes: a longer candidate is no entry.
  let longest: Int
  /// Every non-ASCII scalar of every entry.
  private let entryScalars: Set<UInt32>

  /// Built at compile time, so it must stay cheap next to loading the list: one pass to
  /// size, one to copy bytes straight out of the strings' storage.
  init(_ sets: [Set<String>]) {
    var total = 0
    var count = 0
    for set in sets {
      count += set.count
      for entry in set { total += entry.utf8.count }
    }
    var bytes = FixedArray<UInt8>(repeating: 0, count: total)
    var starts = FixedArray<Int>(repeating: 0, count: count + 1)
    var size = 16
    while size < 2 * count { size <<= 1 }
    var table = FixedArray<Int32>(repeating: 0, count: size)
    mask = size - 1
    var scalars = Set<UInt32>()
    var offset = 0
    var longest = 0
    var i = 0
    for set in sets {
      for entry in set {
        let length = entry.utf8.count
        ByteView.withUTF8(entry) { bytes.copy($0, to: offset) }
        let stored = bytes.view(offset..<(offset + length))
        if !stored.isASCII {
          for scalar in entry.unicodeScalars where !scalar.isASCII { scalars.insert(scalar.value) }
        }
        starts[i] = offset
        offset += length
        longest = max(longest, length)
        var slot = Self.hash(stored) & mask
        while table[slot] != 0 { slot = (slot + 1) & mask }
        table[slot] = Int32(i + 1)
        i += 1
      }
    }
    starts[count] = offset
    self.longest = longest
    entryScalars = scalars
    self.bytes = bytes
    self.starts = starts
    self.table = table
  }

  /// Whether the bytes are exactly one of the entries.
  func contains(_ key: ByteView) -> Bool {
    guard key.count <= longest else { return false }
    var slot = Self.hash(key) & mask
    while true {
      let stored = Int(table[slot])
      if stored == 0 { return false }
      let start = starts[stored - 1]
      let length = starts[stored] - start
      if length == key.count && bytes.view(start..<(start + length)) == key { return true }
      slot = (slot + 1) & mask
    }
  }

  /// True when canonicalisation keeps a scalar of the value that no entry uses, so the
  /// value cannot be an entry. The scalar must be followed by nothing it could compose
  /// with (end, ASCII, another such scalar, a variation selector or a joiner).
  func rulesOut(_ value: ByteView) -> Bool {
    var i = 0
    while i < value.count {
      let (scalar, length) = UTF8Text.scalar(in: value, at: i)
      i += length
      guard Self.keepsItself(scalar.value), !entryScalars.contains(scalar.value) else { continue }
      if i == value.count { return true }
      let next = UTF8Text.scalar(in: value, at: i).0.value
      if next < 0x80 || Self.keepsItself(next) || next == 0xFE0F || next == 0x200D { return true }
    }
    return false
  }

  /// Scalars that NFKC, lower-casing and trimming leave as they are, and that compose
  /// with nothing before them: hiragana and katakana letters, CJK ideographs, Hangul
  /// syllables, dingbats and the emoji blocks. A test checks every one of them against
  /// the canonical form and this switch against ``keptRanges``.
  static func keepsItself(_ value: UInt32) -> Bool {
    switch value {
    case 0x2600...0x27BF, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F1E6...0x1F1FF,
      0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF:
      return true
    default:
      return false
    }
  }

  static let keptRanges: [ClosedRange<UInt32>] = [
    0x2600...0x27BF, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F1E6...0x1F1FF,
    0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF,
  ]

  /// A multiply-and-fold hash over 8-byte words; entries are short and the table is
  /// built once from a list the operator chose. Every byte is read once or twice and none
  /// one at a time in a loop: the last word overlaps the one before it, a key of 4 to 7 bytes
  /// is its first and last four, a shorter one its first, middle and last byte.
  static func hash(_ key: ByteView) -> Int {
    let count = key.count
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
    var i = 0
    while count - i > 8 {
      h = (h ^ key.loadUInt64(at: i)) &* 0xFF51_AFD7_ED55_8CCD
      h ^= h >> 32
      i += 8
    }
    let tail: UInt64
    if count >= 8 {
      tail = key.loadUInt64(at: count - 8)
    } else if count >= 4 {
      tail = UInt64(key.loadUInt32(at: 0)) | UInt64(key.loadUInt32(at: count - 4)) << 32
    } else if count > 0 {
      tail = UInt64(key[0]) | UInt64(key[count / 2]) << 8 | UInt64(key[count - 1]) << 16
    } else {
      tail = 0
    }
    h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
    h ^= h >> 29
    return Int(truncatingIfNeeded: h)
  }
}
