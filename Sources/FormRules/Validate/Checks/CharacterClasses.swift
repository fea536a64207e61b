/// `{"characterClasses": {"require": ["lower", "upper", "digit"]}}`: every listed class
/// appears; or `{"characterClasses": {"min": 3, "of": ["lower", "upper", "digit", "symbol"]}}`:
/// at least `min` of the listed classes appear (Passay's N-of-M). An array is short for
/// `require`. Classes are decided by Unicode category (see ``CharacterClass``), so
/// `Ａ` is upper and `７` a digit.
///
/// Failure parameters: `missing` (the listed classes not present, in rule order), `min`
/// (how many are needed), `actual` (how many are present), `of` (the listed classes).
/// The detail is `require`, `one` (a `require` with one class missing, which needs no
/// 「それぞれ」) or `min`.
public struct CharacterClasses: Rule {
  public static let name = "characterClasses"
  /// The classes to look for, in the order the rules file lists them.
  public let classes: [CharacterClass]
  /// How many of `classes` must appear; `classes.count` for `require`.
  public let min: Int
  /// `true` for `require` (or the array form): every class in `classes` must appear;
  /// `false` for `min`/`of`: any `min` of them.
  public let requiresAll: Bool

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    let here: [JSONPathComponent] = [.key(Self.name)]
    if let array = decoder.value.arrayValue {
      classes = try Self.classList(array, at: here)
      min = classes.count
      requiresAll = true
      return
    }
    guard let object = decoder.value.objectValue else {
      throw RuleDecodingError(
        ProblemLine(
          "cli.rules.characterClasses.expected",
          ["require": #"{"require": [classes]}"#, "min": #"{"min": n, "of": [classes]}"#]
        ).type("found", of: decoder.value), at: here)
    }
    for key in object.keys where !["require", "min", "of"].contains(key) {
      throw RuleDecodingError(
        ProblemLine("cli.rules.unknownKeyIn", ["key": key, "rule": Self.name]), at: here + [.key(key)],
        suggestion: Suggestion.closest(to: key, in: ["require", "min", "of"]))
    }
    switch (object["require"], object["min"]) {
    case (let require?, nil):
      guard object["of"] == nil else {
        throw RuleDecodingError(ProblemLine("cli.rules.characterClasses.ofWithRequire"), at: here + [.key("of")])
      }
      guard let array = require.arrayValue else {
        throw RuleDecodingError(
          .expected("cli.rules.kind.arrayOfClasses", foundType: require), at: here + [.key("require")])
      }
      classes = try Self.classList(array, at: here + [.key("require")])
      min = classes.count
      requiresAll = true
    case (nil, let minValue?):
      if let of = object["of"] {
        guard let array = of.arrayValue else {
          throw RuleDecodingError(.expected("cli.rules.kind.arrayOfClasses", foundType: of), at: here + [.key("of")])
        }
        classes = try Self.classList(array, at: here + [.key("of")])
      } else {
        classes = CharacterClass.allCases
      }
      guard let n = minValue.intValue, n >= 1, n <= classes.count else {
        throw RuleDecodingError(
          ProblemLine("cli.rules.characterClasses.minRange", ["count": "\(classes.count)"]), at: here + [.key("min")])
      }
      min = n
      requiresAll = false
    case (.some, .some):
      throw RuleDecodingError(ProblemLine("cli.rules.characterClasses.both"), at: here + [.key("min")])
    case (nil, nil):
      throw RuleDecodingError(ProblemLine("cli.rules.characterClasses.neither"), at: here)
    }
  }

  private static func classList(_ array: [JSONValue], at path: [JSONPathComponent]) throws(RuleDecodingError)
    -> [CharacterClass]
  {
    guard !array.isEmpty else { throw RuleDecodingError(ProblemLine("cli.rules.characterClasses.noClass"), at: path) }
    let names = CharacterClass.allCases.map(\.rawValue)
    var result: [CharacterClass] = []
    for (i, element) in array.enumerated() {
      guard let name = element.stringValue, let c = CharacterClass(rawValue: name) else {
        var line = ProblemLine("cli.rules.expectedOneOf").choices(names)
        if let s = element.stringValue {
          line.values["found"] = "\"\(s)\""
        } else {
          line = line.type("found", of: element)
        }
        throw RuleDecodingError(
          line,
          at: path + [.index(i)], suggestion: element.stringValue.flatMap { Suggestion.closest(to: $0, in: names) })
      }
      guard !result.contains(c) else {
        throw RuleDecodingError(ProblemLine("cli.rules.listedTwice", ["name": name]), at: path + [.index(i)])
      }
      result.append(c)
    }
    return result
  }

