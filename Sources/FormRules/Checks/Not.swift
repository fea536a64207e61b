/// `{"not": rule}` or `{"not": [rules…]}`: fails, code `not`, when every rule passes on
/// a non-empty value. An empty value is never a match. In a checklist it is one line.
public enum Not: CompositeRule {
  public static let name = "not"
  /// The catalog holds them (`not`, `requirement.not`).
  public static let messages: [RuleMessage] = []
}
