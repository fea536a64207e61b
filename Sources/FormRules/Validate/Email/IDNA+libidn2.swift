#if IDNA
  internal import CIDN2

  extension IDNA {
    /// Whether this build maps and checks Unicode domains (libidn2, the `IDNA` trait).
    public static let isAvailable = true

    /// libidn2 does the mapping, normalization and IDNA2008 checks. UseSTD3ASCIIRules is checked
    /// here on its output instead of by libidn2's flag, because libidn2 2.3 drops a character that
    /// maps to a non-LDH ASCII character (`a;b` → `ab`) instead of refusing it.
    static func asciiDomain(utf8 domain: UnsafeBufferPointer<UInt8>) -> Result<String, Failure> {
      var input = [UInt8](domain)
      input.append(0)
      var output: UnsafeMutablePointer<UInt8>?
      let status = input.withUnsafeBufferPointer { buffer in
        idn2_lookup_u8(buffer.baseAddress, &output, cidn2_lookup_flags())
      }
      guard status == 0, let output else {
        let name = idn2_strerror_name(status).map { String(cString: $0) } ?? "IDN2_\(status)"
        return .failure(Failure(code: name))
      }
      let ascii = String(cString: output)
      idn2_free(output)
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
      var unicode: UnsafeMutablePointer<CChar>?
      guard idn2_to_unicode_8z8z(ascii, &unicode, 0) == 0, let unicode else { return true }
      defer { idn2_free(unicode) }
      return String(cString: unicode).unicodeScalars.contains {
        $0.value == 0x2260 || $0.value == 0x226E || $0.value == 0x226F
      }
    }
  }
#endif