  /// The variant is the set of listed classes present: bit `j` for `classes[j]`.
  public func check(_ subject: Subject) -> Int? {
    let present = CharacterClass.present(in: subject.bytes)
    var variant = 0
    for (j, c) in classes.enumerated() where present & c.bit != 0 { variant |= 1 << j }
    return variant.nonzeroBitCount < min ? variant : nil
  }

  public func failure(variant: Int) -> Failure {
    failure(
      missing: classes.indices.filter { variant & (1 << $0) == 0 }.map { classes[$0] },
      actual: variant.nonzeroBitCount)
  }

  public var requirement: Failure {
    var f = failure(missing: classes, actual: 0)
    f.params["actual"] = nil
    return f
  }

  private func failure(missing: [CharacterClass], actual: Int) -> Failure {
    Failure(
      code: Self.name,
      params: [
        "missing": .strings(missing.map(\.rawValue)), "min": .int(min), "actual": .int(actual),
        "of": .strings(classes.map(\.rawValue)),
      ],
      detail: requiresAll ? (missing.count == 1 ? "one" : "require") : "min")
  }
}

extension CharacterClasses {
  /// Its messages: its code, its details and the class names (`term.<class>`) and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "characterClasses", ja: ("{label}には{missing}を含めてください。", "{missing}を含めてください。"),
      en: ("{label} must include {missing}.", "Must include {missing}.")),
    RuleMessage(
      "characterClasses.require", ja: ("{label}には{missing}をそれぞれ1文字以上含めてください。", "{missing}をそれぞれ1文字以上含めてください。"),
      en: ("{label} must include {missing}.", "Must include {missing}.")),
    RuleMessage(
      "characterClasses.min",
      ja: ("{label}には{of}のうち{min}種類以上を含めてください。", "{of}のうち{min}種類以上を含めてください。"),
      en: ("{label} must include at least {min} of: {of}.", "Must include at least {min} of: {of}.")),
    RuleMessage(
      "characterClasses.one", ja: ("{label}には{missing}を1文字以上含めてください。", "{missing}を1文字以上含めてください。"),
      en: ("{label} must include {missing}.", "Must include {missing}.")),
    RuleMessage(
      "requirement.characterClasses.require", ja: ("{missing}をそれぞれ1文字以上含む", "{missing}をそれぞれ1文字以上含む"),
      en: ("Includes {missing}", "Includes {missing}")),
    RuleMessage(
      "requirement.characterClasses.one", ja: ("{missing}を1文字以上含む", "{missing}を1文字以上含む"),
      en: ("Includes {missing}", "Includes {missing}")),
    RuleMessage(
      "requirement.characterClasses", ja: ("{missing}を含む", "{missing}を含む"),
      en: ("Includes {missing}", "Includes {missing}")),
    RuleMessage(
      "requirement.characterClasses.min", ja: ("{of}のうち{min}種類以上を含む", "{of}のうち{min}種類以上を含む"),
      en: ("Includes at least {min} of: {of}", "Includes at least {min} of: {of}")),
    RuleMessage("term.lower", ja: ("英小文字", "英小文字"), en: ("lowercase letters", "lowercase letters")),
    RuleMessage("term.upper", ja: ("英大文字", "英大文字"), en: ("uppercase letters", "uppercase letters")),
    RuleMessage("term.digit", ja: ("数字", "数字"), en: ("digits", "digits")),
    RuleMessage("term.symbol", ja: ("記号", "記号"), en: ("symbols", "symbols")),
    RuleMessage(
      "term.nonAscii", ja: ("かなや漢字などの文字", "かなや漢字などの文字"),
      en: ("letters such as kana or kanji", "letters such as kana or kanji")),
  ]
}
