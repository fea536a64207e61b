import FormRulesTestSupport
import Foundation
import Testing

@testable import FormRules

// MARK: - Reasons, bytes and internals

struct ReasonExample: Sendable, CustomTestStringConvertible {
  let reason: Reason
  let syntax: EmailSyntax
  let bytes: [UInt8]

  init(_ reason: Reason, _ address: String, _ profile: EmailSyntax.Profile = .practical) {
    self.init(reason, bytes: Array(address.utf8), profile)
  }

  init(_ reason: Reason, bytes: [UInt8], _ profile: EmailSyntax.Profile) {
    self.reason = reason
    self.syntax = EmailSyntax(profile: profile)
    self.bytes = bytes
  }

  var testDescription: String { reason.rawValue }
}

@Suite("EmailSyntax reasons and internals")
struct EmailSyntaxReasonTests {
  static let examples: [ReasonExample] =
    [
      ReasonExample(.empty, ""),
      ReasonExample(.tooLong, "\(repeated("a", 64))@\(repeated("b.", 95))com"),
      ReasonExample(.missingAt, "test.example.com"),
      ReasonExample(.fullWidthAt, "test＠example.com"),
      ReasonExample(.fullWidthDot, "taro@example。jp"),
      ReasonExample(.multipleAt, "a@b@example.com"),
      ReasonExample(.missingLocalPart, "@example.com"),
      ReasonExample(.missingDomain, "test@"),
      ReasonExample(.quotedLocalPart, "\"john..doe\"@example.com"),
      ReasonExample(.invalidQuotedString, "\"john@example.com", .rfc),
      ReasonExample(.whitespace, "test@example.com\n"),
      ReasonExample(.controlCharacter, "te\u{7}st@example.com"),
      ReasonExample(.invalidUTF8, bytes: [0x61, 0xFF, 0x40, 0x62, 0x2E, 0x63, 0x6F], .practical),
      ReasonExample(.fullWidthCharacter, "ｔｅｓｔ@example.com"),
      ReasonExample(.invalidCharacter, "te(s)t@example.com"),
      ReasonExample(.unicodeNotAllowed, "taro@例え.jp", .html),
      ReasonExample(.leadingDot, ".test@example.com"),
      ReasonExample(.trailingDot, "test@example.com."),
      ReasonExample(.consecutiveDots, "a..b@example.com"),
      ReasonExample(.localPartTooLong, "\(repeated("a", 65))@example.com"),
      ReasonExample(.domainLiteral, "test@[192.0.2.1]"),
      ReasonExample(.invalidDomainLiteral, "test@[192.0.2.256]", .rfc),
      ReasonExample(.invalidLabel, "test@-example.com"),
      ReasonExample(.labelTooLong, "test@\(repeated("a", 64)).com"),
      ReasonExample(.domainNoDot, "test@localhost"),
      ReasonExample(.numericTopLevelDomain, "test@example.123"),
      ReasonExample(.invalidTopLevelDomain, "z@co.c"),
      ReasonExample(.specialUseDomain, "me@mail.test"),
      ReasonExample(.invalidIDN, "me@xn--0.tld"),
      ReasonExample(.compatibilityCharacter, "me.\u{37E}@example.com"),
    ]
    // Without libidn2 an over-long domain needs more than 254 octets of ASCII, which is tooLong
    // first; the Unicode domain that reaches it is idnaUnavailable instead.
    + (IDNA.isAvailable
      ? [ReasonExample(.domainTooLong, "a@\(unicodeLabels(32))")]
      : [ReasonExample(.idnaUnavailable, "me@例え.jp")])

  @Test("Every reason has an example that produces it", arguments: examples)
  func example(_ example: ReasonExample) {
    #expect(check(example.syntax, example.bytes) == example.reason)
  }

  @Test("The examples cover every reason exactly once")
  func coverage() {
    let reasons = Self.examples.map(\.reason)
    // Only a build without libidn2 can refuse a domain as idnaUnavailable.
    let possible = Reason.allCases.filter { IDNA.isAvailable ? $0 != .idnaUnavailable : $0 != .domainTooLong }
    #expect(Set(reasons) == Set(possible))
    #expect(reasons.count == possible.count)
  }

  @Test("Reason codes are the case names")
  func codes() {
    #expect(Reason.fullWidthAt.rawValue == "fullWidthAt")
    #expect(Reason.numericTopLevelDomain.rawValue == "numericTopLevelDomain")
    #expect(Reason(rawValue: "invalidUTF8") == .invalidUTF8)
  }

