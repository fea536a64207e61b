import FormRules  // the public API only: no @testable
import Foundation
import Testing

enum Fixture {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
  static let rules = directory.appendingPathComponent("signup-app.json")

  static let emailAvailable = [
    RuleMessage(
      "emailAvailable", ja: ("{label}はすでに登録されています。", "すでに登録されています。"),
      en: ("{label} is already registered.", "Already registered.")),
    RuleMessage(
      "requirement.emailAvailable", ja: ("未登録のメールアドレス", "未登録のメールアドレス"),
      en: ("Not yet registered", "Not yet registered")),
  ]

  static func registry() throws -> RuleRegistry {
    var registry = RuleRegistry.builtIn
    try registry.register(NotDisposableDomain.self)
    try registry.register(check: AsyncCheck(name: "emailAvailable", messages: emailAvailable) { _, _ in true })
    return registry
  }

  static func policy() throws -> Policy {
    try RuleSet(contentsOf: rules, registry: try registry()).compile()
  }

  /// The same rules with the app's rule registered and no closure for `emailAvailable`.
  static func policyWithoutChecks() throws -> Policy {
    var registry = RuleRegistry.builtIn
    try registry.register(NotDisposableDomain.self)
    return try RuleSet(contentsOf: rules, registry: registry).compile()
  }
}

@Suite("An app's own rule, registered through the public API")
struct CustomRuleTests {
  @Test("it runs from a rules file like a built-in, through validate(_:)")
  func validates() throws {
    let policy = try Fixture.policy()
    #expect(policy.validateSyntaxOnly(["email": "taro@example.jp"]).isValid)
    let report = policy.validate(["email": " hanako@MAILINATOR.com "])
    #expect(report.fields["email"]?.failures.map(\.code) == ["notDisposableDomain"])
    // An empty optional value is left alone, as with every rule but `required`.
    #expect(policy.validate(["email": ""]).fields["email"]?.failures.map(\.code) == ["required"])
  }

  @Test("its messages render in both languages, with the label and inline")
  func messages() throws {
    let policy = try Fixture.policy()
    let report = policy.validate(["email": "taro@mailinator.com"])
    #expect(report.messages(locale: "ja").fields.first?.1 == ["メールアドレスに使い捨てのメールアドレスは使用できません。"])
    #expect(report.messages(locale: "en").fields.first?.1 == ["Email address cannot be a disposable address."])
    let json = report.json(locale: "en")
    #expect(json.contains(#""code":"notDisposableDomain""#))
  }

  @Test("it is a line of the checklist and of the requirements")
  func checklist() throws {
    let policy = try Fixture.policy()
    let items = policy.checklist(for: "email", values: ["email": "taro@mailinator.com"], locale: "ja")
    let item = try #require(items.first { $0.code == "notDisposableDomain" })
    #expect(item.text == "使い捨てでないメールアドレス")
    #expect(!item.isMet)
    let met = policy.checklist(for: "email", values: ["email": "taro@example.jp"], locale: "en")
    #expect(met.first { $0.code == "notDisposableDomain" }?.isMet == true)
    #expect(policy.requirements(for: "email", locale: "en").map(\.text).contains("Not a disposable address"))
  }

  @Test("the rules file's own tests pass")
  func fileTests() throws {
    // Each case stubs its own check ("taken" and "free" in one file), without run-wide stubs.
    let results = try Fixture.policy().runTests()
    #expect(results.count == 4)
    let failed = results.filter { !$0.passed }
    #expect(failed.isEmpty, "\(failed)")
    #expect(results.allSatisfy { $0.checksNotRun.isEmpty })
  }

  @Test("without the registration the key is unknown, and did-you-mean lists the app's rules")
  func unknownKey() throws {
    #expect(throws: RuleSetError.self) { try RuleSet(contentsOf: Fixture.rules) }
    let misspelt = #"{"version": 1, "fields": {"email": {"rules": [{"notDisposableDomian": ["x.com"]}]}}}"#
    let registry = try Fixture.registry()
    do throws(RuleSetError) {
      _ = try RuleSet(data: Array(misspelt.utf8), registry: registry)
      Issue.record("a misspelt key loaded")
    } catch {
      #expect(error.problems.first?.message == "unknown rule \"notDisposableDomian\"")
      #expect(error.problems.first?.suggestion == "notDisposableDomain")
    }
  }

