import FormRules

/// `{"strength": {"min": 3}}`: the estimated guessing effort scores at least `min` on
/// the 0–4 scale of ``StrengthEstimator`` (0: < 10³ guesses, 1: < 10⁶, 2: < 10⁸,
/// 3: < 10¹⁰, 4: more). A number is short for `{"min": n}`.
///
/// Options:
/// - `userInputs`: fields whose values (and their parts, as in ``NotContainsField``) count
///   as the most guessable words: `{"min": 3, "userInputs": ["email"]}`;
/// - `languages`: the word lists to guess with, `["en", "ja"]` (the default) or either one;
/// - `words` and `lists`: the app's own words (product and company names), in the rules
///   file or in list files (as `notCommon` reads them), most guessable first.
///
/// The ranked dictionaries (a resource of this target, or the folder the app names in
/// `RuleSet.LoadOptions.dataFolders["strength"]`)
/// are loaded once per process and shared (``StrengthDictionary``).
///
/// Failure parameters: `min`, `score`, `warning` (a ``StrengthWarning`` code, when one
/// applies; also the detail, which selects the message `strength.<warning>`) and
/// `suggestions` (``StrengthSuggestion`` codes; render them with
/// ``MessageCatalog/suggestions(for:locale:)``).
///
/// - Complexity: bounded: only the first 100 scalars are analysed (see ``StrengthEstimator``).
public struct Strength: Rule {
  public static let name = "strength"
  static let keys = ["min", "userInputs", "languages", "words", "lists"]
  /// The lowest score that passes, from 1 to 4.
  public let min: Int
  /// The fields whose values count as the most guessable words; empty when none.
  public let userInputs: [String]
  /// The word lists to guess with; both `en` and `ja` unless the rules file names fewer.
  public let languages: Set<StrengthLanguage>
  /// The rules file's own words, as written, most guessable first; empty when none.
  public let words: [String]
  let lists: [String]
  private(set) var estimator: StrengthEstimator?

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    precondition(Self.codesFitVariant, Self.codesOverflowMessage)
    let here: [JSONPathComponent] = [.key(Self.name)]
    var minValue = decoder.value
    var inputs: [String] = []
    var languages = Set(StrengthLanguage.allCases)
    var words: [String] = []
    var lists: [String] = []
    func strings(_ key: String, allowSingle: Bool = false) throws(RuleDecodingError) -> [String]? {
      guard let object = decoder.value.objectValue, let raw = object[key] else { return nil }
      if allowSingle, let single = raw.stringValue { return [single] }
      guard let array = raw.arrayValue, array.allSatisfy({ $0.stringValue != nil }) else {
        throw RuleDecodingError(
          ProblemLine("cli.rules.expectedOnly").kind("expected", "cli.rules.kind.arrayOfStrings"),
          at: here + [.key(key)])
      }
      return array.compactMap(\.stringValue)
    }
    if let object = decoder.value.objectValue {
      for key in object.keys where !Self.keys.contains(key) {
        throw RuleDecodingError(
          ProblemLine("cli.rules.unknownKeyIn", ["key": key, "rule": Self.name]), at: here + [.key(key)],
          suggestion: Suggestion.closest(to: key, in: Self.keys))
      }
      guard let m = object["min"] else { throw RuleDecodingError(ProblemLine("cli.rules.strength.noMin"), at: here) }
      minValue = m
      if object["userInputs"] != nil, object["userInputs"]?.arrayValue == nil {
        throw RuleDecodingError(
          ProblemLine("cli.rules.expectedOnly").kind("expected", "cli.rules.kind.arrayOfFieldNames"),
          at: here + [.key("userInputs")])
      }
      inputs = try strings("userInputs") ?? []
      if let codes = try strings("languages") {
        languages = []
        for (i, code) in codes.enumerated() {
          guard let language = StrengthLanguage(rawValue: code) else {
            throw RuleDecodingError(
              ProblemLine("cli.rules.expectedOneOf", ["found": "\"\(code)\""]).choices(["en", "ja"]),
              at: here + [.key("languages"), .index(i)],
              suggestion: Suggestion.closest(to: code, in: StrengthLanguage.allCases.map(\.rawValue)))
          }
          languages.insert(language)
        }
        if languages.isEmpty {
          throw RuleDecodingError(ProblemLine("cli.rules.strength.noLanguage"), at: here + [.key("languages")])
        }
      }
      words = try strings("words") ?? []
      lists = try strings("lists", allowSingle: true) ?? []
    }
    guard let n = minValue.intValue, (1...4).contains(n) else {
      throw RuleDecodingError(
        ProblemLine("cli.rules.strength.score").type("found", of: minValue),
        at: decoder.value.objectValue == nil ? here : here + [.key("min")])
    }
    min = n
    userInputs = inputs
    self.languages = languages
    self.words = words
    self.lists = lists
  }

  public var referencedFields: [String] { userInputs }

  public func files(in context: CompileContext) -> [RuleFile] {
    let base = context.baseDirectory
    var files: [RuleFile] = []
    if let directory = StrengthDictionary.directoryURL(in: context) {
      files.append(RuleFile(.shipped(directory.appendingPathComponent(StrengthListsFile.name)), at: [.key(Self.name)]))
    }
    for (i, list) in lists.enumerated() {
      let url = context.resolve(list)
      let at: [JSONPathComponent] = [.key("lists"), .index(i)]
      files.append(
        RuleFile(.declared(list, url), at: at, entries: { PasswordList.entries(at: url, base: base) }))
    }
    return files
  }

  /// A suggestion that would repeat or contradict the failure's own message is left out
  /// (``StrengthSuggestion/isRedundant(_:after:)``).
  public static func suggestionAdds(_ suggestion: String, to failure: Failure) -> Bool {
    !StrengthSuggestion.isRedundant(suggestion, after: failure)
  }

  public mutating func compile(in context: CompileContext) throws(RuleDecodingError) {
    let here: [JSONPathComponent] = [.key(Self.name)]
    guard let directory = StrengthDictionary.directoryURL(in: context) else {
      throw RuleDecodingError(
        ProblemLine(
          "cli.rules.strength.noDictionaries",
          [
            "directory": context.dataFolder(StrengthDictionary.dataFolderName)?.path
              ?? "FormRulesPassword's resource bundle"
          ]),
        at: here)
    }
    let dictionary: StrengthDictionary
    do {
      dictionary = try StrengthDictionary.shared(directory: directory, languages: languages)
    } catch {
      throw RuleDecodingError(ProblemLine("cli.rules.strength.cannotLoad", ["reason": error.description]), at: here)
    }
    var own = words
    for (i, list) in lists.enumerated() {
      let url = PasswordList.resolve(list, in: context)
      own += try PasswordList.lines(at: url, in: context, at: here + [.key("lists"), .index(i)])
    }
    estimator = StrengthEstimator(dictionary: dictionary, words: own)
  }

  /// The estimate for a subject, with the other fields' values as user inputs.
  func estimate(_ subject: Subject) -> StrengthEstimate? {
    let inputs = userInputs.compactMap { subject.string(of: $0) }.filter { !$0.isEmpty }
    return estimator?.estimate(subject.string, userInputs: inputs)
  }

  private static let warnings = StrengthWarning.allCases
  private static let suggestionCodes = StrengthSuggestion.allCases
  /// Bits per warning or suggestion code in a variant (code + 1, so 0 means none).
  private static let codeBits = 5
  /// How many suggestions a variant holds: 64 bits less 3 for the score and 5 for the warning.
  static let maxSuggestions = (63 - 3 - codeBits) / codeBits
  /// Whether every warning and suggestion code (its position + 1, 0 meaning none) fits in
  /// ``codeBits``. A 32nd warning or suggestion would silently turn into another one in the
  /// variant; instead compiling any policy with `strength` stops with this message, and
  /// `VariantLimitTests` fails first.
  static let codesFitVariant = warnings.count < 1 << codeBits && suggestionCodes.count < 1 << codeBits
  static let codesOverflowMessage =
    "strength: \(warnings.count) warnings and \(suggestionCodes.count) suggestions do not fit the variant's "
    + "\(codeBits)-bit codes (at most \((1 << codeBits) - 1) each); widen Strength.codeBits"

  /// The variant packs the score (3 bits), the warning and the suggestions (5 bits each,
  /// the code's position + 1), so one number fixes the whole failure.
  public func check(_ subject: Subject) -> Int? {
    guard let estimate = estimate(subject), estimate.score < min else { return nil }
    var variant = estimate.score
    var shift = 3
    variant |= ((estimate.warning.flatMap { Self.warnings.firstIndex(of: $0) } ?? -1) + 1) << shift
    for suggestion in estimate.suggestions.prefix(Self.maxSuggestions) {
      shift += Self.codeBits
      variant |= ((Self.suggestionCodes.firstIndex(of: suggestion) ?? -1) + 1) << shift
    }
    return variant
  }

  public func failure(variant: Int) -> Failure {
    let mask = (1 << Self.codeBits) - 1
    let score = variant & 7
    var shift = 3
    let warningCode = (variant >> shift) & mask
    let warning = warningCode > 0 && warningCode <= Self.warnings.count ? Self.warnings[warningCode - 1] : nil
    var suggestions: [StrengthSuggestion] = []
    while true {
      shift += Self.codeBits
      guard shift < 63 else { break }
      let code = (variant >> shift) & mask
      guard code > 0, code <= Self.suggestionCodes.count else { break }
      suggestions.append(Self.suggestionCodes[code - 1])
    }
    var params: Parameters = ["min": .int(min), "score": .int(score)]
    if let warning { params["warning"] = .string(warning.rawValue) }
    params["suggestions"] = .strings(suggestions.map(\.rawValue))
    return Failure(code: Self.name, params: params, detail: warning?.rawValue)
  }

  public var requirement: Failure { Failure(code: Self.name, params: ["min": .int(min)]) }
}

