/// `{"maxRepeat": 3}`: no run of more than `max` identical characters (`aaaa` fails,
/// `aaa` passes).
///
/// `unit` says what a character is: `characters` (default) compares Unicode scalars,
/// like every other count in the engine; `graphemes` compares user-perceived characters,
/// so `👍🏽👍🏽👍🏽👍🏽` (thumb and skin tone, alternating as scalars) is a run of four. Runs
/// are exact: `aA` and `aａ` are different characters.
///
/// Failure parameters: `max`, `actual` (the longest run), `unit`.
///
/// - Complexity: O(n), one pass.
public struct MaxRepeat: Rule {
  public static let name = "maxRepeat"
  public static let options = ["unit"]
  /// The longest run of one character allowed (at least 1): a run of `max + 1` fails.
  public let max: Int
  /// What a character is: `characters` (Unicode scalars, the default) or `graphemes`.
  public let unit: LengthUnit

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    max = try decoder.count()
    if max == 0 { throw RuleDecodingError(ProblemLine("cli.rules.maxRepeat.zero"), at: [.key(Self.name)]) }
    unit = try decoder.option("unit", default: .characters, choices: [.characters, .graphemes])
  }

  /// The variant is the longest run.
  public func check(_ subject: Subject) -> Int? {
    // A value of `max` bytes or fewer cannot hold a longer run.
    guard subject.bytes.count > max else { return nil }
    let longest =
      unit == .graphemes ? Self.longestRun(subject.string) : Self.longestRun(UTF8Text.Scalars(subject.bytes))
    return longest > max ? longest : nil
  }

  public func failure(variant longest: Int) -> Failure {
    Failure(code: Self.name, params: ["max": .int(max), "actual": .int(longest), "unit": .string(unit.rawValue)])
  }

  public var requirement: Failure {
    Failure(code: Self.name, params: ["max": .int(max), "unit": .string(unit.rawValue)])
  }

  static func longestRun<S: Sequence>(_ elements: S) -> Int where S.Element: Equatable {
    var longest = 0
    var run = 0
    var previous: S.Element?
    for element in elements {
      run = element == previous ? run + 1 : 1
      previous = element
      if run > longest { longest = run }
    }
    return longest
  }
}

extension MaxRepeat {
  /// Its messages: its code and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "maxRepeat", ja: ("{label}では、同じ文字の連続は{max}{unit}までにしてください。", "同じ文字の連続は{max}{unit}までにしてください。"),
      en: (
        "{label} must not have more than {max} identical {unit} in a row.",
        "Must not have more than {max} identical {unit} in a row."
      )),
    RuleMessage(
      "requirement.maxRepeat", ja: ("同じ文字の連続は{max}{unit}まで", "同じ文字の連続は{max}{unit}まで"),
      en: ("No more than {max} identical {unit} in a row", "No more than {max} identical {unit} in a row")),
  ]
}
