import Foundation

/// Keyboard patterns: 3 or more keys in a row that are neighbours on the US or JIS layout
/// (``KeyboardLayout``) or on a keypad, with the turns they take and the keys typed with
/// Shift. The guesses count the patterns of that length with at most that many turns,
/// from every character of the layout, as zxcvbn does.
extension Analysis {
  func spatialMatches(into matches: inout [Match]) {
    let n = scalars.count
    guard n >= 3 else { return }
    // One buffer of key positions, refilled per layout.
    var located = [KeyboardLayout.Graph.Location?](repeating: nil, count: n)
    let widthFolded = scalars.map { Sequences.widthFolded($0) }
    for graph in estimator.layouts {
      for k in 0..<n { located[k] = graph.location(of: widthFolded[k]) }
      var i = 0
      while i < n - 2 {
        var j = i
        var turns = 0
        var lastDirection = -1
        var shifted = 0
        if let first = located[i], first.shifted { shifted += 1 }
        while j + 1 < n, let current = located[j], let next = located[j + 1],
          let direction = graph.direction(from: current.key, to: next.key)
        {
          if direction != lastDirection {
            turns += 1
            lastDirection = direction
          }
          if next.shifted { shifted += 1 }
          j += 1
        }
        if j - i + 1 >= 3 {
          let length = j - i + 1
          var guesses = 0.0
          // Starting points as zxcvbn counts them: every character the layout types.
          let keys = Double(graph.locations.count)
          for l in 2...length {
            for t in stride(from: 1, through: min(turns, l - 1), by: 1) {
              guesses += Self.binomial(l - 1, t - 1) * keys * pow(graph.averageDegree, Double(t))
            }
          }
          if shifted > 0 {
            let plain = length - shifted
            guesses *= plain == 0 ? 2 : Self.binomialSum(length, min(shifted, plain))
          }
          matches.append(Match(i: i, j: j, log10Guesses: bounded(log10(guesses), i, j), kind: .spatial(turns: turns)))
        }
        i = j + 1
      }
    }
  }

}
