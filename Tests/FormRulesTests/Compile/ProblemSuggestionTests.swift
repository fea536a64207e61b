import Foundation
import Testing

@testable import FormRules

/// Messages review M2: a problem document's `strength` error carries its suggestions as
/// sentences, as the report does, so an API client needs no catalog.
@Suite("problem details: suggestion sentences")
struct ProblemSuggestionTests {
  @Test("a strength error lists suggestionMessages in the document's language; others have none")
  func suggestionMessages() throws {
    let policy = try fieldPolicy(#"[{"required": true}]"#)
    let report = policy.validate(["f": "x"]).adding(
      Failure(code: "strength", params: ["suggestions": .strings(["addWord", "avoidRepeats"])]), to: "f")
    for language in ["ja", "en"] {
      guard case .problem(let problem) = report.response(locale: language) else {
        Issue.record("a strength error makes a problem document")
        return
      }
      let json = try #require(try JSONSerialization.jsonObject(with: Data(problem.bytes)) as? [String: Any])
      let errors = try #require(json["errors"] as? [[String: Any]])
      let strength = try #require(errors.first { $0["code"] as? String == "strength" })
      let expected = policy.catalog.suggestions(
        for: Failure(code: "strength", params: ["suggestions": .strings(["addWord", "avoidRepeats"])]),
        locale: language)
      // addWord repeats the general strength message, so only avoidRepeats is left (messages review M4).
      #expect(expected.count == 1)
      #expect(strength["suggestionMessages"] as? [String] == expected)
    }
    let plain = policy.validate(["f": ""])
    guard case .problem(let problem) = plain.response(locale: "en") else {
      Issue.record("required makes a problem document")
      return
    }
    #expect(!problem.json.contains("suggestionMessages"))
  }
}
