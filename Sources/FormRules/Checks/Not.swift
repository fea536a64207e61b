/// `{"not": rule}` or `{"not": [rules…]}`: fails, code `not`, when every rule passes on
/// a non-empty value. An empty value is never a match. In a checklist it is one line.
public enum Not: CompositeRule {
  public static let name = "not"
}

extension Not {
  /// Its messages: its code and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "not", ja: ("{label}にはこの値を使用できません。", "この値は使用できません。"),
      en: ("{label} cannot be this value.", "This value is not allowed.")),
    RuleMessage(
      "requirement.not", ja: ("禁止された値ではない", "禁止された値ではない"), en: ("Not a disallowed value", "Not a disallowed value")),
  ]
}
