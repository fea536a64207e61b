/// `{"trimmed": true}`: the value has no leading or trailing white space. The check
/// rejects (or, as a warning, flags) what the `trim` transform would silently change;
/// use it on fields that are not trimmed, such as passwords.
public struct Trimmed: Rule {
  public static let name = "trimmed"
  /// `true` for `{"trimmed": true}`; `false` checks nothing.
  public let isRequired: Bool

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    isRequired = try decoder.bool()
  }

  public func check(_ subject: Subject) -> Int? {
    isRequired && Transform.hasOuterWhitespace(subject.bytes) ? 0 : nil
  }

  public func failure(variant: Int) -> Failure { Failure(code: Self.name) }
}

extension Trimmed {
  /// Its messages: its code and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "trimmed.warning",
      ja: ("{label}の先頭または末尾に空白があります。意図したものか確認してください。", "先頭または末尾に空白があります。意図したものか確認してください。"),
      en: (
        "{label} starts or ends with a space. Check that it is intended.",
        "Starts or ends with a space. Check that it is intended."
      )),
    RuleMessage(
      "trimmed", ja: ("{label}の先頭または末尾に空白があります。空白を削除してください。", "先頭または末尾に空白があります。空白を削除してください。"),
      en: ("{label} starts or ends with a space. Please remove it.", "Starts or ends with a space. Please remove it.")),
    RuleMessage(
      "requirement.trimmed", ja: ("先頭と末尾に空白なし", "先頭と末尾に空白なし"),
      en: ("No leading or trailing spaces", "No leading or trailing spaces")),
  ]
}
