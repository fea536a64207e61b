import FormRules
import Foundation

/// A zxcvbn-style guessing estimate, written for this package.
///
/// The password is split into the decomposition that needs the fewest guesses, from
/// these kinds of pieces, each found by its own matcher:
/// - dictionary words (``StrengthDictionary``: leaked passwords, English and Japanese
///   words and names, the rule's own words), also capitalized, with l33t substitutions
///   (`p@$$w0rd`) and reversed (`DictionaryMatcher`);
/// - Japanese words however the romaji is spelled (`toukyou`, `tohkyoh`) or typed in
///   kana (`さくら`, `ｻｸﾗ`) (`RomajiMatcher`);
/// - words from other fields (`UserInputMatcher`);
/// - keyboard patterns on US and JIS layouts and keypads, with turns and Shift (`SpatialMatcher`);
/// - repeats (`aaa`, `abcabc`) (`RepeatMatcher`), sequences (`abcd`, `9753`, `あいうえ`)
///   (`SequenceMatcher`), years and dates (`DateMatcher`);
/// - brute force (10 guesses per scalar) for whatever is left.
///
/// The total for `l` pieces is `l! × Π guesses + 10⁴⁽ˡ⁻¹⁾`, which favours few, long
/// pieces, as in Wheeler's zxcvbn paper (USENIX Security 2016).
///
/// Only the first ``maxScalars`` scalars are analysed: anything longer is at least as
/// strong as its prefix, and the work stays bounded. The estimate depends only on the
/// input and the dictionaries (years are measured from the fixed ``referenceYear``, not
/// from the clock), so it is deterministic.
public final class StrengthEstimator: Sendable {
  /// The longest prefix, in Unicode scalars, that is analysed.
  public static let maxScalars = KeyboardLayout.maxScalars
  /// Years are judged by their distance from this one (fixed, so results never drift).
  public static let referenceYear = 2025
  /// The factor on a Japanese word found through another romaji spelling or through kana.
  static let romajiVariantFactor = 2.0

  let dictionary: StrengthDictionary
  /// The rule's own words (the service's name), rank = position.
  let serviceWords: WordTrie?
  let layouts: [KeyboardLayout.Graph]

  /// - Parameters:
  ///   - dictionary: the shared ranked dictionaries.
  ///   - words: the app's own words, most guessable first (product and company names).
  public init(dictionary: StrengthDictionary, words: [String] = []) {
    self.dictionary = dictionary
    if words.isEmpty {
      serviceWords = nil
    } else {
      var builder = WordTrie.Builder()
      for (i, word) in words.enumerated() {
        builder.insert(
          PasswordList.canonical(word).unicodeScalars.lazy.map(\.value), rank: i + 1,
          source: WordSource.serviceWord.rawValue)
      }
      serviceWords = WordTrie(block: builder.build())
    }
    layouts = KeyboardLayout.all.map(\.graph) + dictionary.keypads
  }

  /// An estimator whose only dictionary is a password list, most common first (compared
  /// after NFKC, trimming and lower-casing, as `notCommon` compares).
  public convenience init(rankedWords: [String]) {
    self.init(dictionary: StrengthDictionary(rankedPasswords: rankedWords))
  }

  /// Estimates a password. `userInputs` are other values the user typed (email, name),
  /// treated as the most guessable words of all.
  public func estimate(_ password: String, userInputs: [String] = []) -> StrengthEstimate {
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(min(password.unicodeScalars.count, Self.maxScalars))
    for scalar in password.unicodeScalars {
      if scalars.count == Self.maxScalars { break }
      scalars.append(scalar)
    }
    let analysis = Analysis(
      estimator: self, scalars: scalars, userParts: Analysis.userParts(userInputs), depth: 0)
    let pieces = analysis.decompose()
    let log10Guesses = analysis.totalLog10
    let score = Self.score(log10Guesses)
    let (warning, suggestions) = Self.feedback(pieces, scalars: scalars, score: score)
    return StrengthEstimate(
      score: score, guessesLog10: (log10Guesses * 10).rounded() / 10, warning: warning, suggestions: suggestions,
      analysedScalars: scalars.count)
  }

  /// zxcvbn's thresholds: 10³, 10⁶, 10⁸, 10¹⁰ guesses (each plus 5).
  static func score(_ log10Guesses: Double) -> Int {
    // Away from a threshold (log₁₀ 1,005 = 3.00217, then 6.0000022, 8.00000002, 10.0000000002)
    // the logarithm decides; within 10⁻⁶ of one, the guesses themselves, as zxcvbn compares.
    let margin = 1e-6
    switch log10Guesses {
    case ..<(3.002166061756508 - margin): return 0
    case (3.002166061756508 + margin)..<(6.0000021714669804 - margin): return 1
    case (6.0000021714669804 + margin)..<(8.000000021714724 - margin): return 2
    case (8.000000021714724 + margin)..<(10.000000000217147 - margin): return 3
    case (10.000000000217147 + margin)...: return 4
    default: break
    }
    let guesses = pow(10, log10Guesses)
    switch guesses {
    case ..<(1e3 + 5): return 0
    case ..<(1e6 + 5): return 1
    case ..<(1e8 + 5): return 2
    case ..<(1e10 + 5): return 3
    default: return 4
    }
  }

  /// The warning and suggestions for the piece that covers the most of the password.
  static func feedback(_ pieces: [Match], scalars: [Unicode.Scalar], score: Int) -> (
    StrengthWarning?, [StrengthSuggestion]
  ) {
    // A password that scores 3 or more gets no warning: only a nudge, until it scores 4.
    guard score < 3 else { return (nil, score < 4 ? [.addWord] : []) }
    guard let longest = pieces.max(by: { $0.length < $1.length }) else { return (nil, [.addWord]) }
    var suggestions: [StrengthSuggestion] = [.addWord]
    let warning: StrengthWarning?
    let sole = pieces.count == 1
    switch longest.kind {
    case .dictionary(let word):
      switch word.source {
      case .userInput:
        warning = .userInput
        suggestions.append(.avoidPersonalInfo)
      case .serviceWord:
        warning = .serviceWord
        suggestions.append(.avoidServiceWords)
      case .password:
        if sole, !word.reversed, !word.l33t, !word.variant, word.capitals == .none {
          warning = .commonPassword
        } else {
          warning = .similarToCommon
        }
      case .word:
        warning = sole ? .wordByItself : .commonWord
      case .name:
        warning = sole ? .nameByItself : .commonName
        suggestions.append(.avoidNames)
      }
      switch word.capitals {
      case .first: suggestions.append(.capitalizationNotHelpful)
      case .all: suggestions.append(.allUppercaseNotHelpful)
      case .none, .mixed: break
      }
      if word.reversed { suggestions.append(.reversedNotHelpful) }
      if word.l33t { suggestions.append(.substitutionNotHelpful) }
      if word.variant { suggestions.append(.romajiVariantNotHelpful) }
    case .spatial(let turns):
      warning = turns == 1 ? .straightRow : .keyboardPattern
      suggestions.append(.longerKeyboardPattern)
    case .repeated(let unitLength):
      warning = unitLength == 1 ? .repeatedCharacter : .repeatedPattern
      suggestions.append(.avoidRepeats)
    case .sequence:
      warning = .sequence
      suggestions.append(.avoidSequences)
    case .year:
      warning = .recentYear
      suggestions.append(.avoidYears)
    case .date:
      warning = .date
      suggestions.append(.avoidDates)
    case .bruteforce:
      warning = nil
    }
    return (warning, suggestions)
  }
}
