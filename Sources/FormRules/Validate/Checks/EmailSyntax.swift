/// Checks the syntax of an email address. It does not look up DNS or ask whether the mailbox exists.
///
/// The check works on UTF-8 bytes in one pass over the local part and one over the domain. It uses no
/// regex and no Foundation, and it allocates nothing, because bulk validation calls it millions of times.
/// See `docs/email.md` for the profiles, every reason code and the deliberate differences from isemail.
public struct EmailSyntax: Sendable, Equatable {
  /// Which grammar to check against.
  public enum Profile: String, Sendable, CaseIterable {
    /// The WHATWG HTML `input type=email` grammar, exactly. It has no length limits except 63 per label,
    /// and it allows dots anywhere in the local part.
    case html
    /// A dot-atom local part and a hostname with at least one dot. This is what people can actually type
    /// and deliver to.
    case practical
    /// `practical` plus the RFC 5321 quoted local parts and IPv4/IPv6 address literals.
    case rfc
  }

  /// Why an address was rejected. The raw values are stable codes for messages and logs.
  public enum Reason: String, Sendable, CaseIterable {
    /// The address is empty (nothing to check).
    case empty
    /// More than 254 octets in all (the RFC 5321 path limit minus the angle brackets), counted in UTF-8
    /// and again with the domain in A-labels.
    case tooLong
    /// No `@` at all.
    case missingAt
    /// A full-width `＠` (U+FF20) or small `﹫` (U+FE6B) where an `@` belongs, usually typed in IME mode.
    case fullWidthAt
    /// An ideographic full stop `。` (U+3002) or its halfwidth form `｡` (U+FF61) where a `.`
    /// belongs, usually typed in IME mode. IDNA would map it to a dot, so in an address it
    /// looks like one but is not.
    case fullWidthDot
    /// A second unquoted `@`.
    case multipleAt
    /// Nothing before the `@`.
    case missingLocalPart
    /// Nothing after the `@`.
    case missingDomain
    /// A quoted local part (`"john doe"@…`) when quoted local parts are not allowed.
    case quotedLocalPart
    /// A quoted local part that is unclosed, is followed by text other than `@`, or has a bad escape.
    case invalidQuotedString
    /// Any whitespace, including tab, CR, LF, NBSP and the ideographic space U+3000.
    case whitespace
    /// An ASCII or C1 control character.
    case controlCharacter
    /// Bytes that are not UTF-8. Only the `check(utf8:)` entry point can see this.
    case invalidUTF8
    /// A full-width ASCII form (U+FF01–U+FF5E), such as `ａ` or `．`, usually typed in IME mode.
    case fullWidthCharacter
    /// A character that no part of an address allows at that place.
    case invalidCharacter
    /// A non-ASCII character when `allowUnicode` is off.
    case unicodeNotAllowed
    /// A dot at the start of the local part or of the domain.
    case leadingDot
    /// A dot at the end of the local part or of the domain.
    case trailingDot
    /// Two dots in a row.
    case consecutiveDots
    /// More than 64 UTF-8 octets before the `@`.
    case localPartTooLong
    /// An address literal (`user@[192.0.2.1]`) when address literals are not allowed.
    case domainLiteral
    /// An address literal that is not a valid IPv4 address or `IPv6:` address.
    case invalidDomainLiteral
    /// A domain label that starts or ends with a hyphen.
    case invalidLabel
    /// A domain label longer than 63 octets in its ASCII (Punycode) form.
    case labelTooLong
    /// A domain without a dot, such as `user@localhost`.
    case domainNoDot
    /// A top-level domain made only of digits, such as `user@1.2.3.4`.
    case numericTopLevelDomain
    /// A domain longer than 253 octets in its ASCII (Punycode) form.
    case domainTooLong
    /// A top-level domain that is neither two or more letters nor an A-label (`xn--…`), such as
    /// `co.c` or `bad.tld-2` (not under `html`).
    case invalidTopLevelDomain
    /// A special-use domain name (RFC 6761, 6762, 7686, 9476: `.test`, `.example`, `.invalid`,
    /// `.localhost`, `.local`, `.onion`, `.alt`, `.arpa`) when `allowSpecialUse` is off. No mail
    /// can be delivered there.
    case specialUseDomain
    /// A domain that IDNA2008 with UTS #46 refuses: a disallowed character (`⒈`, `©`, emoji), one
    /// that maps to ASCII punctuation (U+037E → `;`), bad Punycode (`xn--0`), an A-label that does
    /// not round-trip, or a bidi or joiner rule broken (not under `html`).
    case invalidIDN
    /// A domain with non-ASCII characters in a build without IDNA tables (the `IDNA` trait off,
    /// as on iOS): it cannot be checked, so it is refused, never guessed at. Its A-label form
    /// (`xn--…`) is accepted.
    case idnaUnavailable
    /// A character in the local part that NFKC turns into ASCII (U+037E → `;`, `ﬁ` → `fi`), so the
    /// address looks like, or normalizes to, another one (not under `html`).
    case compatibilityCharacter
  }

