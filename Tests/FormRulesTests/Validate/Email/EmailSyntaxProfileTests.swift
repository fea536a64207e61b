import FormRulesTestSupport
import Foundation
import Testing

@testable import FormRules

// MARK: - Profiles

@Suite("EmailSyntax profiles")
struct EmailSyntaxProfileTests {
  @Test("Defaults follow the profile")
  func defaults() {
    let html = EmailSyntax(profile: .html)
    #expect(!html.allowQuotedLocalPart && !html.allowDomainLiteral && !html.allowUnicode && html.allowSpecialUse)
    let practical = EmailSyntax()
    #expect(practical.profile == .practical)
    #expect(!practical.allowQuotedLocalPart && !practical.allowDomainLiteral && practical.allowUnicode)
    #expect(!practical.allowSpecialUse)
    let rfc = EmailSyntax(profile: .rfc)
    #expect(rfc.allowQuotedLocalPart && rfc.allowDomainLiteral && rfc.allowUnicode && rfc.allowSpecialUse)
  }

  static let structure: [ProfileCase] = [
    .all("", .empty),
    .all("test@example.com", nil),
    .all("first.last@sub.example.co.uk", nil),
    .all("!#$%&'*+/=?^_`{|}~-@example.com", nil),
    .all("test", .missingAt),
    .all("test..iana.org", .missingAt),
    .all("hello world", .missingAt),
    .all("@example.com", .missingLocalPart),
    .all("@", .missingLocalPart),
    .all("test@", .missingDomain),
    .all("a@b@example.com", .multipleAt),
    .all("test@@example.com", .multipleAt),
    .all("a b@c@example.com", .multipleAt),
    .all("test＠example.com", .fullWidthAt),
    .all("test﹫example.com", .fullWidthAt),
    .all("te＠st@example.com", .fullWidthAt),
    .all("test@exa＠mple.com", .fullWidthAt),
    .all("a b ＠ example.com", .fullWidthAt),
    .all("ｔｅｓｔ@example.com", .fullWidthCharacter),
    .all("test@example．com", .fullWidthCharacter),
    .all("a\"b@example.com", .invalidCharacter),
    .all("a(b)@example.com", .invalidCharacter),
    .all("(comment)test@example.com", .invalidCharacter),
    .all("test@example.com(comment)", .invalidCharacter),
    .all("a\\b@example.com", .invalidCharacter),
    .all("a,b@example.com", .invalidCharacter),
    .all("test@exa_mple.com", .invalidCharacter),
    .row("test@[1.2.3.4", html: .domainLiteral, practical: .domainLiteral, rfc: .invalidDomainLiteral),
  ]

  @Test("Structure", arguments: structure)
  func structureCases(_ c: ProfileCase) { c.verify() }

  static let dots: [ProfileCase] = [
    .row("a..b@example.com", html: nil, practical: .consecutiveDots, rfc: .consecutiveDots),
    .row(".a@example.com", html: nil, practical: .leadingDot, rfc: .leadingDot),
    .row("a.@example.com", html: nil, practical: .trailingDot, rfc: .trailingDot),
    .row(".@example.com", html: nil, practical: .leadingDot, rfc: .leadingDot),
    .row("...@example.com", html: nil, practical: .leadingDot, rfc: .leadingDot),
    .row("a..b@x", html: nil, practical: .consecutiveDots, rfc: .consecutiveDots),
    .all("a@example..com", .consecutiveDots),
    .all("a@.example.com", .leadingDot),
    .all("a@example.com.", .trailingDot),
    .all("a@.", .leadingDot),
  ]

  @Test("Dots", arguments: dots)
  func dotCases(_ c: ProfileCase) { c.verify() }

  static let whitespaceAndControls: [ProfileCase] = [
    .all("test@iana.org\n", .whitespace),
    .all("test@iana.org\r\n", .whitespace),
    .all("test@iana.org\r", .whitespace),
    .all("\ntest@iana.org", .whitespace),
    .all(" test@iana.org", .whitespace),
    .all("test@iana.org ", .whitespace),
    .all("a b@example.com", .whitespace),
    .all("a\tb@example.com", .whitespace),
    .all("test @example.com", .whitespace),
    .all("test@ example.com", .whitespace),
    .all("a\u{3000}b@example.com", .whitespace),
    .all("test@example.com\u{3000}", .whitespace),
    .all("a\u{00A0}b@example.com", .whitespace),
    .all("a\u{2028}b@example.com", .whitespace),
    .all("a\u{85}b@example.com", .whitespace),
    .all("\u{0}test@example.com", .controlCharacter),
    .all("a\u{7}@example.com", .controlCharacter),
    .all("a\u{7F}@example.com", .controlCharacter),
    .all("test@exa\u{1B}mple.com", .controlCharacter),
    .all("a\u{9F}b@example.com", .controlCharacter),
  ]

