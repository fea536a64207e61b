#if IDNA
  internal import CIDN2

  /// The two libidn2 calls ``IDNA`` makes, which take and return C strings.
  enum IDN2 {
    /// The name of a libidn2 status (`IDN2_DISALLOWED`…).
    struct Failure: Error { var name: String }

    /// `idn2_lookup_u8` with the build's flags: the A-label form of a Unicode domain.
    ///
    /// Why it is safe: the input is a NUL-terminated copy that lives for the call; libidn2
    /// allocates the output, which is copied into a `String` and freed here, once.
    static func lookup(_ domain: ByteView) -> Result<String, Failure> {
      var input = domain.array
      input.append(0)
      var output: UnsafeMutablePointer<UInt8>?
      let status = input.withUnsafeBufferPointer { buffer in
        idn2_lookup_u8(buffer.baseAddress, &output, cidn2_lookup_flags())
      }
      guard status == 0, let output else {
        return .failure(Failure(name: idn2_strerror_name(status).map { String(cString: $0) } ?? "IDN2_\(status)"))
      }
      defer { idn2_free(output) }
      return .success(String(cString: output))
    }

    /// `idn2_to_unicode_8z8z`: the Unicode form of an ASCII domain, or nil when libidn2 refuses it.
    ///
    /// Why it is safe: Swift passes `ascii` as a NUL-terminated C string for the call; the output
    /// is copied into a `String` and freed here, once.
    static func toUnicode(_ ascii: String) -> String? {
      var unicode: UnsafeMutablePointer<CChar>?
      guard idn2_to_unicode_8z8z(ascii, &unicode, 0) == 0, let unicode else { return nil }
      defer { idn2_free(unicode) }
      return String(cString: unicode)
    }
  }
#endif
