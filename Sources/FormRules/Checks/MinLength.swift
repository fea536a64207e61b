/// `{"minLength": 8, "unit": "characters"}`: at least `min` units long.
public struct MinLength: Rule {
  public static let name = "minLength"
  public static let options = ["unit"]
  public let min: Int
  public let unit: LengthUnit

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    min = try decoder.count()
    unit = try decoder.option("unit", default: .characters, choices: LengthUnit.allCases)
  }

  public func check(_ subject: Subject) -> Failure? {
    // Counting stops at `min`: a long value costs no more than a short one.
    let actual = unit.length(of: subject.value)
    guard actual < min else { return nil }
    return Failure(
      code: Self.name, params: ["min": .int(min), "actual": .int(actual), "unit": .string(unit.rawValue)],
      detail: unit == .utf8 ? "utf8" : nil)
  }

  public var requirement: Failure {
    Failure(
      code: Self.name, params: ["min": .int(min), "unit": .string(unit.rawValue)], detail: unit == .utf8 ? "utf8" : nil)
  }

  public func conflicts(with other: any Rule) -> String? {
    guard let max = other as? MaxLength, max.unit == unit, min > max.max else { return nil }
    return "minLength \(min) is above maxLength \(max.max) (\(unit.rawValue)); no value can pass"
  }
}
