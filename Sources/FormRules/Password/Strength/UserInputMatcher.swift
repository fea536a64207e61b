/// Words from the form's other fields (`userInputs`): each part `notContainsField` would
/// find (``FieldParts``), forwards or reversed, at rank 1, the most guessable of all.
extension Analysis {
  func userInputMatches(into matches: inout [Match]) {
    guard !userInputs.isEmpty else { return }
    let n = folded.count
    var parts: [[UInt32]] = []
    for input in userInputs {
      for part in FieldParts.parts(of: input, minLength: 3, unit: .characters) where part.count <= n {
        parts.append(part.map { Self.foldForWords($0) })
      }
    }
    for part in parts {
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
