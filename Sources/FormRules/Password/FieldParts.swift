import Foundation

/// The pieces of another field's value that should not show up in a password: the
/// value, the local part of an email address, the pieces of the local part (or of a
/// value without `@`) split on `.`, `_`, `-`, `+` and white space, and those pieces
/// joined (`taroyamada`), folded for case and width (NFKC, lower case).
///
/// Only the local part is split: the pieces of a domain (`com`, `example`) say nothing
/// about the person and would forbid ordinary words.
enum FieldParts {
  static let separators: Set<Unicode.Scalar> = [".", "_", "-", "+"]

  /// Width and case folded: `ＴＡＲＯ` in a password matches `taro` in an email.
  static func fold(_ s: String) -> String {
    Transform.nfkc(s).lowercased()
  }

  /// The distinct parts at least `minLength` long (counted in `unit`), folded.
  static func parts(of value: String, minLength: Int, unit: LengthUnit) -> [[Unicode.Scalar]] {
    if unit != .graphemes, let parts = asciiParts(of: value, minLength: minLength) { return parts }
    let lowered = fold(value)
    var candidates = [lowered]
    var base = lowered
    if let at = lowered.lastIndex(of: "@") {
      base = String(lowered[..<at])
      candidates.append(base)
    }
    var piece = ""
    for scalar in base.unicodeScalars {
      if separators.contains(scalar) || scalar.properties.isWhitespace {
        candidates.append(piece)
        piece = ""
      } else {
        piece.unicodeScalars.append(scalar)
      }
    }
    candidates.append(piece)
    // `taro.yamada` is also typed as `taroyamada`.
    var joined = ""
    joined.unicodeScalars.append(
      contentsOf: base.unicodeScalars.filter { !separators.contains($0) && !$0.properties.isWhitespace })
    candidates.append(joined)
    var seen = Set<String>()
    return candidates.filter { unit.length(of: $0) >= minLength && seen.insert($0).inserted }.map {
      Array($0.unicodeScalars)
    }
  }

  /// ``parts(of:minLength:unit:)`` for an ASCII value, on its bytes: NFKC leaves ASCII as
  /// it is, lower-casing is ASCII's, the white space is U+0009–U+000D and U+0020, and every
  /// unit but graphemes counts one per byte. `nil` for anything else.
  private static func asciiParts(of value: String, minLength: Int) -> [[Unicode.Scalar]]? {
    var value = value
    return value.withUTF8 { bytes -> [[Unicode.Scalar]]? in
      var lowered: [UInt8] = []
      lowered.reserveCapacity(bytes.count)
      for b in bytes {
        guard b < 0x80 else { return nil }
        lowered.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
      }
      func splits(_ b: UInt8) -> Bool {
        b == 0x2E || b == 0x5F || b == 0x2D || b == 0x2B || b == 0x20 || (b >= 0x09 && b <= 0x0D)
      }
      var candidates: [ArraySlice<UInt8>] = [lowered[...]]
      var base = lowered[...]
      if let at = lowered.lastIndex(of: 0x40) {
        base = lowered[..<at]
        candidates.append(base)
      }
      var start = base.startIndex
      for k in base.indices where splits(base[k]) {
        candidates.append(base[start..<k])
        start = k + 1
      }
      candidates.append(base[start...])
      candidates.append(ArraySlice(base.filter { !splits($0) }))
      var parts: [ArraySlice<UInt8>] = []
      for candidate in candidates where candidate.count >= minLength && !parts.contains(candidate) {
        parts.append(candidate)
      }
      return parts.map { $0.map { Unicode.Scalar($0) } }
    }
  }
}
