import FormRules
import Foundation

extension MessageCatalog {
  /// The suggestion to show when there is room for one: the first that names what went
  /// wrong (`capitalizationNotHelpful`, `avoidNames`…), else the general `addWord`.
  ///
  /// ```swift
  /// policy.catalog.firstUsefulSuggestion(for: failure, locale: "en")
  /// // "Avoid names and surnames: they are easy to guess even with other words."
  /// ```
  ///
  /// A suggestion that repeats or contradicts the message is never chosen; among the
  /// specific ones, capitalization comes last (for `P@ssw0rd2024` the substitution is the
  /// useful advice).
  public func firstUsefulSuggestion(for failure: Failure, locale: String) -> String? {
    let codes = usefulSuggestionCodes(of: failure)
    let general: Set<String> = [StrengthSuggestion.addWord.rawValue]
    let weak: Set<String> = [StrengthSuggestion.capitalizationNotHelpful.rawValue]
    guard
      let code = codes.first(where: { !general.contains($0) && !weak.contains($0) })
        ?? codes.first(where: { !general.contains($0) }) ?? codes.first
    else { return nil }
    let language = negotiate([locale])
    return template(for: ["\(failure.code).suggestion.\(code)"], language: language)?.inline
  }

  /// How long `seconds` is, in the largest unit that fits, as zxcvbn words it: 「1秒未満」,
  /// 「3時間」, 「100年以上」 / "less than a second", "3 hours", "centuries".
  public func crackTime(seconds: Double, locale: String) -> String {
    let language = negotiate([locale])
    let minute = 60.0
    let hour = minute * 60
    let day = hour * 24
    let month = day * 31
    let year = month * 12
    let unit: (String, Double)?
    switch seconds {
    case ..<1: unit = nil
    case ..<minute: unit = ("second", 1)
    case ..<hour: unit = ("minute", minute)
    case ..<day: unit = ("hour", hour)
    case ..<month: unit = ("day", day)
    case ..<year: unit = ("month", month)
    case ..<(year * 100): unit = ("year", year)
    default: return phrase("meter.time.centuries", language: language, [:])
    }
    guard let (name, size) = unit else { return phrase("meter.time.instant", language: language, [:]) }
    let n = Int((seconds / size).rounded())
    return phrase("meter.time.\(name)\(n == 1 ? "" : "s")", language: language, ["n": String(n)])
  }

  /// A meter's line for an estimate: the score and the guesses, then the crack time of
  /// each ``StrengthAttack``.
  ///
  /// ```swift
  /// policy.catalog.strengthMeter(estimate, locale: "ja")
  /// // ["強度：1（最高4）", "破られるまでの目安：約26分（ネット経由の攻撃、毎秒10回）",
  /// //  "破られるまでの目安：約2秒（流出データへの攻撃、毎秒1万回）"]
  /// ```
  public func strengthMeter(_ estimate: StrengthEstimate, locale: String) -> [String] {
    let language = negotiate([locale])
    var lines = [
      phrase(
        "meter.strength", language: language,
        ["score": String(estimate.score), "guessesLog10": String(format: "%.1f", estimate.guessesLog10)])
    ]
    for attack in StrengthAttack.allCases {
      let seconds = estimate.crackTimeSeconds(attack)
      var time = crackTime(seconds: seconds, locale: language)
      // A rounded estimate says so: 「約26分」; 「1秒未満」 and 「100年以上」 already do.
      if seconds >= 1, seconds < 60 * 60 * 24 * 31 * 12 * 100 {
        time = phrase("meter.about", language: language, ["time": time])
      }
      lines.append(phrase("meter.\(attack.rawValue)", language: language, ["time": time]))
    }
    return lines
  }

  private func phrase(_ key: String, language: String, _ values: [String: String]) -> String {
    var text = template(for: [key], language: language)?.inline ?? key
    for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
    return text
  }
}
