/// Words from the form's other fields (`userInputs`): each part `notContainsField` would
/// find (``FieldParts``), forwards or reversed, at rank 1, the most guessable of all.
extension Analysis {
  func userInputMatches(into matches: inout [Match]) {
    let n = folded.count
    let values = userParts.values
    for k in userParts.indices {
      let start = userParts.start(k)
      let m = userParts.ends[k] - start
      guard m <= n else { continue }
      for i in 0...(n - m) {
        if (0..<m).allSatisfy({ folded[i + $0] == values[start + $0] }) {
          appendWord(i, i + m - 1, Match.Word(rank: 1, source: .userInput), substitutions: [], into: &matches)
        } else if (0..<m).allSatisfy({ folded[i + $0] == values[start + m - 1 - $0] }) {
          appendWord(
            i, i + m - 1, Match.Word(rank: 1, source: .userInput, reversed: true), substitutions: [], into: &matches)
        }
      }
    }
  }
}
