/// `{"anyOf": [rules…]}`: passes when at least one rule passes (has no error). Otherwise
/// one failure, code `anyOf`, with parameter `failures`: the codes of every rule's
/// failures, in order. In a checklist it is one line.
public enum AnyOf: CompositeRule {
  public static let name = "anyOf"
}

extension AnyOf {
  /// Its messages: its code and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "anyOf",
      ja: ("{label}は「{alternatives}」のいずれかを満たしてください。", "「{alternatives}」のいずれかを満たしてください。"),
      en: ("{label} must meet one of these: \"{alternatives}\".", "Must meet one of these: \"{alternatives}\".")),
    RuleMessage(
      "requirement.anyOf", ja: ("「{alternatives}」のいずれか", "「{alternatives}」のいずれか"),
      en: ("One of these: \"{alternatives}\"", "One of these: \"{alternatives}\"")),
  ]
}
