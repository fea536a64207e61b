/// `{"notPattern": "password"}`: PCRE2 search must find no match.
public struct NotPattern: Rule {
  public static let name = "notPattern"
  public static let options = ["flags"]
  /// The compiled PCRE2 expression with its flags.
  package let pattern: Pattern

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    pattern = try Pattern.decode(decoder, ruleName: Self.name)
  }

  public func check(_ subject: Subject) -> Int? {
    pattern.matches(utf8: subject.bytes).failureVariant(failingOn: .match)
  }

  public func failure(variant: Int) -> Failure { Pattern.failure(variant: variant, code: Self.name) }
}

extension NotPattern {
  /// Its messages: its code and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] =
    [
      RuleMessage(
        "notPattern", ja: ("{label}に使用できない文字列が含まれています。", "使用できない文字列が含まれています。"),
        en: ("{label} contains text that is not allowed.", "Contains text that is not allowed.")),
      RuleMessage(
        "requirement.notPattern", ja: ("使用できない文字列なし", "使用できない文字列なし"),
        en: ("No disallowed text", "No disallowed text")),
    ] + PatternRule.messages.filter { $0.key == "pattern.limit" }
}
