/// `{"noSequence": 4}`: no run of `length` or more characters that steps forwards or
/// backwards through the alphabet (`abcd`, `zyxw`), the digits (`1234`, `4321`), the kana
/// in gojūon order (`あいうえ`), or a keyboard row of the US or JIS layout, unshifted or
/// shifted (`qwer`, `asdf`, `7890`, US `!@#$`, JIS `!"#$%&'()`).
///
/// Case and width do not matter (`ABCD`, `ａｂｃｄ`, katakana `アイウエ` all count). Each
/// table step is one Unicode scalar, so a combining mark between two letters breaks
/// the run.
///
/// Failure parameters: `min` (the rule's length) and `kind` (`numerical`,
/// `alphabetical` or `keyboard`, the table the first run came from, also the detail).
///
/// - Complexity: O(n) with a small constant (each character is in at most a few tables).
public struct NoSequence: Rule {
  public static let name = "noSequence"
  public let length: Int

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    length = try decoder.count()
    if length < 3 {
      throw RuleDecodingError(
        "expected 3 or more (a run of \(length) is part of too many ordinary words)", at: [.key(Self.name)])
    }
  }

  private static let kinds: [Sequences.Kind] = [.numerical, .alphabetical, .keyboard]

  /// The variant is the kind of the first run.
  public func check(_ subject: Subject) -> Int? {
    guard subject.bytes.count >= length,
      let kind = Sequences.runs(in: UTF8Text.Scalars(subject.bytes), minimum: length, firstOnly: true).first?.kind
    else { return nil }
    return Self.kinds.firstIndex(of: kind)
  }

  public func failure(variant: Int) -> Failure {
    let kind = Self.kinds[variant]
    return Failure(
      code: Self.name, params: ["min": .int(length), "kind": .string(kind.rawValue)], detail: kind.rawValue)
  }

  public var requirement: Failure { Failure(code: Self.name, params: ["min": .int(length)]) }
}
