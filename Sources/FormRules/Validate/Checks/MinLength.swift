/// `{"minLength": 8, "unit": "characters"}`: at least `min` units long.
public struct MinLength: Rule {
  public static let name = "minLength"
  public static let options = ["unit"]
  /// The fewest `unit`s a value may have (inclusive).
  public let min: Int
  /// What `min` counts: `characters` (Unicode scalars, the default), `graphemes`, `utf16` or `utf8` bytes.
  public let unit: LengthUnit

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    min = try decoder.count()
    unit = try decoder.option("unit", default: .characters, choices: LengthUnit.allCases)
  }

  public var requirement: Failure {
    Failure(
      code: Self.name, params: ["min": .int(min), "unit": .string(unit.rawValue)], detail: unit.detail)
  }

  public func conflicts(with other: any Rule) -> String? { conflictLine(with: other)?.english }

  func conflictLine(with other: any Rule) -> ProblemLine? {
    guard let max = other as? MaxLength, max.unit == unit, min > max.max else { return nil }
    return ProblemLine("cli.rules.conflict.minAboveMax", ["min": "\(min)", "max": "\(max.max)", "unit": unit.rawValue])
  }
}

extension MinLength {
  /// The variant is the `actual` length.
  public func check(_ subject: Subject) -> Int? {
    let value = subject.bytes
    // A scalar takes 1 to 4 bytes (and 1 or 2 UTF-16 units), so the byte count often
    // settles it without counting.
    switch unit {
    case .characters, .utf16: if value.count >= 4 * min { return nil }
    case .utf8: if value.count >= min { return nil }
    case .graphemes: break
    }
    let actual = unit.length(utf8: value)
    return actual < min ? actual : nil
  }

  public func failure(variant actual: Int) -> Failure {
    Failure(
      code: Self.name, params: ["min": .int(min), "actual": .int(actual), "unit": .string(unit.rawValue)],
      detail: unit.detail)
  }
}

extension LengthUnit {
  /// The detail of a length failure that needs its own words: bytes (`utf8`), and UTF-16
  /// units (`utf16`), where some emoji count as two characters.
  var detail: String? {
    switch self {
    case .utf8: return "utf8"
    case .utf16: return "utf16"
    case .characters, .graphemes: return nil
    }
  }
}

extension MinLength {
  /// Its messages: its code and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "minLength.warning", ja: ("{label}は{min}{unit}以上にすると、より安全です。", "{min}{unit}以上にすると、より安全です。"),
      en: ("We recommend at least {min} {unit} for {label}.", "We recommend at least {min} {unit}.")),
    RuleMessage(
      "minLength", ja: ("{label}は{min}{unit}以上で入力してください。", "{min}{unit}以上で入力してください。"),
      en: ("{label} must be at least {min} {unit}.", "Must be at least {min} {unit}.")),
    RuleMessage(
      "minLength.utf16",
      ja: ("{label}は{min}文字以上で入力してください（一部の絵文字は2文字と数えます）。", "{min}文字以上で入力してください（一部の絵文字は2文字と数えます）。"),
      en: (
        "{label} must be at least {min} {unit} (some emoji count as two).",
        "Must be at least {min} {unit} (some emoji count as two)."
      )),
    RuleMessage(
      "requirement.minLength.utf16", ja: ("{min}文字以上（一部の絵文字は2文字）", "{min}文字以上（一部の絵文字は2文字）"),
      en: ("At least {min} {unit} (some emoji count as two)", "At least {min} {unit} (some emoji count as two)")),
    RuleMessage(
      "requirement.minLength", ja: ("{min}{unit}以上", "{min}{unit}以上"),
      en: ("At least {min} {unit}", "At least {min} {unit}")),
  ]
}

/// A rule whose ``Rule/conflicts(with:)`` has a `cli.rules.conflict.*` line, so that `validate`
/// says it in the user's language.
protocol LocalizedConflicts: Rule {
  func conflictLine(with other: any Rule) -> ProblemLine?
}

extension MinLength: LocalizedConflicts {}
