/// `{"anyOf": [rules…]}`: passes when at least one rule passes (has no error). Otherwise
/// one failure, code `anyOf`, with parameter `failures`: the codes of every rule's
/// failures, in order. In a checklist it is one line.
public enum AnyOf: CompositeRule {
  public static let name = "anyOf"
  /// The catalog holds them (`anyOf`, `requirement.anyOf`).
  public static let messages: [RuleMessage] = []
}