extension StrengthSuggestion {
  /// Whether suggestion `code` would repeat the message of `failure`, or contradict it:
  /// 「連続した並び（abc、6543など）のため…」 needs no 「連続した並び…は避けてください。」, the general
  /// message and every warning (which end with their own soft action, 「単語を加えると、より安全です。」)
  /// need no `addWord`, and 「別のものにしてください。」 (a common password) is not followed by
  /// 「単語を加えてください。」.
  static func isRedundant(_ code: String, after failure: Failure) -> Bool {
    let warning: String? = if case .string(let w) = failure.params["warning"] { w } else { nil }
    let isWarning = failure.severity == .warning
    switch StrengthSuggestion(rawValue: code) {
    case .addWord: return warning == nil || isWarning || warning == "commonPassword" || warning == "similarToCommon"
    case .avoidSequences: return warning == "sequence"
    case .avoidRepeats: return warning == "repeatedCharacter" || warning == "repeatedPattern"
    case .avoidDates: return warning == "date"
    case .avoidYears: return warning == "recentYear"
    case .avoidNames: return isWarning && (warning == "commonName" || warning == "nameByItself")
    case .avoidPersonalInfo: return isWarning && warning == "userInput"
    case .avoidServiceWords: return isWarning && warning == "serviceWord"
    case .longerKeyboardPattern: return isWarning && (warning == "straightRow" || warning == "keyboardPattern")
    default: return false
    }
  }
}

