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
      en: ("{label} cannot be what was entered.", "What was entered is not allowed.")),
    RuleMessage(
      "requirement.not", ja: ("使用できない内容ではない", "使用できない内容ではない"), en: ("Not a disallowed entry", "Not a disallowed entry")),
  ]
}
