import Foundation
import Testing

@testable import FormRules

/// The repository root, found from this file's path (tests never use Bundle.module).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// Compiles rules given as JSON text.
func makePolicy(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Policy {
  try RuleSet(
    data: Array(json.utf8), file: "test.json", baseDirectory: repositoryRoot.appendingPathComponent("Rules"),
    registry: .standard
  )
  .compile()
}

/// A one-field policy with the given rules (JSON array text) and field options.
func fieldPolicy(_ rules: String, options: String = "") throws -> Policy {
  let extra = options.isEmpty ? "" : ", \(options)"
  return try makePolicy(
    """
    {"version": 1, "fields": {"f": {"label": {"ja": "項目", "en": "Field"}, "rules": \(rules)\(extra)},
     "other": {"label": {"ja": "他", "en": "Other"}}}}
    """)
}

/// The codes a single value produces in the field `f`.
func codes(_ policy: Policy, _ value: String?, other: String? = nil) -> [String] {
  var values: [String: String?] = ["f": value]
  if let other { values["other"] = other }
  return policy.validate(values).fields["f"]?.failures.map(\.code) ?? []
}

/// The problems a rules text produces, as `path: message` strings.
func loadProblems(_ json: String) -> [RuleSetProblem] {
  do {
    _ = try RuleSet(data: Array(json.utf8), file: "bad.json", registry: .standard).compile()
    return []
  } catch {
    return error.problems
  }
}
