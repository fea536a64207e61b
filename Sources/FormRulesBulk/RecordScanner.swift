import FormRules

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a policy's fields from one JSON Lines record into ``slots``, the memory every
/// record is then transformed, evaluated and written from.
///
/// ``scan(_:)`` reads the plain shape almost every record has itself, without building a
/// `JSONValue`: one object whose keys are field names of the policy, each at most once, with
/// string or `null` values, and at most ``maxOtherMembers`` other members (an `id`, a
/// timestamp) whose values are strings, numbers without an exponent, `true`, `false` or
/// `null`, which it checks and skips. Strings are read by ``JSONString``, the parser's own
/// string reader. Anything else — a field that is not a string, a nested value, a duplicate
/// key, a key with an escape, a byte-order mark, any string the reader refuses — makes it
/// return `false`; the caller then reads the line with the general parser
/// (``Policy/decode(record:)``), which says precisely what is wrong or hands its values to
/// ``fill(_:names:)``: the same slots either way.
///
/// It owns its memory (`~Copyable`), freed once by `deinit`.
struct RecordScanner: ~Copyable {
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
  /// Where values with escapes are decoded; made as long as the line before it is read, so
  /// decoding never moves it and ranges handed out stay valid for the whole record.
  private var arena = ByteBuffer(capacity: 4096)

  /// Whether ``scan(_:)`` reads records at all: not when a field name would need escaping,
  /// since its key cannot then be matched byte for byte. Every record then goes through
  /// the general parser and ``fill(_:names:)``.
  let scans: Bool

  init(fieldNames: [String]) {
    let utf8 = fieldNames.map { Array($0.utf8) }
    scans = !utf8.contains(where: { $0.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } })
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
    otherKeys = .allocate(capacity: Self.maxOtherMembers)
  }

  let fieldCount: Int

  /// Fills `slots` with the values the general parser read (``Policy/decode(record:)``);
  /// `names` are the field names, by position. The values are copied into the arena.
  mutating func fill(_ values: [String: String?], names: [String]) {
    arena.removeAll()
    // Room for every value first, so the arena does not move while ranges are handed out.
    var total = 0
    for i in 0..<fieldCount { total += (values[names[i]] ?? nil)?.utf8.count ?? 0 }
    arena.reserve(total)
    for i in 0..<fieldCount {
      switch values[names[i]] {
      case .none: slots[i] = Slot()
      case .some(.none): slots[i] = Slot(state: .null, bytes: UTF8Text.empty)
      case .some(.some(var value)):
        let start = arena.count
        value.withUTF8 { arena.append($0) }
        slots[i] = Slot(
          state: .string, bytes: UnsafeBufferPointer(start: arena.base + start, count: arena.count - start))
      }
    }
  }

  deinit {
    names.deallocate()
    nameBytes.deallocate()
    slots.deallocate()
    otherKeys.deallocate()
  }

  /// Fills `slots` from `line`; `false` when the line needs the general parser.
  mutating func scan(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard scans else { return false }
    for i in 0..<fieldCount { slots[i] = Slot() }
    arena.removeAll()
    arena.reserve(line.count)
    guard let base = line.baseAddress else { return false }
    var cursor = Cursor(base: base, end: line.count, otherKeys: otherKeys)
    return cursor.scanObject(
      names: UnsafeBufferPointer(rebasing: names[0..<fieldCount]), slots: slots, arena: &arena)
  }
}

private struct Cursor {
  let base: UnsafePointer<UInt8>
  let end: Int
  let otherKeys: UnsafeMutableBufferPointer<Range<Int>>
  var otherCount = 0
  var index = 0

  init(
    base: UnsafePointer<UInt8>, end: Int, otherKeys: UnsafeMutableBufferPointer<Range<Int>>
  ) {
    self.base = base
    self.end = end
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
    names: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>, slots: UnsafeMutableBufferPointer<RecordScanner.Slot>,
    arena: inout ByteBuffer
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
          guard skipOtherMember(arena: &arena) else { return false }
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
          guard let value = scanString(arena: &arena) else { return false }
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
  mutating func skipOtherMember(arena: inout ByteBuffer) -> Bool {
    index -= 1
    let keyStart = index + 1
    guard let key = scanString(arena: &arena), key.baseAddress == base + keyStart, otherCount < otherKeys.count else {
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
    case UInt8(ascii: "\""): return scanString(arena: &arena) != nil
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

  /// A string starting at its opening quote, read by the library's one string reader
  /// (``JSONString``): the bytes between the quotes when it has no escape, else its decoded
  /// bytes in the arena. `nil` for anything the reader refuses; the general parser then
  /// says why.
  @inline(__always)
  mutating func scanString(arena: inout ByteBuffer) -> UnsafeBufferPointer<UInt8>? {
    let line = UnsafeBufferPointer(start: base, count: end)
    switch try? JSONString.read(line, at: &index, into: &arena) {
    case .plain(let range): return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    case .decoded(let range): return UnsafeBufferPointer(start: arena.base + range.lowerBound, count: range.count)
    case nil: return nil
    }
  }
}
