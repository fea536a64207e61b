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
      "anyOf", ja: ("{label}はいずれかの条件を満たすように入力してください。", "いずれかの条件を満たすように入力してください。"),
      en: ("{label} must meet at least one of the conditions.", "Must meet at least one of the conditions.")),
    RuleMessage(
      "requirement.anyOf", ja: ("いずれかの条件を満たす", "いずれかの条件を満たす"),
      en: ("Meets one of the conditions", "Meets one of the conditions")),
  ]
}
