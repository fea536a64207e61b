/// `{"email": "practical"}`: email address syntax under a profile (`html`, `practical`,
/// `rfc`), with options `allowQuoted`, `allowDomainLiteral` and `allowUnicode` that
/// override the profile's defaults. The failure's `reason` says what is wrong and selects
/// a specific message (`email.missingAt`).
public struct Email: Rule {
  public static let name = "email"
  public static let options = ["allowQuoted", "allowDomainLiteral", "allowUnicode"]
  public let syntax: EmailSyntax

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    let profile: EmailSyntax.Profile
    switch decoder.value {
    case .bool(true): profile = .practical
    case .string(let name):
      guard let p = EmailSyntax.Profile(rawValue: name) else {
        throw RuleDecodingError(
          "unknown email profile \"\(name)\" (use html, practical or rfc)", at: [.key(Self.name)],
          suggestion: Suggestion.closest(to: name, in: EmailSyntax.Profile.allCases.map(\.rawValue)))
      }
      profile = p
    default:
      throw RuleDecodingError(
        "expected a profile name (\"html\", \"practical\", \"rfc\") or true, found \(decoder.value.typeDescription)",
        at: [.key(Self.name)])
    }
    var syntax = EmailSyntax(profile: profile)
    if let quoted = try decoder.boolOption("allowQuoted") { syntax.allowQuotedLocalPart = quoted }
    if let literal = try decoder.boolOption("allowDomainLiteral") { syntax.allowDomainLiteral = literal }
    if let unicode = try decoder.boolOption("allowUnicode") { syntax.allowUnicode = unicode }
    self.syntax = syntax
  }

  public var requirement: Failure {
    Failure(code: Self.name, params: ["profile": .string(syntax.profile.rawValue)])
  }
}

extension Email {
  /// The variant is the reason's position in `EmailSyntax.Reason.allCases`.
  public func check(_ subject: Subject) -> Int? {
    // Most addresses are plain ASCII; a one-pass test accepts those, the full scan does the rest.
    if syntax.profile != .html && PlainEmail.accepts(subject.bytes) { return nil }
    guard let reason = syntax.check(utf8: subject.bytes) else { return nil }
    return emailReasons.firstIndex(of: reason)
  }

  public func failure(variant: Int) -> Failure {
    let reason = emailReasons[variant]
    return Failure(
      code: Self.name, params: ["reason": .string(reason.rawValue), "profile": .string(syntax.profile.rawValue)],
      detail: reason.rawValue)
  }
}

/// Built once: `allCases` makes a new array on every call.
private let emailReasons = EmailSyntax.Reason.allCases