  static let invalidUTF8: [[UInt8]] = [
    [0x61, 0xFF],
    [0x61, 0xC0, 0xAF],  // overlong "/"
    [0x61, 0xE0, 0x80, 0xAF],  // overlong "/"
    [0x61, 0xED, 0xA0, 0x80],  // UTF-16 surrogate D800, as WTF-8 or CESU-8 writes it
    [0x61, 0xE3, 0x81],  // truncated
    [0x61, 0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
    [0x80, 0x61],  // continuation byte without a lead
    [0xF8, 0x88, 0x80, 0x80, 0x80],  // five-byte form
  ]

  @Test("Malformed UTF-8 is reported as such", arguments: invalidUTF8)
  func malformed(_ bad: [UInt8]) {
    let at = Array("@example.com".utf8)
    for profile in EmailSyntax.Profile.allCases {
      let syntax = permissive(profile)
      #expect(check(syntax, bad + at) == .invalidUTF8, "local part, \(profile)")
      #expect(check(syntax, Array("a@ex".utf8) + bad + Array("ample.com".utf8)) == .invalidUTF8, "domain")
      #expect(check(syntax, Array("\"".utf8) + bad + Array("\"".utf8) + at) == .invalidUTF8, "quoted")
      #expect(check(syntax, Array("\"\\".utf8) + bad + Array("\"".utf8) + at) == .invalidUTF8, "quoted pair")
      #expect(check(syntax, Array("a@[".utf8) + bad + Array("]".utf8)) == .invalidUTF8, "literal")
      // Structure comes first: with no "@" at all, that is what the user needs to hear.
      #expect(check(syntax, bad) == .missingAt, "no @")
    }
  }

  @Test("The String entry point and the byte entry point agree")
  func entryPointsAgree() {
    let tables = [
      EmailSyntaxProfileTests.structure, EmailSyntaxProfileTests.unicode, EmailSyntaxProfileTests.quoted,
      EmailSyntaxProfileTests.literals,
    ]
    for c in tables.joined() {
      for profile in EmailSyntax.Profile.allCases {
        let syntax = EmailSyntax(profile: profile)
        #expect(syntax.check(c.address) == check(syntax, Array(c.address.utf8)))
        #expect(syntax.isValid(c.address) == (syntax.check(c.address) == nil))
      }
    }
  }

  /// Expected lengths come from Python's `"xn--" + label.encode("punycode")`, which is plain RFC 3492.
  static let aLabels: [(String, Int)] = [
    ("例え", 11), ("郵件", 11), ("商務", 10), ("bücher", 13), ("münchen", 14), ("aé", 9), ("é", 7),
    (repeated("😆", 17), 24), (repeated("é", 40), 46), ("\u{10FFFD}\u{10000}", 14),
    (repeated("é", 57), 63), (repeated("é", 58), 64), (repeated("a", 55) + "é", 63),
    (repeated("a", 56) + "é", 64), (repeated("ü", 59), 65),
  ]

  @Test("A-label length follows RFC 3492", arguments: aLabels)
  func punycode(_ label: String, _ expected: Int) {
    let length = ByteView.with(Array(label.utf8)) { EmailSyntax.Punycode.aLabelLength($0) }
    #expect(length == expected)
  }

  @Test("The plain-letter fast path agrees with the Unicode properties")
  func plainLetters() {
    var checked = 0
    for value in UInt32(0x80)...0x10FFFF where EmailSyntax.Scalar.isPlainLetter(value) {
      guard let scalar = Unicode.Scalar(value) else {
        Issue.record("U+\(String(value, radix: 16)) is not a scalar")
        continue
      }
      let properties = scalar.properties
      let category = properties.generalCategory
      let refused: [Unicode.GeneralCategory] = [
        .control, .format, .privateUse, .surrogate, .nonspacingMark, .spacingMark, .enclosingMark,
        .spaceSeparator, .lineSeparator, .paragraphSeparator,
      ]
      if properties.isWhitespace || properties.isNoncharacterCodePoint || refused.contains(category) {
        Issue.record("U+\(String(value, radix: 16)) is \(category)")
      }
      checked += 1
    }
    #expect(checked > 39_000)
  }

  @Test("A-label length of a label too long to encode is over the limit")
  func punycodeLimit() {
    let length = ByteView.with(Array(repeated("ü", 60).utf8)) {
      EmailSyntax.Punycode.aLabelLength($0)
    }
    #expect(length > 63)
  }
}
