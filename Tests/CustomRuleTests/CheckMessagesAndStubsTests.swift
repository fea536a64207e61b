import FormRules  // the public API only: no @testable
import Foundation
import Testing

/// Issue 28 (M8): a named check without its messages is refused when the policy is compiled,
/// with the file and path, instead of a general sentence in reports and checklists.
@Suite("Named checks need their messages")
struct CheckMessagesTests {
  static func rules(messages: String = "", rule: String = #"{"check": "emailAvailable"}"#) -> [UInt8] {
    Array(
      """
      {"fields": {"email": {"label": {"ja": "メールアドレス", "en": "Email"},
        "rules": [{"required": true}, \(rule)]}}\(messages)}
      """.utf8)
  }

  @Test("without messages anywhere: an error naming the file, the JSON path, the check and the languages")
  func refused() throws {
    let ruleSet = try RuleSet(data: Self.rules(), file: "app.json")
    let error = try #require(throws: RuleSetError.self) { try ruleSet.compile() }
    #expect(error.problems.count == 1)
    let problem = try #require(error.problems.first)
    #expect(problem.file == "app.json")
    #expect(problem.path == [.key("fields"), .key("email"), .key("rules"), .index(1)])
    #expect(
      problem.description
        == "app.json: fields.email.rules[1]: the check \"emailAvailable\" has no message in ja, en: register it "
        + "with its messages (RuleRegistry.register(check:) or compile(checks:)), or add \"emailAvailable\" to the "
        + "rules file's \"messages\"")
    #expect(problem.description(locale: "ja").contains("チェック「emailAvailable」のメッセージがありません（ja, en）"))
    // Inside a composite, too.
    let nested = try RuleSet(data: Self.rules(rule: #"{"allOf": [{"check": "emailAvailable"}]}"#), file: "n.json")
    let nestedError = try #require(throws: RuleSetError.self) { try nested.compile() }
    #expect(nestedError.description.contains("fields.email.rules[1].allOf[0]"))
  }

  @Test("one language missing is named alone")
  func oneLanguage() throws {
    let ruleSet = try RuleSet(
      data: Self.rules(messages: #", "messages": {"en": {"emailAvailable": "Taken."}}"#), file: "app.json")
    let error = try #require(throws: RuleSetError.self) { try ruleSet.compile() }
    #expect(error.description.contains("has no message in ja:"))
  }

  @Test(
    "each source of messages is enough: the registry, compile(checks:), the file's messages, the rule's message")
  func sources() throws {
    let check = CheckFailClosedTests.check()
    var registry = RuleRegistry.builtIn
    try registry.register(check: check)
    _ = try RuleSet(data: Self.rules(), file: "a.json", registry: registry).compile()
    _ = try RuleSet(data: Self.rules(), file: "b.json").compile(checks: [check])
    let fileMessages = #", "messages": {"ja": {"emailAvailable": "登録済み"}, "en": {"emailAvailable": "Taken."}}"#
    let policy = try RuleSet(data: Self.rules(messages: fileMessages), file: "c.json").compile()
    let report = policy.validate(["email": "a@example.jp"], checkStubs: ["emailAvailable": false])
    #expect(report.messages(locale: "en")["email"] == ["Taken."])
    let own = #"{"check": "emailAvailable", "message": {"ja": "登録済み", "en": "Taken."}}"#
    _ = try RuleSet(data: Self.rules(rule: own), file: "d.json").compile()
  }

  @Test("LocalizedError: localizedDescription is the English description, not \"error 1\"")
  func localized() throws {
    let ruleSet = try RuleSet(data: Self.rules(), file: "app.json")
    let error = try #require(throws: RuleSetError.self) { try ruleSet.compile() }
    #expect((error as any Error).localizedDescription == error.description)
    #expect(!(error as any Error).localizedDescription.contains("operation could not be completed"))
    let missing = try #require(throws: RuleSetError.self) {
      try RuleSet(contentsOf: URL(fileURLWithPath: "/nonexistent/rules.json"))
    }
    #expect((missing as any Error).localizedDescription.contains("/nonexistent/rules.json"))
    var registry = RuleRegistry.builtIn
    let incomplete = AsyncCheck(name: "x", messages: []) { _, _ in true }
    let refused = try #require(throws: RuleRegistrationError.self) { try registry.register(check: incomplete) }
    #expect((refused as any Error).localizedDescription == refused.description)
    let decoding: any Error = RuleDecodingError("expected a string")
    #expect(decoding.localizedDescription == "expected a string")
  }
}

/// Issue 28 (M3): a rules file's test case stubs its checks, so "taken" and "free" can both be
/// examples of one file; a due check without a stub still fails closed.
@Suite("Per-case check stubs in a rules file's tests")
struct CheckStubTests {
  static let messages = #", "messages": {"ja": {"emailAvailable": "登録済み"}, "en": {"emailAvailable": "Taken."}}"#

  static func policy(tests: String) throws -> Policy {
    let json = """
      {"fields": {"email": {"label": {"ja": "メールアドレス", "en": "Email"},
        "rules": [{"required": true}, {"email": "practical"}, {"check": "emailAvailable"}]}}\(messages),
       "tests": \(tests)}
      """
    return try RuleSet(data: Array(json.utf8), file: "app.json").compile()
  }

  @Test("false fails with the check's code, true passes, none fails closed with check.unavailable")
  func perCase() throws {
    let policy = try Self.policy(
      tests: """
        [{"name": "taken", "input": {"email": "a@example.jp"}, "checks": {"emailAvailable": false},
          "errors": {"email": ["emailAvailable"]}},
         {"name": "free", "input": {"email": "b@example.jp"}, "checks": {"emailAvailable": true}, "valid": true},
         {"name": "no stub", "input": {"email": "c@example.jp"}, "valid": true},
         {"name": "no stub, said", "input": {"email": "c@example.jp"}, "errors": {"email": ["check.unavailable"]}},
         {"name": "not due", "input": {"email": "x"}, "checks": {"emailAvailable": true}, "errors": {"email": ["email"]}}]
        """)
    let results = policy.runTests()
    #expect(results.map(\.passed) == [true, true, false, true, true])
    #expect(results[0].checksNotRun.isEmpty)
    #expect(results[2].checksNotRun == [CheckNotRun(field: "email", check: "emailAvailable", reason: .notGiven)])
    #expect(results[2].actualErrors == ["email": ["check.unavailable"]])
    #expect(results[4].checksNotRun.isEmpty)
    #expect(policy.ruleSet.tests[0].checks == ["emailAvailable": false])
    #expect(policy.ruleSet.tests[2].checks == nil)
  }

  @Test("a case's own stub wins over the run's; the run's fills the cases without one")
  func precedence() throws {
    let policy = try Self.policy(
      tests: """
        [{"name": "taken", "input": {"email": "a@example.jp"}, "checks": {"emailAvailable": false},
          "errors": {"email": ["emailAvailable"]}},
         {"name": "free", "input": {"email": "b@example.jp"}, "valid": true}]
        """)
    #expect(policy.runTests(checkStubs: ["emailAvailable": true]).map(\.passed) == [true, true])
    #expect(policy.runTests(checkStubs: ["emailAvailable": false]).map(\.passed) == [true, false])
  }

  @Test("a stub for a check the file does not have is an error with its path and a suggestion")
  func misspelt() throws {
    let error = try #require(throws: RuleSetError.self) {
      try Self.policy(
        tests: #"[{"name": "t", "input": {"email": "a@example.jp"}, "#
          + #""checks": {"emailAvaliable": true}, "valid": true}]"#)
    }
    #expect(error.problems.count == 1)
    #expect(error.problems.first?.path == [.key("tests"), .index(0), .key("checks"), .key("emailAvaliable")])
    #expect(error.problems.first?.suggestion == "emailAvailable")
    #expect(error.description.contains(#"no rule of this file is the check "emailAvaliable""#))
  }

  @Test("a stub that is not true or false, and checks that are not an object, are load errors")
  func malformed() throws {
    let notBool = try #require(throws: RuleSetError.self) {
      try Self.policy(tests: #"[{"name": "t", "input": {}, "checks": {"emailAvailable": "no"}, "valid": false}]"#)
    }
    #expect(notBool.description.contains("tests[0].checks.emailAvailable"))
    let notObject = try #require(throws: RuleSetError.self) {
      try Self.policy(tests: #"[{"name": "t", "input": {}, "checks": ["emailAvailable"], "valid": false}]"#)
    }
    #expect(notObject.description.contains("tests[0].checks"))
    #expect(notObject.description.contains("an object of check name → true or false"))
  }
}

/// Issue 28: the checklist's third state. A named check is never ✓ until it has answered for
/// the current values.
@Suite("Checklist: a named check is not checked yet")
struct CheckChecklistTests {
  static func line(_ items: [ChecklistItem]) -> ChecklistItem? { items.first { $0.code == "emailAvailable" } }

  @Test("without an answer the line is notChecked (not met); with one it is met or unmet")
  func states() throws {
    let policy = try CheckFailClosedTests.ruleSet().compile(checks: [CheckFailClosedTests.check()])
    let values = CheckFailClosedTests.record
    let plain = try #require(Self.line(policy.checklist(for: "email", values: values, locale: "ja")))
    #expect(plain.state == .notChecked)
    #expect(!plain.isMet)
    #expect(plain.text == "未登録のメールアドレス")
    let free = policy.checklist(for: "email", values: values, locale: "en", checkAnswers: ["emailAvailable": true])
    #expect(Self.line(free)?.state == .met)
    let taken = policy.checklist(for: "email", values: values, locale: "en", checkAnswers: ["emailAvailable": false])
    #expect(Self.line(taken)?.state == .unmet)
    // The other lines keep their two states.
    #expect(free.filter { $0.code != "emailAvailable" }.allSatisfy { $0.state == .met })
    // A field with an error: the check cannot be due, and is still not checked.
    let invalid = policy.checklist(for: "email", values: ["email": "x@Mailinator.com"], locale: "ja")
    #expect(Self.line(invalid)?.state == .notChecked)
    #expect(invalid.first { $0.code == "notDisposableDomain" }?.state == .unmet)
    // Empty, U+3000 and emoji values: never met without an answer.
    for value in ["", "\u{3000}", "😀@example.jp"] {
      #expect(Self.line(policy.checklist(for: "email", values: ["email": value], locale: "ja"))?.state == .notChecked)
    }
  }

  @Test("the item initialisers: isMet is state == .met")
  func items() {
    #expect(ChecklistItem(id: 0, code: "c", text: "t", isMet: true).state == .met)
    #expect(ChecklistItem(id: 0, code: "c", text: "t", isMet: false).state == .unmet)
    #expect(!ChecklistItem(id: 0, code: "c", text: "t", state: .notChecked).isMet)
  }
}
