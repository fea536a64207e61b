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

extension NotPattern: UTF8CheckableRule {
  /// Variant 0 is a match, 1 a search that hit a limit or failed.
  public func check(utf8 subject: UTF8Subject) -> Int? {
    switch pattern.matches(utf8: subject.value) {
    case .noMatch: return nil
    case .match: return 0
    case .limitExceeded, .error: return 1
    }
  }

  public func failure(variant: Int) -> Failure { Failure(code: variant == 0 ? Self.name : "pattern.limit") }
}
