/// Words from the form's other fields (`userInputs`): each part `notContainsField` would
/// find (``FieldParts``), forwards or reversed, at rank 1, the most guessable of all.
extension Analysis {
  func userInputMatches(into matches: inout [Match]) {
    let n = folded.count
    for part in userParts {
      let m = part.count
      guard m <= n else { continue }
      for i in 0...(n - m) {
        if (0..<m).allSatisfy({ folded[i + $0] == part[$0] }) {
          appendWord(i, i + m - 1, Match.Word(rank: 1, source: .userInput), substitutions: [], into: &matches)
        } else if (0..<m).allSatisfy({ folded[i + $0] == part[m - 1 - $0] }) {
          appendWord(
            i, i + m - 1, Match.Word(rank: 1, source: .userInput, reversed: true), substitutions: [], into: &matches)
        }
      }
    }
  }
}
