import Testing

@testable import FormRules

@Suite("email rule")
struct EmailRuleTests {
  @Test("a trailing newline is never a valid address", arguments: ["html", "practical", "rfc"])
  func trailingNewline(profile: String) throws {
    let policy = try fieldPolicy(#"[{"email": "\#(profile)"}]"#, options: #""trim": false"#)
    #expect(codes(policy, "test@iana.org\n") == ["email"])
    #expect(codes(policy, "test@iana.org") == [])
  }

  @Test("consecutive dots are invalid with their reason")
  func consecutiveDots() throws {
    let policy = try fieldPolicy(#"[{"email": "practical"}]"#)
    let failure = policy.validate(["f": "a..b@example.com"]).fields["f"]?.failures.first
    #expect(failure?.code == "email")
    #expect(failure?.params["reason"] == "consecutiveDots")
  }

  @Test(
    "an internationalized domain is valid under practical, invalid under html",
    .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"))
  func idn() throws {
    #expect(codes(try fieldPolicy(#"[{"email": "practical"}]"#), "taro@例え.jp") == [])
    #expect(codes(try fieldPolicy(#"[{"email": "html"}]"#), "taro@例え.jp") == ["email"])
    #expect(codes(try fieldPolicy(#"[{"email": "practical", "allowUnicode": false}]"#), "taro@例え.jp") == ["email"])
  }

  @Test("quoted local parts and literals need the rfc profile or an option")
  func rfcOnly() throws {
    let practical = try fieldPolicy(#"[{"email": "practical"}]"#)
    let rfc = try fieldPolicy(#"[{"email": "rfc"}]"#)
    let quoted = try fieldPolicy(#"[{"email": "practical", "allowQuoted": true}]"#)
    #expect(codes(practical, #""john..doe"@example.com"#) == ["email"])
    #expect(codes(rfc, #""john..doe"@example.com"#) == [])
    #expect(codes(quoted, #""john..doe"@example.com"#) == [])
    #expect(codes(rfc, "user@[192.168.2.1]") == [])
    #expect(codes(practical, "user@[192.168.2.1]") == ["email"])
  }

  @Test("a full-width at sign has its own reason and message")
  func fullWidthAt() throws {
    let policy = try fieldPolicy(#"[{"email": true}]"#)
    let report = policy.validate(["f": "taro＠example.jp"])
    #expect(report.fields["f"]?.failures.first?.params["reason"] == "fullWidthAt")
    #expect(report.messages(locale: "ja")["f"] == ["項目の「＠」が全角です。半角の「@」で入力してください。"])
  }

  @Test("an unknown profile is a load error with a suggestion")
  func unknownProfile() {
    let problems = loadProblems(#"{"fields": {"e": {"rules": [{"email": "practicle"}]}}}"#)
    #expect(problems.first?.suggestion == "practical")
    #expect(problems.map { jsonPathString($0.path) } == ["fields.e.rules[0].email"])
  }

  @Test("every reason has a message in both languages")
  func reasonsHaveMessages() {
    for reason in EmailSyntax.Reason.allCases {
      for language in ["ja", "en"] {
        #expect(
          MessageCatalog.standard.templates[language]?["email.\(reason.rawValue)"] != nil, "email.\(reason) \(language)"
        )
      }
    }
  }
}
