/// `{"maxLength": 64, "unit": "utf8"}`: at most `max` units long. In `utf8` it has its
/// own message, for byte limits such as bcrypt's 72 bytes.
public struct MaxLength: Rule {
  public static let name = "maxLength"
  public static let options = ["unit"]
  /// The most `unit`s a value may have (inclusive).
  public let max: Int
  /// What `max` counts: `characters` (Unicode scalars, the default), `graphemes`, `utf16` or `utf8` bytes.
  public let unit: LengthUnit

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    max = try decoder.count()
    unit = try decoder.option("unit", default: .characters, choices: LengthUnit.allCases)
  }

  public var requirement: Failure {
    Failure(
      code: Self.name, params: ["max": .int(max), "unit": .string(unit.rawValue)], detail: unit.detail)
  }
}

extension MaxLength {
  /// The variant is the `actual` length.
  public func check(_ subject: Subject) -> Int? {
    let value = subject.bytes
    // No unit counts more units than there are bytes.
    if value.count <= max { return nil }
    let actual = unit.length(utf8: value)
    return actual > max ? actual : nil
  }

  public func failure(variant actual: Int) -> Failure {
    Failure(
      code: Self.name, params: ["max": .int(max), "actual": .int(actual), "unit": .string(unit.rawValue)],
      detail: unit.detail)
  }
}

extension MaxLength {
  /// Its messages: its code and `maxLength.utf8` and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "maxLength", ja: ("{label}は{max}{unit}以内で入力してください。", "{max}{unit}以内で入力してください。"),
      en: ("{label} must be at most {max} {unit}.", "Must be at most {max} {unit}.")),
    RuleMessage(
      "maxLength.utf8",
      ja: (
        "{label}が長すぎます。日本語は1文字を3バイトとして、{max}バイト以内で入力してください。",
        "長すぎます。日本語は1文字を3バイトとして、{max}バイト以内で入力してください。"
      ),
      en: (
        "{label} must be at most {max} {unit} (a Japanese character takes 3 bytes, an emoji 4 or more).",
        "Must be at most {max} {unit} (a Japanese character takes 3 bytes, an emoji 4 or more)."
      )),
    RuleMessage(
      "maxLength.utf16",
      ja: ("{label}は{max}文字以内で入力してください（一部の絵文字は2文字と数えます）。", "{max}文字以内で入力してください（一部の絵文字は2文字と数えます）。"),
      en: (
        "{label} must be at most {max} {unit} (some emoji count as two).",
        "Must be at most {max} {unit} (some emoji count as two)."
      )),
    RuleMessage(
      "requirement.maxLength", ja: ("{max}{unit}以内", "{max}{unit}以内"),
      en: ("At most {max} {unit}", "At most {max} {unit}")),
    RuleMessage(
      "requirement.maxLength.utf8", ja: ("{max}バイト以内（日本語は{maxJapanese}文字程度まで）", "{max}バイト以内（日本語は{maxJapanese}文字程度まで）"),
      en: (
        "At most {max} {unit} (about {maxJapanese} Japanese characters)",
        "At most {max} {unit} (about {maxJapanese} Japanese characters)"
      )),
    RuleMessage(
      "requirement.maxLength.utf16", ja: ("{max}文字以内（一部の絵文字は2文字）", "{max}文字以内（一部の絵文字は2文字）"),
      en: ("At most {max} {unit} (some emoji count as two)", "At most {max} {unit} (some emoji count as two)")),
  ]
}
