import Foundation

#if !IDNA
  extension IDNA {
    /// Whether this build maps and checks Unicode domains (libidn2, the `IDNA` trait).
    public static let isAvailable = false

    /// Without libidn2 every domain goes through ``tableFreeASCIIDomain(utf8:)``.
    static func asciiDomain(utf8 domain: ByteView) -> Result<String, Failure> {
      tableFreeASCIIDomain(utf8: domain)
    }
  }
#endif

extension IDNA {
  /// What builds without libidn2 apply, with no IDNA tables of their own, only the Unicode
  /// properties the Swift standard library carries. A domain with any non-ASCII byte is refused
  /// as ``Failure/unavailable`` (judging it would need UTS #46 mapping). An ASCII domain is lowered
  /// and must be LDH, with `--` in positions 3–4 only in an A-label. Each A-label (`xn--…`) must be
  /// well-formed Punycode that encodes back to itself and decodes to a label that needs no
  /// mapping: letters, marks and digits already in NFC and stable under NFKC case folding, no
  /// mark first, no hyphen first or last. Whatever the bidi and contextual rules would have to
  /// judge is refused outright: right-to-left scripts, joiners and the CONTEXTO characters. So it
  /// is meant never to be laxer than libidn2, only stricter; it is compiled in every build, so a
  /// test holds it against libidn2 on mutated A-labels.
  static func tableFreeASCIIDomain(utf8 domain: ByteView) -> Result<String, Failure> {
    guard domain.allSatisfy({ $0 < 0x80 }) else { return .failure(.unavailable) }
    let ascii = domain.string.lowercased()
    guard isSTD3(ascii) else { return .failure(Failure(code: "STD3")) }
    for label in ascii.utf8.split(separator: UInt8(ascii: ".")) {
      let bytes = Array(label)
      guard bytes.count >= 4, bytes[2] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: "-") else { continue }
      guard bytes.starts(with: "xn--".utf8),
        let decoded = EmailSyntax.Punycode.decode(Array(bytes.dropFirst(4))),
        EmailSyntax.Punycode.encode(decoded) == Array(bytes.dropFirst(4)),
        isPlainULabel(decoded)
      else { return .failure(Failure(code: "IDN2_PUNYCODE_BAD_INPUT")) }
    }
    return .success(ascii)
  }

  /// Right-to-left scripts (the bidi rule), joiners (CONTEXTJ) and CONTEXTO characters: what
  /// only libidn2's rules can judge. Also the conjoining Hangul Jamo, which IDNA2008 disallows
  /// (RFC 5892, category I) although they are letters.
  /// And the combining marks of no script (for symbols, half marks, the generic diacritics),
  /// whose validity depends on what they follow.
  private static let refusedRanges: [ClosedRange<UInt32>] = [
    0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF,
    0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
    0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
    0x200C...0x200D, 0x00B7...0x00B7, 0x0375...0x0375, 0x30FB...0x30FB,
  ]

  /// A decoded label that IDNA2008 would take as it is, judged without its tables.
  private static func isPlainULabel(_ scalars: [Unicode.Scalar]) -> Bool {
    guard let first = scalars.first, let last = scalars.last, scalars.contains(where: { $0.value >= 0x80 }),
      first != "-", last != "-", !(scalars.count >= 4 && scalars[2] == "-" && scalars[3] == "-")
    else { return false }
    let text = String(String.UnicodeScalarView(scalars))
    guard text.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(scalars) else { return false }
    for (i, scalar) in scalars.enumerated() {
      if scalar.value < 0x80 {
        guard scalar == "-" || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) else { return false }
        continue
      }
      let properties = scalar.properties
      // No scalar newer than the Unicode 11 of libidn2 2.3's tables: what they do not know, it refuses.
      guard let age = properties.age, age.major < 11 || (age.major == 11 && age.minor == 0) else { return false }
      if properties.changesWhenNFKCCaseFolded { return false }
      switch properties.generalCategory {
      case .lowercaseLetter, .otherLetter, .modifierLetter, .decimalNumber: break
      case .nonspacingMark, .spacingMark: if i == 0 { return false }
      default: return false
      }
      if refusedRanges.contains(where: { $0.contains(scalar.value) }) { return false }
    }
    return true
  }
}