  /// The grammar to check against; ``init(profile:)`` sets the `allow…` options to its defaults.
  public var profile: Profile
  /// Accept `"…"@example.com`. Under `html` this adds the same RFC 5321 quoted-string syntax as `rfc`.
  public var allowQuotedLocalPart: Bool
  /// Accept `user@[192.0.2.1]` and `user@[IPv6:…]`. Under `html` this adds the same literal syntax.
  public var allowDomainLiteral: Bool
  /// Accept non-ASCII characters in the local part and the domain (RFC 6530/6531). Under `html` this
  /// lets them in wherever the grammar lets in an ASCII letter.
  public var allowUnicode: Bool
  /// Accept special-use domain names (`user@mail.test`, `user@printer.local`), which no mail reaches.
  /// On by default under `html` (the exact grammar) and `rfc` (the RFC grammar); off under `practical`.
  public var allowSpecialUse: Bool

  /// The syntax of `profile` (``Profile/practical`` by default) with that profile's defaults for
  /// quoted local parts, address literals, Unicode and special-use domains; change them after.
  public init(profile: Profile = .practical) {
    self.profile = profile
    allowQuotedLocalPart = profile == .rfc
    allowDomainLiteral = profile == .rfc
    allowUnicode = profile != .html
    allowSpecialUse = profile != .practical
  }

  /// The address as a server should store it and send to: the local part as given and the domain
  /// in its ASCII form (A-labels, lower case, see ``IDNA``). `nil` when ``check(_:)`` refuses the
  /// address, or, under `html` with `allowUnicode`, when the domain has no IDNA2008 form.
  ///
  /// ```swift
  /// EmailSyntax().asciiAddress("taro@例え.JP")     // "taro@xn--r8jz45g.jp"
  /// EmailSyntax().asciiAddress("josé@example.es")  // "josé@example.es": SMTPUTF8 still needed
  /// ```
  public func asciiAddress(_ address: String) -> String? {
    guard check(address) == nil, let at = address.lastIndex(of: "@") else { return nil }
    let local = address[..<at]
    let domain = address[address.index(after: at)...]
    if domain.hasPrefix("[") { return address }
    guard case .success(let ascii) = IDNA.asciiDomain(String(domain)) else {
      // The html grammar takes ASCII labels IDNA refuses (`ab--c`); they are already ASCII.
      return domain.utf8.allSatisfy { $0 < 0x80 } ? "\(local)@\(domain.lowercased())" : nil
    }
    return "\(local)@\(ascii)"
  }

  /// nil when the address is valid under this profile, else the first reason found.
  public func check(_ address: String) -> Reason? {
    ByteView.withUTF8(address) { check(utf8: $0) }
  }

  /// Whether `address` is valid under this syntax: ``check(_:)`` found no reason.
  public func isValid(_ address: String) -> Bool {
    check(address) == nil
  }

