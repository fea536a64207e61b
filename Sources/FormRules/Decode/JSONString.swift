/// The one reader of JSON string literals: ``JSONParser`` and the bulk record scanner both
/// read every string here, so they accept, decode and refuse exactly the same strings.
///
/// Strict as RFC 8259 and the rest of the parser: a raw control character, invalid UTF-8
/// (overlong forms, encoded surrogates), an unknown escape, a bad `\u` digit, a lone UTF-16
/// surrogate and `\u0000` are errors. A surrogate pair becomes its one scalar.
///
/// ```swift
/// var index = 0   // at the opening quote
/// switch try JSONString.read(bytes, at: &index, into: &buffer) {
/// case .plain(let range): …      // bytes[range], no escape in it
/// case .decoded(let range): …    // buffer.base[range], escapes decoded
/// }
/// ```
package enum JSONString {
  /// Where a string literal was read to.
  package enum Read: Equatable {
    /// The string had no escape: its bytes are `bytes[range]`, between the quotes.
    case plain(Range<Int>)
    /// The string had escapes: its decoded bytes are `buffer.base[range]`.
    case decoded(Range<Int>)
  }

  /// Why a literal is not a JSON string, and the offset of the offending byte (the
  /// backslash of a bad `\u` escape, the end of the input for an unterminated string).
  package struct Failure: Error, Equatable {
    var reason: JSONSyntaxError.Reason
    var offset: Int

    init(_ reason: JSONSyntaxError.Reason, at offset: Int) {
      self.reason = reason
      self.offset = offset
    }
  }

  /// Reads the string literal whose opening quote is at `index`.
  ///
  /// On success `index` is just past the closing quote; a decoded string is appended to
  /// `buffer`, which grows only when it has less room left than the bytes from the quote to
  /// the end of `bytes` (a decoded string is never longer than its literal), so a caller
  /// that reserves `bytes.count` first keeps every range it was handed valid.
  /// - Throws: ``Failure``; `index` is then somewhere inside the literal.
  /// - Complexity: O(*n*) in the literal's length; plain ASCII runs are tested eight bytes
  ///   at a time.
  @inline(__always)
  package static func read(
    _ bytes: ByteView, at index: inout Int, into buffer: inout ByteBuffer
  ) throws(Failure) -> Read {
    index += 1
    let start = index
    let end = bytes.count
    while index < end {
      // Eight bytes at a time while they are plain ASCII: no quote, backslash, control
      // character or byte above 0x7F.
      index = bytes.plainJSONRunEnd(from: index)
      guard index < end else { break }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return .plain(start..<(index - 1))
      }
      if byte == UInt8(ascii: "\\") { return try readEscaped(bytes, from: start, at: &index, into: &buffer) }
      if byte < 0x20 { throw Failure(byte == 0 ? .nulCharacter : .controlCharacter, at: index) }
      if byte < 0x80 {
        index += 1
      } else {
        let length = UTF8Validation.scalarLength(in: bytes, at: index)
        guard length > 0 else { throw Failure(.invalidUTF8, at: index) }
        index += length
      }
    }
    throw Failure(.unexpectedEnd, at: index)
  }

  /// The rest of a string that has an escape at `index`; `start` is just after its quote. The
  /// decoded bytes are appended to `buffer` after one reserve, so it does not move; on a failure
  /// `buffer` is as it was.
  private static func readEscaped(
    _ bytes: ByteView, from start: Int, at index: inout Int, into buffer: inout ByteBuffer
  ) throws(Failure) -> Read {
    let end = bytes.count
    buffer.reserve(end - start)
    let first = buffer.count
    do throws(Failure) {
      buffer.append(bytes[start..<index])
      while index < end {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""):
          index += 1
          return .decoded(first..<buffer.count)
        case UInt8(ascii: "\\"):
          index += 1
          guard index < end else { throw Failure(.unexpectedEnd, at: index) }
          let escape = bytes[index]
          index += 1
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
            for unit in UTF8.encode(try unicodeEscape(bytes, at: &index)) ?? UTF8.EncodedScalar() {
              buffer.append(unit)
            }
            continue
          default: throw Failure(.invalidEscape, at: index - 2)
          }
          buffer.append(decoded)
        default:
          if byte < 0x20 { throw Failure(byte == 0 ? .nulCharacter : .controlCharacter, at: index) }
          if byte < 0x80 {
            buffer.append(byte)
            index += 1
            continue
          }
          let length = UTF8Validation.scalarLength(in: bytes, at: index)
          guard length > 0 else { throw Failure(.invalidUTF8, at: index) }
          buffer.append(bytes[index..<(index + length)])
          index += length
        }
      }
      throw Failure(.unexpectedEnd, at: index)
    } catch {
      buffer.truncate(to: first)
      throw error
    }
  }

  /// The scalar of `\uXXXX`, or of a surrogate pair `\uD83D\uDE00`; `index` is just after
  /// the `u`. NUL and a lone surrogate are refused, reported at the escape's backslash.
  private static func unicodeEscape(_ bytes: ByteView, at index: inout Int) throws(Failure)
    -> Unicode.Scalar
  {
    let escapeStart = index - 2
    var code = try hex4(bytes, at: &index)
    if (0xD800...0xDBFF).contains(code) {
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
        throw Failure(.loneSurrogate, at: escapeStart)
      }
      index += 2
      let low = try hex4(bytes, at: &index)
      guard (0xDC00...0xDFFF).contains(low) else { throw Failure(.loneSurrogate, at: escapeStart) }
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
    } else if (0xDC00...0xDFFF).contains(code) {
      throw Failure(.loneSurrogate, at: escapeStart)
    }
    if code == 0 { throw Failure(.nulCharacter, at: escapeStart) }
    guard let scalar = Unicode.Scalar(code) else { throw Failure(.invalidEscape, at: escapeStart) }
    return scalar
  }

  /// Four hex digits; a failure names the first byte that is not one, or the end.
  private static func hex4(_ bytes: ByteView, at index: inout Int) throws(Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count else { throw Failure(.unexpectedEnd, at: index) }
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw Failure(.invalidEscape, at: index)
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }
}
