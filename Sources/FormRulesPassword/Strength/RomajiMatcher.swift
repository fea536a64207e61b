import FormRules
import Foundation

/// Japanese words however they were spelled or typed: the password's romaji view
/// (kana transliterated, see ``Romaji``) in its reduced spelling is walked through the
/// Japanese lists in the same spelling. A word found this way costs its rank × 2 (the
/// ways to write it) × its capitals. A word typed exactly as listed is also the
/// `DictionaryMatcher`'s, at its plain rank, and the decomposition takes the cheaper.
extension Analysis {
  func romajiMatches(into matches: inout [Match]) {
    guard let trie = estimator.dictionary.romaji, Romaji.mayContainWords(scalars) else { return }
    // The romaji view and then its reduced spelling (at most twice as long), each in scratch
    // memory rather than an array.
    withScratchStack(of: Romaji.Letter.self, capacity: scalars.count * Romaji.lettersPerScalar) { view in
      Romaji.transliterate(scalars, into: &view)
      withScratchStack(of: Romaji.Letter.self, capacity: 2 * view.count) { letters in
        Romaji.reduce(view, into: &letters)
        let n = letters.count
        for s in 0..<n where letters[s].startsUnit && letters[s].value != Romaji.breakValue {
          var node = WordTrie.root
          var e = s
          while e < n, let next = trie.child(node, letters[e].value) {
            node = next
            let rank = trie.rank(node)
            if rank > 0, letters[e].endsUnit {
              let word = Match.Word(rank: rank, source: WordSource(rawValue: trie.source(node)) ?? .word, variant: true)
              appendWord(letters[s].start, letters[e].end, word, substitutions: [], into: &matches)
            }
            e += 1
          }
        }
      }
    }
  }
}
