import FormRules
import FormRulesPassword

/// `notBreached` with range mode: the rule of FormRulesPassword, fetching over URLSession.
public typealias NotBreachedOverHTTP = NotBreachedRule<URLSessionRangeClient>

extension RuleRegistry {
  /// ``RuleRegistry/standard`` with `notBreached`'s range mode (`{"notBreached": {"range":
  /// "https://…/range/"}}`): what the `validate` tool and `validate serve` use.
  ///
  /// ```swift
  /// import FormRulesBreachRange
  /// let policy = try RuleSet(contentsOf: url, registry: .standardWithBreachRange).compile()
  /// let report = await policy.validate(values, checks: [])   // the range check runs here
  /// ```
  public static let standardWithBreachRange: RuleRegistry = builtIn.addingPasswordRules(
    breachRange: URLSessionRangeClient.self)
}
