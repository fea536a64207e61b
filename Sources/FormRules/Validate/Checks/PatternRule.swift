/// `{"pattern": "^[a-z0-9_]+\\z", "flags": "i"}`: PCRE2 search must find a match.
///
/// The type is `PatternRule` because `Pattern` is the name of the compiled regular expression
/// inside the library.
public struct PatternRule: Rule {
  public static let name = "pattern"
  public static let options = ["flags"]
  /// The compiled PCRE2 expression with its flags.
  package let pattern: Pattern

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    pattern = try Pattern.decode(decoder, ruleName: Self.name)
  }

  public func check(_ subject: Subject) -> Int? {
    pattern.matches(utf8: subject.bytes).failureVariant(failingOn: .noMatch)
  }

  public func failure(variant: Int) -> Failure { Pattern.failure(variant: variant, code: Self.name) }
}

extension Pattern {
  /// Compiles the rule's pattern, turning PCRE2's complaint into a rules-file error.
  static func decode(_ decoder: RuleDecoder, ruleName: String) throws(RuleDecodingError) -> Pattern {
    let source = try decoder.string()
    let flags = try decoder.stringOption("flags") ?? ""
    do {
      return try Pattern(source, flags: flags)
    } catch {
      // The flag problems have their lines; PCRE2's own reason is English in every language.
      if error.code == 0 {
        let line =
          error.flag.map { ProblemLine("cli.rules.pattern.unknownFlag", ["flag": $0]) }
          ?? ProblemLine("cli.rules.pattern.outOfMemory")
        throw RuleDecodingError(line, at: [.key("flags")])
      }
      throw RuleDecodingError(
        ProblemLine("cli.rules.pattern.invalid", ["reason": error.message, "offset": "\(error.offset)"]),
        at: [.key(ruleName)])
    }
  }

  /// The failure of a pattern rule: variant 0 is the rule's own code, 1 is `pattern.limit`.
  static func failure(variant: Int, code: String) -> Failure {
    Failure(code: variant == 0 ? code : "pattern.limit")
  }
}

extension Pattern.MatchResult {
  /// How a pattern rule that fails on `failing` judges this result: `nil` when it passes,
  /// 0 for the rule's own failure, 1 when the search hit a limit or failed (`pattern.limit`).
  func failureVariant(failingOn failing: Pattern.MatchResult) -> Int? {
    switch self {
    case .limitExceeded, .error: return 1
    case failing: return 0
    default: return nil
    }
  }
}

extension PatternRule {
  /// Its messages: its code and `pattern.limit` (also `notPattern`'s) and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "pattern", ja: ("{label}の形式が正しくありません。", "形式が正しくありません。"),
      en: ("{label} is not in the expected format.", "Not in the expected format.")),
    RuleMessage(
      "pattern.limit",
      ja: ("{label}を確認できませんでした。短くしてもう一度お試しください。", "確認できませんでした。短くしてもう一度お試しください。"),
      en: (
        "{label} could not be checked. Please try a shorter one.", "Could not be checked. Please try something shorter."
      )),
    RuleMessage(
      "requirement.pattern", ja: ("指定の形式", "指定の形式"), en: ("In the required format", "In the required format")),
  ]
}
