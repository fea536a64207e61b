import Testing

@testable import FormRules

@Suite("message catalog")
struct MessageCatalogTests {
  static let keys = MessageCatalog.standardKeys

  @Test("every key has both variants in Japanese and English", arguments: keys)
  func complete(key: String) {
    for language in ["ja", "en"] {
      let template = MessageCatalog.standard.templates[language]?[key]
      #expect(template != nil, "\(key) has no \(language) message")
      #expect(template?.labeled.isEmpty == false)
      #expect(template?.inline.isEmpty == false)
    }
  }

  @Test("keys are unique across tables")
  func unique() {
    #expect(Set(Self.keys).count == Self.keys.count)
  }

  @Test("Japanese sentences are polite and end with 。; the inline form has no label", arguments: keys)
  func japaneseStyle(key: String) {
    guard let template = MessageCatalog.standard.templates["ja"]?[key] else { return }
    #expect(!template.inline.contains("{label}"), "\(key) inline mentions the label")
    // Phrases, not sentences: units, terms, checklist items and the strength meter's lines.
    // problem.title is a title, and titles end without 。.
    // The tool's lines (cli.*) have their own test (ToolWordsCatalogTests): words and status
    // lines among them are not sentences.
    guard !key.hasPrefix("unit."), !key.hasPrefix("term."), !key.hasPrefix("requirement."), !key.hasPrefix("meter."),
      !key.hasPrefix("ui."), !key.hasPrefix("cli."),
      key != "problem.title"
    else { return }
    for text in [template.labeled, template.inline] {
      #expect(text.hasSuffix("。"), "\(key): \(text)")
      #expect(["ます", "です", "ください", "ません"].contains { text.contains($0) }, "\(key): \(text)")
      // Half-width digits only.
      #expect(!text.unicodeScalars.contains { (0xFF10...0xFF19).contains($0.value) }, "\(key): \(text)")
    }
    // The label sits directly before its particle.
    #expect(!template.labeled.contains("{label} "), "\(key): space after the label")
  }

  @Test("English sentences end with a full stop", arguments: keys)
  func englishStyle(key: String) {
    // problem.title is the HTTP status phrase ("Unprocessable Content"), as RFC 9457 asks for about:blank.
    guard !key.hasPrefix("unit."), !key.hasPrefix("term."), !key.hasPrefix("requirement."), !key.hasPrefix("meter."),
      !key.hasPrefix("ui."), !key.hasPrefix("cli."),
      key != "problem.title",
      let template = MessageCatalog.standard.templates["en"]?[key]
    else { return }
    #expect(template.labeled.hasSuffix("."), "\(key): \(template.labeled)")
    #expect(!template.inline.contains("{label}"))
  }

