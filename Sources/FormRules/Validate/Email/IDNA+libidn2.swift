#if IDNA
  extension IDNA {
    /// Whether this build maps and checks Unicode domains (libidn2, the `IDNA` trait).
    public static let isAvailable = true

    /// libidn2 does the mapping, normalization and IDNA2008 checks. UseSTD3ASCIIRules is checked
    /// here on its output instead of by libidn2's flag, because libidn2 2.3 drops a character that
    /// maps to a non-LDH ASCII character (`a;b` → `ab`) instead of refusing it.
    static func asciiDomain(utf8 domain: ByteView) -> Result<String, Failure> {
      let ascii: String
      switch IDN2.lookup(domain) {
      case .success(let lookedUp): ascii = lookedUp
      case .failure(let refused): return .failure(Failure(code: refused.name))
      }
      let inputDots = domain.reduce(0) { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) }
      guard isSTD3(ascii), ascii.utf8.reduce(0, { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) }) == inputDots,
        !hasSTD3ValidOnlyScalar(ascii)
      else {
        return .failure(Failure(code: "STD3"))
      }
      return .success(ascii)
    }

    /// `≠`, `≮` and `≯` are the only non-ASCII scalars UTS #46 marks `disallowed_STD3_valid`: they
    /// decompose to `=`, `<`, `>` plus U+0338. They survive into A-labels, so the labels are decoded to
    /// find them (only domains that have an A-label get here).
    private static func hasSTD3ValidOnlyScalar(_ ascii: String) -> Bool {
      guard ascii.contains("xn--") else { return false }
      guard let unicode = IDN2.toUnicode(ascii) else { return true }
      return unicode.unicodeScalars.contains {
        $0.value == 0x2260 || $0.value == 0x226E || $0.value == 0x226F
      }
    }
  }
#endif
