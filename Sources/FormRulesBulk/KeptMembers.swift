import FormRules

/// Finds the raw JSON text of a few top-level members of a record, for `--keep`.
///
/// It reads the record's object from the left and stops at the first thing it cannot
/// read, so the members before a syntax error are still found: an `input.malformed`
/// report can carry the id of the record it replaces. A member's text counts only when
/// it is a complete JSON value that ``JSONParser`` accepts (valid UTF-8, no lone
/// surrogate, a real number); it is then copied byte for byte, whatever its type. Of a
/// key given twice, the first one counts.
///
/// It is independent of the evaluator: whichever path validated the record, the same
/// reader finds the same members.
///
/// It owns its memory (`~Copyable`).
struct KeptMembers: ~Copyable {
  let count: Int
  /// The names' UTF-8 bytes, in `--keep` order, back to back; name `i` is
  /// `nameBytes[nameOffsets[i]..<nameOffsets[i + 1]]`.
  private let nameBytes: FixedArray<UInt8>
  private let nameOffsets: FixedArray<Int>
  /// Per name, the value's byte range in the last line read; `starts[i] < 0` when the
  /// member is absent or unreadable.
  let starts: FixedArray<Int>
  let ends: FixedArray<Int>

  init(names: [String]) {
    count = names.count
    let utf8 = names.map { Array($0.utf8) }
    nameBytes = FixedArray(utf8.flatMap { $0 })
    var offsets = [0]
    for name in utf8 { offsets.append(offsets[offsets.count - 1] + name.count) }
    nameOffsets = FixedArray(offsets)
    starts = FixedArray(repeating: -1, count: count)
    ends = FixedArray(repeating: -1, count: count)
  }

  /// Name `i`'s UTF-8 bytes.
  private func name(_ i: Int) -> ByteView { nameBytes.view(nameOffsets[i]..<nameOffsets[i + 1]) }

  /// Finds the members in `line`; the answers are in ``starts`` and ``ends``.
  func read(_ line: ByteView) {
    for i in 0..<count { starts[i] = -1 }
    var found = 0
    var reader = Reader(bytes: line)
    // A byte-order mark makes the record malformed, but what follows it can be read.
    if line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF { reader.index = 3 }
    reader.skipWhitespace()
    guard reader.consume(UInt8(ascii: "{")) else { return }
    reader.skipWhitespace()
    if reader.peek == UInt8(ascii: "}") { return }
    while found < count {
      reader.skipWhitespace()
      guard let key = reader.stringEnd() else { return }
      let keyRange = reader.index..<key
      reader.index = key
      reader.skipWhitespace()
      guard reader.consume(UInt8(ascii: ":")) else { return }
      reader.skipWhitespace()
      let start = reader.index
      guard let end = reader.valueEnd(), Self.isValidJSON(line, start..<end) else { return }
      reader.index = end
      if let field = match(line, keyRange), starts[field] < 0 {
        starts[field] = start
        ends[field] = end
        found += 1
      }
      reader.skipWhitespace()
      guard reader.consume(UInt8(ascii: ",")) else { return }
    }
  }

  /// Which name a key (its quotes included in `range`) is; keys with escapes are decoded.
  private func match(_ line: ByteView, _ range: Range<Int>) -> Int? {
    let inner = line[(range.lowerBound + 1)..<(range.upperBound - 1)]
    if inner.firstIndex(of: 0x5C) == nil {
      return (0..<count).first { name($0) == inner }
    }
    guard let decoded = try? JSONParser().parse(line[range]).stringValue else { return nil }
    let bytes = Array(decoded.utf8)
    return (0..<count).first { name($0).elementsEqual(bytes) }
  }

  private static func isValidJSON(_ line: ByteView, _ range: Range<Int>) -> Bool {
    let value = line[range]
    // The common ids, digits and plain ASCII strings, need no parser.
    if value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return value.count == 1 || value[0] != 0x30 }
    if value.count >= 2, value[0] == 0x22, value[value.count - 1] == 0x22,
      value[1..<(value.count - 1)].allSatisfy({
        $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C
      })
    {
      return true
    }
    return (try? JSONParser(maxDepth: InputRecord.maxDepth).parse(value)) != nil
  }

  /// A cursor that finds where values end without judging them; the caller checks a
  /// value it keeps with the real parser.
  private struct Reader {
    let bytes: ByteView
    var index = 0

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
      while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
      guard peek == byte else { return false }
      index += 1
      return true
    }

    /// The end (after the closing quote) of the string starting at `index`.
    func stringEnd(from start: Int? = nil) -> Int? {
      var i = start ?? index
      guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
      i += 1
      while i < bytes.count {
        switch bytes[i] {
        case UInt8(ascii: "\""): return i + 1
        case UInt8(ascii: "\\"): i += 2
        default: i += 1
        }
      }
      return nil
    }

    /// The end of the value starting at `index`: a string, a container (brackets
    /// counted outside strings), or a scalar up to the delimiter that must follow it.
    func valueEnd() -> Int? {
      guard let first = peek else { return nil }
      if first == UInt8(ascii: "\"") { return stringEnd() }
      var i = index
      if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
        var depth = 0
        while i < bytes.count {
          switch bytes[i] {
          case UInt8(ascii: "\""):
            guard let end = stringEnd(from: i) else { return nil }
            i = end
            continue
          case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 { return i + 1 }
          default: break
          }
          i += 1
        }
        return nil
      }
      while i < bytes.count {
        switch bytes[i] {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
          return i > index ? i : nil
        default: i += 1
        }
      }
      // A number cut off by the end of the line may be the start of a longer one.
      return nil
    }
  }
}