  @Test("registration refuses incomplete messages and taken names")
  func registration() {
    var registry = RuleRegistry.builtIn
    #expect(throws: RuleRegistrationError.self) { try registry.register(HalfTranslated.self) }
    #expect(throws: RuleRegistrationError.self) { try registry.register(SecondMinLength.self) }
    #expect(throws: RuleRegistrationError.self) {
      try registry.register(check: AsyncCheck(name: "x", messages: []) { _, _ in true })
    }
    #expect(registry.type(named: "halfTranslated") == nil)
  }
}

/// Stands for a user table that a check looks addresses up in.
actor Users {
  var registered: Set<String> = ["taken@example.jp"]
  func contains(_ email: String) -> Bool { registered.contains(email) }
}

struct Unreachable: Error {}

@Suite("Named checks the app makes at run time (async)")
struct AsyncCheckTests {
  static let users = Users()

  static func available(delay: Duration = .zero, throwing: Bool = false) -> AsyncCheck {
    AsyncCheck(name: "emailAvailable", messages: Fixture.emailAvailable) { email, values in
      if delay > .zero { try await Task.sleep(for: delay) }
      if throwing { throw Unreachable() }
      #expect(values["email"] == email)
      return await !users.contains(email)
    }
  }

  @Test("a passing check adds nothing; a failing one is a failure with its code and messages")
  func passAndFail() async throws {
    let policy = try Fixture.policy()
    let free = await policy.validate(["email": " free@example.jp "], checks: [Self.available()])
    #expect(free.isValid)
    #expect(free.checksNotRun.isEmpty)
    let taken = await policy.validate(["email": "taken@example.jp"], checks: [Self.available()])
    #expect(taken.fields["email"]?.failures.map(\.code) == ["emailAvailable"])
    #expect(taken.messages(locale: "ja").fields.first?.1 == ["メールアドレスはすでに登録されています。"])
    #expect(taken.messages(locale: "en").fields.first?.1 == ["Email address is already registered."])
  }

  @Test("it runs only after the field's own rules pass")
  func onlyAfterOwnRules() async throws {
    let policy = try Fixture.policy()
    let runs = Counter()
    let counting = AsyncCheck(name: "emailAvailable", messages: Fixture.emailAvailable) { _, _ in
      await runs.increment()
      return false
    }
    let report = await policy.validate(["email": "not-an-address"], checks: [counting])
    #expect(report.fields["email"]?.failures.map(\.code) == ["email"])
    _ = await policy.validate(["email": ""], checks: [counting])
    #expect(await runs.value == 0)
  }

  @Test("a check that throws or exceeds its time bound fails with check.unavailable")
  func unavailable() async throws {
    let policy = try Fixture.policy()
    let thrown = await policy.validate(["email": "a@example.jp"], checks: [Self.available(throwing: true)])
    #expect(thrown.fields["email"]?.failures.map(\.code) == ["check.unavailable"])
    #expect(thrown.messages(locale: "ja").fields.first?.1.first?.hasSuffix("お試しください。") == true)
    let slow = await policy.validate(
      ["email": "a@example.jp"], checks: [Self.available(delay: .seconds(30))], timeout: .milliseconds(50))
    #expect(slow.fields["email"]?.failures.map(\.code) == ["check.unavailable"])
    #expect(!slow.isValid)
  }

  @Test("a check nobody provides is reported as not run, never as a pass in silence")
  func notRun() async throws {
    let policy = try Fixture.policyWithoutChecks()
    let report = await policy.validate(["email": "a@example.jp"], checks: [])
    #expect(report.checksNotRun == [CheckNotRun(field: "email", check: "emailAvailable")])
    #expect(report.fields["email"]?.failures.map(\.code) == ["check.unavailable"])
    #expect(report.outcome == .incomplete)
    let stubbed = policy.validate(["email": "a@example.jp"], checkStubs: ["emailAvailable": false])
    #expect(stubbed.fields["email"]?.failures.map(\.code) == ["emailAvailable"])
    #expect(stubbed.checksNotRun.isEmpty)
  }
}

actor Counter {
  var value = 0
  func increment() { value += 1 }
}
