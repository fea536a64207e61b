import FormRules
import Foundation

/// Keyboard patterns: 3 or more keys in a row that are neighbours on the US or JIS layout
/// (``KeyboardLayout``) or on a keypad, with the turns they take and the keys typed with
/// Shift. The guesses count the patterns of that length with at most that many turns,
/// from every character of the layout, as zxcvbn does.
extension Analysis {
  func spatialMatches(into matches: inout [Match]) {
    let n = scalars.count
    guard n >= 3 else { return }
    // Where each scalar is typed (`key << 1 | shifted`, -1 for nowhere), refilled per
    // layout, and the width-folded scalars it is looked up by (once for every layout), on
    // the stack.
    withScratch(of: UInt32.self, capacity: n, initial: 0) { widths in
      for k in 0..<n { widths[k] = Sequences.widthFolded(scalars[k]) }
      spatialMatches(widths: widths, into: &matches)
    }
  }

  private func spatialMatches(widths: ScratchView<UInt32>, into matches: inout [Match]) {
    let n = widths.count
    withScratch(of: Int32.self, capacity: n, initial: 0) { codes in
      for graph in estimator.layouts {
        for k in 0..<n { codes[k] = graph.code(of: widths[k]) }
        var i = 0
        while i < n - 2 {
          var j = i
          var turns = 0
          var lastDirection: Int8 = -1
          var current = codes[i]
          var shifted = current >= 0 && current & 1 != 0 ? 1 : 0
          while j + 1 < n, current >= 0 {
            let next = codes[j + 1]
            guard next >= 0 else { break }
            let direction = graph.direction(from: current >> 1, to: next >> 1)
            guard direction >= 0 else { break }
            if direction != lastDirection {
              turns += 1
              lastDirection = direction
            }
            if next & 1 != 0 { shifted += 1 }
            current = next
            j += 1
          }
          if j - i + 1 >= 3 {
            let length = j - i + 1
            var guesses = 0.0
            // Starting points as zxcvbn counts them: every character the layout types.
            let keys = graph.typedCount
            for l in 2...length {
              for t in stride(from: 1, through: min(turns, l - 1), by: 1) {
                guesses += Self.binomial(l - 1, t - 1) * keys * graph.degreePowers[t]
              }
            }
            if shifted > 0 {
              let plain = length - shifted
              guesses *= plain == 0 ? 2 : Self.binomialSum(length, min(shifted, plain))
            }
            matches.append(
              Match(i: i, j: j, log10Guesses: bounded(log10(guesses), i, j), kind: .spatial(turns: turns)))
          }
          i = j + 1
        }
      }
    }
  }
}