extension Policy {
  /// The strength estimate of a field that has a `strength` rule, for a meter that
  /// moves while the user types; `nil` when the field has none.
  public func strength(of field: String, in values: [String: String]) -> StrengthEstimate? {
    guard let index = fieldIndex[field], let rule = Self.firstStrength(in: fields[index].rules) else { return nil }
    return withPrepared({ values[$0] }) { call in rule.estimate(call.subject(index)) }
  }

  private static func firstStrength(in nodes: [RuleNode]) -> Strength? {
    for node in nodes {
      switch node.kind {
      case .rule(let rule): if let strength = rule as? Strength { return strength }
      case .allOf(let inner), .anyOf(let inner), .not(let inner):
        if let strength = firstStrength(in: inner) { return strength }
      }
    }
    return nil
  }
}

extension Strength {
  /// Its messages: its code, one per warning (`strength.<warning>`), and the suggestions (`strength.suggestion.<code>`) and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] =
    [
      RuleMessage(
        "strength.warning",
        ja: ("{label}は推測されやすいです。単語を加えるなどして長くすると、より安全です。", "推測されやすいです。単語を加えるなどして長くすると、より安全です。"),
        en: (
          "{label} is easy to guess. We recommend making it longer, for example by adding a word.",
          "Easy to guess. We recommend making it longer, for example by adding a word."
        )),
      RuleMessage(
        "strength.commonPassword.warning",
        ja: ("{label}はよく使われているため、すぐに推測されます。別のものにすると、より安全です。", "よく使われているため、すぐに推測されます。別のものにすると、より安全です。"),
        en: (
          "{label} is a very common password, which is guessed almost at once. A different one is safer.",
          "A very common password, which is guessed almost at once. A different one is safer."
        )),
      RuleMessage(
        "strength.similarToCommon.warning",
        ja: ("{label}はよく使われているものに似ているため推測されやすいです。別のものにすると、より安全です。", "よく使われているパスワードに似ているため推測されやすいです。別のものにすると、より安全です。"),
        en: (
          "{label} is similar to a commonly used password, which is easy to guess. A different one is safer.",
          "Similar to a commonly used password, which is easy to guess. A different one is safer."
        )),
      RuleMessage(
        "strength.wordByItself.warning",
        ja: ("{label}は単語1つだけのため推測されやすいです。単語をもう1つ加えると、より安全です。", "単語1つだけのため推測されやすいです。単語をもう1つ加えると、より安全です。"),
        en: (
          "{label} is a single word, which is easy to guess. Adding another word makes it safer.",
          "A single word is easy to guess. Adding another word makes it safer."
        )),
      RuleMessage(
        "strength.commonWord.warning",
        ja: (
          "{label}はよく使われる単語が中心のため推測されやすいです。あまり使われない単語を加えると、より安全です。", "よく使われる単語が中心のため推測されやすいです。あまり使われない単語を加えると、より安全です。"
        ),
        en: (
          "{label} is built around a common word, which is easy to guess. Adding an uncommon word makes it safer.",
          "Built around a common word, which is easy to guess. Adding an uncommon word makes it safer."
        )),
      RuleMessage(
        "strength.nameByItself.warning",
        ja: ("{label}は名前や名字だけのため推測されやすいです。名前以外の単語を加えると、より安全です。", "名前や名字だけのため推測されやすいです。名前以外の単語を加えると、より安全です。"),
        en: (
          "{label} is a name or surname by itself, which is easy to guess. Adding a word that is not a name makes it safer.",
          "A name or surname by itself is easy to guess. Adding a word that is not a name makes it safer."
        )),
      RuleMessage(
        "strength.commonName.warning",
        ja: ("{label}はよくある名前や名字が中心のため推測されやすいです。名前以外の単語を加えると、より安全です。", "よくある名前や名字が中心のため推測されやすいです。名前以外の単語を加えると、より安全です。"),
        en: (
          "{label} is built around a common name or surname, which is easy to guess. Adding another word makes it safer.",
          "Built around a common name or surname, which is easy to guess. Adding another word makes it safer."
        )),
      RuleMessage(
        "strength.serviceWord.warning",
        ja: (
          "{label}にサービス名など、このサービスに関係する語が含まれているため推測されやすいです。関係のない単語にすると、より安全です。",
          "サービス名など、このサービスに関係する語が含まれているため推測されやすいです。関係のない単語にすると、より安全です。"
        ),
        en: (
          "{label} contains a word tied to this service, such as its name, which is easy to guess. Unrelated words are safer.",
          "Contains a word tied to this service, such as its name, which is easy to guess. Unrelated words are safer."
        )),
      RuleMessage(
        "strength.userInput.warning",
        ja: (
          "{label}はほかの項目で入力した内容が含まれているため推測されやすいです。その内容を除くと、より安全です。", "ほかの項目で入力した内容が含まれているため推測されやすいです。その内容を除くと、より安全です。"
        ),
        en: (
          "{label} contains details you entered elsewhere, which makes it easy to guess. Leaving them out is safer.",
          "Contains details you entered elsewhere, which makes it easy to guess. Leaving them out is safer."
        )),
      RuleMessage(
        "strength.straightRow.warning",
        ja: (
          "{label}はキーボードで横一列に並んだ文字（qwertyなど）のため推測されやすいです。単語を加えると、より安全です。",
          "キーボードで横一列に並んだ文字（qwertyなど）のため推測されやすいです。単語を加えると、より安全です。"
        ),
        en: (
          "{label} is a straight row of keys (like qwerty), which is easy to guess. Adding a word makes it safer.",
          "A straight row of keys (like qwerty) is easy to guess. Adding a word makes it safer."
        )),
      RuleMessage(
        "strength.keyboardPattern.warning",
        ja: (
          "{label}はキーボード上で隣り合うキーを短くたどった並び（asdfなど）のため推測されやすいです。単語を加えると、より安全です。",
          "キーボード上で隣り合うキーを短くたどった並び（asdfなど）のため推測されやすいです。単語を加えると、より安全です。"
        ),
        en: (
          "{label} is a short keyboard pattern (like asdf), which is easy to guess. Adding a word makes it safer.",
          "A short keyboard pattern (like asdf) is easy to guess. Adding a word makes it safer."
        )),
      RuleMessage(
        "strength.repeatedCharacter.warning",
        ja: (
          "{label}は同じ文字の繰り返し（aaaなど）のため推測されやすいです。繰り返しの代わりに単語を加えると、より安全です。",
          "同じ文字の繰り返し（aaaなど）のため推測されやすいです。繰り返しの代わりに単語を加えると、より安全です。"
        ),
        en: (
          "{label} repeats one character (like aaa), which is easy to guess. A word instead of the repeats makes it safer.",
          "Repeating one character (like aaa) is easy to guess. A word instead of the repeats makes it safer."
        )),
      RuleMessage(
        "strength.repeatedPattern.warning",
        ja: (
          "{label}は同じ並びの繰り返し（abcabcなど）のため推測されやすいです。繰り返しの代わりに単語を加えると、より安全です。",
          "同じ並びの繰り返し（abcabcなど）のため推測されやすいです。繰り返しの代わりに単語を加えると、より安全です。"
        ),
        en: (
          "{label} repeats a pattern (like abcabc), which is barely harder to guess than the pattern. A word instead of the repeats makes it safer.",
          "Repeating a pattern (like abcabc) is barely harder to guess than the pattern. A word instead of the repeats makes it safer."
        )),
      RuleMessage(
        "strength.sequence.warning",
        ja: (
          "{label}は連続した並び（abc、6543など）のため推測されやすいです。単語を加えると、より安全です。", "連続した並び（abc、6543など）のため推測されやすいです。単語を加えると、より安全です。"
        ),
        en: (
          "{label} uses a sequence like abc or 6543, which is easy to guess. Adding a word makes it safer.",
          "Sequences like abc or 6543 are easy to guess. Adding a word makes it safer."
        )),
      RuleMessage(
        "strength.recentYear.warning",
        ja: ("{label}は最近の年を含むため推測されやすいです。自分に関係のない単語を加えると、より安全です。", "最近の年を含むため推測されやすいです。自分に関係のない単語を加えると、より安全です。"),
        en: (
          "{label} contains a recent year, which is easy to guess. Adding a word unrelated to you makes it safer.",
          "Recent years are easy to guess. Adding a word unrelated to you makes it safer."
        )),
      RuleMessage(
        "strength.date.warning",
        ja: ("{label}は日付を含むため推測されやすいです。自分に関係のない単語を加えると、より安全です。", "日付を含むため推測されやすいです。自分に関係のない単語を加えると、より安全です。"),
        en: (
          "{label} contains a date, which is easy to guess. Adding a word unrelated to you makes it safer.",
          "Dates are easy to guess. Adding a word unrelated to you makes it safer."
        )),
      RuleMessage(
        "strength",
        ja: (
          "{label}は推測されやすいです。単語を加えるなどして長くしてください。",
          "推測されやすいです。単語を加えるなどして長くしてください。"
        ),
        en: (
          "{label} is too easy to guess. Make it longer, for example by adding a word.",
          "Too easy to guess. Make it longer, for example by adding a word."
        )),
      RuleMessage(
        "strength.commonPassword",
        ja: (
          "{label}はよく使われているため、すぐに推測されます。別のものにしてください。",
          "よく使われているため、すぐに推測されます。別のものにしてください。"
        ),
        en: (
          "{label} is a very common password, which is guessed almost at once. Please choose another one.",
          "A very common password, which is guessed almost at once. Please choose another one."
        )),
      RuleMessage(
        "strength.similarToCommon",
        ja: (
          "{label}はよく使われているものに似ているため推測されやすいです。別のものにしてください。",
          "よく使われているパスワードに似ているため推測されやすいです。別のものにしてください。"
        ),
        en: (
          "{label} is similar to a commonly used password. Please choose another one.",
          "Similar to a commonly used password. Please choose another one."
        )),
      RuleMessage(
        "strength.wordByItself",
        ja: ("{label}は単語1つだけのため推測されやすいです。", "単語1つだけのため推測されやすいです。"),
        en: ("{label} is a single word, which is easy to guess.", "A single word is easy to guess.")),
      RuleMessage(
        "strength.commonWord",
        ja: ("{label}はよく使われる単語が中心のため推測されやすいです。", "よく使われる単語が中心のため推測されやすいです。"),
        en: (
          "{label} is built around a common word, which is easy to guess.",
          "Built around a common word, which is easy to guess."
        )),
      RuleMessage(
        "strength.nameByItself",
        ja: ("{label}は名前や名字だけのため推測されやすいです。", "名前や名字だけのため推測されやすいです。"),
        en: (
          "{label} is a name or surname by itself, which is easy to guess.",
          "A name or surname by itself is easy to guess."
        )),
      RuleMessage(
        "strength.commonName",
        ja: ("{label}はよくある名前や名字が中心のため推測されやすいです。", "よくある名前や名字が中心のため推測されやすいです。"),
        en: (
          "{label} is built around a common name or surname, which is easy to guess.",
          "Built around a common name or surname, which is easy to guess."
        )),
      RuleMessage(
        "strength.serviceWord",
        ja: (
          "{label}にサービス名など、このサービスに関係する語が含まれているため推測されやすいです。",
          "サービス名など、このサービスに関係する語が含まれているため推測されやすいです。"
        ),
        en: (
          "{label} contains a word tied to this service, such as its name, which is easy to guess.",
          "Contains a word tied to this service, such as its name, which is easy to guess."
        )),
      RuleMessage(
        "strength.userInput",
        ja: (
          "{label}にほかの項目で入力した内容が含まれているため推測されやすいです。",
          "ほかの項目で入力した内容が含まれているため推測されやすいです。"
        ),
        en: (
          "{label} contains details you entered elsewhere, which makes it easy to guess.",
          "Contains details you entered elsewhere, which makes it easy to guess."
        )),
      RuleMessage(
        "strength.straightRow",
        ja: ("{label}はキーボードで横一列に並んだ文字（qwertyなど）のため推測されやすいです。", "キーボードで横一列に並んだ文字（qwertyなど）のため推測されやすいです。"),
        en: (
          "{label} is a straight row of keys (like qwerty), which is easy to guess.",
          "A straight row of keys (like qwerty) is easy to guess."
        )),
      RuleMessage(
        "strength.keyboardPattern",
        ja: ("{label}はキーボード上で隣り合うキーを短くたどった並び（asdfなど）のため推測されやすいです。", "キーボード上で隣り合うキーを短くたどった並び（asdfなど）のため推測されやすいです。"),
        en: (
          "{label} is a short keyboard pattern (like asdf), which is easy to guess.",
          "A short keyboard pattern (like asdf) is easy to guess."
        )
      ),
      RuleMessage(
        "strength.repeatedCharacter",
        ja: ("{label}は同じ文字の繰り返し（aaaなど）のため推測されやすいです。", "同じ文字の繰り返し（aaaなど）のため推測されやすいです。"),
        en: (
          "{label} repeats one character (like aaa), which is easy to guess.",
          "Repeating one character (like aaa) is easy to guess."
        )),
      RuleMessage(
        "strength.repeatedPattern",
        ja: (
          "{label}は同じ並びの繰り返し（abcabcなど）のため推測されやすいです。",
          "同じ並びの繰り返し（abcabcなど）のため推測されやすいです。"
        ),
        en: (
          "{label} repeats a pattern (like abcabc), which is barely harder to guess than the pattern.",
          "Repeating a pattern (like abcabc) is barely harder to guess than the pattern."
        )),
      RuleMessage(
        "strength.sequence",
        ja: ("{label}は連続した並び（abc、6543など）のため推測されやすいです。", "連続した並び（abc、6543など）のため推測されやすいです。"),
        en: (
          "{label} uses a sequence like abc or 6543, which is easy to guess.",
          "Sequences like abc or 6543 are easy to guess."
        )),
      RuleMessage(
        "strength.recentYear",
        ja: ("{label}は最近の年を含むため推測されやすいです。", "最近の年を含むため推測されやすいです。"),
        en: ("{label} contains a recent year, which is easy to guess.", "Recent years are easy to guess.")),
      RuleMessage(
        "strength.date",
        ja: ("{label}は日付を含むため推測されやすいです。", "日付を含むため推測されやすいです。"),
        en: ("{label} contains a date, which is easy to guess.", "Dates are easy to guess.")),
      RuleMessage(
        "requirement.strength", ja: ("強度{min}以上（0〜4の5段階）", "強度{min}以上（0〜4の5段階）"),
        en: ("Strength at least {min} on a scale of 0–4", "Strength at least {min} on a scale of 0–4")),
      suggestion(
        "addWord", ja: "単語をもう1つか2つ加えてください。よく使われない単語ほど効果があります。",
        en: "Add another word or two. Uncommon words are better."),
      suggestion(
        "capitalizationNotHelpful", ja: "先頭だけを大文字にしても、あまり強くなりません。",
        en: "Capitalizing only the first letter does not help much."),
      suggestion(
        "allUppercaseNotHelpful", ja: "すべて大文字にしても、すべて小文字とほとんど変わりません。",
        en: "All-uppercase is almost as easy to guess as all-lowercase."),
      suggestion(
        "reversedNotHelpful", ja: "単語を逆から書いても、あまり強くなりません。", en: "Reversed words are not much harder to guess."),
      suggestion(
        "substitutionNotHelpful", ja: "「a」を「@」にするような置き換えでは、あまり強くなりません。",
        en: "Predictable substitutions like \"@\" for \"a\" do not help much."),
      suggestion(
        "romajiVariantNotHelpful", ja: "ローマ字の書き方を変えたり、かなで書いたりしても、あまり強くなりません。",
        en: "Spelling a Japanese word another way in romaji, or in kana, does not help much."),
      suggestion(
        "avoidNames", ja: "名前や名字以外の単語を使ってください。", en: "Use words other than names and surnames."),
      suggestion(
        "avoidServiceWords", ja: "サービス名や会社名は使わないでください。", en: "Avoid the name of this service or company."),
      suggestion(
        "avoidPersonalInfo", ja: "名前やメールアドレスは使わないでください。", en: "Avoid your name and email address."),
      suggestion(
        "longerKeyboardPattern", ja: "キーボードの並びを使う場合は、長くして向きを何度も変えてください。",
        en: "Use a longer keyboard pattern with more turns."),
      suggestion("avoidRepeats", ja: "同じ単語や文字の繰り返しは避けてください。", en: "Avoid repeated words and characters."),
      suggestion("avoidSequences", ja: "連続した並び（abc、123など）は避けてください。", en: "Avoid sequences like abc or 123."),
      suggestion(
        "avoidYears", ja: "最近の年や、自分に関係のある年は避けてください。", en: "Avoid recent years and years associated with you."),
      suggestion("avoidDates", ja: "自分に関係のある日付は避けてください。", en: "Avoid dates associated with you."),
    ] + strengthMeterPhrases

  private static func suggestion(_ code: String, ja: String, en: String) -> RuleMessage {
    RuleMessage("strength.suggestion.\(code)", ja: (ja, ja), en: (en, en))
  }
}
