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
}
