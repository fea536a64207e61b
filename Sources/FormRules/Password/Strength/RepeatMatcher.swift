import Foundation

/// Repeats: one character 3 or more times (`aaa`) or a block 2 or more times (`abcabc`),
/// the longest at each position. A repeat costs its block's own estimate × the number of
/// repetitions.
extension Analysis {
  func repeatMatches(into matches: inout [Match]) {
    let n = scalars.count
    var i = 0
    while i < n - 1 {
      var best: (unit: Int, count: Int)?
      for unit in stride(from: 1, through: (n - i) / 2, by: 1) {
        // A block that does not start again right after itself repeats once: not a repeat.
        // (Most units stop here, without setting up the comparison below.)
        if scalars[i + unit] != scalars[i] { continue }
        var count = 1
        while i + (count + 1) * unit <= n,
          (0..<unit).allSatisfy({ scalars[i + count * unit + $0] == scalars[i + $0] })
        {
          count += 1
        }
        let enough = unit == 1 ? count >= 3 : count >= 2
        if enough, unit * count > (best.map { $0.unit * $0.count } ?? 0) { best = (unit, count) }
      }
      guard let (unit, count) = best else {
        i += 1
        continue
      }
      let base: Double
      if depth == 0 {
        var inner = Analysis(
          estimator: estimator, scalars: Array(scalars[i..<i + unit]), userParts: userParts, depth: depth + 1)
        _ = inner.decompose()
        base = inner.totalLog10
      } else {
        base = Double(unit)
      }
      let j = i + unit * count - 1
      matches.append(
        Match(i: i, j: j, log10Guesses: bounded(base + log10(Double(count)), i, j), kind: .repeated(unitLength: unit)))
      i = j + 1
    }
  }

}
