/// A rule that holds other rules and is evaluated by the policy's plan itself: `allOf`,
/// `anyOf` and `not`. Its file holds its key, its messages and its requirement phrase;
/// how it combines its children is decided in one place, `Plan.run`.
public protocol CompositeRule: Sendable {
  /// The key in a rules file, which is also the code of its failure.
  static var name: String { get }
  /// Its messages in Japanese and English, both variants, like ``Rule/messages``.
  static var messages: [RuleMessage] { get }
}

/// `{"allOf": [rules…]}`: every rule must pass; each failing rule reports its own
/// failure. A `"severity": "warning"` or a `message` on the `allOf` applies to every
/// failure below it. In a checklist it is its children, one line each.
public enum AllOf: CompositeRule {
  public static let name = "allOf"
  /// `allOf` never fails on its own, so it has no message of its own.
  public static let messages: [RuleMessage] = []
}
