/// `{"notPattern": "password"}`: PCRE2 search must find no match.
public struct NotPattern: Rule {
  public static let name = "notPattern"
  public static let options = ["flags"]
  public let pattern: Pattern

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    pattern = try Pattern.decode(decoder, ruleName: Self.name)
  }

  public func check(_ subject: Subject) -> Int? {
    pattern.matches(utf8: subject.bytes).failureVariant(failingOn: .match)
  }

  public func failure(variant: Int) -> Failure { Pattern.failure(variant: variant, code: Self.name) }
}
