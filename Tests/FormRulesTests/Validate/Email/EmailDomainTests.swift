import Foundation
import Testing

@testable import FormRules

// MARK: - The issue's examples, through the shipped rules files

@Suite("EmailSyntax: IDNA, top-level domains, special-use names, compatibility characters")
struct EmailDomainTests {
  /// Every address the issue names as wrongly accepted, with the reason `practical` now gives.
  static let refused: [(String, Reason)] = [
    ("me@\u{37E}.com", .invalidIDN),  // GREEK QUESTION MARK maps to ";"
    ("me@\u{1FEF}.com", .invalidIDN),  // GREEK VARIA maps to "`"
    ("me@⒈wouldbeinvalid.com", .invalidIDN),  // U+2488 maps to "1.", and IDNA2008 disallows it
    ("username@domain.com©", .invalidIDN),
    ("me@xn--0.tld", .invalidIDN),  // not valid Punycode
    ("me@yy--0.tld", .invalidLabel),  // hyphens in positions 3 and 4 of a label that is not xn--
    ("me@bad.tld-2", .invalidTopLevelDomain),
    ("z@co.c", .invalidTopLevelDomain),
    ("me@example.test", .specialUseDomain),
    ("me@www.example", .specialUseDomain),
    ("me@valid.invalid", .specialUseDomain),
    ("me@host.localhost", .specialUseDomain),
    ("me@printer.local", .specialUseDomain),
    ("me@duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion", .specialUseDomain),
    ("me@1.2.0.192.in-addr.arpa", .specialUseDomain),
    ("me@name.alt", .specialUseDomain),
    ("me.\u{37E}@example.com", .compatibilityCharacter),
  ]

  static let accepted = ["taro@例え.jp", "hanako@xn--r8jz45g.jp", "josé@example.es"]

  static func shippedEmailPolicies() throws -> [(String, Policy)] {
    try ["login.json", "signup.json"].map { name in
      (
        name,
        try RuleSet(contentsOf: repositoryRoot.appendingPathComponent("Rules/\(name)"), registry: .standard).compile()
      )
    }
  }

