import Foundation
import Testing

@testable import FormRules

/// Issue 30, point 4: more languages from catalog files, checked when read.
@Suite("A language from a catalog file")
struct CatalogLanguageTests {
  static let sample = repositoryRoot.appendingPathComponent("Rules/messages/ko.sample.json")
  static let rules = #"""
    {"fields": {
      "email": {"label": {"ja": "メールアドレス", "en": "Email address"}, "rules": [{"required": true}, {"email": true}]},
      "password": {"label": {"ja": "パスワード", "en": "Password"}, "rules": [{"minLength": 8}, {"check": "emailAvailable"}]}},
     "messages": {"en": {"app.taken": "{label} is taken.", "emailAvailable": "Taken."},
                  "ja": {"app.taken": "{label}は登録済みです。", "emailAvailable": "登録済みです。"}}}
    """#

  /// The sample's JSON with `change` applied to its object.
  static func variant(_ change: (inout [String: Any]) -> Void) throws -> [UInt8] {
    var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sample)) as? [String: Any])
    change(&object)
    return Array(try JSONSerialization.data(withJSONObject: object))
  }

  static func problems(_ bytes: [UInt8]) -> [String] {
    do {
      _ = try CatalogLanguage(bytes: bytes, file: "ko.json", checkedAgainst: .standard)
      return []
    } catch { return error.problems.map(\.description) }
  }

  @Test("the sample loads, says it is a sample, and has every key but the tool's lines")
  func sampleLoads() throws {
    let korean = try CatalogLanguage(contentsOf: Self.sample, checkedAgainst: .standard)
    #expect(korean.code == "ko")
    #expect(korean.fallback == "en")
    #expect(korean.note?.contains("not reviewed by a native speaker") == true)
    let keys = Set(MessageCatalog.standard.templates["en"]?.keys.filter { !$0.hasPrefix("cli.") } ?? [])
    #expect(Set(korean.templates.keys) == keys)
  }

  @Test("an app adds it through the registry: library messages, labels, negotiation")
  func appCall() throws {
    var registry = RuleRegistry.standard
    registry.add(try CatalogLanguage(contentsOf: Self.sample, checkedAgainst: .standard))
    let policy = try RuleSet(data: Array(Self.rules.utf8), file: "t.json", registry: registry).compile()
    let report = policy.validate(["email": "", "password": "abc"])
    #expect(report.messages(locale: "ko-KR")["password"] == ["비밀번호은(는) 8자 이상 입력해 주세요."])
    #expect(report.messages(locale: "ko")["email"] == ["이메일 주소을(를) 입력해 주세요."])
    #expect(policy.negotiateLocale(acceptLanguage: "fr, ko;q=0.5, ja;q=0.4") == "ko")
    #expect(policy.negotiateLocale(["ko_KR.UTF-8"]) == "ko")
    #expect(policy.requirements(for: "password", locale: "ko").map(\.text) == ["8자 이상", "서비스 확인 통과"])
    // ja and en are untouched.
    #expect(report.messages(locale: "ja")["password"] == ["パスワードは8文字以上で入力してください。"])
  }

  @Test("a key the file lacks falls back to its fallback language, never to the raw code")
  func fallback() throws {
    var registry = RuleRegistry.standard
    registry.add(try CatalogLanguage(contentsOf: Self.sample, checkedAgainst: .standard))
    let policy = try RuleSet(data: Array(Self.rules.utf8), file: "t.json", registry: registry).compile()
    let taken = Failure(code: "app.taken")
    #expect(policy.message(for: taken, field: "email", locale: "ko") == "이메일 주소 is taken.")
    // A file whose fallback is Japanese falls back to Japanese.
    let japanese = try CatalogLanguage(
      bytes: try Self.variant { $0["fallback"] = "ja" }, file: "ko.json", checkedAgainst: .standard)
    var jaRegistry = RuleRegistry.standard
    jaRegistry.add(japanese)
    let jaPolicy = try RuleSet(data: Array(Self.rules.utf8), file: "t.json", registry: jaRegistry).compile()
    #expect(jaPolicy.message(for: taken, field: "email", locale: "ko") == "이메일 주소は登録済みです。")
  }

  @Test("a rules file adds it in its messages, and may label fields in it")
  func rulesFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ko-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(at: Self.sample, to: folder.appendingPathComponent("ko.json"))
    let json = #"""
      {"fields": {"pin": {"label": {"ja": "暗証番号", "en": "PIN", "ko": "PIN 번호"}, "rules": [{"minLength": 4}]}},
       "messages": {"ko": "ko.json"}}
      """#
    try Data(json.utf8).write(to: folder.appendingPathComponent("r.json"))
    let policy = try RuleSet(contentsOf: folder.appendingPathComponent("r.json"), registry: .standard).compile()
    #expect(policy.validate(["pin": "1"]).messages(locale: "ko")["pin"] == ["PIN 번호은(는) 4자 이상 입력해 주세요."])
    #expect(policy.validate(["pin": "1"]).messages(locale: "en")["pin"] == ["PIN must be at least 4 characters."])
    #expect(policy.ruleSet.languages.map(\.code) == ["ko"])
    // Without the catalog file, "ko" is an unknown locale.
    let bad = loadProblems(#"{"fields": {"pin": {"label": {"ja": "暗証番号", "ko": "PIN"}}}}"#)
    #expect(bad.contains { $0.description.contains("unknown locale \"ko\"") })
  }

  @Test("checked at load: every key, both variants, known placeholders, a language tag")
  func checks() throws {
    let missing = Self.problems(
      try Self.variant { object in
        var messages = object["messages"] as? [String: Any] ?? [:]
        messages["required"] = nil
        object["messages"] = messages
      })
    #expect(missing.contains { $0.contains("messages") && $0.contains("\"required\" is missing") }, "\(missing)")
    let oneVariant = Self.problems(
      try Self.variant { object in
        var messages = object["messages"] as? [String: Any] ?? [:]
        messages["minLength"] = "{min}{unit} 이상"
        object["messages"] = messages
      })
    #expect(oneVariant.contains { $0.contains("\"minLength\" needs both") }, "\(oneVariant)")
    let placeholder = Self.problems(
      try Self.variant { object in
        var messages = object["messages"] as? [String: Any] ?? [:]
        messages["minLength"] = ["labeled": "{label} {mn}", "inline": "{min}"]
        object["messages"] = messages
      })
    #expect(placeholder.contains { $0.contains("{mn}") }, "\(placeholder)")
    // A placeholder another key has but this one does not fill is refused too.
    let foreign = Self.problems(
      try Self.variant { object in
        var messages = object["messages"] as? [String: Any] ?? [:]
        messages["required"] = ["labeled": "{label} {max}", "inline": "x"]
        object["messages"] = messages
      })
    #expect(foreign.contains { $0.contains("{max}") }, "\(foreign)")
    for language in ["ja", "en", "", "k", "ko_KR", "한국어", String(repeating: "a", count: 40)] {
      let found = Self.problems(try Self.variant { $0["language"] = language })
      #expect(!found.isEmpty, "\(language)")
    }
    #expect(Self.problems(try Self.variant { $0["fallback"] = "ko" }).count == 1)
    #expect(!Self.problems(Array("[]".utf8)).isEmpty)
    #expect(!Self.problems(Array("{\"language\": \"ko\", ".utf8)).isEmpty)
    #expect(!Self.problems([0xFF, 0xFE]).isEmpty)
  }

  @Test("negotiation: the longest added language a tag starts with; the built-in two as before")
  func negotiation() throws {
    let korean = try CatalogLanguage(contentsOf: Self.sample, checkedAgainst: .standard)
    let chinese = try CatalogLanguage(
      bytes: try Self.variant { $0["language"] = "zh-Hans" }, file: "zh.json", checkedAgainst: .standard)
    let catalog = MessageCatalog.standard.adding(korean).adding(chinese)
    #expect(catalog.languages == ["ja", "en", "ko", "zh-Hans"])
    #expect(catalog.negotiate(["zh-Hans-CN"]) == "zh-Hans")
    #expect(catalog.negotiate(["zh-Hant"]) == "en")
    #expect(catalog.negotiate(["zh"]) == "en")
    #expect(catalog.negotiate(["KO"]) == "ko")
    #expect(catalog.negotiate(["kok"]) == "en")
    #expect(catalog.negotiate(["ja_JP.UTF-8"]) == "ja")
    #expect(MessageCatalog.standard.negotiate(["ko"], default: "ja") == "ja")
  }
}
