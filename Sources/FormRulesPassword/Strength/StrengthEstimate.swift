import FormRules
import Foundation

/// What the strength estimator found: a score from 0 (guessed at once) to 4 (very hard
/// to guess), the estimated number of guesses, and feedback codes.
public struct StrengthEstimate: Sendable, Equatable {
  /// 0: < 10³ guesses, 1: < 10⁶, 2: < 10⁸, 3: < 10¹⁰, 4: more.
  public let score: Int
  /// log₁₀ of the estimated number of guesses an attacker needs, rounded to one decimal
  /// (what a meter shows; the score is taken from the unrounded value).
  public let guessesLog10: Double
  /// What makes the password weak, if anything stands out.
  public let warning: StrengthWarning?
  /// What would help, most useful first.
  public let suggestions: [StrengthSuggestion]
  /// How many Unicode scalars were analysed (at most ``StrengthEstimator/maxScalars``).
  public let analysedScalars: Int

  /// Seconds an attacker needs on average to try the estimated number of guesses.
  ///
  /// ```swift
  /// estimate.crackTimeSeconds(.online)    // 10 guesses a second
  /// estimate.crackTimeSeconds(.offline)   // 10,000 a second against a slow hash
  /// ```
  public func crackTimeSeconds(_ attack: StrengthAttack) -> Double {
    pow(10, guessesLog10) / attack.guessesPerSecond
  }
}

/// The attacks a crack time is given for (zxcvbn's `online_no_throttling_10_per_second`
/// and `offline_slow_hashing_1e4_per_second`).
public enum StrengthAttack: String, Sendable, CaseIterable {
  /// Guessing through the login form without rate limiting: 10 guesses a second.
  case online
  /// Guessing against a stolen database of slow hashes (bcrypt, scrypt, Argon2): 10⁴ a second.
  case offline

  /// How many guesses a second the attack makes.
  public var guessesPerSecond: Double {
    switch self {
    case .online: return 10
    case .offline: return 1e4
    }
  }
}

/// Why a password is weak (the failure's `warning` parameter and message detail).
public enum StrengthWarning: String, Sendable, CaseIterable {
  /// The whole password is on the common-password list.
  case commonPassword
  /// A common password with capitals, substitutions (`p@ssw0rd`) or reversed.
  case similarToCommon
  /// The whole password is one dictionary word (English or Japanese).
  case wordByItself
  /// The password is built around a common word (`sayonara99`).
  case commonWord
  /// The whole password is a first name or a surname.
  case nameByItself
  /// The password is built around a common name (`Yamada123`).
  case commonName
  /// A word from the rule's own list (the service's or company's name).
  case serviceWord
  /// A word from the user's own details (another field).
  case userInput
  /// A straight keyboard row (`qwerty`, `asdfgh`).
  case straightRow
  /// A keyboard pattern with turns (`qazwsx`, `1qaz2wsx`).
  case keyboardPattern
  /// One character repeated (`aaaaaa`).
  case repeatedCharacter
  /// A block repeated (`abcabcabc`).
  case repeatedPattern
  /// A run such as `abcdef`, `654321` or `あいうえお`.
  case sequence
  /// A recent year (`2024`).
  case recentYear
  /// A date (`1987-05-23`, `19870523`).
  case date
}

/// A way to make a password stronger (the failure's `suggestions` parameter).
public enum StrengthSuggestion: String, Sendable, CaseIterable {
  /// Add another word or two; uncommon words are better.
  case addWord
  /// Capitalizing only the first letter does not help much.
  case capitalizationNotHelpful
  /// All-uppercase is almost as easy to guess as all-lowercase.
  case allUppercaseNotHelpful
  /// Reversed words are not much harder to guess.
  case reversedNotHelpful
  /// Predictable substitutions (`@` for `a`) do not help much.
  case substitutionNotHelpful
  /// Another romaji spelling, or kana, of a Japanese word does not help much.
  case romajiVariantNotHelpful
  /// Avoid names and surnames.
  case avoidNames
  /// Avoid the name of this service or company.
  case avoidServiceWords
  /// Avoid the name, email address and other details entered in the form.
  case avoidPersonalInfo
  /// Use a longer keyboard pattern with more turns.
  case longerKeyboardPattern
  /// Avoid repeated words and characters.
  case avoidRepeats
  /// Avoid sequences like `abc` or `123`.
  case avoidSequences
  /// Avoid recent years and years associated with the user.
  case avoidYears
  /// Avoid dates associated with the user.
  case avoidDates
}