  /// The core check, over the address's UTF-8 bytes.
  ///
  /// The order of the checks is fixed so that a message can rely on it. First come the empty and length
  /// checks. Next come the structure checks (the `@`, the empty parts, a quoted local part that is not
  /// allowed). After that, the first problem by position in the local part and then in the domain. Last
  /// come the checks that need the whole domain (dot, numeric top-level domain, total length).
  package func check(utf8 bytes: ByteView) -> Reason? {
    let count = bytes.count
    if count == 0 { return .empty }
    let html = profile == .html
    // HTML has no length limits, so we do not add any.
    if !html && count > Limit.address { return .tooLong }

    let local: LocalPart
    if bytes[0] == ASCII.quote {
      guard allowQuotedLocalPart else { return .quotedLocalPart }
      switch scanQuotedLocalPart(bytes) {
      case .failure(let reason): return reason
      case .success(let part): local = part
      }
    } else {
      switch scanDotAtomLocalPart(bytes, html: html) {
      case .failure(let reason): return reason
      case .success(let part): local = part
      }
    }

    let at = local.end
    if at == 0 { return .missingLocalPart }
    let domainStart = at + 1
    if domainStart == count { return .missingDomain }
    for i in domainStart..<count where bytes[i] == ASCII.at { return .multipleAt }
    if let reason = local.firstProblem { return reason }
    if !html && at > Limit.localPart { return .localPartTooLong }

    if bytes[domainStart] == ASCII.openBracket {
      guard allowDomainLiteral else { return .domainLiteral }
      return checkDomainLiteral(bytes, from: domainStart)
    }
    return checkHostname(bytes, from: domainStart, html: html)
  }
}

// MARK: - Local part

extension EmailSyntax {
  fileprivate enum Limit {
    static let localPart = 64
    static let address = 254
    static let label = 63
    static let domain = 253
  }

  /// The local part as scanned. The first problem inside it waits until the structure checks have run,
  /// because "missing @" says more than a bad character in text that was never an address.
  fileprivate struct LocalPart {
    var end: Int
    var firstProblem: Reason?
  }

  /// Reasons the structure is wrong; they win over `LocalPart.firstProblem`.
  fileprivate enum ScanResult {
    case success(LocalPart)
    case failure(Reason)
  }

  fileprivate func scanDotAtomLocalPart(_ bytes: ByteView, html: Bool) -> ScanResult {
    let count = bytes.count
    var problem: Reason?
    var sawFullWidthAt = false
    var previousWasDot = false
    var i = 0
    while i < count {
      let byte = bytes[i]
      if byte == ASCII.at { break }
      if byte < 0x80 {
        if byte == ASCII.dot {
          // HTML's grammar takes dots anywhere in the local part; we keep it exact.
          if problem == nil && !html {
            if i == 0 {
              problem = .leadingDot
            } else if previousWasDot {
              problem = .consecutiveDots
            }
          }
          previousWasDot = true
        } else {
          if problem == nil && !ASCII.isAtext(byte) { problem = ASCII.problem(byte) }
          previousWasDot = false
        }
        i += 1
        continue
      }
      guard let (scalar, length) = Scalar.decode(bytes, at: i) else {
        if problem == nil { problem = .invalidUTF8 }
        i += 1
        continue
      }
      if scalar.value == 0xFF20 || scalar.value == 0xFE6B { sawFullWidthAt = true }
      if problem == nil {
        problem = nonASCIIProblem(scalar, startsSegment: i == 0 || previousWasDot)
        if problem == nil && !html && Scalar.compatibilityMapsToASCII(scalar) { problem = .compatibilityCharacter }
      }
      previousWasDot = false
      i += length
    }
    if i == count { return .failure(sawFullWidthAt ? .fullWidthAt : .missingAt) }
    if problem == nil && !html && i > 0 && bytes[i - 1] == ASCII.dot { problem = .trailingDot }
    return .success(LocalPart(end: i, firstProblem: problem))
  }

