import Foundation

extension EmailSyntax.Scalar {
  /// Whether NFKC turns the scalar into text that holds an ASCII character: `;` for U+037E GREEK
  /// QUESTION MARK, `fi` for the ligature U+FB01, `1` for U+2460 CIRCLED DIGIT ONE.
  ///
  /// Such a character in a local part makes an address that looks like, or after normalization
  /// becomes, a different ASCII address (or a broken one: `me.;`). Called on the slow path only,
  /// for non-ASCII scalars of a local part.
  static func compatibilityMapsToASCII(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if isPlainLetter(value) {
      // The plain-letter blocks skip the property lookups; these are their only such characters
      // (a test holds the list to Foundation's NFKC).
      switch value {
      case 0x0132, 0x0133, 0x013F, 0x0140, 0x0149, 0x017F, 0x01C4...0x01CC, 0x01F1...0x01F3, 0x037A, 0x037E,
        0x0384, 0x0385:
        return true
      default:
        return false
      }
    }
    // A scalar that NFKC_Casefold leaves alone is left alone by NFKC too, so most scalars stop here.
    guard scalar.properties.changesWhenNFKCCaseFolded else { return false }
    return String(Character(scalar)).precomposedStringWithCompatibilityMapping.utf8.contains { $0 < 0x80 }
  }
}
