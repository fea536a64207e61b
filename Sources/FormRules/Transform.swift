import Foundation

/// The value transforms a field applies before its rules run.
enum Transform {
  static func apply(to raw: String, trim: Bool, normalize: Normalization) -> String {
    var value = raw
    switch normalize {
    case .none: break
    case .nfc: if !isASCII(value) { value = value.precomposedStringWithCanonicalMapping }
    case .nfkc: value = nfkc(value)
    }
    if trim { value = trimmingWhitespace(value) }
    return value
  }

  static func isASCII(_ s: String) -> Bool { s.utf8.allSatisfy { $0 < 0x80 } }

  /// NFKC. Foundation on Linux leaves the marks that half-width kana decompose to
  /// uncomposed (`ﾊﾟ` → `ハ` + U+309A instead of `パ`), so an NFC pass finishes the job.
  static func nfkc(_ s: String) -> String {
    isASCII(s) ? s : s.precomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping
  }

  /// Removes leading and trailing scalars with the Unicode White_Space property
  /// (space, tab, newlines, U+00A0, U+3000 …).
  static func trimmingWhitespace(_ s: String) -> String {
    let utf8 = s.utf8
    // Most values have nothing to trim: answer from the first and last byte.
    if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
      return s
    }
    let scalars = s.unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    guard let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    return String(scalars[start...end])
  }

  static func hasOuterWhitespace(_ s: String) -> Bool {
    guard let first = s.unicodeScalars.first, let last = s.unicodeScalars.last else { return false }
    return first.properties.isWhitespace || last.properties.isWhitespace
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

  public func length(of s: String) -> Int {
    switch self {
    case .characters: return s.unicodeScalars.count
    case .graphemes: return s.count
    case .utf16: return s.utf16.count
    case .utf8: return s.utf8.count
    }
  }
}
