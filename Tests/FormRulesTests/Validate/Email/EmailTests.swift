import Testing

@testable import FormRules

/// `email` itself, asked directly through `Policy.check`: the one-pass test for plain
/// addresses, the full scan, and the variant (the reason's position). The grammar is
/// tested in the EmailSyntax*Tests suites and EmailDomainTests.
@Suite("email: the rule itself")
struct EmailTests {
  static let reasons = EmailSyntax.Reason.allCases

  static func failed(_ reason: EmailSyntax.Reason, profile: String = "practical") -> RuleVerdict? {
    guard let variant = reasons.firstIndex(of: reason) else { return nil }
    return verdict(
      variant, "email", ["reason": .string(reason.rawValue), "profile": .string(profile)], detail: reason.rawValue)
  }

  @Test("edges: each fails with the grammar's reason, as its variant", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"email": "practical"}"#, options: #""trim": false"#)
    // The grammar decides; the rule's part is to ask it and to carry its reason exactly.
    let expected = edge == .empty ? nil : EmailSyntax(profile: .practical).check(edge.value).flatMap { Self.failed($0) }
    #expect(edge == .empty || expected != nil, "\(edge) is not an address")
    #expect(policy.check(Email.self, edge.value) == expected)
  }

  @Test(
    "reasons with their own variant",
    arguments: [
      ("taro", EmailSyntax.Reason.missingAt), ("taro＠example.jp", .fullWidthAt),
      ("taro..yamada@example.jp", .consecutiveDots),
      ("taro@@example.jp", .multipleAt), ("@example.jp", .missingLocalPart),
    ])
  func reasons(address: String, reason: EmailSyntax.Reason) throws {
    let policy = try rulePolicy(#"{"email": "practical"}"#)
    #expect(policy.check(Email.self, address) == Self.failed(reason))
  }

  @Test(
    "a Japanese domain passes under practical and rfc; html and allowUnicode: false refuse it",
    .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"))
  func profiles() throws {
    let address = "taro@例え.jp"
    #expect(try rulePolicy(#"{"email": "practical"}"#).check(Email.self, address) == nil)
    #expect(try rulePolicy(#"{"email": "rfc"}"#).check(Email.self, address) == nil)
    #expect(
      try rulePolicy(#"{"email": "html"}"#).check(Email.self, address)
        == Self.failed(.unicodeNotAllowed, profile: "html"))
    #expect(
      try rulePolicy(#"{"email": "rfc", "allowUnicode": false}"#).check(Email.self, address)
        == Self.failed(.unicodeNotAllowed, profile: "rfc"))
    // The one-pass test for plain addresses agrees with the full scan on the way out.
    #expect(try rulePolicy(#"{"email": "html"}"#).check(Email.self, "taro.yamada@example.co.jp") == nil)
  }
}
