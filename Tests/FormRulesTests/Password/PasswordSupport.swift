import Foundation
import Testing

@testable import FormRules

/// A sign-up-like policy: `email`, `username` and a sensitive `password` carrying `rules`
/// (JSON array text). The size limit is raised so 10,000-character values reach the rules.
/// Compiled policies are shared between tests: loading the word list and building the
/// strength dictionary once keeps the suite fast.
func passwordPolicy(_ rules: String, normalize: String = "none") throws -> Policy {
  let key = normalize + "\u{0}" + rules
  if let cached = PolicyCache.shared.policy(for: key) { return cached }
  let policy = try makePolicy(
    """
    {"version": 1, "defaultLocale": "ja", "limits": {"maxValueBytes": 200000},
     "fields": {
       "email": {"label": {"ja": "メールアドレス", "en": "Email address"}},
       "username": {"label": {"ja": "ユーザー名", "en": "User name"}},
       "password": {"label": {"ja": "パスワード", "en": "Password"}, "sensitive": true,
                    "normalize": "\(normalize)", "rules": \(rules)}}}
    """)
  PolicyCache.shared.store(policy, for: key)
  return policy
}

final class PolicyCache: @unchecked Sendable {
  static let shared = PolicyCache()
  private let lock = NSLock()
  private var policies: [String: Policy] = [:]

  func policy(for key: String) -> Policy? { lock.withLock { policies[key] } }
  func store(_ policy: Policy, for key: String) { lock.withLock { policies[key] = policy } }
}

/// The failures of the password field for `password`, with other fields' values.
func passwordFailures(_ policy: Policy, _ password: String, _ others: [String: String] = [:]) -> [Failure] {
  var values = others
  values["password"] = password
  return policy.validate(field: "password", in: values)?.failures ?? []
}

func passwordCodes(_ policy: Policy, _ password: String, _ others: [String: String] = [:]) -> [String] {
  passwordFailures(policy, password, others).map(\.code)
}

/// The password's first failure rendered labeled in `locale`.
func passwordMessage(
  _ policy: Policy, _ password: String, _ others: [String: String] = [:], locale: String,
  style: MessageStyle = .labeled
) -> String? {
  passwordFailures(policy, password, others).first.map {
    policy.message(for: $0, field: "password", locale: locale, style: style)
  }
}

/// Checks that nothing a caller can see (params, messages in both languages, the report
/// JSON) contains the password.
func expectNoLeak(
  _ policy: Policy, _ password: String, _ others: [String: String] = [:],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var values = others
  values["password"] = password
  let report = policy.validate(values)
  for failure in report.fields["password"]?.failures ?? [] {
    for (name, value) in failure.params.entries {
      #expect(!value.description.contains(password), "param \(name) leaks the password", sourceLocation: sourceLocation)
    }
  }
  for locale in ["ja", "en"] {
    for message in report.messages(locale: locale)["password"] ?? [] {
      #expect(!message.contains(password), "message leaks the password: \(message)", sourceLocation: sourceLocation)
    }
    #expect(
      !report.json(locale: locale).contains(password), "report JSON leaks the password", sourceLocation: sourceLocation)
  }
}

/// The problems of compiling rules text whose lists resolve against `directory`.
func compileProblems(_ json: String, directory: URL = repositoryRoot.appendingPathComponent("Rules"))
  -> [RuleSetProblem]
{
  do {
    _ = try RuleSet(data: Array(json.utf8), file: "bad.json", baseDirectory: directory, registry: .standard).compile()
    return []
  } catch {
    return error.problems
  }
}

/// A fresh temporary directory, removed by the caller.
func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("form-rules-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// What the rules of type `R` in the password field say about `password`, asked directly
/// (`Policy.check`): the rule itself, without the evaluation around it (bail, severity,
/// composites, the other rules), which `passwordFailures` goes through.
func ruleFailures<R: Rule>(
  _ rule: R.Type, _ policy: Policy, _ password: String, _ others: [String: String] = [:]
) -> [Failure] {
  var values: [String: String?] = others
  values["password"] = password
  let results = policy.check(rule, field: "password", in: values)
  #expect(!results.isEmpty, "the password field has no \(R.name) rule")
  return results.compactMap { $0?.failure }
}

func ruleCodes<R: Rule>(
  _ rule: R.Type, _ policy: Policy, _ password: String, _ others: [String: String] = [:]
) -> [String] {
  ruleFailures(rule, policy, password, others).map(\.code)
}