  /// RFC 5321 `Quoted-string` with the RFC 6531 UTF-8 extension, minus whitespace: a space inside quotes
  /// is legal SMTP but is exactly what this checker promises never to accept.
  fileprivate func scanQuotedLocalPart(_ bytes: ByteView) -> ScanResult {
    let count = bytes.count
    var problem: Reason?
    var closed = false
    var i = 1
    while i < count {
      let byte = bytes[i]
      if byte == ASCII.quote {
        closed = true
        i += 1
        break
      }
      let escaped = byte == ASCII.backslash
      if escaped {
        i += 1
        if i == count { break }
      }
      let current = bytes[i]
      if current < 0x80 {
        // quoted-pairSMTP is %d92 %d32-126, and qtextSMTP is the same range without `"` and `\`.
        let allowed = escaped ? current >= 0x21 && current <= 0x7E : ASCII.isQtext(current)
        if problem == nil && !allowed { problem = ASCII.problem(current) }
        i += 1
        continue
      }
      guard let (scalar, length) = Scalar.decode(bytes, at: i) else {
        if problem == nil { problem = .invalidUTF8 }
        i += 1
        continue
      }
      if problem == nil {
        if let reason = Scalar.problem(scalar) {
          problem = reason
        } else if escaped {
          // RFC 6531 extends qtext, not quoted-pair, so only ASCII may follow a backslash.
          problem = .invalidQuotedString
        } else if !allowUnicode {
          problem = .unicodeNotAllowed
        } else if profile != .html && Scalar.compatibilityMapsToASCII(scalar) {
          problem = .compatibilityCharacter
        }
      }
      i += length
    }
    guard closed else { return .failure(.invalidQuotedString) }
    if i == count { return .failure(.missingAt) }
    // Obsolete forms like `"a".b` and a quote followed by text end up here.
    guard bytes[i] == ASCII.at else { return .failure(.invalidQuotedString) }
    return .success(LocalPart(end: i, firstProblem: problem))
  }

  /// The reason a non-ASCII scalar is refused in an unquoted local part or in a domain label, if any.
  fileprivate func nonASCIIProblem(_ scalar: Unicode.Scalar, startsSegment: Bool) -> Reason? {
    if let reason = Scalar.problem(scalar) { return reason }
    if !allowUnicode { return .unicodeNotAllowed }
    // A mark with nothing to combine with would draw on the preceding dot or `@`, which helps spoofing;
    // IDNA2008 forbids it at the start of a label for that reason.
    if startsSegment && Scalar.isCombiningMark(scalar) { return .invalidCharacter }
    return nil
  }
}

// MARK: - Domain

extension EmailSyntax {
  private func checkHostname(_ bytes: ByteView, from start: Int, html: Bool) -> Reason? {
    let count = bytes.count
    var labelStart = start
    var labelIsASCII = true
    var labels = 0
    var asciiLength = 0
    var needsIDNA = false
    var i = start
    while true {
      if i == count || bytes[i] == ASCII.dot {
        if i == labelStart {
          if i == start { return .leadingDot }
          return i == count ? .trailingDot : .consecutiveDots
        }
        if bytes[i - 1] == ASCII.hyphen { return .invalidLabel }
        if labelIsASCII {
          let length = i - labelStart
          if length > Limit.label { return .labelTooLong }
          // UTS #46 CheckHyphens: hyphens in positions 3 and 4 are reserved for A-labels (`xn--`), which
          // must then decode. The html grammar has no such rule.
          if !html && length >= 4 && bytes[labelStart + 2] == ASCII.hyphen && bytes[labelStart + 3] == ASCII.hyphen {
            guard bytes[labelStart] | 0x20 == UInt8(ascii: "x") && bytes[labelStart + 1] | 0x20 == UInt8(ascii: "n")
            else { return .invalidLabel }
            needsIDNA = true
          }
        } else if html {
          let length = Punycode.aLabelLength(bytes[labelStart..<i])
          if length > Limit.label { return .labelTooLong }
          asciiLength += length - (i - labelStart)
        } else {
          needsIDNA = true
        }
        labels += 1
        if i == count { break }
        i += 1
        labelStart = i
        labelIsASCII = true
        continue
      }
      let byte = bytes[i]
      if byte < 0x80 {
        if byte == ASCII.hyphen {
          if i == labelStart { return .invalidLabel }
        } else if !ASCII.isLetter(byte) && !ASCII.isDigit(byte) {
          return ASCII.problem(byte)
        }
        i += 1
        continue
      }
      guard let (scalar, length) = Scalar.decode(bytes, at: i) else { return .invalidUTF8 }
      if let reason = nonASCIIProblem(scalar, startsSegment: i == labelStart) { return reason }
      labelIsASCII = false
      i += length
    }
    if html { return nil }
    if labels < 2 { return .domainNoDot }
    let domain = bytes.suffix(from: start)
    guard needsIDNA else { return checkASCIIDomain(domain, localLength: start) }
    switch IDNA.cachedASCIIDomain(utf8: domain) {
    case .failure(let failure):
      // libidn2 measures the A-labels too; its length errors keep our length reasons.
      switch failure.code {
      case "IDN2_TOO_BIG_LABEL", "IDN2_PUNYCODE_BIG_OUTPUT": return .labelTooLong
      case "IDN2_TOO_BIG_DOMAIN": return .domainTooLong
      case IDNA.Failure.unavailable.code: return .idnaUnavailable
      default: return .invalidIDN
      }
    case .success(let ascii): return ByteView.withUTF8(ascii) { checkASCIIDomain($0, localLength: start) }
    }
  }

