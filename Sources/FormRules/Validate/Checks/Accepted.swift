/// `{"accepted": true}`: a box the user must tick, such as "I agree to the terms". The value
/// is one of `true`, `on`, `yes` or `1` (ASCII letters in any case), which is what an HTML
/// checkbox (`on`), a JSON body (`true`, `1`) and most form libraries send for a ticked box.
/// Anything else fails, and so does an absent, `null` or empty value: an unticked box sends
/// nothing.
///
/// A field with an `accepted` rule also takes a JSON boolean or number in an input
/// document, read as its JSON text (`true` → `"true"`, `1` → `"1"`, `false` → `"false"`,
/// which fails); see "Input documents" in docs/rules.md.
///
/// `{"accepted": false}` asks for nothing and is not a checklist line.
public struct Accepted: Rule {
  public static let name = "accepted"
  public static let checksEmptyValue = true
  public static let messages = [
    RuleMessage(
      "accepted", ja: ("{label}に同意してください。", "同意してください。"),
      en: ("{label} must be accepted.", "Must be accepted.")),
    RuleMessage(
      "requirement.accepted", ja: ("同意する", "同意する"),
      en: ("Accepted", "Accepted")),
  ]

  /// The values that mean "ticked", lowercase; compared ignoring ASCII case.
  public static let acceptedValues = ["true", "on", "yes", "1"]

  /// Whether the rule asks for anything (`false` turns it off).
  public let isRequired: Bool

  /// Decodes `true` or `false`.
  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    isRequired = try decoder.bool()
  }

  /// `nil` for a ticked value, else variant 0.
  public func check(_ subject: Subject) -> Int? {
    guard isRequired else { return nil }
    let bytes = subject.bytes
    for word in Self.acceptedValues where word.utf8.count == bytes.count {
      // ASCII case folding: `| 0x20` lowercases letters and leaves `1` alone.
      if zip(word.utf8, bytes).allSatisfy({ $0 == $1 | ($1 >= 0x41 && $1 <= 0x5A ? 0x20 : 0) }) { return nil }
    }
    return 0
  }

  /// The one failure: `accepted`, without parameters.
  public func failure(variant: Int) -> Failure { Failure(code: Self.name) }

  /// `{"accepted": false}` asks for nothing, so a checklist leaves it out.
  public var showsInChecklist: Bool { isRequired }
}
