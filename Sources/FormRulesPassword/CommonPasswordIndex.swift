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

  /// The entries of `sets`, each once.
  convenience init(_ sets: [Set<String>]) { self.init(defaultListTop: nil, includesDefault: false, sets: sets) }

  /// The first `top` entries of the shipped list (all when `nil`) when `includesDefault`, read
  /// from its bytes without a `String` per line, and the entries of `sets` (the app's lists,
  /// the rules file's words); an entry in several is stored once.
  ///
  /// Built at compile time, so it must stay cheap next to loading a list: the memory is sized
  /// once from bounds (the default list's lines, the sets' sizes), and every entry is copied
  /// straight into it.
  init(defaultListTop top: Int?, includesDefault: Bool, sets: [Set<String>]) {
    var maxCount = 0
    var maxBytes = 0
    if includesDefault {
      maxCount += min(top ?? .max, PasswordList.defaultLineBound)
      maxBytes += PasswordList.defaultListText.utf8.count
    }
    for set in sets {
      maxCount += set.count
      for entry in set { maxBytes += entry.utf8.count }
    }
    var size = 16
    while size < 2 * maxCount { size <<= 1 }
    var builder = Builder(maxCount: maxCount, maxBytes: maxBytes, tableSize: size)
    if includesDefault { PasswordList.forEachDefaultEntry(top: top) { builder.insert($0) } }
    for set in sets {
      for entry in set { ByteView.withUTF8(entry) { builder.insert($0) } }
    }
    mask = size - 1
    longest = builder.longest
    entryScalars = builder.scalars
    // Moved out, not copied: the builder ends here.
    bytes = builder.bytes
    starts = builder.starts
    table = builder.table
  }

  /// The index's memory while it is filled, sized from upper bounds.
  private struct Builder: ~Copyable {
    var bytes: FixedArray<UInt8>
    var starts: FixedArray<Int>
    var table: FixedArray<Int32>
    let mask: Int
    var count = 0
    var longest = 0
    var scalars = Set<UInt32>()

    init(maxCount: Int, maxBytes: Int, tableSize: Int) {
      precondition(maxCount < Int(Int32.max), "too many entries for the index")
      bytes = FixedArray(repeating: 0, count: maxBytes)
      starts = FixedArray(repeating: 0, count: maxCount + 1)
      table = FixedArray(repeating: 0, count: tableSize)
      mask = tableSize - 1
    }

    /// Adds `entry` unless it is there already.
    mutating func insert(_ entry: ByteView) {
      let (slot, found) = CommonPasswordIndex.probe(entry, bytes: bytes, starts: starts, table: table, mask: mask)
      if found { return }
      let offset = starts[count]
      bytes.copy(entry, to: offset)
      if !entry.isASCII {
        var i = 0
        while i < entry.count {
          let (scalar, length) = UTF8Text.scalar(in: entry, at: i)
          if !scalar.isASCII { scalars.insert(scalar.value) }
          i += length
        }
      }
      count += 1
      starts[count] = offset + entry.count
      table[slot] = Int32(count)
      longest = max(longest, entry.count)
    }
  }

  /// Whether the bytes are exactly one of the entries.
  func contains(_ key: ByteView) -> Bool {
    guard key.count <= longest else { return false }
    return Self.probe(key, bytes: bytes, starts: starts, table: table, mask: mask).found
  }

  /// The one probe of the table, for lookups and for the builder: the slot that holds `key`
  /// (`found`), or the empty slot where it would go. Open addressing, linear probing; the table
  /// always has empty slots (at least twice as many slots as entries).
  @inline(__always)
  private static func probe(
    _ key: ByteView, bytes: borrowing FixedArray<UInt8>, starts: borrowing FixedArray<Int>,
    table: borrowing FixedArray<Int32>, mask: Int
  ) -> (slot: Int, found: Bool) {
    var slot = hash(key) & mask
    while true {
      let stored = Int(table[slot])
      if stored == 0 { return (slot, false) }
      let start = starts[stored - 1]
      let length = starts[stored] - start
      if length == key.count && bytes.view(start..<(start + length)) == key { return (slot, true) }
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
