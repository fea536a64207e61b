/// `{"required": true}`: the value is present and not empty after the field's
/// transforms, so a value of only spaces (or U+3000) fails on a trimmed field.
public struct Required: Rule {
  public static let name = "required"
  public static let checksEmptyValue = true
  public let isRequired: Bool

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    isRequired = try decoder.bool()
  }

  public func check(_ subject: Subject) -> Failure? {
    isRequired && subject.value.isEmpty ? Failure(code: Self.name) : nil
  }
}

extension Required: UTF8CheckableRule {
  public func check(utf8 subject: UTF8Subject) -> Int? { isRequired && subject.value.isEmpty ? 0 : nil }

  public func failure(variant: Int) -> Failure { Failure(code: Self.name) }
}
