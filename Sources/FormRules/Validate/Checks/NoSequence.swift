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
  /// The shortest run that fails, in characters (Unicode scalars); at least 3.
  public let length: Int

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    length = try decoder.count()
    if length < 3 {
      throw RuleDecodingError(
        ProblemLine("cli.rules.noSequence.tooShort", ["length": "\(length)"]), at: [.key(Self.name)])
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

extension NoSequence {
  /// Its messages: its code and one per kind (`noSequence.<kind>`) and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "noSequence",
      ja: (
        "{label}に{min}文字以上続く並び（abcd、4321、qwerなど）を含めないでください。",
        "{min}文字以上続く並び（abcd、4321、qwerなど）を含めないでください。"
      ),
      en: (
        "{label} must not contain a run of {min} or more characters such as abcd, 4321 or qwer.",
        "Must not contain a run of {min} or more characters such as abcd, 4321 or qwer."
      )),
    RuleMessage(
      "noSequence.numerical",
      ja: (
        "{label}に{min}桁以上の連続した数字（1234、9876など）を含めないでください。",
        "{min}桁以上の連続した数字（1234、9876など）を含めないでください。"
      ),
      en: (
        "{label} must not contain {min} or more consecutive digits such as 1234 or 9876.",
        "Must not contain {min} or more consecutive digits such as 1234 or 9876."
      )),
    RuleMessage(
      "noSequence.alphabetical",
      ja: (
        "{label}に{min}文字以上続くアルファベットや五十音の並び（abcd、あいうえなど）を含めないでください。",
        "{min}文字以上続くアルファベットや五十音の並び（abcd、あいうえなど）を含めないでください。"
      ),
      en: (
        "{label} must not contain {min} or more letters in alphabetical or kana order such as abcd or \"あいうえ\".",
        "Must not contain {min} or more letters in alphabetical or kana order such as abcd or \"あいうえ\"."
      )),
    RuleMessage(
      "noSequence.keyboard",
      ja: (
        "{label}にキーボードで{min}文字以上並んだ文字列（qwer、asdf、!@#$など）を含めないでください。",
        "キーボードで{min}文字以上並んだ文字列（qwer、asdf、!@#$など）を含めないでください。"
      ),
      en: (
        "{label} must not contain {min} or more neighboring keys such as qwer, asdf or !@#$.",
        "Must not contain {min} or more neighboring keys such as qwer, asdf or !@#$."
      )),
    RuleMessage(
      "requirement.noSequence",
      ja: ("{min}文字以上続く並び（abcd、1234、qwerなど）を含まない", "{min}文字以上続く並び（abcd、1234、qwerなど）を含まない"),
      en: (
        "No run of {min} or more characters like abcd, 1234 or qwer",
        "No run of {min} or more characters like abcd, 1234 or qwer"
      )),
  ]
}
