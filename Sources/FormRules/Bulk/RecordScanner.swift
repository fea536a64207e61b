#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds a policy's fields in one JSON Lines record without building a `JSONValue`.
///
/// It accepts only the plain shape almost every record has: one object whose keys are
/// field names of the policy, each at most once, with string or `null` values, and at
/// most ``maxOtherMembers`` other members (an `id`, a timestamp) whose values are
/// strings, numbers without an exponent, `true`, `false` or `null`, which it checks and
/// skips. Escapes in values are decoded. Anything else — a field that is not a string, a
/// nested value, a duplicate key, a key with an escape, a byte-order mark, a control
/// character, invalid UTF-8, a lone surrogate — makes ``scan(_:)`` return `false`, and
/// the caller hands the line to the general parser, which then produces the same report
/// or the precise error.
struct RecordScanner {
  /// A field's raw value: absent, `null`, or a byte range (in the line or the arena).
  enum State: UInt8 {
    case absent, null, string
  }

  struct Slot {
    var state: State = .absent
    var bytes = UTF8Text.empty
    /// The bytes are the line's own (no escape was decoded), so they hold no quote,
    /// backslash or control character and need no escaping when written back.
    var isPlain = false
  }

  /// The field names' UTF-8 bytes, by field position, in one block.
  let names: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>
  private let nameBytes: UnsafeMutablePointer<UInt8>
  let slots: UnsafeMutableBufferPointer<Slot>
  /// Members the policy does not know, that a record may carry and the scanner skips.
  static let maxOtherMembers = 8
  /// The other members' keys seen in the current line, to find a duplicate.
  private let otherKeys: UnsafeMutableBufferPointer<Range<Int>>
  /// Where values with escapes are decoded; never shorter than the line, so decoding
  /// cannot outgrow it and ranges handed out stay valid for the whole record.
  private var arena: UnsafeMutableBufferPointer<UInt8>

  /// `nil` when a field name cannot be matched byte for byte (it would need escaping).
  init?(fieldNames: [String]) {
    let utf8 = fieldNames.map { Array($0.utf8) }
    if utf8.contains(where: { $0.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } }) { return nil }
    let total = utf8.reduce(0) { $0 + $1.count }
    nameBytes = .allocate(capacity: max(total, 1))
    names = .allocate(capacity: max(utf8.count, 1))
    var offset = 0
    for (i, name) in utf8.enumerated() {
      (nameBytes + offset).initialize(from: name, count: name.count)
      names[i] = UnsafeBufferPointer(start: nameBytes + offset, count: name.count)
      offset += name.count
    }
    slots = .allocate(capacity: max(utf8.count, 1))
    slots.initialize(repeating: Slot())
    fieldCount = utf8.count
    arena = .allocate(capacity: 4096)
    otherKeys = .allocate(capacity: Self.maxOtherMembers)
  }

  let fieldCount: Int

  func deallocate() {
    names.deallocate()
    nameBytes.deallocate()
    slots.deallocate()
    arena.deallocate()
    otherKeys.deallocate()
  }

  /// Fills `slots` from `line`; `false` when the line needs the general parser.
  mutating func scan(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    for i in 0..<fieldCount { slots[i] = Slot() }
    if arena.count < line.count {
      arena.deallocate()
      arena = .allocate(capacity: line.count)
    }
    guard let base = line.baseAddress else { return false }
    var cursor = Cursor(base: base, end: line.count, arena: arena, otherKeys: otherKeys)
    return cursor.scanObject(names: UnsafeBufferPointer(rebasing: names[0..<fieldCount]), slots: slots)
  }
}

private struct Cursor {
  let base: UnsafePointer<UInt8>
  let end: Int
  let arena: UnsafeMutableBufferPointer<UInt8>
  let otherKeys: UnsafeMutableBufferPointer<Range<Int>>
  var otherCount = 0
  var index = 0
  var arenaUsed = 0

  init(
    base: UnsafePointer<UInt8>, end: Int, arena: UnsafeMutableBufferPointer<UInt8>,
    otherKeys: UnsafeMutableBufferPointer<Range<Int>>
  ) {
    self.base = base
    self.end = end
    self.arena = arena
    self.otherKeys = otherKeys
  }