  @Test("Whitespace and control characters", arguments: whitespaceAndControls)
  func whitespaceCases(_ c: ProfileCase) { c.verify() }

  static let unicode: [ProfileCase] = [
    .row("taro@例え.jp", html: .unicodeNotAllowed, practical: nil, rfc: nil),
    .row("伊昭傑@郵件.商務", html: .unicodeNotAllowed, practical: nil, rfc: nil),
    .row("êjness@iana.org", html: .unicodeNotAllowed, practical: nil, rfc: nil),
    .row("test@bücher.de", html: .unicodeNotAllowed, practical: nil, rfc: nil),
    .row("用户@例子.广告", html: .unicodeNotAllowed, practical: nil, rfc: nil),
    .row("θσερ@εχαμπλε.ψομ", html: .unicodeNotAllowed, practical: nil, rfc: nil),
    .row("अजय@डाटा.भारत", html: .unicodeNotAllowed, practical: nil, rfc: nil),
    .all("test@xn--bcher-kva.de", nil),
    // Emoji are symbols, not controls or formats, so they pass; a ZWJ sequence holds a format character.
    .row("😀@example.com", html: .unicodeNotAllowed, practical: nil, rfc: nil),
    // IDNA2008 disallows symbols, emoji included, in a domain.
    .row("test@😆.org", html: .unicodeNotAllowed, practical: .invalidIDN, rfc: .invalidIDN),
    .row("❤️@example.com", html: .unicodeNotAllowed, practical: nil, rfc: nil),
    .row("👨‍👩‍👧@example.com", html: .unicodeNotAllowed, practical: .invalidCharacter, rfc: .invalidCharacter),
    // Combining marks may follow a base character but may not start a local part, dot-atom or label.
    .row("e\u{301}@example.com", html: .unicodeNotAllowed, practical: nil, rfc: nil),
    .row("test@exam\u{301}ple.com", html: .unicodeNotAllowed, practical: nil, rfc: nil),
    .row(
      "\u{301}e@example.com", html: .unicodeNotAllowed, practical: .invalidCharacter, rfc: .invalidCharacter),
    .row(
      "a.\u{301}b@example.com", html: .unicodeNotAllowed, practical: .invalidCharacter, rfc: .invalidCharacter
    ),
    .row(
      "a@\u{301}example.com", html: .unicodeNotAllowed, practical: .invalidCharacter, rfc: .invalidCharacter),
    .row("a@b.\u{20DD}c.com", html: .unicodeNotAllowed, practical: .invalidCharacter, rfc: .invalidCharacter),
    // Invisible and private characters.
    .all("a\u{200B}b@example.com", .invalidCharacter),
    .all("a\u{200D}b@example.com", .invalidCharacter),
    .all("test@exa\u{AD}mple.com", .invalidCharacter),
    .all("\u{FEFF}test@example.com", .invalidCharacter),
    .all("a\u{202E}b@example.com", .invalidCharacter),
    .all("\u{E000}@example.com", .invalidCharacter),
    .all("a\u{FFFD}@example.com", .invalidCharacter),
    .all("a\(scalar(0xFDD0))@example.com", .invalidCharacter),
    .all("a\(scalar(0x10FFFF))@example.com", .invalidCharacter),
    .row("test@例え。jp", html: .unicodeNotAllowed, practical: .fullWidthDot, rfc: .fullWidthDot),
    .row("taro@example。jp", html: .fullWidthDot, practical: .fullWidthDot, rfc: .fullWidthDot),
  ]

