#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Operations on well-formed UTF-8 bytes that the rules, the transforms and the report
/// writer share.
package enum UTF8Text {
  package static var empty: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }

  /// Unicode scalars: every byte that does not continue a sequence (`10xxxxxx`) starts
  /// one. Eight bytes at a time: a continuation byte has bit 7 set and bit 6 clear.
  static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var continuations = 0
    var i = 0
    while i + 8 <= bytes.count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      continuations += (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
      i += 8
    }
    while i < bytes.count {
      if base[i] & 0xC0 == 0x80 { continuations += 1 }
      i += 1
    }
    return bytes.count - continuations
  }

  /// Whether a JSON string of these bytes needs an escape: a quote, a backslash or a
  /// control character. Eight bytes at a time with the usual "some byte is zero" trick.
  static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    var i = 0
    while i + 8 <= bytes.count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      // Bytes of 0x80 and above are plain here, so the control test masks them out.
      let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
      if special & high != 0 { break }
      i += 8
    }
    while i < bytes.count {
      let byte = base[i]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C { return true }
      i += 1
    }
    return false
  }

  package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var i = 0
    while i + 8 <= bytes.count {
      if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
      i += 8
    }
    while i < bytes.count {
      if base[i] >= 0x80 { return false }
      i += 1
    }
    return true
  }

  /// The scalar starting at `i` and its length in bytes. Values are well-formed UTF-8 (they come
  /// from a `String` or passed the JSON reader's check); the one decoder is ``UTF8Validation``,
  /// and a byte it refuses reads as U+FFFD, one byte long.
  @inline(__always)
  package static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
    let lead = bytes[i]
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    guard let decoded = UTF8Validation.decode(bytes, at: i) else { return ("\u{FFFD}", 1) }
    return (decoded.scalar, decoded.length)
  }

  /// The start of the scalar that ends just before `end`.
  static func scalarStart(in bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
    var i = end - 1
    while i > 0, bytes[i] & 0xC0 == 0x80 { i -= 1 }
    return i
  }

  static func equalBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.baseAddress, let y = b.baseAddress else { return true }
    return memcmp(x, y, a.count) == 0
  }

  /// `String` equality (canonical equivalence) of two UTF-8 values, answered from the
  /// bytes unless both differ and one is not ASCII.
  static func equalStrings(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    if equalBytes(a, b) { return true }
    if isASCII(a) && isASCII(b) { return false }
    return String(decoding: a, as: UTF8.self) == String(decoding: b, as: UTF8.self)
  }

  /// The scalars of well-formed UTF-8 bytes, decoded as they are read.
  struct Scalars: Sequence, IteratorProtocol {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func next() -> Unicode.Scalar? {
      guard position < bytes.count else { return nil }
      let (scalar, length) = UTF8Text.scalar(in: bytes, at: position)
      position += length
      return scalar
    }
  }
}
