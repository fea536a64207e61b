/// Words from the form's other fields (`userInputs`): each part `notContainsField` would
/// find (``FieldParts``), forwards or reversed, at rank 1, the most guessable of all.
extension Analysis {
  func userInputMatches(into matches: inout [Match]) {
    let n = folded.count
    guard !userParts.ends.isEmpty else { return }
    folded.withUnsafeBufferPointer { folded in
      userParts.values.withUnsafeBufferPointer { values in
        for k in userParts.indices {
          let start = userParts.start(k)
          let m = userParts.ends[k] - start
          guard m <= n else { continue }
          for i in 0...(n - m) {
            // Plain loops that stop at the first difference (most stop at the first scalar).
            var d = 0
            while d < m, folded[i + d] == values[start + d] { d += 1 }
            if d == m {
              appendWord(i, i + m - 1, Match.Word(rank: 1, source: .userInput), substitutions: [], into: &matches)
              continue
            }
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
  }
}
