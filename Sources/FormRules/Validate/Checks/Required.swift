/// `{"required": true}`: the value is present and not empty after the field's
/// transforms, so a value of only spaces (or U+3000) fails on a trimmed field.
public struct Required: Rule {
  public static let name = "required"
  public static let checksEmptyValue = true
  /// `true` for `{"required": true}`; `false` checks nothing and shows no checklist line.
  public let isRequired: Bool

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    isRequired = try decoder.bool()
  }

  public func check(_ subject: Subject) -> Int? { isRequired && subject.bytes.isEmpty ? 0 : nil }

  public func failure(variant: Int) -> Failure { Failure(code: Self.name) }

  /// `{"required": false}` asks for nothing, so a checklist leaves it out.
  public var showsInChecklist: Bool { isRequired }
}

extension Required {
  /// Its messages: its code and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "required", ja: ("{label}を入力してください。", "入力してください。"),
      en: ("{label} is required.", "This field is required.")),
    RuleMessage("requirement.required", ja: ("入力必須", "入力必須"), en: ("Required", "Required")),
  ]
}
