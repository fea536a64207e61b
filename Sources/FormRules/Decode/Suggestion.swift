/// Finds the likely intended spelling among known names, for "did you mean" hints:
/// the closest by edit distance (a swap of neighbours is one edit), if close enough.
package enum Suggestion {
  /// Beyond this many names, or names this long, a guess costs more than it helps: each
  /// comparison fills a table of one word's length by the other's.
  static let maxCandidates = 1000
  static let maxWordLength = 128

  package static func closest(to word: String, in candidates: [String]) -> String? {
    guard candidates.count <= maxCandidates, word.unicodeScalars.count <= maxWordLength else { return nil }
    let lowered = Array(word.lowercased().unicodeScalars)
    let threshold = max(1, lowered.count / 3)
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let other = Array(candidate.lowercased().unicodeScalars)
      // The distance is at least the difference in length: a megabyte-long key skips the table.
      guard abs(other.count - lowered.count) <= threshold else { continue }
      let d = distance(lowered, other)
      if d < best?.distance ?? Int.max { best = (candidate, d) }
    }
    guard let best, best.distance <= threshold else { return nil }
    return best.name
  }

  /// Edit distance where swapping two neighbours counts as one edit (optimal string
  /// alignment), since transposed letters are the commonest typo in keys.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }
}
