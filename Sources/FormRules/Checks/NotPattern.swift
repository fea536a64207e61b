/// `{"notPattern": "password"}`: PCRE2 search must find no match.
public struct NotPattern: Rule {
  public static let name = "notPattern"
  public static let options = ["flags"]
  public let pattern: Pattern

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    pattern = try Pattern.decode(decoder, ruleName: Self.name)
  }

  public func check(_ subject: Subject) -> Failure? {
    switch pattern.matches(subject.value) {
    case .noMatch: return nil
    case .match: return Failure(code: Self.name)
    case .limitExceeded, .error: return Failure(code: "pattern.limit")
    }
  }
}
