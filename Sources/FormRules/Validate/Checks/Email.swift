/// `{"email": "practical"}`: email address syntax under a profile (`html`, `practical`,
/// `rfc`), with options `allowQuoted`, `allowDomainLiteral`, `allowUnicode` and
/// `allowSpecialUse` that override the profile's defaults. The failure's `reason` says what is wrong and selects
/// a specific message (`email.missingAt`).
public struct Email: Rule {
  public static let name = "email"
  public static let options = ["allowQuoted", "allowDomainLiteral", "allowUnicode", "allowSpecialUse"]
  /// The grammar the value is checked against: the rule's profile with its `allow…` options applied.
  public let syntax: EmailSyntax

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    let profile: EmailSyntax.Profile
    switch decoder.value {
    case .bool(true): profile = .practical
    case .string(let name):
      guard let p = EmailSyntax.Profile(rawValue: name) else {
        throw RuleDecodingError(
          ProblemLine("cli.rules.email.unknownProfile", ["name": name]), at: [.key(Self.name)],
          suggestion: Suggestion.closest(to: name, in: EmailSyntax.Profile.allCases.map(\.rawValue)))
      }
      profile = p
    default:
      throw RuleDecodingError(
        ProblemLine("cli.rules.email.expected").type("found", of: decoder.value), at: [.key(Self.name)])
    }
    var syntax = EmailSyntax(profile: profile)
    if let quoted = try decoder.boolOption("allowQuoted") { syntax.allowQuotedLocalPart = quoted }
    if let literal = try decoder.boolOption("allowDomainLiteral") { syntax.allowDomainLiteral = literal }
    if let unicode = try decoder.boolOption("allowUnicode") { syntax.allowUnicode = unicode }
    if let specialUse = try decoder.boolOption("allowSpecialUse") { syntax.allowSpecialUse = specialUse }
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
    if syntax.profile != .html && PlainEmail.accepts(subject.bytes, allowSpecialUse: syntax.allowSpecialUse) {
      return nil
    }
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

extension Email {
  /// Its messages: its code and one per reason (`email.<reason>`) and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "email",
      ja: ("{label}の形式が正しくありません。", "メールアドレスの形式が正しくありません。"),
      en: ("{label} is not a valid email address.", "Not a valid email address.")),
    RuleMessage(
      "email.empty",
      ja: ("{label}を入力してください。", "メールアドレスを入力してください。"),
      en: ("Please enter {label}.", "Enter an email address.")),
    RuleMessage(
      "email.missingAt",
      ja: ("{label}に「@」が含まれていません。", "「@」が含まれていません。"),
      en: ("{label} must contain an \"@\".", "Must contain an \"@\".")),
    RuleMessage(
      "email.fullWidthDot",
      ja: ("{label}に「。」が含まれています。半角の「.」で入力してください。", "「。」が含まれています。半角の「.」で入力してください。"),
      en: ("{label} contains a full-width \"。\"; use \".\".", "Contains a full-width \"。\"; use \".\".")),
    RuleMessage(
      "email.multipleAt",
      ja: ("{label}に「@」が複数含まれています。", "「@」が複数含まれています。"),
      en: ("{label} contains more than one \"@\".", "Contains more than one \"@\".")),
    RuleMessage(
      "email.fullWidthAt",
      ja: ("{label}の「＠」が全角です。半角の「@」で入力してください。", "「＠」が全角です。半角の「@」で入力してください。"),
      en: ("{label} contains a full-width \"＠\"; use \"@\".", "Contains a full-width \"＠\"; use \"@\".")),
    RuleMessage(
      "email.missingLocalPart",
      ja: ("{label}の「@」より前の部分を入力してください。", "「@」より前の部分を入力してください。"),
      en: ("{label} is missing the part before the \"@\".", "Missing the part before the \"@\".")),
    RuleMessage(
      "email.missingDomain",
      ja: ("{label}の「@」より後のドメインを入力してください。", "「@」より後のドメインを入力してください。"),
      en: ("{label} is missing the domain after the \"@\".", "Missing the domain after the \"@\".")),
    RuleMessage(
      "email.localPartTooLong",
      ja: ("{label}の「@」より前の部分は64バイト以下で入力してください。", "「@」より前の部分は64バイト以下で入力してください。"),
      en: (
        "{label} must have at most 64 bytes before the \"@\".",
        "The part before the \"@\" must be at most 64 bytes."
      )),
    RuleMessage(
      "email.tooLong",
      ja: ("{label}は254バイト以下で入力してください。", "254バイト以下で入力してください。"),
      en: ("{label} must be at most 254 bytes.", "Must be at most 254 bytes.")),
    RuleMessage(
      "email.consecutiveDots",
      ja: ("{label}に「.」が連続しています。", "「.」が連続しています。"),
      en: ("{label} contains two dots in a row.", "Contains two dots in a row.")),
    RuleMessage(
      "email.leadingDot",
      ja: ("{label}の「@」より前の部分が「.」で始まっています。", "「@」より前の部分が「.」で始まっています。"),
      en: ("{label} starts with a dot before the \"@\".", "The part before the \"@\" starts with a dot.")),
    RuleMessage(
      "email.trailingDot",
      ja: ("{label}の「@」の直前またはドメインの末尾に「.」があります。", "「@」の直前またはドメインの末尾に「.」があります。"),
      en: ("{label} has a dot right before the \"@\" or at the end.", "Has a dot right before the \"@\" or at the end.")
    ),
    RuleMessage(
      "email.invalidCharacter",
      ja: ("{label}に使用できない文字が含まれています。", "使用できない文字が含まれています。"),
      en: ("{label} contains a character that is not allowed.", "Contains a character that is not allowed.")),
    RuleMessage(
      "email.whitespace",
      ja: ("{label}に空白が含まれています。", "空白が含まれています。"),
      en: ("{label} contains a space.", "Contains a space.")),
    RuleMessage(
      "email.controlCharacter",
      ja: ("{label}に制御文字が含まれています。", "制御文字が含まれています。"),
      en: ("{label} contains a control character.", "Contains a control character.")),
    RuleMessage(
      "email.quotedLocalPart",
      ja: ("{label}に「\"」で囲まれた部分は使用できません。", "「\"」で囲まれた部分は使用できません。"),
      en: ("{label} cannot use a quoted local part.", "A quoted local part is not allowed.")),
    RuleMessage(
      "email.domainLiteral",
      ja: ("{label}のドメインにIPアドレスは使用できません。", "ドメインにIPアドレスは使用できません。"),
      en: ("{label} cannot use an IP address as its domain.", "An IP address is not allowed as the domain.")),
    RuleMessage(
      "email.invalidDomainLiteral",
      ja: ("{label}のドメインのIPアドレスが正しくありません。", "ドメインのIPアドレスが正しくありません。"),
      en: ("{label} has an IP address that is not valid.", "The IP address is not valid.")),
    RuleMessage(
      "email.unicodeNotAllowed",
      ja: ("{label}は半角英数字・記号で入力してください。", "半角英数字・記号で入力してください。"),
      en: (
        "{label} must use regular (half-width) letters, digits and symbols only.",
        "Use regular (half-width) letters, digits and symbols only."
      )),
    RuleMessage(
      "email.domainNoDot",
      ja: ("{label}のドメインに「.」が含まれていません。", "ドメインに「.」が含まれていません。"),
      en: ("{label} must have a dot in its domain.", "The domain must contain a dot.")),
    RuleMessage(
      "email.labelTooLong",
      ja: ("{label}のドメインの各部分は63バイト以下で入力してください。", "ドメインの各部分は63バイト以下で入力してください。"),
      en: (
        "{label} must have domain parts of at most 63 bytes each.",
        "Each part of the domain must be at most 63 bytes."
      )),
    RuleMessage(
      "email.invalidLabel",
      ja: ("{label}のドメインの形式が正しくありません。", "ドメインの形式が正しくありません。"),
      en: ("{label} has a domain that is not valid.", "The domain is not valid.")),
    RuleMessage(
      "email.numericTopLevelDomain",
      ja: ("{label}のドメインの末尾が数字だけになっています。", "ドメインの末尾が数字だけになっています。"),
      en: ("{label} cannot have a domain that ends in a numeric part.", "The domain cannot end in a numeric part.")),
    RuleMessage(
      "email.invalidQuotedString",
      ja: ("{label}の「\"」で囲まれた部分が正しくありません。", "「\"」で囲まれた部分が正しくありません。"),
      en: ("{label} has a quoted part that is not valid.", "The quoted part is not valid.")),
    RuleMessage(
      "email.invalidUTF8",
      ja: ("{label}に読み取れない文字が含まれています。", "読み取れない文字が含まれています。"),
      en: ("{label} contains bytes that are not valid text.", "Contains bytes that are not valid text.")),
    RuleMessage(
      "email.fullWidthCharacter",
      ja: ("{label}に全角の英数字や記号が含まれています。半角英数字・記号で入力してください。", "全角の英数字や記号が含まれています。半角英数字・記号で入力してください。"),
      en: (
        "{label} contains full-width letters or symbols; use half-width ones.",
        "Contains full-width letters or symbols; use half-width ones."
      )),
    RuleMessage(
      "email.domainTooLong",
      ja: ("{label}のドメインは253バイト以下で入力してください。", "ドメインは253バイト以下で入力してください。"),
      en: ("{label} must have a domain of at most 253 bytes.", "The domain must be at most 253 bytes.")),
    RuleMessage(
      "email.invalidTopLevelDomain",
      ja: ("{label}のドメインの末尾（「.com」「.jp」など）が正しくありません。", "ドメインの末尾（「.com」「.jp」など）が正しくありません。"),
      en: (
        "{label} must have a domain that ends in a valid top-level domain (such as \".com\" or \".jp\").",
        "The domain does not end in a valid top-level domain (such as \".com\" or \".jp\")."
      )),
    RuleMessage(
      "email.specialUseDomain",
      ja: ("{label}のドメインはテスト用などの特別な名前のため、メールを受け取れません。", "ドメインはテスト用などの特別な名前のため、メールを受け取れません。"),
      en: (
        "{label} has a special-use domain (such as .test or .local) that cannot receive email.",
        "The domain is a special-use name (such as .test or .local) that cannot receive email."
      )),
    RuleMessage(
      "email.invalidIDN",
      ja: (
        "{label}の「@」より後の部分（ドメイン）が正しくありません。使用できない文字が含まれていないか確認してください。",
        "「@」より後の部分（ドメイン）が正しくありません。使用できない文字が含まれていないか確認してください。"
      ),
      en: (
        "{label} has a domain (the part after the \"@\") that is not valid. Check it for characters domain names do not allow.",
        "The part after the \"@\" (the domain) is not valid. Check it for characters domain names do not allow."
      )),
    RuleMessage(
      "email.idnaUnavailable",
      ja: (
        "{label}のドメインに英数字以外の文字が含まれているため、このアプリでは確認できません。「xn--」で始まる形式で入力してください。",
        "ドメインに英数字以外の文字が含まれているため、このアプリでは確認できません。「xn--」で始まる形式で入力してください。"
      ),
      en: (
        "{label} has a domain with non-ASCII characters, which this app cannot check. Enter the domain in its xn-- form.",
        "The domain has non-ASCII characters, which this app cannot check. Enter it in its xn-- form."
      )),
    RuleMessage(
      "email.compatibilityCharacter",
      ja: (
        "{label}の「@」より前に、英数字に似た別の文字が含まれています。半角英数字・記号で入力してください。",
        "「@」より前に、英数字に似た別の文字が含まれています。半角英数字・記号で入力してください。"
      ),
      en: (
        "{label} has a character before the \"@\" that imitates a regular letter or symbol; type the regular (half-width) one.",
        "The part before the \"@\" contains a character that imitates a regular letter or symbol; type the regular (half-width) one."
      )),
    RuleMessage(
      "requirement.email", ja: ("正しいメールアドレスの形式", "正しいメールアドレスの形式"),
      en: ("A valid email address", "A valid email address")),
  ]
}