  /// The checks on the domain's ASCII form (what DNS stores and a relay without SMTPUTF8 sends): label
  /// and domain length, the top-level domain, the whole address length, and special-use names.
  /// `localLength` counts the local part and the `@`.
  private func checkASCIIDomain(_ domain: ByteView, localLength: Int) -> Reason? {
    var labelStart = 0
    for i in 0...domain.count where i == domain.count || domain[i] == ASCII.dot {
      if i - labelStart > Limit.label { return .labelTooLong }
      if i < domain.count { labelStart = i + 1 }
    }
    let tld = domain.suffix(from: labelStart)
    // A numeric top-level domain cannot exist, and such "domains" are usually mistyped IP addresses.
    if tld.allSatisfy(ASCII.isDigit) { return .numericTopLevelDomain }
    if !TopLevelDomain.isWellFormed(tld) { return .invalidTopLevelDomain }
    if domain.count > Limit.domain { return .domainTooLong }
    if localLength + domain.count > Limit.address { return .tooLong }
    if !allowSpecialUse && TopLevelDomain.isSpecialUse(tld) { return .specialUseDomain }
    return nil
  }

  /// RFC 5321 `address-literal`, limited to IPv4 and `IPv6:`. No General-address-literal tag is
  /// registered, so accepting one would only let typos through.
  fileprivate func checkDomainLiteral(_ bytes: ByteView, from start: Int) -> Reason? {
    let count = bytes.count
    var i = start + 1
    // Report whitespace and control characters as such: "invalid literal" would hide the real problem.
    while i < count {
      let byte = bytes[i]
      if byte < 0x80 {
        if byte <= 0x20 || byte == 0x7F { return ASCII.problem(byte) }
        i += 1
        continue
      }
      guard let (scalar, length) = Scalar.decode(bytes, at: i) else { return .invalidUTF8 }
      if let reason = Scalar.problem(scalar) { return reason }
      i += length
    }
    guard count - start >= 3, bytes[count - 1] == ASCII.closeBracket else { return .invalidDomainLiteral }
    let content = bytes[(start + 1)..<(count - 1)]
    let valid: Bool
    if AddressLiteral.hasIPv6Tag(content) {
      valid = AddressLiteral.isIPv6(content.suffix(from: 5))
    } else {
      valid = AddressLiteral.isIPv4(content)
    }
    return valid ? nil : .invalidDomainLiteral
  }
}

// MARK: - Character classes

private enum ASCII {
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let at = UInt8(ascii: "@")
  static let dot = UInt8(ascii: ".")
  static let hyphen = UInt8(ascii: "-")
  static let colon = UInt8(ascii: ":")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")

