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
    // The romaji view and then its reduced spelling (at most twice as long), in one
    // allocation rather than an array per step.
    let capacity = scalars.count * Romaji.lettersPerScalar
    withScratch(of: Romaji.Letter.self, capacity: 3 * capacity, initial: .blank) { buffer in
      let view = buffer[0..<capacity]
      let reduced = buffer[capacity..<(3 * capacity)]
      let viewCount = Romaji.transliterate(scalars, into: view)
      let reducedCount = Romaji.reduce(view[0..<viewCount], into: reduced)
      let letters = reduced[0..<reducedCount]
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
