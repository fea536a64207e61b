import FormRules

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
  /// A field's raw value: absent, `null`, or bytes (of the line or the arena).
  enum State: UInt8 {
    case absent, null, string
  }

  struct Slot {
    var state: State = .absent
    var bytes = ByteView.empty
    /// The bytes are the line's own (no escape was decoded), so they hold no quote,
    /// backslash or control character and need no escaping when written back.
    var isPlain = false
  }

  /// The field names' UTF-8 bytes, by field position, viewing one block.
  let names: FixedArray<ByteView>
  private let nameBytes: FixedArray<UInt8>
  let slots: FixedArray<Slot>
  /// Members the policy does not know, that a record may carry and the scanner skips.
  static let maxOtherMembers = 8
  /// The other members' keys seen in the current line, to find a duplicate.
  private let otherKeys = FixedArray(repeating: 0..<0, count: RecordScanner.maxOtherMembers)
  /// Where values with escapes are decoded; made as long as the line before it is read, so
  /// decoding never moves it and views handed out stay valid for the whole record.
  private var arena = ByteBuffer(capacity: 4096)

  /// Whether ``scan(_:)`` reads records at all: not when a field name would need escaping,
  /// since its key cannot then be matched byte for byte. Every record then goes through
  /// the general parser and ``fill(_:names:)``.
  let scans: Bool

  init(fieldNames: [String]) {
    let utf8 = fieldNames.map { Array($0.utf8) }
    scans = !utf8.contains(where: { $0.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } })
    nameBytes = FixedArray(utf8.flatMap { $0 })
    names = FixedArray(repeating: .empty, count: utf8.count)
    slots = FixedArray(repeating: Slot(), count: utf8.count)
    fieldCount = utf8.count
    var offset = 0
    for (i, name) in utf8.enumerated() {
      names[i] = nameBytes.view(offset..<(offset + name.count))
      offset += name.count
    }
  }

  let fieldCount: Int

  /// Fills `slots` with the values the general parser read (``Policy/decode(record:)``);
  /// `names` are the field names, by position. The values are copied into the arena.
  mutating func fill(_ values: [String: String?], names: [String]) {
    arena.removeAll()
    // Room for every value first, so the arena does not move while views are handed out.
    var total = 0
    for i in 0..<fieldCount { total += (values[names[i]] ?? nil)?.utf8.count ?? 0 }
    arena.reserve(total)
    for i in 0..<fieldCount {
      switch values[names[i]] {
      case .none: slots[i] = Slot()
      case .some(.none): slots[i] = Slot(state: .null, bytes: .empty)
      case .some(.some(let value)):
        let start = arena.count
        ByteView.withUTF8(value) { arena.append($0) }
        slots[i] = Slot(state: .string, bytes: arena.view(start..<arena.count))
      }
    }
  }

  /// Fills `slots` from `line`; `false` when the line needs the general parser.
  mutating func scan(_ line: ByteView) -> Bool {
    guard scans else { return false }
    for i in 0..<fieldCount { slots[i] = Slot() }
    arena.removeAll()
    arena.reserve(line.count)
    var cursor = Cursor(line: line, otherKeys: otherKeys.view)
    return cursor.scanObject(names: names.view, slots: slots.view, arena: &arena)
  }
}

private struct Cursor {
  let line: ByteView
  let otherKeys: ScratchView<Range<Int>>
  var otherCount = 0
  var index = 0

  init(line: ByteView, otherKeys: ScratchView<Range<Int>>) {
    self.line = line
    self.otherKeys = otherKeys
  }

  /// The byte at `index`, or 0 (never a byte the scanner looks for) at the end.
  @inline(__always)
  var current: UInt8 { line.byte(at: index) }

