/// `{"trimmed": true}`: the value has no leading or trailing white space. The check
/// rejects (or, as a warning, flags) what the `trim` transform would silently change;
/// use it on fields that are not trimmed, such as passwords.
public struct Trimmed: Rule {
  public static let name = "trimmed"
  public let isRequired: Bool

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    isRequired = try decoder.bool()
  }

  public func check(_ subject: Subject) -> Failure? {
    isRequired && Transform.hasOuterWhitespace(subject.value) ? Failure(code: Self.name) : nil
  }
}

extension Trimmed: UTF8CheckableRule {
  public func check(utf8 subject: UTF8Subject) -> Int? {
    isRequired && UTF8Text.hasOuterWhitespace(subject.value) ? 0 : nil
  }

  public func failure(variant: Int) -> Failure { Failure(code: Self.name) }
}
