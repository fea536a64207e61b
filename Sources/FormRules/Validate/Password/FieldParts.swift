import Foundation

/// The pieces of another field's value that should not show up in a password: the
/// value, the local part of an email address, the pieces of the local part (or of a
/// value without `@`) split on `.`, `_`, `-`, `+` and white space, and those pieces
/// joined (`taroyamada`), folded for case and width (NFKC, lower case).
///
/// Only the local part is split: the pieces of a domain (`com`, `example`) say nothing
/// about the person and would forbid ordinary words.
package enum FieldParts {

  /// Width and case folded: `ＴＡＲＯ` in a password matches `taro` in an email.
  static func fold(_ s: String) -> String {
    Transform.nfkc(s).lowercased()
  }

  /// Parts in one buffer: part `k` is `values[start(k)..<ends[k]]`, so finding them costs two
  /// allocations, not one per part (the strength estimator does it for every password).
  package struct Flat {
    package init() {}

    package var values: [UInt32] = []
    package var ends: [Int] = []

    package var indices: Range<Int> { 0..<ends.count }
    package func start(_ k: Int) -> Int { k == 0 ? 0 : ends[k - 1] }
    package subscript(_ k: Int) -> ArraySlice<UInt32> { values[start(k)..<ends[k]] }

    /// Appends `other`'s parts after these.
    package mutating func append(_ other: Flat) {
      let offset = values.count
      values += other.values
      ends += other.ends.lazy.map { $0 + offset }
    }
  }

  /// ``parts(of:minLength:unit:)`` as scalar values in one buffer.
  package static func flatParts(of value: String, minLength: Int, unit: LengthUnit) -> Flat {
    var folded: [UInt32] = []
    var baseEnd = 0
    var value = value
    let ascii = value.withUTF8 { bytes -> Bool in
      for b in bytes where b >= 0x80 { return false }
      // NFKC leaves ASCII as it is and lower-casing is ASCII's: the bytes, lowered.
      folded.reserveCapacity(bytes.count)
      for b in bytes { folded.append(UInt32(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)) }
      baseEnd = bytes.lastIndex(of: 0x40) ?? bytes.count
      return true
    }
    if !ascii {
      let lowered = fold(value)
      // The last "@" that is a character by itself (not one with a mark on it).
      let at = lowered.lastIndex(of: "@") ?? lowered.endIndex
      baseEnd = lowered.unicodeScalars.distance(from: lowered.startIndex, to: at)
      folded = lowered.unicodeScalars.map(\.value)
    }
    var flat = Flat()
    flat.values.reserveCapacity(4 * folded.count)
    flat.ends.reserveCapacity(8)
    // The value, then its local part, then the local part's pieces, then the pieces joined.
    flat.values += folded
    flat.keepLast(minLength: minLength, unit: unit)
    if baseEnd < folded.count {
      flat.values += folded[..<baseEnd]
      flat.keepLast(minLength: minLength, unit: unit)
    }
    var pieceStart = 0
    for k in 0...baseEnd where k == baseEnd || splits(folded[k]) {
      flat.values += folded[pieceStart..<k]
      flat.keepLast(minLength: minLength, unit: unit)
      pieceStart = k + 1
    }
    for v in folded[..<baseEnd] where !splits(v) { flat.values.append(v) }
    flat.keepLast(minLength: minLength, unit: unit)
    return flat
  }

  /// The distinct parts at least `minLength` long (counted in `unit`), folded.
  static func parts(of value: String, minLength: Int, unit: LengthUnit) -> [[Unicode.Scalar]] {
    let flat = flatParts(of: value, minLength: minLength, unit: unit)
    // Folded values are scalars of a String.
    return flat.indices.map { k in flat[k].map { Unicode.Scalar($0) ?? "\u{FFFD}" } }
  }

  /// Whether a local part is split at a scalar: `.`, `_`, `-`, `+` and White_Space.
  private static func splits(_ v: UInt32) -> Bool {
    if v < 0x80 { return v == 0x2E || v == 0x5F || v == 0x2D || v == 0x2B || v == 0x20 || (v >= 0x09 && v <= 0x0D) }
    return Unicode.Scalar(v)?.properties.isWhitespace ?? false
  }
}

extension FieldParts.Flat {
  /// Keeps the candidate appended last (from the end of the last part) when it is long enough
  /// and not already a part.
  fileprivate mutating func keepLast(minLength: Int, unit: LengthUnit) {
    let start = ends.last ?? 0
    let length = values.count - start
    var keep = length >= minLength || unit != .characters
    if keep, unit != .characters {
      keep = Self.length(values[start...], in: unit) >= minLength
    }
    if keep {
      for k in indices where ends[k] - self.start(k) == length {
        if values[self.start(k)..<ends[k]].elementsEqual(values[start...]) {
          keep = false
          break
        }
      }
    }
    if keep { ends.append(values.count) } else { values.removeSubrange(start...) }
  }

  /// The length of scalar values in `unit`.
  private static func length(_ values: ArraySlice<UInt32>, in unit: LengthUnit) -> Int {
    switch unit {
    case .characters: return values.count
    case .utf8: return values.reduce(0) { $0 + ($1 < 0x80 ? 1 : $1 < 0x800 ? 2 : $1 < 0x10000 ? 3 : 4) }
    case .utf16: return values.reduce(0) { $0 + ($1 < 0x10000 ? 1 : 2) }
    case .graphemes:
      var s = String.UnicodeScalarView()
      for v in values { if let scalar = Unicode.Scalar(v) { s.append(scalar) } }
      return String(s).count
    }
  }
}
