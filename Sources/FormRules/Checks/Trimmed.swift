/// `{"trimmed": true}`: the value has no leading or trailing white space. The check
/// rejects (or, as a warning, flags) what the `trim` transform would silently change;
/// use it on fields that are not trimmed, such as passwords.
public struct Trimmed: Rule {
  public static let name = "trimmed"
  public let isRequired: Bool

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    isRequired = try decoder.bool()
  }

  public func check(_ subject: Subject) -> Int? {
    isRequired && Transform.hasOuterWhitespace(subject.bytes) ? 0 : nil
  }

  public func failure(variant: Int) -> Failure { Failure(code: Self.name) }
}
