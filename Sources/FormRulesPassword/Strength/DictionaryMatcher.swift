import FormRules
import Foundation

/// Dictionary words: every ranked word (and every word of the rule's own list) that occurs
/// in the password, as typed, with l33t substitutions, or reversed. A word costs its rank
/// × the ways its capitals could have been placed × the ways its substitutions could have
/// been made (× 2 reversed), as zxcvbn counts them.
extension Analysis {
  /// The letters a character stands for in l33t speak (`p@$$w0rd`), in the order they
  /// are tried, 0 for none: `4 @` a, `8` b, `( { [ <` c, `3` e, `6 9` g, `1 |` i or l,
  /// `!` i, `7` l or t, `0` o, `$ 5` s, `+` t, `%` x, `2` z.
  @inline(__always)
  static func l33tLetters(_ c: UInt32) -> (first: UInt32, second: UInt32) {
    switch c {
    case 0x34, 0x40: return (0x61, 0)
    case 0x38: return (0x62, 0)
    case 0x28, 0x7B, 0x5B, 0x3C: return (0x63, 0)
    case 0x33: return (0x65, 0)
    case 0x36, 0x39: return (0x67, 0)
    case 0x31, 0x7C: return (0x69, 0x6C)
    case 0x21: return (0x69, 0)
    case 0x37: return (0x6C, 0x74)
    case 0x30: return (0x6F, 0)
    case 0x24, 0x35: return (0x73, 0)
    case 0x2B: return (0x74, 0)
    case 0x25: return (0x78, 0)
    case 0x32: return (0x7A, 0)
    default: return (0, 0)
    }
  }

  func dictionaryMatches(into matches: inout [Match]) {
    dictionaryMatches(estimator.dictionary.words, into: &matches)
    if let service = estimator.serviceWords { dictionaryMatches(service, into: &matches) }
  }

  private func dictionaryMatches(_ trie: WordTrie, into matches: inout [Match]) {
    let n = folded.count
    var substitutions: [(from: UInt32, to: UInt32)] = []
    for i in 0..<n {
      walk(trie, from: i, at: i, node: WordTrie.root, substitutions: &substitutions, into: &matches)
    }
    // Reversed words: plain letters only, as people type them backwards (walking the
    // folded scalars from the end, `j` down to `i`).
    for j in stride(from: n - 1, through: 0, by: -1) {
      var node = WordTrie.root
      var i = j
      while i >= 0, let next = trie.child(node, folded[i]) {
        node = next
        let rank = trie.rank(node)
        if rank > 0, j - i >= 1 {
          // A palindrome is already found forwards.
          var palindrome = true
          var a = i
          var b = j
          while a < b {
            if folded[a] != folded[b] {
              palindrome = false
              break
            }
            a += 1
            b -= 1
          }
          if !palindrome {
            appendWord(
              i, j, Match.Word(rank: rank, source: WordSource(rawValue: trie.source(node)) ?? .word, reversed: true),
              substitutions: [], into: &matches)
          }
        }
        i -= 1
      }
    }
  }

  /// Follows the trie from `start`, trying each scalar as itself and as the letters it
  /// stands for in l33t, and records every word that ends on the way.
  private func walk(
    _ trie: WordTrie, from start: Int, at position: Int, node: Int, substitutions: inout [(from: UInt32, to: UInt32)],
    into matches: inout [Match]
  ) {
    guard position < folded.count else { return }
    let c = folded[position]
    if let next = trie.child(node, c) {
      let rank = trie.rank(next)
      if rank > 0 {
        appendWord(
          start, position, Match.Word(rank: rank, source: WordSource(rawValue: trie.source(next)) ?? .word),
          substitutions: substitutions, into: &matches)
      }
      walk(trie, from: start, at: position + 1, node: next, substitutions: &substitutions, into: &matches)
    }
    let letters = Self.l33tLetters(c)
    guard letters.first != 0 else { return }
    for index in 0..<2 {
      let letter = index == 0 ? letters.first : letters.second
      if letter == 0 { break }
      // One character stands for one letter throughout a word.
      if substitutions.contains(where: { $0.from == c && $0.to != letter }) { continue }
      guard let next = trie.child(node, letter) else { continue }
      substitutions.append((c, letter))
      let rank = trie.rank(next)
      // A one-character l33t "word" says nothing (zxcvbn drops them too).
      if rank > 0, position > start {
        appendWord(
          start, position, Match.Word(rank: rank, source: WordSource(rawValue: trie.source(next)) ?? .word),
          substitutions: substitutions, into: &matches)
      }
      walk(trie, from: start, at: position + 1, node: next, substitutions: &substitutions, into: &matches)
      substitutions.removeLast()
    }
  }

  func appendWord(
    _ i: Int, _ j: Int, _ word: Match.Word, substitutions: [(from: UInt32, to: UInt32)], into matches: inout [Match]
  ) {
    var word = word
    word.capitals = capitalization(i, j)
    // log₁₀ 1 is 0 and adding 0 changes nothing, and log₁₀ 2 is a constant: most words then
    // cost one logarithm (of the rank), as the same sum computed with every term would.
    var log10Guesses = log10(Double(word.rank))
    switch word.capitals {
    case .none: break
    case .first, .all: log10Guesses += Self.log10Of2
    case .mixed: log10Guesses += log10(capitalVariations(i, j, word.capitals))
    }
    if !substitutions.isEmpty {
      word.l33t = true
      log10Guesses += log10(l33tVariations(i, j, substitutions))
    }
    if word.reversed { log10Guesses += Self.log10Of2 }
    if word.variant { log10Guesses += log10(StrengthEstimator.romajiVariantFactor) }
    matches.append(Match(i: i, j: j, log10Guesses: bounded(log10Guesses, i, j), kind: .dictionary(word)))
  }

  /// log₁₀ 2, the factor of a capital at either end, of all capitals and of a reversed word
  /// (a literal, so the hot path calls no logarithm; a test checks it against `log10(2.0)`).
  static let log10Of2 = 0.3010299956639812

  func capitalization(_ i: Int, _ j: Int) -> Match.Capitals {
    let (upper, lower) = letters(i, j)
    if upper == 0 { return .none }
    if lower == 0 { return .all }
    if upper == 1 && (letters(i, i).upper > 0 || letters(j, j).upper > 0) { return .first }
    return .mixed
  }

  /// How many ways the capitals could have been placed: 2 for the usual forms (first or
  /// last letter, all capitals), else the ways to pick up to half of the letters.
  func capitalVariations(_ i: Int, _ j: Int, _ capitals: Match.Capitals) -> Double {
    switch capitals {
    case .none: return 1
    case .first, .all: return 2
    case .mixed:
      let (upper, lower) = letters(i, j)
      return Self.binomialSum(upper + lower, min(upper, lower))
    }
  }

  private func l33tVariations(_ i: Int, _ j: Int, _ substitutions: [(from: UInt32, to: UInt32)]) -> Double {
    var variations = 1.0
    // Each substitution counts once, in the order first made (a character substituted twice
    // is in the list twice).
    for (index, (from, to)) in substitutions.enumerated()
    where !substitutions[..<index].contains(where: { $0 == (from, to) }) {
      var substituted = 0
      var plain = 0
      for k in i...j {
        if scalars[k].value == from { substituted += 1 } else if folded[k] == to { plain += 1 }
      }
      variations *= plain == 0 || substituted == 0 ? 2 : Self.binomialSum(substituted + plain, min(substituted, plain))
    }
    return variations
  }
}
