import Foundation
import Testing

@testable import FormRules
@testable import FormRulesPassword

/// A failing check answers with an `Int` variant that fixes the whole failure. Two rules pack
/// several facts into it, with fixed limits; these tests fail when a limit would be exceeded,
/// before a variant could silently decode to the wrong failure.
@Suite("The limits of packed failure variants")
struct VariantLimitTests {
  /// A rules file whose password lists `count` other fields in `notContainsField`.
  static func rules(listing count: Int) -> String {
    let names = (0..<count).map { "f\($0)" }
    let fields = names.map { #""\#($0)": {"label": {"ja": "\#($0)", "en": "\#($0)"}}"# }.joined(separator: ",")
    let list = names.map { #""\#($0)""# }.joined(separator: ",")
    return #"""
      {"version": 1, "defaultLocale": "en", "fields": {\#(fields),
        "password": {"label": {"ja": "パスワード", "en": "Password"}, "sensitive": true,
                     "rules": [{"notContainsField": [\#(list)], "minPart": 3}]}}}
      """#
  }

  @Test("notContainsField: 62 fields load and the 62nd is found; 63 are refused when the rules load")
  func notContainsFieldFields() throws {
    let policy = try RuleSet(data: Array(Self.rules(listing: 62).utf8)).compile()
    var values = ["password": "xx-f61value-xx"]
    values["f61"] = "f61value"
    let report = policy.validate(values)
    let failure = try #require(report.fields["password"]?.failures.first)
    #expect(failure.code == "notContainsField")
    #expect(failure.params["fields"] == .strings(["f61"]))

    do {
      _ = try RuleSet(data: Array(Self.rules(listing: 63).utf8)).compile()
      Issue.record("63 fields were accepted")
    } catch {
      let problem = try #require(error.problems.first)
      #expect(problem.message == "at most 62 fields can be listed")
      #expect(jsonPathString(problem.path).contains("notContainsField"))
    }
  }

  @Test("strength: every warning and suggestion code fits the variant's 5-bit codes")
  func strengthCodesFit() {
    #expect(Strength.codesFitVariant, "\(Strength.codesOverflowMessage)")
    #expect(StrengthWarning.allCases.count < 32)
    #expect(StrengthSuggestion.allCases.count < 32)
  }

  @Test("strength: each warning and each suggestion comes back from its variant")
  func strengthRoundTrip() throws {
    let policy = try passwordPolicy(#"[{"strength": 4}]"#)
    let rule = try #require(
      PasswordPresetTests.rules(of: policy).compactMap { $0.rule as? Strength }.first)
    for (w, warning) in StrengthWarning.allCases.enumerated() {
      let failure = rule.failure(variant: 2 | (w + 1) << 3)
      #expect(failure.params["warning"] == .string(warning.rawValue))
      #expect(failure.params["score"] == .int(2))
    }
    let all = StrengthSuggestion.allCases
    for start in stride(from: 0, to: all.count, by: Strength.maxSuggestions) {
      let chunk = Array(all[start..<min(start + Strength.maxSuggestions, all.count)])
      var variant = 1
      var shift = 3
      for suggestion in chunk {
        shift += 5
        variant |= (all.firstIndex(of: suggestion)! + 1) << shift
      }
      #expect(rule.failure(variant: variant).params["suggestions"] == .strings(chunk.map(\.rawValue)))
    }
  }
}
