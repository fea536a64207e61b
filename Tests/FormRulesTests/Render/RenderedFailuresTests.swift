import Foundation
import Testing

@testable import FormRules

/// The policy's memoised renderings (`RenderedFailures`) must give exactly what rendering
/// afresh gives, per language, and never serve a failure that was changed after the plan made it.
@Suite("rendered failures: memoised per rule, variant and language, never stale")
struct RenderedFailuresTests {
  static func signup() throws -> Policy {
    try RuleSet(contentsOf: repositoryRoot.appendingPathComponent("Rules/signup.json"), registry: .standard).compile()
  }

  /// The same report with every failure copied without its origin, so nothing is memoised.
  static func fresh(_ report: Report) -> Report {
    func strip(_ failures: [Failure]) -> [Failure] {
      failures.map { failure in
        var copy = failure
        copy.origin = nil
        return copy
      }
    }
    let fields = report.fields.map {
      FieldReport(name: $0.name, value: $0.value, failures: strip($0.failures), isSensitive: $0.isSensitive)
    }
    return Report(fields: FieldReports(fields), formErrors: strip(report.formErrors), policy: report.policy)
  }

  static let records: [[String: String]] = [
    ["email": "hanako@example.co.jp", "password": "abc", "password_confirmation": "abd"],
    ["email": "not an address", "password": "12345678", "password_confirmation": "12345678"],
    ["email": " 花子@例え.jp ", "password": "パスワード🔑", "password_confirmation": ""],
    ["email": "", "password": String(repeating: "x", count: 100), "password_confirmation": "x"],
    ["email": "taro@example.jp", "password": "correct-Horse-9", "password_confirmation": "correct-Horse-9"],
  ]

  @Test("report JSON, problem details and messages equal a fresh rendering, in both languages, twice")
  func sameAsFresh() throws {
    let policy = try Self.signup()
    for _ in 0..<2 {
      for record in Self.records {
        let report = policy.validate(record)
        let fresh = Self.fresh(report)
        for locale in ["ja", "en", "en-US", "fr"] {
          #expect(report.json(locale: locale) == fresh.json(locale: locale), "\(record) \(locale)")
          #expect(report.problemDetails(locale: locale) == fresh.problemDetails(locale: locale), "\(record) \(locale)")
          #expect(report.messages(locale: locale) == fresh.messages(locale: locale), "\(record) \(locale)")
        }
      }
    }
  }

  @Test("the languages do not mix: Japanese after English is still Japanese")
  func languagesApart() throws {
    let policy = try Self.signup()
    let report = policy.validate(Self.records[0])
    let english = try #require(report.problemDetails(locale: "en")).json
    let japanese = try #require(report.problemDetails(locale: "ja")).json
    #expect(english != japanese)
    #expect(japanese.contains("パスワード"))
    #expect(try #require(report.problemDetails(locale: "en")).json == english)
    #expect(report.messages(locale: "ja")["password"]?.allSatisfy { $0.hasSuffix("。") } == true)
  }

  @Test("a failure changed after validation loses its origin and is rendered as it now is")
  func changedFailure() throws {
    let policy = try Self.signup()
    let report = policy.validate(Self.records[0])
    let original = try #require(report.fields["password"]?.failures.first)
    #expect(original.origin != nil)
    _ = report.json(locale: "en")  // memoise the original
    var changed = original
    changed.params["min"] = .int(99)
    #expect(changed.origin == nil)
    #expect(changed != original)
    let other = Report(
      fields: FieldReports([FieldReport(name: "password", value: nil, failures: [changed], isSensitive: true)]),
      formErrors: [], policy: policy)
    #expect(other.json(locale: "en").contains("\"min\":99"))
    #expect(other.messages(locale: "en")["password"]?.first?.contains("99") == true)
    // Equality ignores where a failure came from.
    var copy = original
    copy.origin = nil
    #expect(copy == original)
  }

  @Test("many threads rendering one policy's reports get the same bytes")
  func concurrent() async throws {
    let policy = try Self.signup()
    let expected = Self.records.map { Self.fresh(policy.validate($0)).json(locale: "ja") }
    let records = Self.records
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<8 {
        group.addTask {
          var bad = 0
          for _ in 0..<200 {
            for (i, record) in records.enumerated() where policy.validate(record).json(locale: "ja") != expected[i] {
              bad += 1
            }
          }
          return bad
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}
