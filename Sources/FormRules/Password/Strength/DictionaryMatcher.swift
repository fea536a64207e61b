import Foundation

/// Dictionary words: every ranked word (and every word of the rule's own list) that occurs
/// in the password, as typed, with l33t substitutions, or reversed. A word costs its rank
/// × the ways its capitals could have been placed × the ways its substitutions could have
/// been made (× 2 reversed), as zxcvbn counts them.
extension Analysis {
  /// Characters read as letters in l33t speak (`p@$$w0rd`), indexed by ASCII value.
  static let l33t: [[UInt32]] = {
    let table: [(Character, String)] = [
      ("4", "a"), ("@", "a"), ("8", "b"), ("(", "c"), ("{", "c"), ("[", "c"), ("<", "c"), ("3", "e"),
      ("6", "g"), ("9", "g"), ("1", "il"), ("!", "i"), ("|", "il"), ("7", "lt"), ("0", "o"), ("$", "s"),
      ("5", "s"), ("+", "t"), ("%", "x"), ("2", "z"),
    ]
    var result = [[UInt32]](repeating: [], count: 128)
    for (from, to) in table {
      guard let f = from.unicodeScalars.first?.value, f < 128 else { continue }
      result[Int(f)] = to.unicodeScalars.map(\.value)
    }
    return result
  }()

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
    // Reversed words: plain letters only, as people type them backwards.
    let reversed = Array(folded.reversed())
    for start in 0..<n {
      var node = WordTrie.root
      var end = start
      while end < n, let next = trie.child(node, reversed[end]) {
        node = next
        let rank = trie.rank(node)
        if rank > 0, end - start >= 1 {
          let i = n - 1 - end
          let j = n - 1 - start
          // A palindrome is already found forwards.
          if !(0...(j - i)).allSatisfy({ folded[i + $0] == folded[j - $0] }) {
            appendWord(
              i, j, Match.Word(rank: rank, source: WordSource(rawValue: trie.source(node)) ?? .word, reversed: true),
              substitutions: [], into: &matches)
          }
        }
        end += 1
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
    guard c < 128 else { return }
    let letters = Self.l33t[Int(c)]
    for letter in letters {
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
    var log10Guesses = log10(Double(word.rank)) + log10(capitalVariations(i, j, word.capitals))
    if !substitutions.isEmpty {
      word.l33t = true
      log10Guesses += log10(l33tVariations(i, j, substitutions))
    }
    if word.reversed { log10Guesses += log10(2.0) }
    if word.variant { log10Guesses += log10(StrengthEstimator.romajiVariantFactor) }
    matches.append(Match(i: i, j: j, log10Guesses: bounded(log10Guesses, i, j), kind: .dictionary(word)))
  }

  func capitalization(_ i: Int, _ j: Int) -> Match.Capitals {
    var upper = 0
    var lower = 0
    for k in i...j {
      if letterCase[k] > 0 { upper += 1 } else if letterCase[k] < 0 { lower += 1 }
    }
    if upper == 0 { return .none }
    if lower == 0 { return .all }
    if upper == 1 && (letterCase[i] > 0 || letterCase[j] > 0) { return .first }
    return .mixed
  }

  /// How many ways the capitals could have been placed: 2 for the usual forms (first or
  /// last letter, all capitals), else the ways to pick up to half of the letters.
  func capitalVariations(_ i: Int, _ j: Int, _ capitals: Match.Capitals) -> Double {
    switch capitals {
    case .none: return 1
    case .first, .all: return 2
    case .mixed:
      var upper = 0
      var lower = 0
      for k in i...j {
        if letterCase[k] > 0 { upper += 1 } else if letterCase[k] < 0 { lower += 1 }
      }
      return Self.binomialSum(upper + lower, min(upper, lower))
    }
  }

  private func l33tVariations(_ i: Int, _ j: Int, _ substitutions: [(from: UInt32, to: UInt32)]) -> Double {
    var variations = 1.0
    var seen: [(UInt32, UInt32)] = []
    for (from, to) in substitutions where !seen.contains(where: { $0 == (from, to) }) {
      seen.append((from, to))
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
