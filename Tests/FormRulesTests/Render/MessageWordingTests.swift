import Foundation
import Testing

@testable import FormRules

/// Issue 17, items 4–11: words a Japanese product team would ship, each pinned by a render.
@Suite("Message wording (issue 17)")
struct MessageWordingTests {
  func messages(_ rules: String, _ values: [String: String], _ locale: String, field: String = "f") throws -> [String] {
    let policy = try makePolicy(#"{"fields": {"f": {"label": {"ja": "項目", "en": "Field"}, "rules": \#(rules)}}}"#)
    return policy.validate(values).messages(locale: locale)[field] ?? []
  }

  @Test("item 4: UTF-16 lengths say 文字 / characters and that some emoji count as two; no この値")
  func developerWords() throws {
    #expect(
      try messages(#"[{"maxLength": 1, "unit": "utf16"}]"#, ["f": "😀"], "ja")
        == ["項目は1文字以内で入力してください（一部の絵文字は2文字と数えます）。"])
    #expect(
      try messages(#"[{"maxLength": 1, "unit": "utf16"}]"#, ["f": "😀"], "en")
        == ["Field must be at most 1 character (some emoji count as two)."])
    #expect(
      try messages(#"[{"minLength": 3, "unit": "utf16"}]"#, ["f": "a"], "ja")
        == ["項目は3文字以上で入力してください（一部の絵文字は2文字と数えます）。"])
    #expect(try messages(#"[{"not": {"pattern": "x"}}]"#, ["f": "x"], "ja") == ["項目に入力された内容は使用できません。"])
    for language in ["ja", "en"] {
      // The messages a form's user reads; the command line's own lines (cli.*) talk about file
      // encodings, where UTF-16 is the right word ("this looks like UTF-16; save it as UTF-8").
      let table = (MessageCatalog.standard.templates[language] ?? [:]).filter { !$0.key.hasPrefix("cli.") }
      for template in table.values {
        for text in [template.labeled, template.inline] {
          #expect(!text.contains("UTF-16"), "\(text)")
          #expect(!text.contains("この値"), "\(text)")
          #expect(!text.contains("推測されにくさ"), "\(text)")
        }
      }
    }
  }

  @Test("item 5: lists: かな・漢字, それぞれ1文字以上, the field list's 一部, and/or in English")
  func lists() throws {
    let rules = #"[{"characterClasses": {"require": ["upper", "symbol", "nonAscii"]}}]"#
    #expect(
      try messages(rules, ["f": "abc"], "ja") == ["項目には英大文字・記号・かなや漢字などの文字をそれぞれ1文字以上含めてください。"])
    #expect(
      try messages(rules, ["f": "abc"], "en")
        == ["Field must include uppercase letters, symbols and letters such as kana or kanji."])
    let policy = try makePolicy(
      #"{"fields": {"email": {"label": {"ja": "メールアドレス", "en": "Email address"}}, "user": {"label": {"ja": "ユーザー名", "en": "User name"}}, "p": {"label": {"ja": "パスワード", "en": "Password"}, "sensitive": true, "rules": [{"notContainsField": ["email", "user"]}]}}}"#
    )
    let report = policy.validate(["email": "hanako@example.jp", "user": "tarosan", "p": "xxhanakotarosanxx"])
    #expect(report.messages(locale: "ja")["p"] == ["パスワードにメールアドレス・ユーザー名を、一部でも含めないでください。"])
    #expect(
      report.messages(locale: "en")["p"] == [
        "Password must not contain email address or user name, in whole or in part."
      ])
  }

  @Test("item 6: anyOf names its alternatives, in the message and the checklist")
  func anyOf() throws {
    let rules = #"[{"anyOf": [{"minLength": 15}, {"characterClasses": {"require": ["upper", "digit"]}}]}]"#
    #expect(
      try messages(rules, ["f": "abc"], "ja")
        == ["項目は「15文字以上」または「英大文字・数字をそれぞれ1文字以上含む」のいずれかを満たしてください。"])
    #expect(
      try messages(rules, ["f": "abc"], "en")
        == [#"Field must meet one of these: "At least 15 characters" or "Includes uppercase letters and digits"."#])
    let policy = try makePolicy(#"{"fields": {"f": {"label": "F", "rules": \#(rules)}}}"#)
    #expect(
      policy.requirements(for: "f", locale: "ja").map(\.text) == ["「15文字以上」または「英大文字・数字をそれぞれ1文字以上含む」のいずれか"])
    // An allOf among the alternatives is its rules' phrases together.
    let nested = try makePolicy(
      #"{"fields": {"f": {"label": "F", "rules": [{"anyOf": [{"minLength": 15}, {"allOf": [{"minLength": 8}, {"pattern": "[0-9]"}]}]}]}}}"#
    )
    #expect(
      nested.requirements(for: "f", locale: "en").map(\.text) == [
        #"One of these: "At least 15 characters" or "At least 8 characters, In the required format""#
      ])
  }

  @Test("item 7: a typed 。 in an email has its own message, as ＠ has")
  func ideographicFullStop() throws {
    let rules = #"[{"email": "practical"}]"#
    #expect(try messages(rules, ["f": "taro@example。jp"], "ja") == ["項目に「。」が含まれています。半角の「.」で入力してください。"])
    #expect(try messages(rules, ["f": "taro@example｡jp"], "en") == [#"Field contains a full-width "。"; use "."."#])
  }

  @Test("item 8: English starts with the label; a common password is not called by its label")
  func englishLabelFirst() throws {
    #expect(
      try messages(#"[{"email": "practical"}]"#, ["f": "taro@localhost"], "en") == [
        "Field must have a dot in its domain."
      ])
    for template in MessageCatalog.standard.templates["en"]?.values.map({ $0 }) ?? [] {
      #expect(!template.labeled.contains("of {label}"), "\(template.labeled)")
      #expect(!template.labeled.contains("in {label}"), "\(template.labeled)")
    }
    let common = try #require(MessageCatalog.standard.templates["en"]?["strength.commonPassword"])
    #expect(common.labeled.hasPrefix("{label} is a very common password"))
    #expect(!common.labeled.contains("another {label}"))
  }

  @Test("item 9: an empty confirmation asks for it; a different one does not match")
  func emptyConfirmation() throws {
    let policy = try makePolicy(
      #"{"fields": {"p": {"label": {"ja": "パスワード", "en": "Password"}, "sensitive": true}, "c": {"label": {"ja": "パスワード（確認）", "en": "Confirmation"}, "sensitive": true, "rules": [{"sameAs": "p"}]}}}"#
    )
    let empty = policy.validate(["p": "secret", "c": ""])
    #expect(empty.fields["c"]?.failures.map(\.code) == ["sameAs"])
    #expect(empty.messages(locale: "ja")["c"] == ["パスワード（確認）を入力してください。"])
    #expect(empty.messages(locale: "en")["c"] == ["Please enter confirmation."])
    let failure = try #require(empty.fields["c"]?.failures.first)
    #expect(policy.message(for: failure, field: "c", locale: "ja", style: .inline) == "確認のため、パスワードをもう一度入力してください。")
    #expect(policy.validate(["p": "secret", "c": "other"]).messages(locale: "ja")["c"] == ["パスワード（確認）がパスワードと一致しません。"])
    #expect(policy.validate(["p": "", "c": ""]).fields["c"]?.failures.isEmpty == true)
  }

  @Test("item 10: pattern.limit says it could not be checked, not that the input is too complex; titles end without 。")
  func patternLimit() throws {
    let ja = try #require(MessageCatalog.standard.templates["ja"]?["pattern.limit"])
    #expect(!ja.labeled.contains("複雑"))
    #expect(ja.labeled == "{label}を確認できませんでした。短くしてもう一度お試しください。")
    let en = try #require(MessageCatalog.standard.templates["en"]?["pattern.limit"])
    #expect(!en.labeled.contains("complex"))
    #expect(MessageCatalog.standard.templates["ja"]?["problem.title"]?.labeled == "入力内容に誤りがあります")
  }

  @Test("item 11: the byte limit says the same facts in the message and the checklist, with a singular")
  func bytes() throws {
    #expect(
      try messages(#"[{"maxLength": 4, "unit": "utf8"}]"#, ["f": "日本"], "ja")
        == ["項目が長すぎます。日本語は1文字を3バイトとして、4バイト以内で入力してください。"])
    #expect(
      try messages(#"[{"maxLength": 1, "unit": "utf8"}]"#, ["f": "ab"], "en")
        == ["Field must be at most 1 byte (a Japanese character takes 3 bytes, an emoji 4 or more)."])
    let policy = try makePolicy(#"{"fields": {"f": {"label": "F", "rules": [{"maxLength": 4, "unit": "utf8"}]}}}"#)
    #expect(policy.requirements(for: "f", locale: "ja").map(\.text) == ["4バイト以内（日本語は1文字程度まで）"])
    #expect(
      policy.requirements(for: "f", locale: "en").map(\.text)
        == ["At most 4 bytes (about 1 Japanese characters)"])
  }
}
