/// `{"not": rule}` or `{"not": [rules…]}`: fails, code `not`, when every rule passes on
/// a non-empty value. An empty value is never a match. In a checklist it is one line.
public enum Not: CompositeRule {
  public static let name = "not"
}

extension Not {
  /// Its messages: its code and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "not", ja: ("{label}に入力された内容は使用できません。", "入力された内容は使用できません。"),
      en: ("This {label} is not allowed.", "This value is not allowed.")),
    RuleMessage(
      "requirement.not", ja: ("使用できる内容", "使用できる内容"), en: ("An allowed value", "An allowed value")),
  ]
}
