import FormRules

/// Words from the form's other fields (`userInputs`): each part `notContainsField` would
/// find (``FieldParts``), forwards or reversed, at rank 1, the most guessable of all.
extension Analysis {
  func userInputMatches(into matches: inout [Match]) {
    let n = folded.count
    guard !userParts.ends.isEmpty else { return }
    let values = userParts.values
    for k in userParts.indices {
      let start = userParts.start(k)
      let m = userParts.ends[k] - start
      guard m <= n else { continue }
      // A part can only start where the password has its first scalar (forwards) or its
      // last (reversed): one comparison each rules most positions out.
      let first = m > 0 ? values[start] : 0
      let last = m > 0 ? values[start + m - 1] : 0
      for i in 0...(n - m) {
        var d = 0
        if m == 0 || folded[i] == first {
          while d < m, folded[i + d] == values[start + d] { d += 1 }
          if d == m {
            appendWord(i, i + m - 1, Match.Word(rank: 1, source: .userInput), substitutions: [], into: &matches)
            continue
          }
        }
        guard folded[i] == last else { continue }
        d = 0
        while d < m, folded[i + d] == values[start + m - 1 - d] { d += 1 }
        if d == m {
          appendWord(
            i, i + m - 1, Match.Word(rank: 1, source: .userInput, reversed: true), substitutions: [],
            into: &matches)
        }
      }
    }
  }
}
