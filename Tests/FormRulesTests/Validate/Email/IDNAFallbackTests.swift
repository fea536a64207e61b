import FormRulesPassword
import FormRulesTestSupport
import Foundation
import Testing

@testable import FormRules

/// The IDNA fallback of builds without libidn2 (the `IDNA` trait off, as on iOS): ASCII and
/// A-label domains with the checks that need no tables, every other non-ASCII domain refused
/// with its own code. In the default build the same function is held against libidn2, so the
/// fallback is shown never to be laxer (issue 27).
@Suite("IDNA without libidn2")
struct IDNAFallbackTests {
  static func fallback(_ domain: String) -> Result<String, IDNA.Failure> {
    ByteView.withUTF8(domain) { IDNA.tableFreeASCIIDomain(utf8: $0) }
  }

  @Test(
    "Punycode decodes without tables (RFC 3492)",
    arguments: [
      ("r8jz45g", "例え"), ("bcher-kva", "bücher"), ("fa-hia", "faß"), ("wgv71a119e", "日本語"),
      ("0", nil), ("abc-", nil), ("-abc", nil),
    ] as [(String, String?)])
  func punycode(_ encoded: String, _ decoded: String?) {
    let scalars = EmailSyntax.Punycode.decode(Array(encoded.utf8))
    #expect(scalars.map { String(String.UnicodeScalarView($0)) } == decoded, "\(encoded)")
    if let scalars { #expect(EmailSyntax.Punycode.encode(scalars) == Array(encoded.utf8), "\(encoded)") }
  }

  @Test("the table-free checks: ASCII and A-labels pass, other non-ASCII is refused as unavailable")
  func tableFree() throws {
    #expect(try Self.fallback("Example.JP").get() == "example.jp")
    #expect(try Self.fallback("XN--R8JZ45G.jp").get() == "xn--r8jz45g.jp")
    for domain in ["例え.jp", "bücher.de", "ｅｘａｍｐｌｅ.jp", "a\u{0301}.com", "😀.com", "\u{3000}.jp"] {
      #expect(Self.fallback(domain) == .failure(.unavailable), "\(domain)")
    }
    for domain in ["xn--0.tld", "xn--abc-.com", "xn--a.com", "a_b.com", "-a.com", "a..com", "xn--.com"] {
      #expect(throws: IDNA.Failure.self, "\(domain)") { try Self.fallback(domain).get() }
    }
  }

  #if IDNA
    /// A-labels libidn2 made from Unicode domains, and seeded mutations of them: whatever the
    /// fallback accepts, libidn2 accepts with the same ASCII form.
    @Test("never laxer than libidn2, never another ASCII form")
    func neverLaxer() throws {
      let unicode = [
        "例え.jp", "bücher.de", "faß.de", "日本語.jp", "пример.рф", "παράδειγμα.δοκιμή", "مثال.إختبار",
        "उदाहरण.परीक्षा", "실례.테스트", "ドメイン名例.jp", "münchen.de", "straße.de", "xn--ls8h.la",
        "example.com", "a-b.c-d.org",
      ]
      var domains: [String] = []
      for domain in unicode {
        if case .success(let ascii) = IDNA.asciiDomain(domain) { domains.append(ascii) }
      }
      #expect(domains.count >= 12)
      var random = SeededRandom(seed: 0x1D4A)
      let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-.")
      for _ in 0..<60_000 {
        var bytes = Array(random.pick(domains))
        switch random.next() % 3 {
        case 0: bytes[Int(random.next() % UInt64(bytes.count))] = random.pick(alphabet)
        case 1: bytes.insert(random.pick(alphabet), at: Int(random.next() % UInt64(bytes.count + 1)))
        default: if bytes.count > 1 { bytes.remove(at: Int(random.next() % UInt64(bytes.count))) }
        }
        domains.append(String(bytes))
      }
      var accepted = 0
      for domain in domains {
        guard case .success(let ascii) = Self.fallback(domain) else { continue }
        accepted += 1
        #expect(IDNA.asciiDomain(domain) == .success(ascii), "fallback accepts \(domain), libidn2 does not")
      }
      #expect(accepted > 100, "the mutations left too few accepted domains to compare")
    }

    @Test("the default build has libidn2") func available() {
      #expect(IDNA.isAvailable)
      #expect(IDNA.asciiDomain("例え.jp") == .success("xn--r8jz45g.jp"))
    }
  #else
    @Test("without libidn2, a Unicode domain is email.idnaUnavailable in both languages; its A-label passes")
    func unavailable() throws {
      #expect(!IDNA.isAvailable)
      let syntax = EmailSyntax(profile: .practical)
      #expect(syntax.check("taro@例え.jp") == .idnaUnavailable)
      #expect(syntax.check("taro@xn--r8jz45g.jp") == nil)
      #expect(syntax.check("taro@xn--0.jp") == .invalidIDN)
      #expect(syntax.check("taro@example.jp") == nil)
      let policy = try RuleSet(
        data: Array(
          #"{"fields": {"email": {"label": {"ja": "メールアドレス", "en": "Email"}, "rules": [{"email": "practical"}]}}}"#.utf8
        ), registry: .standard
      ).compile()
      let failure = try #require(policy.validate(["email": "taro@例え.jp"]).fields["email"]?.errors.first)
      #expect(failure.code == "email")
      for (locale, word) in [("ja", "xn--"), ("en", "xn--")] {
        let text = policy.catalog.render(failure, label: "メールアドレス", locale: locale, style: .labeled)
        #expect(text.contains(word), "\(text)")
      }
    }
  #endif
}
