import Foundation
import Testing

@testable import FormRules
@testable import FormRulesPassword

/// Every way Swift can turn a value into text — `print`, string interpolation, `debugPrint`,
/// `dump`, and Swift Testing's own rendering of expectation operands.
private func renderings<T>(_ value: T) -> [String] {
  var dumped = ""
  dump(value, to: &dumped)
  return [
    String(describing: value), String(reflecting: value), dumped, String(describingForTest: value),
  ]
}

@Suite("Secrets: no type that holds a sensitive value shows it")
struct SecretRedactionTests {
  static let secret = "S3cr3t-Zebra-9417"

  static let rules = #"""
    {"fields": {
       "email": {"rules": [{"required": true}, {"email": "practical"}]},
       "password": {"sensitive": true, "rules": [{"minLength": 20}, {"notPattern": "Zebra"}]},
       "password_confirmation": {"sensitive": true, "rules": [{"sameAs": "password"}]}
     },
     "tests": [
       {"name": "leaks nothing", "input": {"email": "taro@example.jp", "password": "S3cr3t-Zebra-9417",
        "password_confirmation": "S3cr3t-Zebra-9417x"}, "valid": true}
     ]}
    """#

  static func policy() throws -> Policy {
    try RuleSet(data: Array(rules.utf8), file: "secret.json", registry: .standard).compile()
  }

  func expectNoSecret(in texts: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    for text in texts {
      // The failure message must not print the secret either: only a masked copy of the text.
      let leaked = text.contains("Zebra-9417")
      let masked = text.replacingOccurrences(of: "Zebra-9417", with: "<SECRET>")
      #expect(!leaked, "a sensitive value leaked in: \(masked)", sourceLocation: sourceLocation)
    }
  }

  @Test("Report, FieldReport and the rendered output never show a sensitive value")
  func report() throws {
    let policy = try Self.policy()
    let report = policy.validate([
      "email": "taro@example.jp", "password": Self.secret, "password_confirmation": Self.secret + "x",
    ])
    #expect(!report.isValid)
    expectNoSecret(in: renderings(report))
    for field in report.fields { expectNoSecret(in: renderings(field)) }
    expectNoSecret(in: [report.json(locale: "ja"), report.json(locale: "en")])
    let messages = report.messages(locale: "en")
    expectNoSecret(in: renderings(messages) + [String(decoding: try JSONEncoder().encode(messages), as: UTF8.self)])
    // Non-sensitive values are still shown, so the redaction is not blanket silence.
    #expect(String(describing: report).contains("taro@example.jp"))
    #expect(report.fields["password"]?.value == nil)
  }

  @Test("An oversized secret is input.tooLong and still never shown")
  func oversized() throws {
    let policy = try Self.policy()
    let huge = String(repeating: Self.secret, count: 1000)
    let report = policy.validate(["email": "taro@example.jp", "password": huge, "password_confirmation": huge])
    #expect(report.fields["password"]?.failures.map(\.code) == ["input.tooLong"])
    expectNoSecret(in: renderings(report) + [report.json(locale: "en")])
  }

  @Test("Subject, which rules see, and a SHA1 in progress print no secret")
  func subject() throws {
    let policy = try Self.policy()
    policy.withPrepared({ $0 == "email" ? "taro@example.jp" : Self.secret }) { call in
      let password = try? #require(policy.plan.index(of: "password"))
      let email = try? #require(policy.plan.index(of: "email"))
      guard let password, let email else { return }
      let subject = call.subject(password)
      expectNoSecret(in: renderings(subject))
      #expect(String(describing: subject) == "Subject(password: <redacted>, 17 bytes)")
      var hash = SHA1()
      hash.update(subject.bytes)
      expectNoSecret(in: renderings(hash))
      let plain = call.subject(email)
      expectNoSecret(in: renderings(plain))
      // Not marked sensitive, so shown; a Bool, so that a failure prints no value.
      let shown = String(describing: plain).contains("taro@example.jp")
      #expect(shown)
    }
  }

  @Test("PolicyTest and PolicyTestResult show the example's sensitive inputs redacted")
  func policyTests() throws {
    let policy = try Self.policy()
    let test = try #require(policy.ruleSet.tests.first)
    #expect(test.input["password"] == .some(Self.secret))
    expectNoSecret(in: renderings(test))
    #expect(
      test.redactedInput == [
        "email": "\"taro@example.jp\"", "password": "<redacted>", "password_confirmation": "<redacted>",
      ])
    let results = policy.runTests()
    #expect(results.map(\.passed) == [false])
    for result in results {
      expectNoSecret(in: renderings(result) + [result.expectedDescription, result.actualDescription])
    }
  }

  @Test("RuleSet and Policy, which carry the examples, dump without them")
  func ruleSetAndPolicy() throws {
    let policy = try Self.policy()
    expectNoSecret(in: renderings(policy.ruleSet) + renderings(policy))
  }

  @Test("sameAs on sensitive fields compares in constant time and agrees with ==")
  func constantTime() {
    for (a, b) in [("", ""), ("a", "a"), ("a", "b"), ("ab", "a"), (Self.secret, Self.secret), ("é", "e\u{301}")] {
      let equal = ByteView.with(Array(a.utf8)) { x in
        ByteView.with(Array(b.utf8)) { y in ConstantTime.equals(x, y) }
      }
      #expect(equal == (Array(a.utf8) == Array(b.utf8)))
    }
  }
}
