import FormRules  // the public API only: no @testable
import Testing

/// An app's rule that reads the value's UTF-8 bytes, as the public API offers them: a `Span`
/// lent for the call, never a pointer. It fails (variant 1) on an ASCII control byte and
/// (variant 2) on a value whose bytes equal the other field's (a password equal to the user id,
/// compared byte for byte after both fields' transforms).
struct NoControlBytes: Rule {
  static let name = "noControlBytes"
  static let messages = [
    RuleMessage(
      "noControlBytes", ja: ("{label}に制御文字は使用できません。", "制御文字は使用できません。"),
      en: ("{label} cannot hold control characters.", "Cannot hold control characters.")),
    RuleMessage(
      "requirement.noControlBytes", ja: ("制御文字なし", "制御文字なし"),
      en: ("No control characters", "No control characters")),
  ]

  let other: String

  init(from decoder: RuleDecoder) throws(RuleDecodingError) { other = try decoder.string() }

  func check(_ subject: Subject) -> Int? {
    let hasControl = subject.withUTF8 { bytes in
      for i in bytes.indices where bytes[i] < 0x20 || bytes[i] == 0x7F { return true }
      return false
    }
    if hasControl { return 1 }
    let sameAsOther = subject.withUTF8 { mine in
      subject.withUTF8(of: other) { theirs in
        guard let theirs, theirs.count == mine.count else { return false }
        for i in mine.indices where mine[i] != theirs[i] { return false }
        return true
      }
    }
    return sameAsOther ? 2 : nil
  }

  func failure(variant: Int) -> Failure { Failure(code: Self.name) }
}

@Suite("An app's rule reads the value's bytes through a Span")
struct ByteRuleTests {
  static let rules = #"""
    {"version": 1, "defaultLocale": "en",
     "fields": {
       "userId": {"label": {"ja": "ID", "en": "User ID"}, "trim": true},
       "code": {"label": {"ja": "コード", "en": "Code"}, "trim": true,
                "rules": [{"noControlBytes": "userId"}]}}}
    """#

  func policy() throws -> Policy {
    var registry = RuleRegistry.builtIn
    try registry.register(NoControlBytes.self)
    return try RuleSet(data: Array(Self.rules.utf8), registry: registry).compile()
  }

  @Test("the span holds the transformed value's bytes, Japanese and emoji included")
  func readsBytes() throws {
    let policy = try policy()
    #expect(policy.validate(["userId": "taro", "code": "  コード🙂 "]).isValid)
    #expect(
      policy.validate(["userId": "taro", "code": "a\u{7}b"]).fields["code"]?.failures.map(\.code) == ["noControlBytes"])
    // A tab inside the value (trim removes only the outer whitespace).
    #expect(policy.validate(["userId": "taro", "code": "a\tb"]).isValid == false)
  }

  @Test("another field's bytes, after its own transforms; nil when it is absent")
  func otherField() throws {
    let policy = try policy()
    #expect(
      policy.validate(["userId": " 山田 ", "code": "山田"]).fields["code"]?.failures.map(\.code) == ["noControlBytes"])
    #expect(policy.validate(["userId": "山田", "code": "山田太郎"]).isValid)
    #expect(policy.validate(["code": "山田"]).isValid)
  }

  @Test("an empty value is left alone, as for every rule but required")
  func empty() throws {
    #expect(try policy().validate(["userId": "", "code": ""]).isValid)
  }
}
