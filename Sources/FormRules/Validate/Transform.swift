import Foundation

/// The value transforms a field applies before its rules run (normalize, then trim), on
/// UTF-8 bytes. Normalization needs Foundation, so it goes through a `String`; only
/// non-ASCII values of a normalizing field pay for it.
package enum Transform {
  /// The value in `form`, as a `String` to be stored by the caller.
  static func normalized(_ bytes: ByteView, _ form: Normalization) -> String {
    let string = bytes.string
    switch form {
    case .none: return string
    case .nfc: return string.precomposedStringWithCanonicalMapping
    case .nfkc: return nfkc(string)
    }
  }

  /// A whole value through a field's transforms in the plan's order (normalize, then
  /// trim), for callers outside a validation, such as the copy of a password sent to an
  /// identity provider.
  static func applied(to s: String, normalize: Normalization, trim: Bool) -> String {
    var s = s
    if normalize != .none { s = ByteView.withUTF8(s) { normalized($0, normalize) } }
    return trim ? trimmingWhitespace(s) : s
  }

  /// NFKC. Foundation on Linux leaves the marks that half-width kana decompose to
  /// uncomposed (`ﾊﾟ` → `ハ` + U+309A instead of `パ`), so an NFC pass finishes the job.
  package static func nfkc(_ s: String) -> String {
    s.utf8.allSatisfy({ $0 < 0x80 })
      ? s : s.precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping
  }

  /// A `String` without its leading and trailing White_Space scalars, through the byte
  /// form below, for the lists and user inputs that rules canonicalize.
  package static func trimmingWhitespace(_ s: String) -> String {
    let trimmed: String? = ByteView.withUTF8(s) { bytes in
      let trimmed = trimmingWhitespace(bytes)
      return trimmed.count == bytes.count ? nil : trimmed.string
    }
    return trimmed ?? s
  }

  /// Unicode's White_Space property, from its fixed list of 25 scalars; a test compares
  /// it with `Unicode.Scalar.Properties.isWhitespace` over every scalar. The property
  /// lookup costs a few hundred instructions, this a couple of comparisons.
  @inline(__always)
  static func isWhitespace(_ value: UInt32) -> Bool {
    if value < 0x80 { return value == 0x20 || (value >= 0x09 && value <= 0x0D) }
    switch value {
    case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
    default: return false
    }
  }

  /// The bytes without leading and trailing White_Space scalars, the `trim` transform
  /// removes them.
  package static func trimmingWhitespace(_ bytes: ByteView) -> ByteView {
    guard !bytes.isEmpty else { return bytes }
    let first = bytes[0]
    let last = bytes[bytes.count - 1]
    if first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return bytes }
    var start = 0
    while start < bytes.count {
      let (scalar, length) = UTF8Text.scalar(in: bytes, at: start)
      guard isWhitespace(scalar.value) else { break }
      start += length
    }
    guard start < bytes.count else { return .empty }
    var end = bytes.count
    while end > start {
      let scalarStart = UTF8Text.scalarStart(in: bytes, before: end)
      guard isWhitespace(UTF8Text.scalar(in: bytes, at: scalarStart).0.value) else { break }
      end = scalarStart
    }
    return bytes[start..<end]
  }

  /// Whether the first or the last scalar is White_Space.
  static func hasOuterWhitespace(_ bytes: ByteView) -> Bool {
    guard !bytes.isEmpty else { return false }
    let first = bytes[0]
    let last = bytes[bytes.count - 1]
    if first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return false }
    if isWhitespace(UTF8Text.scalar(in: bytes, at: 0).0.value) { return true }
    return isWhitespace(UTF8Text.scalar(in: bytes, at: UTF8Text.scalarStart(in: bytes, before: bytes.count)).0.value)
  }

}

/// How a length is counted.
public enum LengthUnit: String, Sendable, CaseIterable {
  /// Unicode scalars (code points), as NIST SP 800-63B and JSON Schema count.
  case characters
  /// User-perceived characters (extended grapheme clusters): `👨‍👩‍👧` is 1.
  case graphemes
  /// UTF-16 code units, as JavaScript's `length` and HTML `maxlength` count.
  case utf16
  /// UTF-8 bytes, for storage limits such as bcrypt's 72 bytes.
  case utf8

  /// The length of a `String` in this unit, counted as the rules count its bytes.
  public func length(of s: String) -> Int {
    ByteView.withUTF8(s) { length(utf8: $0) }
  }

  /// The length of well-formed UTF-8 bytes in this unit.
  package func length(utf8 bytes: ByteView) -> Int {
    switch self {
    case .characters: return UTF8Text.scalarCount(bytes)
    case .utf8: return bytes.count
    case .utf16:
      var supplementary = 0
      for byte in bytes where byte >= 0xF0 { supplementary += 1 }
      return UTF8Text.scalarCount(bytes) + supplementary
    case .graphemes: return bytes.string.count
    }
  }
}
