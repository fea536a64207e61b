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
  public func firstUsefulSuggestion(for failure: Failure, locale: String) -> String? {
    guard case .strings(var codes) = failure.params["suggestions"], !codes.isEmpty else { return nil }
    if let specific = codes.first(where: { $0 != StrengthSuggestion.addWord.rawValue }) { codes = [specific] }
    return suggestions(for: Failure(code: failure.code, params: ["suggestions": .strings([codes[0]])]), locale: locale)
      .first
  }

  /// How long `seconds` is, in the largest unit that fits, as zxcvbn words it: 「1秒未満」,
  /// 「3時間」, 「100年以上」 / "less than a second", "3 hours", "centuries".
  public func crackTime(seconds: Double, locale: String) -> String {
    let language = MessageCatalog.negotiate([locale], default: "en")
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
  /// // ["強度1（0〜4の5段階）、推測に約10^4.2回", "オンライン攻撃（毎秒10回）で26分", "オフライン攻撃（…）で2秒"]
  /// ```
  public func strengthMeter(_ estimate: StrengthEstimate, locale: String) -> [String] {
    let language = MessageCatalog.negotiate([locale], default: "en")
    var lines = [
      phrase(
        "meter.strength", language: language,
        ["score": String(estimate.score), "guessesLog10": String(format: "%.1f", estimate.guessesLog10)])
    ]
    for attack in StrengthAttack.allCases {
      let time = crackTime(seconds: estimate.crackTimeSeconds(attack), locale: language)
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