  @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
    byte &- 0x30 < 10
  }

  @inline(__always) static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 0x61 < 26
  }

  @inline(__always) static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20) &- 0x61 < 6
  }

  /// RFC 5322 `atext`, which is also the HTML local-part set minus the dot.
  static func isAtext(_ byte: UInt8) -> Bool {
    if isLetter(byte) || isDigit(byte) { return true }
    switch byte {
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
      UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"),
      UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"),
      UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  /// RFC 5321 `qtextSMTP` without the space.
  static func isQtext(_ byte: UInt8) -> Bool {
    byte >= 0x21 && byte <= 0x7E && byte != quote && byte != backslash
  }

  /// The reason for an ASCII byte that is not allowed where it stands.
  static func problem(_ byte: UInt8) -> EmailSyntax.Reason {
    switch byte {
    case 0x20, 0x09...0x0D: return .whitespace
    case 0x00...0x1F, 0x7F: return .controlCharacter
    default: return .invalidCharacter
    }
  }
}

/// Top-level domains, on the ASCII form of the domain.
enum TopLevelDomain {
  /// Two or more letters, or an A-label. Every delegated TLD is one of these (the IANA root zone
  /// has no digit, hyphen or one-letter TLD outside `xn--`), and validator.js's `isFQDN` asks the same.
  static func isWellFormed(_ tld: ByteView) -> Bool {
    if tld.count >= 5 && tld[0] | 0x20 == UInt8(ascii: "x") && tld[1] | 0x20 == UInt8(ascii: "n")
      && tld[2] == ASCII.hyphen && tld[3] == ASCII.hyphen
    {
      return true
    }
    return tld.count >= 2 && tld.allSatisfy(ASCII.isLetter)
  }

  /// Special-use names from the IANA registry that no mail can reach: `test`, `example`, `invalid`,
  /// `localhost` (RFC 6761), `local` (RFC 6762, mDNS), `onion` (RFC 7686), `alt` (RFC 9476) and
  /// `arpa` (RFC 3172, infrastructure). `example.com` and its kin stay ordinary names: RFC 6761 asks
  /// applications not to treat them specially. Compared without allocating: this runs on every address.
  static func isSpecialUse(_ tld: ByteView) -> Bool {
    func equals(_ name: StaticString) -> Bool {
      guard name.utf8CodeUnitCount == tld.count else { return false }
      let letters = name.utf8Start
      for i in 0..<tld.count where letters[i] != tld[i] | 0x20 { return false }
      return true
    }
    switch tld.count {
    case 3: return equals("alt")
    case 4: return equals("test") || equals("arpa")
    case 5: return equals("local") || equals("onion")
    case 7: return equals("example") || equals("invalid")
    case 9: return equals("localhost")
    default: return false
    }
  }
}

extension EmailSyntax {
  /// Decoding and classifying non-ASCII scalars. Internal so the tests can hold the fast path to the
  /// Unicode properties it stands in for.
  enum Scalar {
    /// Decodes the scalar whose lead byte (≥ 0x80) is at `i` (``UTF8Validation/decode(_:at:)``).
    static func decode(_ bytes: ByteView, at i: Int) -> (Unicode.Scalar, Int)? {
      UTF8Validation.decode(bytes, at: i).map { ($0.scalar, $0.length) }
    }

    /// Blocks in which no scalar is whitespace, a control, a format or private-use character, a mark or a
    /// noncharacter: Latin, Greek, Cyrillic, Hebrew and Arabic letters, kana, CJK ideographs and Hangul.
    /// The property lookups cost more than the rest of the check together, so the common scripts skip
    /// them. A test holds these ranges to the toolchain's Unicode data.
    @inline(__always) static func isPlainLetter(_ value: UInt32) -> Bool {
      switch value {
      case 0x00C0...0x02AF, 0x0370...0x0482, 0x048A...0x052F, 0x05D0...0x05EA, 0x0620...0x064A,
        0x3041...0x3096, 0x30A1...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
        return true
      default:
        return false
      }
    }

    /// Why a non-ASCII scalar can never be part of an address, whatever the options.
    static func problem(_ scalar: Unicode.Scalar) -> EmailSyntax.Reason? {
      let value = scalar.value
      if isPlainLetter(value) { return nil }
      if value == 0xFF20 || value == 0xFE6B { return .fullWidthAt }
      if value >= 0xFF01 && value <= 0xFF5E { return .fullWidthCharacter }
      // Ideographic and halfwidth full stops: IDNA maps them to a dot, so in a label they would look like a
      // dot but not be one; they get their own message, as `＠` does. U+FFFD means the text was already
      // damaged before it got here.
      if value == 0x3002 || value == 0xFF61 { return .fullWidthDot }
      if value == 0xFFFD { return .invalidCharacter }
      let properties = scalar.properties
      if properties.isWhitespace { return .whitespace }
      switch properties.generalCategory {
      case .control:
        return .controlCharacter
      case .format, .privateUse, .surrogate:
        // Invisible or private characters make addresses that look alike but are not. Unassigned code
        // points pass, so the result does not change with the toolchain's Unicode version.
        return .invalidCharacter
      default:
        return properties.isNoncharacterCodePoint ? .invalidCharacter : nil
      }
    }

    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
      if isPlainLetter(scalar.value) { return false }
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark: return true
      default: return false
      }
    }
  }
}