  @Test(
    "the shipped practical refuses every example of the issue, with its reason",
    .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"))
  func issueRefused() throws {
    for (address, reason) in Self.refused {
      #expect(EmailSyntax().check(address) == reason, "\(String(reflecting: address))")
      #expect(check(EmailSyntax(), Array(address.utf8)) == reason, "bytes: \(String(reflecting: address))")
    }
    for (name, policy) in try Self.shippedEmailPolicies() {
      for (address, reason) in Self.refused {
        let failures = policy.validate(["email": address]).fields["email"]?.failures ?? []
        let reasons = failures.filter { $0.code == "email" }.compactMap { $0.params["reason"] }
        #expect(reasons == [.string(reason.rawValue)], "\(name): \(String(reflecting: address))")
      }
    }
  }

  @Test(
    "the shipped practical accepts an IDN, its A-label and a Unicode local part",
    .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"))
  func issueAccepted() throws {
    for address in Self.accepted {
      #expect(EmailSyntax().check(address) == nil, "\(address)")
    }
    for (name, policy) in try Self.shippedEmailPolicies() {
      for address in Self.accepted {
        let failures = policy.validate(["email": address]).fields["email"]?.failures ?? []
        #expect(failures.isEmpty, "\(name): \(address): \(failures.map(\.code))")
      }
    }
  }

  @Test("allowSpecialUse: off under practical, on under rfc and html, and an option everywhere")
  func specialUseOption() throws {
    #expect(EmailSyntax(profile: .rfc).check("me@mail.test") == nil)
    #expect(EmailSyntax(profile: .html).check("me@mail.test") == nil)
    var practical = EmailSyntax()
    practical.allowSpecialUse = true
    #expect(practical.check("me@mail.test") == nil)
    var rfc = EmailSyntax(profile: .rfc)
    rfc.allowSpecialUse = false
    #expect(rfc.check("me@MAIL.TEST") == .specialUseDomain)
    // Only the top-level domain counts: these are ordinary names.
    for address in ["me@example.com", "me@test.example.org", "me@local.jp", "me@onion.com", "me@arpa.net"] {
      #expect(EmailSyntax().check(address) == nil, "\(address)")
    }
    #expect(codes(try fieldPolicy(#"[{"email": "practical", "allowSpecialUse": true}]"#), "me@mail.test") == [])
    #expect(codes(try fieldPolicy(#"[{"email": "practical"}]"#), "me@mail.test") == ["email"])
    #expect(codes(try fieldPolicy(#"[{"email": "rfc", "allowSpecialUse": false}]"#), "me@a.onion") == ["email"])
  }

  static let topLevelDomains: [(String, Reason?)] = [
    ("a@b.co", nil), ("a@b.COM", nil), ("a@b.xn--p1ai", nil), ("a@b.рф", nil), ("a@b.XN--P1AI", nil),
    ("a@b.c", .invalidTopLevelDomain), ("a@b.c1", .invalidTopLevelDomain), ("a@b.co-m", .invalidTopLevelDomain),
    ("a@b.x1y", .invalidTopLevelDomain), ("a@b.123", .numericTopLevelDomain), ("a@b.xn--0", .invalidIDN),
    ("a@b.é", nil),  // xn--9ca: an A-label, and a U-label maps to it
  ]

  @Test(
    "top-level domains: two or more letters, or an A-label",
    .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"))
  func topLevelDomainCases() {
    for (address, reason) in Self.topLevelDomains {
      #expect(EmailSyntax().check(address) == reason, "\(address)")
      #expect(EmailSyntax(profile: .rfc).check(address) == reason, "rfc: \(address)")
      #expect(
        EmailSyntax(profile: .html).check(address) == (address.utf8.allSatisfy { $0 < 0x80 } ? nil : .unicodeNotAllowed)
      )
    }
  }

  static let idna: [(String, Reason?)] = [
    ("a@BÜCHER.de", nil), ("a@xn--bcher-kva.de", nil), ("a@XN--BCHER-KVA.DE", nil), ("a@faß.de", nil),
    ("a@xn--fa-hia.de", nil), ("a@c--n.com", nil), ("a@ab--cd.com", .invalidLabel), ("a@xn--a.com", .invalidIDN),
    ("a@xn--ls8h.la", .invalidIDN),  // 💩.la: IDNA2008 disallows emoji
    ("a@a\u{200D}b.com", .invalidCharacter),  // ZWJ is refused as a format character before IDNA
    ("a@\u{5D0}1.com", nil), ("a@1\u{5D0}.com", .invalidIDN),  // the Bidi rule
    ("a@\u{2260}.com", .invalidIDN), ("a@=\u{338}.com", .invalidCharacter), ("a@xn--1ch.com", .invalidIDN),  // STD3: ≠
    ("a@ﬁ.com", nil),  // maps to fi.com
    ("a@xn--mnchen-3ya-.de", .invalidLabel), ("a@-xn--mnchen-3ya.de", .invalidLabel),
    ("a@" + String(repeating: "é", count: 57) + ".com", nil),
    ("a@" + String(repeating: "é", count: 58) + ".com", .labelTooLong),
    ("a@" + String(repeating: "É", count: 57) + ".com", nil),  // mapped to é before measuring
  ]

  @Test(
    "IDNA2008 with UTS #46: mapping, A-labels, hyphens, bidi, STD3, lengths",
    .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"))
  func idnaCases() {
    for (address, reason) in Self.idna {
      #expect(EmailSyntax().check(address) == reason, "\(String(reflecting: address))")
    }
  }

  @Test(
    "asciiAddress: the domain as A-labels in lower case, the local part as typed",
    .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"))
  func asciiForm() {
    let syntax = EmailSyntax()
    #expect(syntax.asciiAddress("taro@例え.JP") == "taro@xn--r8jz45g.jp")
    #expect(syntax.asciiAddress("hanako@XN--R8JZ45G.jp") == "hanako@xn--r8jz45g.jp")
    #expect(syntax.asciiAddress("josé@Example.ES") == "josé@example.es")
    #expect(syntax.asciiAddress("Taro.Yamada@Example.co.JP") == "Taro.Yamada@example.co.jp")
    #expect(syntax.asciiAddress("a@faß.de") == "a@xn--fa-hia.de")
    #expect(syntax.asciiAddress("me@xn--0.tld") == nil)
    #expect(syntax.asciiAddress("") == nil)
    #expect(EmailSyntax(profile: .rfc).asciiAddress("\"a@b\"@例え.jp") == "\"a@b\"@xn--r8jz45g.jp")
    #expect(EmailSyntax(profile: .rfc).asciiAddress("a@[192.0.2.1]") == "a@[192.0.2.1]")
    #expect(EmailSyntax(profile: .html).asciiAddress("a@ab--c.DE") == "a@ab--c.de")
    #expect(IDNA.asciiDomain("例え.jp") == .success("xn--r8jz45g.jp"))
    #expect(IDNA.asciiDomain("xn--0.tld") == .failure(IDNA.Failure(code: "IDN2_PUNYCODE_BAD_INPUT")))
    #expect(IDNA.asciiDomain("a\u{37E}b.com") == .failure(IDNA.Failure(code: "STD3")))
    #expect(IDNA.asciiDomain("a\u{3002}b") == .failure(IDNA.Failure(code: "STD3")))
  }

  static let localParts: [(String, Reason?)] = [
    ("me.\u{37E}@example.com", .compatibilityCharacter), ("\u{FB01}@example.com", .compatibilityCharacter),
    ("\u{2460}@example.com", .compatibilityCharacter), ("\u{17F}@example.com", .compatibilityCharacter),
    ("\u{1D41A}@example.com", .compatibilityCharacter),  // MATHEMATICAL BOLD SMALL A
    ("a\u{2024}b@example.com", .compatibilityCharacter),  // ONE DOT LEADER
    ("josé@example.es", nil), ("JOSÉ@example.es", nil), ("e\u{301}@example.com", nil), ("ﾊﾟ@example.jp", nil),
    ("δοκιμή@example.gr", nil), ("测试@example.cn", nil), ("😀@example.com", nil),
  ]

  @Test("local part: a character NFKC turns into ASCII is refused unless the field normalizes")
  func compatibilityLocalParts() throws {
    for (address, reason) in Self.localParts {
      #expect(EmailSyntax().check(address) == reason, "\(String(reflecting: address))")
    }
    #expect(EmailSyntax(profile: .rfc).check("\"\u{37E}\"@example.com") == .compatibilityCharacter)
    #expect(EmailSyntax(profile: .html).check("\u{FB01}@example.com") == .unicodeNotAllowed)
    // With "normalize": "nfkc" the field turns ﬁ into fi before the rule sees it.
    let nfkc = try fieldPolicy(#"[{"email": "practical"}]"#, options: #""normalize": "nfkc""#)
    #expect(codes(nfkc, "\u{FB01}@example.com") == [])
    #expect(codes(try fieldPolicy(#"[{"email": "practical"}]"#), "\u{FB01}@example.com") == ["email"])
  }

  /// The hand-written list in `compatibilityMapsToASCII` and the property filter, held to Foundation's NFKC.
  @Test("the compatibility test agrees with NFKC over the plain-letter blocks and the BMP")
  func compatibilityTable() {
    var mismatches: [String] = []
    for value in UInt32(0x80)...0x2FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let expected = String(Character(scalar)).precomposedStringWithCompatibilityMapping.utf8.contains { $0 < 0x80 }
      if EmailSyntax.Scalar.compatibilityMapsToASCII(scalar) != expected {
        mismatches.append("U+" + String(value, radix: 16, uppercase: true))
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
  }
}

// MARK: - Peer suites

/// Cases written from what python-email-validator's `tests/test_syntax.py` establishes
/// (JoshData/python-email-validator, read through the search tool), with our reason.
/// Differences are listed in docs/email.md and in `emailValidatorDifferences`.
@Suite("EmailSyntax against python-email-validator and validator.js")
struct EmailPeerSuiteTests {
  static let emailValidatorValid = [
    "Abc@example.tld", "Abc.123@test-example.com", "user+mailbox/department=shipping@example.tld",
    "!#$%&'*+-/=?^_`.{|}~@example.tld", "jeff@臺網中心.tw", "伊昭傑@郵件.商務", "राम@मोहन.ईन्फो", "юзер@екзампл.ком",
    "θσερ@εχαμπλε.ψομ", "葉士豪@臺網中心.tw", "葉士豪@臺網中心.台灣", "jeff葉@臺網中心.tw", "ñoñó@example.tld", "我買@example.tld",
    "甲斐黒川日本@example.tld", "чебурашкаящик-с-апельсинами.рф@example.tld", "उदाहरण.परीक्ष@domain.with.idn.tld",
    "ιωάννης@εεττ.gr", "test@xn--hxajbheg2az3al.xn--jxalpdlp", "xn--test@iana.org", "test@g--a.com",
  ]

  static let emailValidatorInvalid: [(String, Reason)] = [
    ("my@localhost", .domainNoDot), ("my@.leadingdot.com", .leadingDot),
    ("my@．leadingfwdot.com", .fullWidthCharacter), ("my@twodots..com", .consecutiveDots),
    ("my@trailingdot.com.", .trailingDot), ("me@-leadingdash", .invalidLabel), ("me@trailingdash-", .invalidLabel),
    ("my@baddash.-.com", .invalidLabel), ("my@baddash.-a.com", .invalidLabel), ("my@baddash.b-.com", .invalidLabel),
    ("my@example.com\n", .whitespace), ("me@x!", .invalidCharacter), ("me@x ", .whitespace),
    (".leadingdot@domain.com", .leadingDot), ("twodots..here@domain.com", .consecutiveDots),
    ("trailingdot.@domain.email", .trailingDot), ("me@⒈wouldbeinvalid.com", .invalidIDN),
    ("@example.com", .missingLocalPart), ("bad\"quotes\"@example.com", .invalidCharacter),
    ("me@bad-tld-1", .domainNoDot), ("me@bad.tld-2", .invalidTopLevelDomain), ("me@xn--0.tld", .invalidIDN),
    ("me@yy--0.tld", .invalidLabel), ("me@yy－－0.tld", .fullWidthCharacter), ("me@[127.0.0.1]", .domainLiteral),
    ("me@anything.arpa", .specialUseDomain), ("me@valid.invalid", .specialUseDomain),
    ("me@link.local", .specialUseDomain), ("me@host.localhost", .specialUseDomain),
    ("me@onion.onion.onion", .specialUseDomain), ("me@test.test.test", .specialUseDomain),
    ("\u{2005}@example.com", .whitespace), ("\u{300}@example.com", .invalidCharacter),
    ("\u{9C}@example.com", .controlCharacter), ("\u{200B}@example.com", .invalidCharacter),
    ("\u{E000}@example.com", .invalidCharacter), ("test@\u{2005}.com", .whitespace),
    (String(repeating: "1", count: 65) + "@example.com", .localPartTooLong),
  ]

  @Test(
    "python-email-validator: its valid addresses are valid under practical",
    .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"))
  func emailValidatorAccepts() {
    for address in Self.emailValidatorValid {
      #expect(EmailSyntax().check(address) == nil, "\(address)")
    }
  }

  @Test(
    "python-email-validator: its invalid addresses are refused, with our reason",
    .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"))
  func emailValidatorRefuses() {
    for (address, reason) in Self.emailValidatorInvalid {
      #expect(EmailSyntax().check(address) == reason, "\(String(reflecting: address))")
    }
  }

  /// Where python-email-validator (default options, no deliverability check) and `practical` differ.
  /// Each must still differ: the test fails when an exception stops being needed.
  static let emailValidatorDifferences: [(address: String, why: String)] = [
    ("me@www.example", "email-validator follows RFC 6761 §6.5 for .example; no mail reaches it, so we refuse it"),
    ("me@name.alt", "RFC 9476 (2023) registered .alt after email-validator's list was written"),
    ("\u{FB01}@example.com", "email-validator NFC-normalizes the local part; we refuse NFKC look-alikes"),
  ]

  @Test("python-email-validator: the listed differences still hold")
  func emailValidatorDifferencesHold() {
    for difference in Self.emailValidatorDifferences {
      #expect(EmailSyntax().check(difference.address) != nil, "\(difference.address): no longer differs")
    }
  }

  /// validator.js `isEmail` with default options (test/validators/isEmail.test.js, read through the
  /// search tool). `m端ller` is their own IDN example.
  static let validatorJSValid = [
    "foo@bar.com", "x@x.au", "foo@bar.com.au", "foo+bar@bar.com", "hans@m端ller.com", "test|123@m端ller.com",
    "test123+ext@gmail.com", "some.name.midd.leNa.me.and.locality+extension@GoogleMail.com",
    String(repeating: "a", count: 64) + "@" + String(repeating: "a", count: 63) + ".com", "test@gmail.com",
    "test.1@gmail.com", "test@1337.com",
  ]

  static let validatorJSInvalid: [(String, Reason)] = [
    ("invalidemail@", .missingDomain), ("invalid.com", .missingAt), ("@invalid.com", .missingLocalPart),
    ("foo@bar.com.", .trailingDot), ("foo@_bar.com", .invalidCharacter), ("somename@ｇｍａｉｌ.com", .fullWidthCharacter),
    ("foo@bar.co.uk.", .trailingDot), ("z@co.c", .invalidTopLevelDomain),
    (String(repeating: "a", count: 64) + "@" + String(repeating: "a", count: 64) + ".com", .labelTooLong),
    ("test1@invalid.co m", .whitespace), ("test12@invalid.co\u{3000}m", .whitespace),
    ("multiple..dots@stillinvalid.com", .consecutiveDots), ("ends.with.dot.@gmail.com", .trailingDot),
    ("wrong()[]\",:;<>@@gmail.com", .multipleAt), ("username@domain.com\u{FFFD}", .invalidCharacter),
    ("username@domain.com©", .invalidIDN), ("nbsp\u{A0}test@test.com", .whitespace),
    ("\"foobar@gmail.com", .quotedLocalPart), ("foo\"bar\"@gmail.com", .invalidCharacter),
  ]

  @Test(
    "validator.js: its valid addresses are valid under practical",
    .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"))
  func validatorJSAccepts() {
    for address in Self.validatorJSValid {
      #expect(EmailSyntax().check(address) == nil, "\(address)")
    }
  }

  @Test(
    "validator.js: its invalid addresses are refused, with our reason",
    .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"))
  func validatorJSRefuses() {
    for (address, reason) in Self.validatorJSInvalid {
      #expect(EmailSyntax().check(address) == reason, "\(String(reflecting: address))")
    }
  }

  /// validator.js accepts these by default; `practical` refuses them on purpose (docs/email.md).
  static let validatorJSDifferences: [(String, Reason)] = [
    ("\"foobar\"@example.com", .quotedLocalPart),
    ("\"  foo  m端ller \"@example.com", .quotedLocalPart), ("\"foo\\@bar\"@example.com", .quotedLocalPart),
  ]

  @Test("validator.js: the listed differences still hold")
  func validatorJSDifferencesHold() {
    for (address, reason) in Self.validatorJSDifferences {
      #expect(EmailSyntax().check(address) == reason, "\(address): no longer differs, or differently")
    }
  }
}

// MARK: - IdnaTestV2.txt

/// The Unicode UTS #46 conformance file (Unicode 13.0.0, from the `idna` 3.10 sdist on PyPI; see
/// Fixtures/idna/LICENSE) run through ``IDNA/asciiDomain(_:)``, the domain step of the email check,
/// as ToASCII with Transitional_Processing=false, CheckHyphens, CheckBidi, CheckJoiners,
/// UseSTD3ASCIIRules and VerifyDnsLength.
@Suite("IDNA against IdnaTestV2.txt")
struct IdnaConformanceTests {
  struct Row: Sendable {
    let line: Int
    let source: String
    let asciiN: String
    let statuses: Set<String>
  }

  static let rows: Result<[Row], EmailSyntaxCorpusError> = {
    let url = IsEmailCorpus.directory.appendingPathComponent("idna/IdnaTestV2.txt")
    guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
      return .failure(EmailSyntaxCorpusError(description: "cannot read \(url.path)"))
    }
    var rows: [Row] = []
    // Split on scalars, not Characters: a column may start with a combining mark, which would join
    // the ";" before it into one Character.
    for (index, rawLine) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? rawLine[...]
      let columns = line.split(separator: ";", omittingEmptySubsequences: false).map {
        unescape(String(String.UnicodeScalarView($0)).trimmingCharacters(in: .whitespaces))
      }
      guard columns.count > 1 || !(columns.first ?? "").isEmpty else { continue }
      guard columns.count >= 5 else {
        return .failure(EmailSyntaxCorpusError(description: "line \(index + 1): \(columns.count) columns"))
      }
      let toUnicode = columns[1].isEmpty ? columns[0] : columns[1]
      let unicodeStatus = columns[2].isEmpty ? "[]" : columns[2]
      let asciiN = columns[3].isEmpty ? toUnicode : columns[3]
      let asciiStatus = columns[4].isEmpty ? unicodeStatus : columns[4]
      let statuses = Set(
        asciiStatus.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(whereSeparator: {
          $0 == "," || $0 == " "
        })
        .map(String.init))
      rows.append(Row(line: index + 1, source: columns[0], asciiN: asciiN, statuses: statuses))
    }
    return .success(rows)
  }()

  /// `\uXXXX` and `\x{XXXX}` escapes, as the file's header describes.
  static func unescape(_ text: String) -> String {
    guard text.contains("\\") else { return text }
    var scalars = String.UnicodeScalarView()
    var rest = Substring(text)
    while let slash = rest.firstIndex(of: "\\") {
      scalars.append(contentsOf: rest[..<slash].unicodeScalars)
      let after = rest[rest.index(after: slash)...]
      var hex: Substring = ""
      var consumed = after.startIndex
      if after.hasPrefix("u") {
        hex = after.dropFirst().prefix(4)
        consumed = hex.endIndex
      } else if after.hasPrefix("x{"), let close = after.firstIndex(of: "}") {
        hex = after[after.index(after.startIndex, offsetBy: 2)..<close]
        consumed = after.index(after: close)
      }
      if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
        scalars.append(scalar)
        rest = after[consumed...]
      } else {
        scalars.append("\\")
        rest = after
      }
    }
    scalars.append(contentsOf: rest.unicodeScalars)
    return String(scalars)
  }

  /// Every way our domain step differs from the file, with the number of rows it explains. The
  /// counts are exact, so the test fails when libidn2 or the file changes what is needed.
  enum Difference: String, CaseIterable {
    /// UTS #46 keeps a final root dot (`a.b.c.d.`); an email domain never ends in one (`trailingDot`).
    case trailingRootDot
    /// `。`, `．`, `｡` as label separators: the email check refuses them before IDNA (they look like a
    /// dot without being the `.` the rest of the mail system splits on).
    case ideographicFullStop
    /// IDNA2008 (RFC 5892) disallows symbols and punctuation UTS #46 keeps for compatibility
    /// (`¡`, `☕`, …); registries enforce IDNA2008, so we follow libidn2.
    case idna2008Disallowed
    /// UTS #46 applies the Bidi Rule to every label of a domain that has a right-to-left label
    /// (`0à.א`); libidn2 2.3 applies it to the right-to-left labels alone.
    case bidiAcrossLabels
  }

  static let expectedDifferences: [Difference: Int] = [
    .trailingRootDot: 50, .ideographicFullStop: 52, .idna2008Disallowed: 31, .bidiAcrossLabels: 39,
  ]

  static func classify(_ row: Row, accepted: Bool) -> Difference? {
    if accepted {
      return row.statuses.allSatisfy { $0.hasPrefix("B") || $0 == "V6" } && row.statuses.contains { $0.hasPrefix("B") }
        ? .bidiAcrossLabels : nil
    }
    if row.asciiN.hasSuffix(".") { return .trailingRootDot }
    if row.source.unicodeScalars.contains(where: { [0x3002, 0xFF0E, 0xFF61].contains($0.value) }) {
      return .ideographicFullStop
    }
    return .idna2008Disallowed
  }

  @Test(
    "every row agrees, or differs for a listed reason, as often as listed",
    .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"))
  func conformance() throws {
    let rows = try Self.rows.get()
    #expect(rows.count == 6225)
    var counts: [Difference: Int] = [:]
    var agreed = 0
    var unexplained: [String] = []
    for row in rows {
      let expectedValid = row.statuses.isEmpty
      switch IDNA.asciiDomain(row.source) {
      case .success(let ascii) where expectedValid:
        if ascii == row.asciiN {
          agreed += 1
        } else {
          unexplained.append("line \(row.line): \(ascii) ≠ \(row.asciiN)")
        }
      case .failure where !expectedValid:
        agreed += 1
      case .success:
        if let difference = Self.classify(row, accepted: true) {
          counts[difference, default: 0] += 1
        } else {
          unexplained.append("line \(row.line): accepted, expected \(row.statuses.sorted())")
        }
      case .failure(let failure):
        let difference = Self.classify(row, accepted: false)
        if difference == .idna2008Disallowed && failure.code != "IDN2_DISALLOWED" {
          unexplained.append("line \(row.line): refused (\(failure.code)), expected \(row.asciiN)")
        } else if let difference {
          counts[difference, default: 0] += 1
        }
      }
    }
    #expect(unexplained.isEmpty, "\(unexplained.count): \(unexplained.prefix(10))")
    #expect(counts == Self.expectedDifferences)
    #expect(agreed == rows.count - Self.expectedDifferences.values.reduce(0, +))
  }
}

struct EmailSyntaxCorpusError: Error, Sendable, CustomStringConvertible {
  let description: String
}