  @inline(__always)
  mutating func skipWhitespace() {
    while true {
      switch line.byte(at: index) {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// Consumes `byte` (never 0) if it comes next.
  @inline(__always)
  mutating func consume(_ byte: UInt8) -> Bool {
    guard line.byte(at: index) == byte else { return false }
    index += 1
    return true
  }

  @inline(__always)
  mutating func scanObject(
    names: ScratchView<ByteView>, slots: ScratchView<RecordScanner.Slot>, arena: inout ByteBuffer
  ) -> Bool {
    var expected = 0
    skipWhitespace()
    guard consume(UInt8(ascii: "{")) else { return false }
    skipWhitespace()
    if !consume(UInt8(ascii: "}")) {
      while true {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { return false }
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
        if current == UInt8(ascii: "\"") {
          guard let (value, plain) = scanString(arena: &arena) else { return false }
          slots[field] = RecordScanner.Slot(state: .string, bytes: value, isPlain: plain)
        } else {
          guard consumeLiteral("null") else { return false }
          slots[field] = RecordScanner.Slot(state: .null, bytes: .empty)
        }
        skipWhitespace()
        if consume(UInt8(ascii: ",")) { continue }
        guard consume(UInt8(ascii: "}")) else { return false }
        break
      }
    }
    skipWhitespace()
    return index == line.count
  }

  /// The position of the field the key names; `nil` for any other key. A name never
  /// holds a quote or a backslash, so bytes equal to the name followed by a quote are
  /// exactly that key. The field after `expected` is tried first: records usually list
  /// fields in the same order.
  @inline(__always)
  mutating func scanKey(names: ScratchView<ByteView>, expected: Int) -> Int? {
    guard consume(UInt8(ascii: "\"")) else { return nil }
    let count = names.count
    for offset in 0..<count {
      var i = expected + offset
      if i >= count { i -= count }
      let name = names[i]
      let close = index + name.count
      guard line.byte(at: close) == UInt8(ascii: "\""), line.hasPrefix(name, at: index) else { continue }
      index = close + 1
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
    guard let (key, plain) = scanString(arena: &arena), plain, otherCount < otherKeys.count else {
      return false
    }
    for i in 0..<otherCount {
      let seen = otherKeys[i]
      if seen.count == key.count, line.hasPrefix(key, at: seen.lowerBound) { return false }
    }
    otherKeys[otherCount] = keyStart..<(keyStart + key.count)
    otherCount += 1
    skipWhitespace()
    guard consume(UInt8(ascii: ":")) else { return false }
    skipWhitespace()
    switch current {
    case UInt8(ascii: "\""): return scanString(arena: &arena) != nil
    case UInt8(ascii: "t"): return consumeLiteral("true")
    case UInt8(ascii: "f"): return consumeLiteral("false")
    case UInt8(ascii: "n"): return consumeLiteral("null")
    default: return skipPlainNumber()
    }
  }

  @inline(__always)
  mutating func consumeLiteral(_ literal: StaticString) -> Bool {
    let text = ByteView(literal)
    guard line.hasPrefix(text, at: index) else { return false }
    index += text.count
    return true
  }

  @inline(__always)
  func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?` with at most 300 digits before the point: always a
  /// finite `Double`, so the general parser accepts it too.
  mutating func skipPlainNumber() -> Bool {
    if current == UInt8(ascii: "-") { index += 1 }
    let start = index
    guard isDigit(current) else { return false }
    if current == UInt8(ascii: "0") {
      index += 1
    } else {
      while isDigit(current) { index += 1 }
    }
    guard index - start <= 300 else { return false }
    if current == UInt8(ascii: ".") {
      index += 1
      let fraction = index
      while isDigit(current) { index += 1 }
      guard index > fraction else { return false }
    }
    return current | 0x20 != UInt8(ascii: "e")
  }

  /// A string starting at its opening quote, read by the library's one string reader
  /// (``JSONString``): the bytes between the quotes when it has no escape (`plain`), else its
  /// decoded bytes in the arena. `nil` for anything the reader refuses; the general parser then
  /// says why.
  @inline(__always)
  mutating func scanString(arena: inout ByteBuffer) -> (ByteView, plain: Bool)? {
    switch try? JSONString.read(line, at: &index, into: &arena) {
    case .plain(let range): return (line[range], true)
    case .decoded(let range): return (arena.view(range), false)
    case nil: return nil
    }
  }
}
