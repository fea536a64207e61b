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
/// The ranked dictionaries (`Rules/lists/strength/`, found as `notCommon` finds its list)
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
  public let min: Int
  public let userInputs: [String]
  public let languages: Set<StrengthLanguage>
  public let words: [String]
  let lists: [String]
  private(set) var estimator: StrengthEstimator?

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
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
        throw RuleDecodingError("expected an array of strings", at: here + [.key(key)])
      }
      return array.compactMap(\.stringValue)
    }
    if let object = decoder.value.objectValue {
      for key in object.keys where !Self.keys.contains(key) {
        throw RuleDecodingError(
          "unknown key \"\(key)\" in strength", at: here + [.key(key)],
          suggestion: Suggestion.closest(to: key, in: Self.keys))
      }
      guard let m = object["min"] else { throw RuleDecodingError("expected \"min\": a score from 1 to 4", at: here) }
      minValue = m
      if object["userInputs"] != nil, object["userInputs"]?.arrayValue == nil {
        throw RuleDecodingError("expected an array of field names", at: here + [.key("userInputs")])
      }
      inputs = try strings("userInputs") ?? []
      if let codes = try strings("languages") {
        languages = []
        for (i, code) in codes.enumerated() {
          guard let language = StrengthLanguage(rawValue: code) else {
            throw RuleDecodingError(
              "expected one of \"en\", \"ja\", found \"\(code)\"", at: here + [.key("languages"), .index(i)],
              suggestion: Suggestion.closest(to: code, in: StrengthLanguage.allCases.map(\.rawValue)))
          }
          languages.insert(language)
        }
        if languages.isEmpty {
          throw RuleDecodingError("expected at least one language", at: here + [.key("languages")])
        }
      }
      words = try strings("words") ?? []
      lists = try strings("lists", allowSingle: true) ?? []
    }
    guard let n = minValue.intValue, (1...4).contains(n) else {
      throw RuleDecodingError(
        "expected a score from 1 to 4, found \(minValue.typeDescription)",
        at: decoder.value.objectValue == nil ? here : here + [.key("min")])
    }
    min = n
    userInputs = inputs
    self.languages = languages
    self.words = words
    self.lists = lists
  }

  public var referencedFields: [String] { userInputs }

  public mutating func compile(in context: CompileContext) throws(RuleDecodingError) {
    let here: [JSONPathComponent] = [.key(Self.name)]
    guard let directory = StrengthDictionary.directoryURL(in: context) else {
      throw RuleDecodingError(
        "the strength dictionaries \(StrengthDictionary.relativePath)/ were not found in "
          + "\(context.baseDirectory.path) or any folder above it, nor in \(context.rulesDirectory?.path ?? "./Rules"); "
          + "set FORM_RULES_DIR to the Rules folder",
        at: here)
    }
    let dictionary: StrengthDictionary
    do {
      dictionary = try StrengthDictionary.shared(directory: directory, languages: languages)
    } catch {
      throw RuleDecodingError("cannot load the strength dictionaries: \(error.description)", at: here)
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

extension MessageCatalog {
  /// The suggestions a failure carries (`strength`'s `suggestions` codes), as sentences
  /// from the keys `<code>.suggestion.<suggestion>`.
  ///
  /// ```swift
  /// policy.catalog.suggestions(for: failure, locale: "ja")
  /// // ["単語をもう1つか2つ加えてください。…", "キーボードの並びは…"]
  /// ```
  public func suggestions(for failure: Failure, locale: String) -> [String] {
    guard case .strings(let codes) = failure.params["suggestions"] else { return [] }
    let language = MessageCatalog.negotiate([locale], default: "en")
    return codes.compactMap { template(for: ["\(failure.code).suggestion.\($0)"], language: language)?.inline }
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
