import Testing

@testable import FormRules

@Suite("checklist")
struct ChecklistTests {
  static let rules = #"""
    [{"required": true},
     {"minLength": 8},
     {"maxLength": 64},
     {"characterClasses": {"require": ["upper", "digit"]}},
     {"notCommon": true},
     {"notContainsField": ["email"]},
     {"allOf": [{"maxRepeat": 3}, {"noSequence": 4}], "severity": "warning"},
     {"anyOf": [{"pattern": "[!-/]"}, {"minLength": 15}]},
     {"strength": {"min": 2}, "when": {"field": "username", "notEmpty": true}},
     {"notPattern": "^[0-9]+\\z", "message": {"ja": "数字だけにしない", "en": "Not only digits"}},
     {"required": false}]
    """#

  func items(_ password: String, _ others: [String: String] = [:], locale: String = "ja") throws -> [ChecklistItem] {
    var values = others
    values["password"] = password
    return try passwordPolicy(Self.rules).checklist(for: "password", values: values, locale: locale)
  }

  @Test("every requirement in rule order, with its phrase, severity and state")
  func japanese() throws {
    let list = try items("Kmtr")
    #expect(
      list.map(\.text) == [
        "入力必須", "8文字以上", "64文字以内", "英大文字・数字をそれぞれ1文字以上含む", "よく使われるパスワードではない", "メールアドレスを含まない",
        "推奨：同じ文字の連続は3文字まで", "推奨：4文字以上続く並び（abcd、1234、qwerなど）を含まない", "「指定の形式」または「15文字以上」のいずれか",
        "数字だけにしない",
      ])
    #expect(
      list.map(\.code) == [
        "required", "minLength", "maxLength", "characterClasses", "notCommon", "notContainsField", "maxRepeat",
        "noSequence", "anyOf", "notPattern",
      ])
    #expect(list.map(\.isMet) == [true, false, true, false, true, true, true, true, false, true])
    #expect(
      list.map(\.severity) == [.error, .error, .error, .error, .error, .error, .warning, .warning, .error, .error])
    #expect(list[1].params == ["min": 8, "unit": "characters"])
  }

  @Test("English phrases")
  func english() throws {
    let list = try items("", locale: "en-US")
    #expect(list[0].text == "Required")
    #expect(list[1].text == "At least 8 characters")
    #expect(list[3].text == "Includes uppercase letters and digits")
    #expect(list[5].text == "Does not contain email address")
    #expect(list[9].text == "Not only digits")
  }

  @Test("an empty value: minimums unmet, maximums and prohibitions met")
  func empty() throws {
    let list = try items("")
    #expect(list.map(\.isMet) == [false, false, true, false, true, true, true, true, true, true])
  }

  @Test("the state follows the values as the user types")
  func typing() throws {
    #expect(try items("Kmtrwhz7").map(\.isMet) == [true, true, true, true, true, true, true, true, false, true])
    #expect(try items("Kmtrwhz7!").allSatisfy(\.isMet))
    #expect(try items("Password1").first { $0.code == "notCommon" }?.isMet == false)
    #expect(try items("Kmtrwhz7!abcd").first { $0.code == "noSequence" }?.isMet == false)
    #expect(
      try items("P4ssw0rd!", ["email": "p4ssw0rd@example.jp"]).first { $0.code == "notContainsField" }?.isMet == false)
    // Full-width letters and digits count after the rules' own folding.
    #expect(try items("ＡＢＣＤＥＦＧ７").first { $0.code == "characterClasses" }?.isMet == true)
  }

  @Test("a rule whose when does not hold is left out until it does")
  func conditional() throws {
    #expect(try items("Kmtrwhz7!").contains { $0.code == "strength" } == false)
    let list = try items("Kmtrwhz7!", ["username": "hanako"])
    let strength = try #require(list.first { $0.code == "strength" })
    #expect(strength.text == "強度2以上（0〜4の5段階）")
    let score = try #require(
      try passwordPolicy(Self.rules).strength(of: "password", in: ["password": "Kmtrwhz7!"])?.score)
    #expect(strength.isMet == (score >= 2), "score \(score)")
    let weak = try #require(try items("Password1", ["username": "hanako"]).first { $0.code == "strength" })
    #expect(!weak.isMet)
  }

  @Test("a value over the size limit meets nothing; an unknown field has no checklist")
  func edges() throws {
    let policy = try makePolicy(
      #"{"limits": {"maxValueBytes": 16}, "fields": {"password": {"sensitive": true, "rules": [{"maxLength": 64}]}}}"#)
    let list = policy.checklist(for: "password", values: ["password": String(repeating: "a", count: 17)], locale: "en")
    #expect(list.map(\.isMet) == [false])
    #expect(policy.checklist(for: "nope", values: [:], locale: "ja").isEmpty)
  }

  @Test("10,000 characters, emoji and Japanese")
  func unicode() throws {
    let long = try items(String(repeating: "あ", count: 10_000) + "A1")
    #expect(long[2].isMet == false)  // over 64 characters
    #expect(long[3].isMet == true)
    #expect(long[6].isMet == false)  // あああ… repeats
    let emoji = try items("👍👍👍A1xyzq")
    #expect(emoji[1].isMet == true)  // 10 characters
  }

  @Test("requirements and the checklist are one walk: same lines, same severity inside a warning allOf")
  func requirementsMatchChecklist() throws {
    let policy = try passwordPolicy(Self.rules)
    // With the `when` field filled, the checklist lists every rule, as requirements always do.
    let checklist = policy.checklist(
      for: "password", values: ["password": "x", "username": "taro"], locale: "en")
    let requirements = policy.requirements(for: "password", locale: "en")
    #expect(requirements.map(\.code) == checklist.map(\.code))
    #expect(requirements.map(\.text) == checklist.map(\.text))
    #expect(requirements.map(\.severity) == checklist.map(\.severity))
    // maxRepeat and noSequence sit in an allOf with "severity": "warning".
    #expect(requirements.filter { $0.severity == .warning }.map(\.code) == ["maxRepeat", "noSequence"])
  }
}
