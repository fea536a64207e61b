/// Operations on well-formed UTF-8 bytes that the rules, the transforms and the report
/// writer share. The word-at-a-time loops are ``ByteView``'s, in `Unsafe/`.
package enum UTF8Text {
  /// Unicode scalars: every byte that does not continue a sequence (`10xxxxxx`) starts one.
  static func scalarCount(_ bytes: ByteView) -> Int { bytes.count - bytes.continuationByteCount }

  /// Whether a JSON string of these bytes needs an escape: a quote, a backslash or a
  /// control character.
  static func needsEscaping(_ bytes: ByteView) -> Bool { bytes.needsJSONEscaping }

  package static func isASCII(_ bytes: ByteView) -> Bool { bytes.isASCII }

  /// The scalar starting at `i` and its length in bytes. Values are well-formed UTF-8 (they come
  /// from a `String` or passed the JSON reader's check); the one decoder is ``UTF8Validation``,
  /// and a byte it refuses reads as U+FFFD, one byte long.
  @inline(__always)
  package static func scalar(in bytes: ByteView, at i: Int) -> (Unicode.Scalar, Int) {
    let lead = bytes[i]
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    guard let decoded = UTF8Validation.decode(bytes, at: i) else { return ("\u{FFFD}", 1) }
    return (decoded.scalar, decoded.length)
  }

  /// The start of the scalar that ends just before `end`.
  static func scalarStart(in bytes: ByteView, before end: Int) -> Int {
    var i = end - 1
    while i > 0, bytes[i] & 0xC0 == 0x80 { i -= 1 }
    return i
  }

  static func equalBytes(_ a: ByteView, _ b: ByteView) -> Bool { a == b }

  /// `String` equality (canonical equivalence) of two UTF-8 values, answered from the
  /// bytes unless both differ and one is not ASCII.
  static func equalStrings(_ a: ByteView, _ b: ByteView) -> Bool {
    if equalBytes(a, b) { return true }
    if isASCII(a) && isASCII(b) { return false }
    return a.string == b.string
  }

  /// The scalars of well-formed UTF-8 bytes, decoded as they are read.
  struct Scalars: Sequence, IteratorProtocol {
    let bytes: ByteView
    var position = 0

    init(_ bytes: ByteView) { self.bytes = bytes }

    mutating func next() -> Unicode.Scalar? {
      guard position < bytes.count else { return nil }
      let (scalar, length) = UTF8Text.scalar(in: bytes, at: position)
      position += length
      return scalar
    }
  }
}