// MARK: - Address literals

private enum AddressLiteral {
  static func hasIPv6Tag(_ content: ByteView) -> Bool {
    // ABNF string literals are case-insensitive, so `ipv6:` is as valid as `IPv6:`.
    content.count >= 5 && content[0] | 0x20 == UInt8(ascii: "i") && content[1] | 0x20 == UInt8(ascii: "p")
      && content[2] | 0x20 == UInt8(ascii: "v") && content[3] == UInt8(ascii: "6")
      && content[4] == ASCII.colon
  }

  /// Dotted quad of decimal octets 0–255. A leading zero is refused because some resolvers read it as
  /// octal, so `010` would not mean ten.
  static func isIPv4(_ text: ByteView) -> Bool {
    var parts = 0
    var i = 0
    let count = text.count
    while true {
      let start = i
      var value = 0
      while i < count && ASCII.isDigit(text[i]) && i - start < 3 {
        value = value * 10 + Int(text[i] &- 0x30)
        i += 1
      }
      let digits = i - start
      if digits == 0 || value > 255 || (digits > 1 && text[start] == UInt8(ascii: "0")) { return false }
      parts += 1
      if i == count { return parts == 4 }
      if text[i] != ASCII.dot || parts == 4 { return false }
      i += 1
    }
  }

  /// RFC 5321 `IPv6-addr`: eight groups, or fewer around one `::`. The RFC 5321 rule that `::` stands
  /// for at least two groups is stricter than RFC 4291, and an address literal follows RFC 5321.
  static func isIPv6(_ text: ByteView) -> Bool {
    let count = text.count
    var groups = 0
    var compressed = false
    var i = 0
    if count >= 2 && text[0] == ASCII.colon && text[1] == ASCII.colon {
      compressed = true
      i = 2
      if i == count { return true }
    }
    while true {
      let start = i
      while i < count && ASCII.isHexDigit(text[i]) { i += 1 }
      if i < count && text[i] == ASCII.dot {
        // An embedded IPv4 address must come last and counts as two groups.
        guard isIPv4(text.suffix(from: start)) else { return false }
        groups += 2
        break
      }
      let digits = i - start
      if digits == 0 || digits > 4 { return false }
      groups += 1
      if i == count { break }
      if text[i] != ASCII.colon { return false }
      i += 1
      if i < count && text[i] == ASCII.colon {
        if compressed { return false }
        compressed = true
        i += 1
        if i == count { break }
      } else if i == count {
        return false
      }
    }
    return compressed ? groups <= 6 : groups == 8
  }
}

// MARK: - Punycode

extension EmailSyntax {
  enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    /// Each code point adds at least one character, so more than this many cannot fit in 63 with `xn--`.
    private static let maxScalars = 59

