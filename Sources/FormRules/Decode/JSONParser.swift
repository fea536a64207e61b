/// Why a JSON text could not be parsed, and where.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Stable, camelCase reason codes (they appear in `input.malformed` params).
  package enum Reason: String, Sendable, CaseIterable {
    case unexpectedEnd, unexpectedCharacter, invalidUTF8, controlCharacter, invalidEscape, loneSurrogate
    case invalidNumber, tooDeep, duplicateKey, trailingData, nulCharacter
    /// The text starts with a UTF-16 (or UTF-32) byte order mark, or has the NUL bytes
    /// UTF-16 puts beside every ASCII character: it was saved in the wrong encoding.
    case utf16

    package var message: String {
      switch self {
      case .unexpectedEnd: return "unexpected end of input"
      case .unexpectedCharacter: return "unexpected character"
      case .invalidUTF8: return "invalid UTF-8"
      case .controlCharacter: return "control character in a string"
      case .invalidEscape: return "invalid escape sequence"
      case .loneSurrogate: return "lone UTF-16 surrogate in a \\u escape"
      case .invalidNumber: return "invalid number"
      case .tooDeep: return "nested too deeply"
      case .duplicateKey: return "duplicate key"
      case .trailingData: return "unexpected data after the JSON value"
      case .nulCharacter: return "NUL character"
      case .utf16: return "this looks like UTF-16; save it as UTF-8"
      }
    }
  }

  package var reason: Reason
  /// 1-based line and column (column counted in bytes) of the offending byte.
  package var line: Int
  package var column: Int
  /// 0-based byte offset.
  package var offset: Int
  /// The duplicated key, for `.duplicateKey`. Never a value.
  package var key: String?

  package var description: String {
    // An encoding is a property of the whole text, not of a position in it.
    if reason == .utf16 { return reason.message }
    var text = "\(reason.message) at line \(line), column \(column)"
    if let key { text += " (key \"\(key)\")" }
    return text
  }
}

/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// Strict where lenient parsers let attacks through: invalid UTF-8, lone surrogates,
/// raw control characters and duplicate keys are errors, and nesting is bounded.
package struct JSONParser {
  package var maxDepth: Int

  package init(maxDepth: Int = 64) {
    self.maxDepth = maxDepth
  }

  /// Parses one complete JSON text.
  /// - Throws: `JSONSyntaxError` with the line and column of the first problem.
  package func parse<Bytes: Collection>(_ bytes: Bytes) throws(JSONSyntaxError) -> JSONValue
  where Bytes.Element == UInt8 {
    try ByteView.with(contentsOf: bytes) { bytes throws(JSONSyntaxError) in
      var reader = Reader(bytes, maxDepth: maxDepth)
      return try reader.parseDocument()
    }
  }

  /// Parses one complete JSON text, from bytes someone else owns.
  package func parse(_ bytes: ByteView) throws(JSONSyntaxError) -> JSONValue {
    var reader = Reader(bytes, maxDepth: maxDepth)
    return try reader.parseDocument()
  }

  package func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try parse(Array(text.utf8))
  }
}

private struct Reader: ~Copyable {
  static let linearKeyScanLimit = 16
  let bytes: ByteView
  let maxDepth: Int
  var index = 0
  var depth = 0
  /// Where strings with escapes are decoded, one at a time; freed with the reader.
  var strings = ByteBuffer(capacity: 0)

  init(_ bytes: ByteView, maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = maxDepth
  }

  func error(_ reason: JSONSyntaxError.Reason, at offset: Int? = nil, key: String? = nil) -> JSONSyntaxError {
    let offset = min(offset ?? index, bytes.count)
    var line = 1
    var lineStart = 0
    for i in 0..<offset where bytes[i] == UInt8(ascii: "\n") {
      line += 1
      lineStart = i + 1
    }
    return JSONSyntaxError(reason: reason, line: line, column: offset - lineStart + 1, offset: offset, key: key)
  }

  mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    // A UTF-8 byte order mark is tolerated at the very start, as editors write one.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    if looksLikeUTF16() { throw error(.utf16, at: 0) }
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    if index != bytes.count { throw error(.trailingData) }
    return value
  }

  /// A UTF-16 or UTF-32 byte order mark (`FF FE`, `FE FF`), or a NUL byte in the first two,
  /// which UTF-16 writes beside an ASCII `{` or space (RFC 4627, section 3). Neither can begin
  /// a JSON text in UTF-8, so no valid input is refused by this.
  func looksLikeUTF16() -> Bool {
    guard bytes.count >= 2 else { return false }
    let (first, second) = (bytes[0], bytes[1])
    if (first == 0xFF && second == 0xFE) || (first == 0xFE && second == 0xFF) { return true }
    return (first == 0) != (second == 0)
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard index < bytes.count else { throw error(.unexpectedEnd) }
    switch bytes[index] {
    case UInt8(ascii: "{"): return .object(try parseObject())
    case UInt8(ascii: "["): return .array(try parseArray())
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
    case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
    case UInt8(ascii: "n"): try expectLiteral("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    case 0: throw error(.nulCharacter)
    default: throw error(.unexpectedCharacter)
    }
  }

  mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
    let count = literal.utf8CodeUnitCount
    let start = literal.utf8Start
    for i in 0..<count {
      guard index < bytes.count else { throw error(.unexpectedEnd) }
      guard bytes[index] == start[i] else { throw error(.unexpectedCharacter) }
      index += 1
    }
  }

  mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > maxDepth { throw error(.tooDeep) }
  }

  mutating func parseObject() throws(JSONSyntaxError) -> JSONObject {
    try enter()
    defer { depth -= 1 }
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    // Small objects find duplicates by scanning; large ones switch to a set, so an object of
    // 100 000 keys costs linear time rather than 5 billion comparisons.
    // Keys are compared byte for byte, as every JSON tool compares them: Swift's `==` on
    // strings is canonical equivalence, under which "\u212Aey" (KELVIN SIGN) equals "Key".
    var keySet: Set<[UInt8]> = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return JSONObject(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw error(.unexpectedEnd) }
      guard bytes[index] == UInt8(ascii: "\"") else { throw error(.unexpectedCharacter) }
      let keyOffset = index
      let key = try parseString()
      if members.count < Self.linearKeyScanLimit {
        if members.contains(where: { $0.key.utf8.elementsEqual(key.utf8) }) {
          throw error(.duplicateKey, at: keyOffset, key: key)
        }
      } else {
        if keySet.isEmpty { keySet = Set(members.lazy.map { Array($0.key.utf8) }) }
        if !keySet.insert(Array(key.utf8)).inserted { throw error(.duplicateKey, at: keyOffset, key: key) }
      }
      skipWhitespace()
      guard index < bytes.count else { throw error(.unexpectedEnd) }
      guard bytes[index] == UInt8(ascii: ":") else { throw error(.unexpectedCharacter) }
      index += 1
      skipWhitespace()
      members.append((key, try parseValue()))
      skipWhitespace()
      guard index < bytes.count else { throw error(.unexpectedEnd) }
      switch bytes[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return JSONObject(members)
      default: throw error(.unexpectedCharacter)
      }
    }
  }

  mutating func parseArray() throws(JSONSyntaxError) -> [JSONValue] {
    try enter()
    defer { depth -= 1 }
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return elements
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw error(.unexpectedEnd) }
      switch bytes[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return elements
      default: throw error(.unexpectedCharacter)
      }
    }
  }

  mutating func parseNumber() throws(JSONSyntaxError) -> Double {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count else { throw error(.unexpectedEnd) }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else if isDigit(bytes[index]) {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    } else {
      throw error(.invalidNumber)
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw error(.invalidNumber) }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else { throw error(.invalidNumber) }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    let text = bytes[start..<index].string
    guard let value = Double(text), value.isFinite else { throw error(.invalidNumber, at: start) }
    return value
  }

  func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// Reads a string starting at its opening quote, with the library's one string reader.
  mutating func parseString() throws(JSONSyntaxError) -> String {
    strings.removeAll()
    let read: JSONString.Read
    do {
      read = try JSONString.read(bytes, at: &index, into: &strings)
    } catch {
      throw self.error(error.reason, at: error.offset)
    }
    switch read {
    case .plain(let range):
      return bytes[range].string
    case .decoded(let range):
      return strings.view(range).string
    }
  }
}