  @Test(
    "Unicode, emoji and combining characters",
    .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"), arguments: unicode)
  func unicodeCases(_ c: ProfileCase) { c.verify() }

  static let quoted: [ProfileCase] = [
    .quoted("\"john..doe\"@example.com", rfc: nil),
    .quoted("\"test\"@iana.org", rfc: nil),
    .quoted("\"a@b\"@example.com", rfc: nil),
    .quoted("\"a\\\"b\"@example.com", rfc: nil),
    .quoted("\"a\\\\b\"@example.com", rfc: nil),
    .quoted("\"\\a\"@example.com", rfc: nil),
    .quoted("\"[[test]]\"@example.com", rfc: nil),
    .quoted("\"\"@example.com", rfc: nil),
    .quoted("\"ñoñó\"@example.com", rfc: nil),
    .quoted("\"john doe\"@example.com", rfc: .whitespace),
    .quoted("\"a\\ b\"@example.com", rfc: .whitespace),
    .quoted("\"a\u{0}\"@example.com", rfc: .controlCharacter),
    .quoted("\"a\\\u{7F}\"@example.com", rfc: .controlCharacter),
    .quoted("\"\u{80}\"@example.com", rfc: .controlCharacter),
    .quoted("\"\\é\"@example.com", rfc: .invalidQuotedString),
    .quoted("\"test@iana.org", rfc: .invalidQuotedString),
    .quoted("\"\\\"@iana.org", rfc: .invalidQuotedString),
    .quoted("\"test\"test@iana.org", rfc: .invalidQuotedString),
    .quoted("\"test\".test@iana.org", rfc: .invalidQuotedString),
    .quoted("\"\"\"@iana.org", rfc: .invalidQuotedString),
    .quoted("\"test\"", rfc: .missingAt),
    .quoted("\"a\"@b@example.com", rfc: .multipleAt),
    .quoted("\"a\"@", rfc: .missingDomain),
    .row(
      "test.\"x\"@iana.org", html: .invalidCharacter, practical: .invalidCharacter, rfc: .invalidCharacter),
  ]

  @Test("Quoted local parts (rfc only)", arguments: quoted)
  func quotedCases(_ c: ProfileCase) { c.verify() }

  static let literals: [ProfileCase] =
    [
      "user@[192.168.2.1]", "user@[0.0.0.0]", "user@[255.255.255.255]", "user@[IPv6:2001:db8::1]",
      "user@[ipv6:::1]", "user@[IPv6:::]", "user@[IPv6:1:2:3:4:5:6:7:8]", "user@[IPv6:1:2:3:4:5::8]",
      "user@[IPv6:1::]", "user@[IPv6:::ffff:192.0.2.1]", "user@[IPv6:1:2:3:4:5:6:1.2.3.4]",
      "user@[IPv6:1:2:3:4::1.2.3.4]", "user@[IPv6:ABCD:ef01::]",
    ].map { .row($0, html: .domainLiteral, practical: .domainLiteral, rfc: nil) }
    + [
      "user@[256.1.1.1]", "user@[1.2.3]", "user@[1.2.3.4.5]", "user@[01.2.3.4]", "user@[1.2.3.]",
      "user@[.1.2.3]", "user@[1..2.3]", "user@[1234.1.1.1]", "user@[]", "user@[1.2.3.4]x",
      "user@[1.2.3.4].com", "user@[1.2.3.4", "user@[[1.2.3.4]]", "user@[1.2.3.4\\]",
      "user@[IPv6:1:2:3:4:5:6:7]", "user@[IPv6:1:2:3:4:5:6:7:8:9]", "user@[IPv6:1:2:3:4:5:6::8]",
      "user@[IPv6:1::2::3]", "user@[IPv6:12345::]", "user@[IPv6:g::1]", "user@[IPv6::1]",
      "user@[IPv6:1:]", "user@[IPv6:1:::2]", "user@[IPv6:]", "user@[IPv6:1:2:3:4:5::1.2.3.4]",
      "user@[IPv6:1:2:3:4:5:6:7:1.2.3.4]", "user@[IPv6:1::1.2.3]", "user@[IPv6:1::1.2.3.4:5]",
      "user@[IPv6:fe80::1%eth0]", "user@[IPv5:::1]", "user@[2001:db8::1]", "user@[RFC-5322-literal]",
      "user@[x:y]",
    ].map { .row($0, html: .domainLiteral, practical: .domainLiteral, rfc: .invalidDomainLiteral) }
    + [
      .row("user@[ 1.2.3.4]", html: .domainLiteral, practical: .domainLiteral, rfc: .whitespace),
      .row("user@[1.2.3.4\u{0}]", html: .domainLiteral, practical: .domainLiteral, rfc: .controlCharacter),
      .row("user@[1.2.3.4\u{3000}]", html: .domainLiteral, practical: .domainLiteral, rfc: .whitespace),
      .row("user@[1.2.3.é]", html: .domainLiteral, practical: .domainLiteral, rfc: .invalidDomainLiteral),
      .all("user@a[1.2.3.4]", .invalidCharacter),
    ]

  @Test("Domain literals (rfc only)", arguments: literals)
  func literalCases(_ c: ProfileCase) { c.verify() }

  static let domains: [ProfileCase] = [
    .all("test@-example.com", .invalidLabel),
    .all("test@example-.com", .invalidLabel),
    .all("test@example.com-", .invalidLabel),
    .all("test@a.-.com", .invalidLabel),
    .all("test@c--n.com", nil),
    .row("test@xn--example.com", html: nil, practical: .invalidIDN, rfc: .invalidIDN),
    .all("test@123.com", nil),
    .row("test@iana.a", html: nil, practical: .invalidTopLevelDomain, rfc: .invalidTopLevelDomain),
    .row("test@io", html: nil, practical: .domainNoDot, rfc: .domainNoDot),
    .row("test@localhost", html: nil, practical: .domainNoDot, rfc: .domainNoDot),
    .row("test@iana.123", html: nil, practical: .numericTopLevelDomain, rfc: .numericTopLevelDomain),
    .row("test@255.255.255.255", html: nil, practical: .numericTopLevelDomain, rfc: .numericTopLevelDomain),
    .row("test@123", html: nil, practical: .domainNoDot, rfc: .domainNoDot),
    .row("test@iana.123a", html: nil, practical: .invalidTopLevelDomain, rfc: .invalidTopLevelDomain),
  ]

  @Test("Domain labels", arguments: domains)
  func domainCases(_ c: ProfileCase) { c.verify() }

  static let lengths: [ProfileCase] = {
    let label63 = repeated("a", 63)
    // 64 + 1 + 189 = 254 octets; one more in the last label makes 255.
    let domain189 = "\(label63).\(repeated("b", 63)).\(repeated("c", 61))"
    let domain190 = "\(label63).\(repeated("b", 63)).\(repeated("c", 62))"
    let manyUnicodeLabels = unicodeLabels(32)
    return [
      .all(repeated("a", 64) + "@example.com", nil),
      .row(
        repeated("a", 65) + "@example.com", html: nil, practical: .localPartTooLong, rfc: .localPartTooLong),
      .row(repeated("é", 32) + "@example.com", html: .unicodeNotAllowed, practical: nil, rfc: nil),
      .row(
        repeated("é", 32) + "a@example.com", html: .unicodeNotAllowed, practical: .localPartTooLong,
        rfc: .localPartTooLong),
      .row(
        "\"\(repeated("a", 62))\"@example.com", html: .quotedLocalPart, practical: .quotedLocalPart, rfc: nil),
      .row(
        "\"\(repeated("a", 63))\"@example.com", html: .quotedLocalPart, practical: .quotedLocalPart,
        rfc: .localPartTooLong),
      .all(repeated("a", 64) + "@" + domain189, nil),
      .row(repeated("a", 64) + "@" + domain190, html: nil, practical: .tooLong, rfc: .tooLong),
      .all("a@\(label63).com", nil),
      .all("a@\(repeated("a", 64)).com", .labelTooLong),
      .all("a@example.\(repeated("a", 64))", .labelTooLong),
      // Unicode labels are measured as their A-label (xn--…), which is what DNS stores.
      .row("a@\(repeated("a", 55))é.com", html: .unicodeNotAllowed, practical: nil, rfc: nil),
      .row(
        "a@\(repeated("a", 56))é.com", html: .unicodeNotAllowed, practical: .labelTooLong, rfc: .labelTooLong),
      .row("a@\(repeated("é", 57)).com", html: .unicodeNotAllowed, practical: nil, rfc: nil),
      .row(
        "a@\(repeated("é", 58)).com", html: .unicodeNotAllowed, practical: .labelTooLong, rfc: .labelTooLong),
      .row("a@\(repeated("😆", 17)).org", html: .unicodeNotAllowed, practical: .invalidIDN, rfc: .invalidIDN),
      // 17 scalars of CJK Extension B: 68 UTF-8 octets, a 24-octet A-label.
      .row("a@\(repeated("𠀀", 17)).org", html: .unicodeNotAllowed, practical: nil, rfc: nil),
      .row(
        "a@\(manyUnicodeLabels)", html: .unicodeNotAllowed, practical: .domainTooLong, rfc: .domainTooLong),
      .row("a@\(unicodeLabels(31))", html: .unicodeNotAllowed, practical: nil, rfc: nil),
      // 152 octets in UTF-8, but 292 with the domain in A-labels.
      .row(
        "\(repeated("a", 64))@\(unicodeLabels(28))", html: .unicodeNotAllowed, practical: .tooLong,
        rfc: .tooLong),
    ]
  }()

  @Test(
    "Length limits", .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"),
    arguments: lengths)
  func lengthCases(_ c: ProfileCase) { c.verify() }

  @Test("Options extend the html grammar")
  func htmlOptions() {
    var html = EmailSyntax(profile: .html)
    html.allowUnicode = true
    #expect(html.check("taro@例え.jp") == nil)
    #expect(html.check("taro@例え") == nil)
    #expect(html.check(".taro..@例え.jp") == nil)
    #expect(html.check(repeated("é", 200) + "@example.com") == nil)
    #expect(html.check("a@\(repeated("é", 58)).com") == .labelTooLong)
    #expect(html.check("a\u{3000}b@example.com") == .whitespace)
    #expect(html.check("\"a.b\"@example.com") == .quotedLocalPart)
    #expect(html.check("a@[1.2.3.4]") == .domainLiteral)

    html.allowQuotedLocalPart = true
    #expect(html.check("\"a@b\"@example.com") == nil)
    #expect(html.check("\"a b\"@example.com") == .whitespace)
    #expect(html.check("\"\(repeated("a", 100))\"@x") == nil)

    html.allowDomainLiteral = true
    #expect(html.check("a@[1.2.3.4]") == nil)
    #expect(html.check("a@[IPv6:::1]") == nil)
    #expect(html.check("a@[1.2.3.4.5]") == .invalidDomainLiteral)
  }

  @Test("Options can be turned off under rfc and on under practical")
  func optionOverrides() {
    var rfc = EmailSyntax(profile: .rfc)
    rfc.allowUnicode = false
    #expect(rfc.check("taro@例え.jp") == .unicodeNotAllowed)
    #expect(rfc.check("\"ñ\"@example.com") == .unicodeNotAllowed)
    #expect(rfc.check("\"n\"@example.com") == nil)
    rfc.allowQuotedLocalPart = false
    #expect(rfc.check("\"n\"@example.com") == .quotedLocalPart)
    rfc.allowDomainLiteral = false
    #expect(rfc.check("n@[1.2.3.4]") == .domainLiteral)

    var practical = EmailSyntax()
    practical.allowDomainLiteral = true
    #expect(practical.check("n@[1.2.3.4]") == nil)
    practical.allowQuotedLocalPart = true
    #expect(practical.check("\"a..b\"@example.com") == nil)
    practical.allowUnicode = false
    #expect(practical.check("ñ@example.com") == .unicodeNotAllowed)
    #expect(practical.check("test@ñ.com") == .unicodeNotAllowed)
  }

  @Test("Never accepted, whatever the profile and options", arguments: EmailSyntax.Profile.allCases)
  func neverAccepted(_ profile: EmailSyntax.Profile) {
    let syntax = permissive(profile)
    let addresses = [
      "", "test@iana.org\n", "test@iana.org\r\n", "\ntest@iana.org", "test@iana.org ", " test@iana.org",
      "test @iana.org", "test@ iana.org", "\"a b\"@iana.org", "\"a\r\n b\"@iana.org", "test＠iana.org",
      "(comment)test@iana.org", "test(comment)@iana.org", "test@iana.org(comment)", "test@(comment)iana.org",
      "\"test\".test@iana.org", "test.\"test\"@iana.org", "\"a\".\"b\"@iana.org", "a\u{0}@iana.org",
      "\"a\u{0}\"@iana.org", "\"\\\u{0}\"@iana.org", "\"\\\u{7}\"@iana.org", "a\u{3000}@iana.org",
      "test@[1.2.3.4] ", "test@[ 1.2.3.4 ]", "test@[RFC-5322-domain-literal]", "test@[\\1.2.3.4]",
      "a\u{200B}@iana.org", "test@iana.org\u{0}",
    ]
    for address in addresses {
      #expect(syntax.check(address) != nil, "\(String(reflecting: address))")
    }
  }
}
