import FormRules

/// An app's own rule, written against the public API only: the email's domain is not on
/// a list of disposable-mail domains (compared in lower case).
struct NotDisposableDomain: Rule {
  static let name = "notDisposableDomain"
  static let messages = [
    RuleMessage(
      "notDisposableDomain",
      ja: ("{label}に使い捨てのメールアドレスは使用できません。", "使い捨てのメールアドレスは使用できません。"),
      en: ("{label} cannot be a disposable address.", "Cannot be a disposable address.")),
    RuleMessage(
      "requirement.notDisposableDomain", ja: ("使い捨てでないメールアドレス", "使い捨てでないメールアドレス"),
      en: ("Not a disposable address", "Not a disposable address")),
  ]

  let domains: Set<String>

  init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    domains = Set(try decoder.stringList().map { $0.lowercased() })
    if domains.isEmpty { throw RuleDecodingError("expected at least one domain", at: [.key(Self.name)]) }
  }

  func check(_ subject: Subject) -> Int? {
    let value = subject.string
    guard let at = value.lastIndex(of: "@") else { return nil }
    return domains.contains(value[value.index(after: at)...].lowercased()) ? 0 : nil
  }

  func failure(variant: Int) -> Failure { Failure(code: Self.name) }
}

/// A rule whose messages are incomplete, which registration must refuse.
struct HalfTranslated: Rule {
  static let name = "halfTranslated"
  static let messages = [
    RuleMessage("halfTranslated", ja: ("{label}が正しくありません。", "正しくありません。"), en: ("{label} is wrong.", "")),
    RuleMessage("requirement.halfTranslated", ja: ("正しい値", "正しい値"), en: ("A right value", "A right value")),
  ]

  init(from decoder: RuleDecoder) throws(RuleDecodingError) {}
  func check(_ subject: Subject) -> Int? { nil }
  func failure(variant: Int) -> Failure { Failure(code: Self.name) }
}

/// A rule that takes a built-in's name.
struct SecondMinLength: Rule {
  static let name = "minLength"
  static let messages = NotDisposableDomain.messages
  init(from decoder: RuleDecoder) throws(RuleDecodingError) {}
  func check(_ subject: Subject) -> Int? { nil }
  func failure(variant: Int) -> Failure { Failure(code: Self.name) }
}
