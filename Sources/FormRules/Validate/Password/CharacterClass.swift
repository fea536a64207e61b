/// The kinds of character a password policy can ask for.
///
/// Every Unicode scalar belongs to at most one class, decided by its Unicode general
/// category rather than by its encoding, so full-width `Ａ` is `upper` and `７` is
/// `digit`:
///
/// | class | general categories | examples |
/// |---|---|---|
/// | `lower` | Ll | `a`, `ａ`, `é`, `δ` |
/// | `upper` | Lu, Lt | `A`, `Ａ`, `É` |
/// | `digit` | Nd | `7`, `７`, `٣` |
/// | `symbol` | P*, S*, Zs, Nl, No | `!`, `＠`, `。`, `€`, space, `①`, `👍` |
/// | `nonAscii` | Lo, Lm | `あ`, `ア`, `漢`, `ー`, `々`, `한` |
///
/// Marks (combining accents, variation selectors), format characters (ZWJ) and
/// controls belong to no class: they do not make a password stronger on their own.
public enum CharacterClass: String, Sendable, CaseIterable {
  /// Lowercase letters (Ll): `a`, `ａ`, `é`.
  case lower
  /// Uppercase and title-case letters (Lu, Lt): `A`, `Ａ`, `É`.
  case upper
  /// Decimal digits (Nd): `7`, `７`.
  case digit
  /// Punctuation, symbols, spaces and other numbers: `!`, `＃`, `①`.
  case symbol
  /// Other letters: kana, kanji, hangul.
  case nonAscii

  /// The class of one scalar, or `nil` for marks, format characters and controls.
  public init?(_ scalar: Unicode.Scalar) {
    // ASCII is nearly every password; answer it without the property tables.
    if scalar.isASCII {
      switch scalar.value {
      case 0x61...0x7A: self = .lower
      case 0x41...0x5A: self = .upper
      case 0x30...0x39: self = .digit
      case 0x20...0x7E: self = .symbol
      default: return nil
      }
      return
    }
    switch scalar.properties.generalCategory {
    case .lowercaseLetter: self = .lower
    case .uppercaseLetter, .titlecaseLetter: self = .upper
    case .decimalNumber: self = .digit
    case .otherLetter, .modifierLetter: self = .nonAscii
    case .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation,
      .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol,
      .currencySymbol, .modifierSymbol, .otherSymbol, .spaceSeparator:
      self = .symbol
    default: return nil
    }
  }

  /// The classes present in well-formed UTF-8 `bytes`: bit `c.bit` for class `c`.
  static func present(in bytes: ByteView) -> Int {
    let all = (1 << allCases.count) - 1
    var found = 0
    for scalar in UTF8Text.Scalars(bytes) {
      if let c = CharacterClass(scalar) {
        found |= c.bit
        if found == all { break }
      }
    }
    return found
  }

  /// The class's bit in ``present(in:)``.
  var bit: Int {
    switch self {
    case .lower: return 1
    case .upper: return 2
    case .digit: return 4
    case .symbol: return 8
    case .nonAscii: return 16
    }
  }
}
