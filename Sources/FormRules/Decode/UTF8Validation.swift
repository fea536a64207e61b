/// The one UTF-8 well-formedness table of the library (RFC 3629, Unicode table 3-7), used by
/// the JSON string reader (``JSONString``) and the email checker.
enum UTF8Validation {
  /// The length of the well-formed scalar at `i`, or 0 when the bytes there are not UTF-8.
  @inline(__always)
  static func scalarLength(in bytes: ByteView, at i: Int) -> Int {
    decode(bytes, at: i)?.length ?? 0
  }

  /// Decodes the scalar whose lead byte (≥ 0x80) is at `i`. Rejects overlong forms, surrogates and
  /// values above U+10FFFF, as the Unicode standard requires of a conforming decoder.
  @inline(__always)
  static func decode(_ bytes: ByteView, at i: Int) -> (scalar: Unicode.Scalar, length: Int)? {
    let lead = bytes[i]
    let length: Int
    let secondRange: ClosedRange<UInt8>
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: (length, secondRange, value) = (2, 0x80...0xBF, UInt32(lead & 0x1F))
    case 0xE0: (length, secondRange, value) = (3, 0xA0...0xBF, UInt32(lead & 0x0F))
    case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange, value) = (3, 0x80...0xBF, UInt32(lead & 0x0F))
    case 0xED: (length, secondRange, value) = (3, 0x80...0x9F, UInt32(lead & 0x0F))
    case 0xF0: (length, secondRange, value) = (4, 0x90...0xBF, UInt32(lead & 0x07))
    case 0xF1...0xF3: (length, secondRange, value) = (4, 0x80...0xBF, UInt32(lead & 0x07))
    case 0xF4: (length, secondRange, value) = (4, 0x80...0x8F, UInt32(lead & 0x07))
    default: return nil
    }
    guard i + length <= bytes.count, secondRange.contains(bytes[i + 1]) else { return nil }
    value = value << 6 | UInt32(bytes[i + 1] & 0x3F)
    var k = 2
    while k < length {
      let byte = bytes[i + k]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
      k += 1
    }
    guard let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, length)
  }
}
