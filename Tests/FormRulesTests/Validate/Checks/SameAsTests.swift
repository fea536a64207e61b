import Testing

@testable import FormRules

@Suite("sameAs")
struct SameAsTests {
  let policy: Policy

  init() throws {
    policy = try makePolicy(
      """
      {"fields": {
        "password": {"label": {"ja": "パスワード", "en": "Password"}, "sensitive": true, "rules": [{"required": true}]},
        "confirmation": {"label": {"ja": "パスワード（確認）", "en": "Confirmation"}, "sensitive": true,
                         "rules": [{"sameAs": "password"}]},
        "email": {"label": "Email", "rules": []},
        "email2": {"rules": [{"sameAs": "email"}]}
      }}
      """)
  }

  @Test("the failure belongs to the confirming field and names the other field's label")
  func belongsToConfirmation() {
    let report = policy.validate(["password": "secret-1", "confirmation": "secret-2"])
    #expect(report.fields["password"]?.failures.isEmpty == true)
    #expect(report.fields["confirmation"]?.failures.map(\.code) == ["sameAs"])
    #expect(report.messages(locale: "ja")["confirmation"] == ["パスワード（確認）がパスワードと一致しません。"])
    #expect(report.messages(locale: "en")["confirmation"] == ["Confirmation does not match password."])
  }

  @Test("an empty confirmation of a non-empty password fails; two empties match")
  func empty() {
    #expect(policy.validate(["password": "x"]).fields["confirmation"]?.failures.map(\.code) == ["sameAs"])
    #expect(policy.validate([:] as [String: String]).fields["confirmation"]?.failures.isEmpty == true)
  }

  @Test("compares after the other field's transforms")
  func transforms() {
    #expect(policy.check(SameAs.self, "a@example.com", field: "email2", others: ["email": "  a@example.com "]) == nil)
  }

  @Test("Japanese, emoji and combining characters compare exactly")
  func exact() {
    #expect(policy.check(SameAs.self, "パス👍", field: "confirmation", others: ["password": "パス👍"]) == nil)
    // Canonically equivalent but different scalars: not normalized, so not equal bytes.
    #expect(
      policy.check(SameAs.self, "e\u{301}", field: "confirmation", others: ["password": "é"])
        == verdict(0, "sameAs", ["other": "password"]))
  }

  @Test(
    "constant-time comparison agrees with ==", arguments: [("", ""), ("a", "a"), ("a", "b"), ("ab", "a"), ("日本", "日本")])
  func constantTime(a: String, b: String) {
    let equal = ByteView.with(Array(a.utf8)) { x in
      ByteView.with(Array(b.utf8)) { y in ConstantTime.equals(x, y) }
    }
    #expect(equal == (a == b))
  }

  @Test("constant-time comparison finds a one-byte difference at any position of any length up to 24")
  func constantTimeEveryPosition() {
    for count in 0...24 {
      let bytes = (0..<count).map { UInt8(truncatingIfNeeded: 0x61 + $0 * 5) }
      ByteView.with(bytes) { x in
        ByteView.with(bytes) { y in #expect(ConstantTime.equals(x, y), "\(count)") }
        ByteView.with(bytes + [0x61]) { y in #expect(!ConstantTime.equals(x, y), "\(count) + 1") }
        for position in 0..<count {
          for flip: UInt8 in [0x01, 0x80] {
            var other = bytes
            other[position] ^= flip
            ByteView.with(other) { y in #expect(!ConstantTime.equals(x, y), "\(count) at \(position)") }
          }
        }
      }
    }
  }

  @Test("naming a missing field is a load error with a suggestion")
  func missingField() {
    let problems = loadProblems(
      #"{"fields": {"password": {}, "confirm": {"rules": [{"sameAs": "pasword"}]}}}"#)
    #expect(problems.map { jsonPathString($0.path) } == ["fields.confirm.rules[0].sameAs"])
    #expect(problems.first?.suggestion == "password")
  }
}

/// `sameAs` itself, asked directly through `Policy.check`: field `f` confirms `other`.
@Suite("sameAs: the rule itself")
struct SameAsRuleTests {
  @Test("edges: each value confirms itself and fails against another", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"sameAs": "other"}"#, options: #""trim": false"#)
    #expect(policy.check(SameAs.self, edge.value, others: ["other": edge.value]) == nil)
    // Variant 1: an empty confirmation of a filled-in field; variant 0: a different value.
    let expected =
      edge == .empty
      ? verdict(1, "sameAs", ["other": "other"], detail: "empty") : verdict(0, "sameAs", ["other": "other"])
    #expect(policy.check(SameAs.self, edge.value, others: ["other": "x"]) == expected)
  }

  @Test("two empties match; canonically equivalent values match unless the field is sensitive")
  func equivalence() throws {
    let policy = try rulePolicy(#"{"sameAs": "other"}"#)
    #expect(policy.check(SameAs.self, "", others: [:]) == nil)
    #expect(policy.check(SameAs.self, nil, others: ["other": nil]) == nil)
    #expect(policy.check(SameAs.self, "e\u{301}", others: ["other": "\u{E9}"]) == nil)
    let sensitive = try rulePolicy(#"{"sameAs": "other"}"#, options: #""sensitive": true"#)
    #expect(
      sensitive.check(SameAs.self, "e\u{301}", others: ["other": "\u{E9}"]) == verdict(0, "sameAs", ["other": "other"]))
  }
}