  @inline(__always)
  mutating func skipWhitespace() {
    while index < end {
      switch base[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  @inline(__always)
  mutating func consume(_ byte: UInt8) -> Bool {
    guard index < end, base[index] == byte else { return false }
    index += 1
    return true
  }

  mutating func scanObject(
    names: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>, slots: UnsafeMutableBufferPointer<RecordScanner.Slot>
  ) -> Bool {
    var expected = 0
    skipWhitespace()
    guard consume(UInt8(ascii: "{")) else { return false }
    skipWhitespace()
    if !consume(UInt8(ascii: "}")) {
      while true {
        skipWhitespace()
        guard index < end, base[index] == UInt8(ascii: "\"") else { return false }
        guard let field = scanKey(names: names, expected: expected) else {
          guard skipOtherMember() else { return false }
          skipWhitespace()
          if consume(UInt8(ascii: ",")) { continue }
          guard consume(UInt8(ascii: "}")) else { return false }
          break
        }
        guard slots[field].state == .absent else { return false }
        expected = field + 1
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { return false }
        skipWhitespace()
        guard index < end else { return false }
        if base[index] == UInt8(ascii: "\"") {
          let valueStart = index + 1
          guard let value = scanString() else { return false }
          slots[field] = RecordScanner.Slot(
            state: .string, bytes: value, isPlain: value.baseAddress == base + valueStart)
        } else {
          guard end - index >= 4, base[index] == UInt8(ascii: "n"), base[index + 1] == UInt8(ascii: "u"),
            base[index + 2] == UInt8(ascii: "l"), base[index + 3] == UInt8(ascii: "l")
          else { return false }
          index += 4
          slots[field] = RecordScanner.Slot(state: .null, bytes: UTF8Text.empty)
        }
        skipWhitespace()
        if consume(UInt8(ascii: ",")) { continue }
        guard consume(UInt8(ascii: "}")) else { return false }
        break
      }
    }
    skipWhitespace()
    return index == end
  }

  /// The position of the field the key names; `nil` for any other key. A name never
  /// holds a quote or a backslash, so bytes equal to the name followed by a quote are
  /// exactly that key. The field after `expected` is tried first: records usually list
  /// fields in the same order.
  mutating func scanKey(names: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>, expected: Int) -> Int? {
    guard consume(UInt8(ascii: "\"")) else { return nil }
    let count = names.count
    for offset in 0..<count {
      var i = expected + offset
      if i >= count { i -= count }
      let name = names[i]
      guard end - index > name.count, base[index + name.count] == UInt8(ascii: "\"") else { continue }
      if let nameBase = name.baseAddress, !Self.equal(nameBase, base + index, name.count) { continue }
      index += name.count + 1
      return i
    }
    return nil
  }

  /// Skips a member whose key is none of the fields; `index` is just after the key's
  /// opening quote. `false` for anything the general parser might judge otherwise: an
  /// escaped or repeated key, too many such members, a nested value, a number with an
  /// exponent (it might overflow) or over 300 digits.
  mutating func skipOtherMember() -> Bool {
    index -= 1
    let keyStart = index + 1
    guard let key = scanString(), key.baseAddress == base + keyStart, otherCount < otherKeys.count else {
      return false
    }
    for i in 0..<otherCount {
      let seen = otherKeys[i]
      if seen.count == key.count, Self.equal(base + seen.lowerBound, base + keyStart, key.count) { return false }
    }
    otherKeys[otherCount] = keyStart..<(keyStart + key.count)
    otherCount += 1
    skipWhitespace()
    guard consume(UInt8(ascii: ":")) else { return false }
    skipWhitespace()
    guard index < end else { return false }
    switch base[index] {
    case UInt8(ascii: "\""): return scanString() != nil
    case UInt8(ascii: "t"): return consumeLiteral("true")
    case UInt8(ascii: "f"): return consumeLiteral("false")
    case UInt8(ascii: "n"): return consumeLiteral("null")
    default: return skipPlainNumber()
    }
  }

  mutating func consumeLiteral(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard end - index >= count, Self.equal(literal.utf8Start, base + index, count) else { return false }
    index += count
    return true
  }

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?` with at most 300 digits before the point: always a
  /// finite `Double`, so the general parser accepts it too.
  mutating func skipPlainNumber() -> Bool {
    if index < end, base[index] == UInt8(ascii: "-") { index += 1 }
    let start = index
    guard index < end, base[index] >= UInt8(ascii: "0"), base[index] <= UInt8(ascii: "9") else { return false }
    if base[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < end, base[index] >= UInt8(ascii: "0"), base[index] <= UInt8(ascii: "9") { index += 1 }
    }
    guard index - start <= 300 else { return false }
    if index < end, base[index] == UInt8(ascii: ".") {
      index += 1
      let fraction = index
      while index < end, base[index] >= UInt8(ascii: "0"), base[index] <= UInt8(ascii: "9") { index += 1 }
      guard index > fraction else { return false }
    }
    return !(index < end && base[index] | 0x20 == UInt8(ascii: "e"))
  }

  /// Compares short byte runs inline, eight at a time; field names are a few bytes long
  /// and a `memcmp` call costs more than the comparison.
  @inline(__always)
  static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var i = 0
    while count - i >= 8 {
      let x = UnsafeRawPointer(a).loadUnaligned(fromByteOffset: i, as: UInt64.self)
      let y = UnsafeRawPointer(b).loadUnaligned(fromByteOffset: i, as: UInt64.self)
      if x != y { return false }
      i += 8
    }
    while i < count {
      if a[i] != b[i] { return false }
      i += 1
    }
    return true
  }

  /// A string value starting at its opening quote: the bytes between the quotes when it
  /// has no escape, else its decoded bytes in the arena. `nil` when in any doubt.
  mutating func scanString() -> UnsafeBufferPointer<UInt8>? {
    index += 1
    let start = index
    let raw = UnsafeRawPointer(base)
    while index < end {
      // Eight bytes at a time while they are plain ASCII: no quote, backslash, control
      // character or byte above 0x7F (the usual bit tricks for "some byte is ..." tests).
      while end - index >= 8 {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let special =
          (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (word &- ones &* 0x20) | word) & high
        if special != 0 {
          // The lowest flagged byte is a real one (false positives only follow a real one).
          index += special.trailingZeroBitCount >> 3
          break
        }
        index += 8
      }
      guard index < end else { break }
      let byte = base[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return UnsafeBufferPointer(start: base + start, count: index - 1 - start)
      }
      if byte == UInt8(ascii: "\\") { return scanEscapedString(from: start) }
      if byte < 0x20 { return nil }
      if byte < 0x80 {
        index += 1
      } else {
        let length = UTF8Validation.scalarLength(in: UnsafeBufferPointer(start: base, count: end), at: index)
        guard length > 0 else { return nil }
        index += length
      }
    }
    return nil
  }

  /// Decodes a string with escapes into the arena; `index` is at the first backslash.
  mutating func scanEscapedString(from start: Int) -> UnsafeBufferPointer<UInt8>? {
    guard let arenaBase = arena.baseAddress else { return nil }
    let out = arenaBase + arenaUsed
    var written = index - start
    out.update(from: base + start, count: written)
    while index < end {
      let byte = base[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        arenaUsed += written
        return UnsafeBufferPointer(start: out, count: written)
      case UInt8(ascii: "\\"):
        guard index + 1 < end else { return nil }
        let escape = base[index + 1]
        index += 2
        let decoded: UInt8
        switch escape {
        case UInt8(ascii: "\""): decoded = 0x22
        case UInt8(ascii: "\\"): decoded = 0x5C
        case UInt8(ascii: "/"): decoded = 0x2F
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
          guard let scalar = scanUnicodeEscape() else { return nil }
          for unit in UTF8.encode(scalar) ?? UTF8.EncodedScalar() {
            out[written] = unit
            written += 1
          }
          continue
        default: return nil
        }
        out[written] = decoded
        written += 1
      default:
        if byte < 0x20 { return nil }
        var length = 1
        if byte >= 0x80 {
          length = UTF8Validation.scalarLength(in: UnsafeBufferPointer(start: base, count: end), at: index)
          guard length > 0 else { return nil }
        }
        out.advanced(by: written).update(from: base + index, count: length)
        written += length
        index += length
      }
    }
    return nil
  }

  /// The scalar of `\uXXXX` (or a surrogate pair); `index` is just after the `u`.
  /// `nil` for NUL, a lone surrogate or a bad digit: the general parser reports those.
  mutating func scanUnicodeEscape() -> Unicode.Scalar? {
    guard var code = hex4() else { return nil }
    if (0xD800...0xDBFF).contains(code) {
      guard end - index >= 2, base[index] == UInt8(ascii: "\\"), base[index + 1] == UInt8(ascii: "u") else {
        return nil
      }
      index += 2
      guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
    }
    guard code != 0 else { return nil }
    return Unicode.Scalar(code)
  }

  mutating func hex4() -> UInt32? {
    guard end - index >= 4 else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = base[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }
}
