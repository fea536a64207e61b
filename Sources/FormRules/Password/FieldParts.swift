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

  /// Parts in one buffer: part `k` is `values[start(k)..<ends[k]]`, so finding them costs two
  /// allocations, not one per part (the strength estimator does it for every password).
  struct Flat {
    var values: [UInt32] = []
    var ends: [Int] = []

    var indices: Range<Int> { 0..<ends.count }
    func start(_ k: Int) -> Int { k == 0 ? 0 : ends[k - 1] }
    subscript(_ k: Int) -> ArraySlice<UInt32> { values[start(k)..<ends[k]] }

    /// Appends `other`'s parts after these.
    mutating func append(_ other: Flat) {
      let offset = values.count
      values += other.values
      ends += other.ends.lazy.map { $0 + offset }
    }
  }

  /// ``parts(of:minLength:unit:)`` as scalar values in one buffer.
  static func flatParts(of value: String, minLength: Int, unit: LengthUnit) -> Flat {
    if unit != .graphemes, let flat = asciiParts(of: value, minLength: minLength) { return flat }
    var flat = Flat()
    for part in parts(of: value, minLength: minLength, unit: unit) {
      flat.values += part.lazy.map(\.value)
      flat.ends.append(flat.values.count)
    }
    return flat
  }

  /// The distinct parts at least `minLength` long (counted in `unit`), folded.
  static func parts(of value: String, minLength: Int, unit: LengthUnit) -> [[Unicode.Scalar]] {
    if unit != .graphemes, let flat = asciiParts(of: value, minLength: minLength) {
      // ASCII values only: every value is one byte.
      return flat.indices.map { k in flat[k].map { Unicode.Scalar(UInt8(truncatingIfNeeded: $0)) } }
    }
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
  private static func asciiParts(of value: String, minLength: Int) -> Flat? {
    var value = value
    return value.withUTF8 { bytes -> Flat? in
      for b in bytes where b >= 0x80 { return nil }
      func lowered(_ b: UInt8) -> UInt32 { UInt32(b >= 0x41 && b <= 0x5A ? b + 0x20 : b) }
      func splits(_ b: UInt8) -> Bool {
        b == 0x2E || b == 0x5F || b == 0x2D || b == 0x2B || b == 0x20 || (b >= 0x09 && b <= 0x0D)
      }
      var flat = Flat()
      flat.values.reserveCapacity(4 * bytes.count)
      flat.ends.reserveCapacity(8)
      // A candidate is appended, then kept only when long enough and not already a part.
      func keep(from start: Int) {
        let length = flat.values.count - start
        var fresh = length >= minLength
        if fresh {
          for k in flat.indices where flat.ends[k] - flat.start(k) == length {
            if flat.values[flat.start(k)..<flat.ends[k]].elementsEqual(flat.values[start...]) {
              fresh = false
              break
            }
          }
        }
        if fresh { flat.ends.append(flat.values.count) } else { flat.values.removeSubrange(start...) }
      }
      // The value, then its local part, then the local part's pieces, then the pieces joined.
      for b in bytes { flat.values.append(lowered(b)) }
      keep(from: 0)
      var baseEnd = bytes.count
      if let at = bytes.lastIndex(of: 0x40) {
        baseEnd = at
        let start = flat.values.count
        for b in bytes[..<at] { flat.values.append(lowered(b)) }
        keep(from: start)
      }
      var pieceStart = 0
      for k in 0...baseEnd where k == baseEnd || splits(bytes[k]) {
        let start = flat.values.count
        for b in bytes[pieceStart..<k] { flat.values.append(lowered(b)) }
        keep(from: start)
        pieceStart = k + 1
      }
      let start = flat.values.count
      for b in bytes[..<baseEnd] where !splits(b) { flat.values.append(lowered(b)) }
      keep(from: start)
      return flat
    }
  }
}
