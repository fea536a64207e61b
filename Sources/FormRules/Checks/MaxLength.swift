/// `{"maxLength": 64, "unit": "utf8"}`: at most `max` units long. In `utf8` it has its
/// own message, for byte limits such as bcrypt's 72 bytes.
public struct MaxLength: Rule {
  public static let name = "maxLength"
  public static let options = ["unit"]
  public let max: Int
  public let unit: LengthUnit

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    max = try decoder.count()
    unit = try decoder.option("unit", default: .characters, choices: LengthUnit.allCases)
  }

  public var requirement: Failure {
    Failure(
      code: Self.name, params: ["max": .int(max), "unit": .string(unit.rawValue)], detail: unit == .utf8 ? "utf8" : nil)
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
      detail: unit == .utf8 ? "utf8" : nil)
  }
}

extension MaxLength {
  /// Its messages: its code and `maxLength.utf8` and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "maxLength", ja: ("{label}は{max}{unit}以下で入力してください。", "{max}{unit}以下で入力してください。"),
      en: ("{label} must be at most {max} {unit}.", "Must be at most {max} {unit}.")),
    RuleMessage(
      "maxLength.utf8",
      ja: (
        "{label}は{max}バイト以下で入力してください（日本語や絵文字は1文字で3〜4バイトです）。",
        "{max}バイト以下で入力してください（日本語や絵文字は1文字で3〜4バイトです）。"
      ),
      en: (
        "{label} must be at most {max} bytes (Japanese characters and emoji take 3–4 bytes each).",
        "Must be at most {max} bytes (Japanese characters and emoji take 3–4 bytes each)."
      )),
    RuleMessage(
      "requirement.maxLength", ja: ("{max}{unit}以下", "{max}{unit}以下"),
      en: ("At most {max} {unit}", "At most {max} {unit}")),
    RuleMessage(
      "requirement.maxLength.utf8", ja: ("{max}バイト以下（日本語は1文字3バイト）", "{max}バイト以下（日本語は1文字3バイト）"),
      en: ("At most {max} bytes (Japanese characters take 3)", "At most {max} bytes (Japanese characters take 3)")),
  ]
}