  @Test("messages render with the label, the bound and the unit")
  func renders() throws {
    let policy = try makePolicy(
      #"{"fields": {"password": {"label": {"ja": "パスワード", "en": "Password"}, "sensitive": true, "rules": [{"minLength": 8}]}}}"#
    )
    let failure = try #require(policy.validate(["password": "abc"]).fields["password"]?.failures.first)
    #expect(policy.message(for: failure, field: "password", locale: "ja") == "パスワードは8文字以上で入力してください。")
    #expect(policy.message(for: failure, field: "password", locale: "ja", style: .inline) == "8文字以上で入力してください。")
    #expect(policy.message(for: failure, field: "password", locale: "en") == "Password must be at least 8 characters.")
    #expect(
      policy.message(for: failure, field: "password", locale: "en", style: .inline) == "Must be at least 8 characters.")
  }

  @Test("English picks the singular unit for a count of one; bytes have their own words")
  func units() throws {
    let policy = try fieldPolicy(#"[{"minLength": 1, "unit": "utf8"}, {"maxLength": 1}]"#, options: #""trim": false"#)
    let report = policy.validate(["f": "ab"])
    #expect(report.messages(locale: "en")["f"] == ["Field must be at most 1 character."])
    let bytes = try fieldPolicy(#"[{"maxLength": 4, "unit": "utf8"}]"#)
    #expect(
      bytes.validate(["f": "日本"]).messages(locale: "ja")["f"]
        == ["項目が長すぎます。日本語は1文字を3バイトとして、4バイト以内で入力してください。"])
  }

  @Test(
    "locale negotiation",
    arguments: [
      (["ja-JP"], "en", "ja"), (["ja_JP.UTF-8"], "en", "ja"), (["en-US"], "ja", "en"), (["fr-FR"], "ja", "ja"),
      (["fr", "en"], "ja", "en"), ([], "ja", "ja"), ([], "fr", "en"), (["C"], "ja", "en"),
      (["POSIX", "ja"], "ja", "en"), (["C.UTF-8"], "ja", "en"), (["JA"], "en", "ja"),
    ])
  func negotiate(preferred: [String], fallback: String, expected: String) {
    #expect(MessageCatalog.negotiate(preferred, default: fallback) == expected)
  }

  @Test("a rules file's messages override built-ins and add app codes")
  func overrides() throws {
    let policy = try makePolicy(
      #"{"fields": {"a": {"label": "A", "rules": [{"required": true}]}}, "messages": {"ja": {"required": {"labeled": "{label}は必須です。", "inline": "必須です。"}, "auth.invalidCredentials": "ログインできませんでした。"}, "en": {"required": "Need {label}.", "auth.invalidCredentials": "Could not log in."}}}"#
    )
    let report = policy.validate([:] as [String: String])
    #expect(report.messages(locale: "ja")["a"] == ["Aは必須です。"])
    #expect(report.messages(locale: "en")["a"] == ["Need A."])
    #expect(policy.catalog.render(code: "auth.invalidCredentials", locale: "ja") == "ログインできませんでした。")
    #expect(
      policy.catalog.render(code: "auth.tooManyRequests", locale: "en")
        == "Too many attempts. Please wait a while and try again.")
  }

  @Test("an unknown code renders as the code itself, never as an empty string")
  func unknownCode() {
    #expect(MessageCatalog.standard.render(code: "app.custom", locale: "ja") == "app.custom")
  }
}

@Suite("parsed message templates")
struct TemplatePieceTests {
  @Test(
    "templates split at placeholders once; unmatched braces stay text",
    arguments: [
      ("{label}は{min}文字以上", [TemplatePiece.placeholder("label"), .text("は"), .placeholder("min"), .text("文字以上")]),
      ("plain", [.text("plain")]), ("", [.text("")]), ("a {b", [.text("a {b")]),
      ("{x}", [.placeholder("x")]), ("}{", [.text("}{")]), ("絵文字👍{n}", [.text("絵文字👍"), .placeholder("n")]),
      ("{a{b}c}", [.placeholder("a{b"), .text("c}")]), ("x{}y", [.text("x"), .placeholder(""), .text("y")]),
      ("{a}{b}", [.placeholder("a"), .placeholder("b")]), ("{a} {", [.placeholder("a"), .text(" {")]),
    ])
  func parse(template: String, expected: [TemplatePiece]) {
    #expect(TemplatePiece.parse(template) == expected)
  }

  @Test("an overridden catalog renders its own templates, not the built-in ones it replaced")
  func overriddenIsReparsed() {
    let catalog = MessageCatalog.standard.overridden(by: [
      "en": ["minLength": MessageTemplate(labeled: "{label}: at least {min}!", inline: "≥ {min}")]
    ])
    let failure = Failure(code: "minLength", params: ["min": 8, "actual": 3, "unit": "characters"])
    #expect(catalog.render(failure, label: "PIN", locale: "en", style: .labeled) == "PIN: at least 8!")
    #expect(catalog.render(failure, label: "PIN", locale: "en", style: .inline) == "≥ 8")
    #expect(MessageCatalog.standard.render(failure, label: "PIN", locale: "en", style: .inline).hasPrefix("Must"))
  }
}
