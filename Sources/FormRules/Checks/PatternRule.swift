/// `{"pattern": "^[a-z0-9_]+\\z", "flags": "i"}`: PCRE2 search must find a match.
///
/// The type is `PatternRule` because ``Pattern`` is the compiled regular expression.
public struct PatternRule: Rule {
  public static let name = "pattern"
  public static let options = ["flags"]
  public let pattern: Pattern

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    pattern = try Pattern.decode(decoder, ruleName: Self.name)
  }

  public func check(_ subject: Subject) -> Failure? {
    switch pattern.matches(subject.value) {
    case .match: return nil
    case .noMatch: return Failure(code: Self.name)
    case .limitExceeded, .error: return Failure(code: "pattern.limit")
    }
  }
}

extension Pattern {
  /// Compiles the rule's pattern, turning PCRE2's complaint into a rules-file error.
  static func decode(_ decoder: RuleDecoder, ruleName: String) throws(RuleDecodingError) -> Pattern {
    let source = try decoder.string()
    let flags = try decoder.stringOption("flags") ?? ""
    do {
      return try Pattern(source, flags: flags)
    } catch {
      if error.code == 0 { throw RuleDecodingError(error.message, at: [.key("flags")]) }
      throw RuleDecodingError(
        "invalid regular expression: \(error.message) at offset \(error.offset)", at: [.key(ruleName)])
    }
  }
}

extension PatternRule: UTF8CheckableRule {
  /// Variant 0 is no match, 1 a search that hit a limit or failed.
  public func check(utf8 subject: UTF8Subject) -> Int? {
    switch pattern.matches(utf8: subject.value) {
    case .match: return nil
    case .noMatch: return 0
    case .limitExceeded, .error: return 1
    }
  }

  public func failure(variant: Int) -> Failure { Failure(code: variant == 0 ? Self.name : "pattern.limit") }
}