    /// RFC 3492 decoding, which needs no tables (the IDNA fallback checks A-labels with it): the
    /// scalars a Punycode string (without `xn--`) stands for; `nil` when it is malformed,
    /// overflows or names a surrogate or a value past U+10FFFF.
    static func decode(_ input: [UInt8]) -> [Unicode.Scalar]? {
      var output: [UInt32] = []
      var rest = input[...]
      if let delimiter = input.lastIndex(of: UInt8(ascii: "-")) {
        guard delimiter > 0 else { return nil }
        output = input[..<delimiter].map(UInt32.init)
        rest = input[(delimiter + 1)...]
        // RFC 3492 §6.2: "xn--abc-" (nothing after the delimiter) encodes nothing non-basic.
        if rest.isEmpty { return nil }
      }
      var n = 0x80
      var i = 0
      var bias = 72
      var position = rest.startIndex
      while position < rest.endIndex {
        let oldI = i
        var w = 1
        var k = base
        while true {
          guard position < rest.endIndex, let digit = digitValue(rest[position]) else { return nil }
          position += 1
          let (product, overflow1) = digit.multipliedReportingOverflow(by: w)
          let (sum, overflow2) = i.addingReportingOverflow(product)
          guard !overflow1, !overflow2, sum <= 0x10FFFF * 1024 else { return nil }
          i = sum
          let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
          if digit < t { break }
          w *= base - t
          k += base
        }
        let count = output.count + 1
        bias = adapt(i - oldI, points: count, first: oldI == 0)
        n += i / count
        i %= count
        guard n <= 0x10FFFF, !(0xD800...0xDFFF).contains(n) else { return nil }
        output.insert(UInt32(n), at: i)
        i += 1
      }
      return output.compactMap(Unicode.Scalar.init)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
      case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
      default: nil
      }
    }

    /// RFC 3492 encoding of `scalars` (without `xn--`), as ASCII bytes: the fallback checks that
    /// an A-label is the one encoding of what it decodes to.
    static func encode(_ scalars: [Unicode.Scalar]) -> [UInt8] {
      let values = scalars.map { Int($0.value) }
      var output = values.filter { $0 < 0x80 }.map { UInt8($0) }
      let basic = output.count
      if basic > 0 { output.append(UInt8(ascii: "-")) }
      var handled = basic
      var n = 0x80
      var delta = 0
      var bias = 72
      while handled < values.count {
        let next = values.filter { $0 >= n }.min() ?? n
        delta += (next - n) * (handled + 1)
        n = next
        for value in values {
          if value < n { delta += 1 }
          guard value == n else { continue }
          var q = delta
          var k = base
          while true {
            let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
            if q < t { break }
            output.append(digit(t + (q - t) % (base - t)))
            q = (q - t) / (base - t)
            k += base
          }
          output.append(digit(q))
          bias = adapt(delta, points: handled + 1, first: handled == basic)
          delta = 0
          handled += 1
        }
        delta += 1
        n += 1
      }
      return output
    }

    private static func digit(_ d: Int) -> UInt8 {
      d < 26 ? UInt8(ascii: "a") + UInt8(d) : UInt8(ascii: "0") + UInt8(d - 26)
    }

    /// The length of `xn--` + Punycode(label) (RFC 3492), without writing it out. The label is taken as
    /// written, without IDNA mapping or normalization. Labels over the limit come back as 64 or more, and
    /// for them the exact number is not computed.
    static func aLabelLength(_ label: ByteView) -> Int {
      var scalarCount = 0
      var i = 0
      while i < label.count {
        i += label[i] < 0x80 ? 1 : Scalar.decode(label, at: i)?.1 ?? 1
        scalarCount += 1
      }
      if scalarCount > maxScalars { return scalarCount + 4 }
      return withScratch(of: Int.self, capacity: maxScalars, initial: 0) { scalars in
        var n = 0
        var j = 0
        while j < label.count {
          if label[j] < 0x80 {
            scalars[n] = Int(label[j])
            j += 1
          } else if let (scalar, length) = Scalar.decode(label, at: j) {
            scalars[n] = Int(scalar.value)
            j += length
          } else {
            scalars[n] = 0xFFFD
            j += 1
          }
          n += 1
        }
        return encodedLength(scalars[0..<n])
      }
    }

    private static func encodedLength(_ scalars: ScratchView<Int>) -> Int {
      var basic = 0
      for s in 0..<scalars.count where scalars[s] < 0x80 { basic += 1 }
      var length = 4 + basic + (basic > 0 ? 1 : 0)
      var handled = basic
      var n = 0x80
      var delta = 0
      var bias = 72
      while handled < scalars.count {
        var next = Int.max
        for s in 0..<scalars.count where scalars[s] >= n && scalars[s] < next { next = scalars[s] }
        delta += (next - n) * (handled + 1)
        n = next
        for s in 0..<scalars.count {
          let scalar = scalars[s]
          if scalar < n { delta += 1 }
          guard scalar == n else { continue }
          var q = delta
          var k = base
          while true {
            let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
            if q < t { break }
            length += 1
            q = (q - t) / (base - t)
            k += base
          }
          length += 1
          bias = adapt(delta, points: handled + 1, first: handled == basic)
          delta = 0
          handled += 1
        }
        delta += 1
        n += 1
      }
      return length
    }

    private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
      var delta = first ? delta / damp : delta / 2
      delta += delta / points
      var k = 0
      while delta > ((base - tMin) * tMax) / 2 {
        delta /= base - tMin
        k += base
      }
      return k + (base - tMin + 1) * delta / (delta + skew)
    }
  }
}
