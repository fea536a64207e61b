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
