import FormRules
import Foundation

/// Repeats: one character 3 or more times (`aaa`) or a block 2 or more times (`abcabc`),
/// the longest at each position. A repeat costs its block's own estimate × the number of
/// repetitions.
extension Analysis {
  func repeatMatches(into matches: inout [Match]) {
    let n = scalars.count
    guard n >= 2 else { return }
    // A block can only repeat from `i` with a length that brings the same scalar again:
    // `same[k]` is the next position with `k`'s scalar (n for none), so the lengths tried
    // are exactly those, in increasing order. `heads` holds the latest position per low 7
    // bits of the scalar value while `same` is filled from the end. Both on the stack.
    withScratch(of: Int32.self, capacity: Self.repeatBuckets + n, initial: Int32(n)) { table in
      let heads = table[0..<Self.repeatBuckets]
      let same = table[Self.repeatBuckets..<(Self.repeatBuckets + n)]
      for k in stride(from: n - 1, through: 0, by: -1) {
        let v = scalars[k]
        let bucket = Int(v.value) & (Self.repeatBuckets - 1)
        var p = Int(heads[bucket])
        if p < n, scalars[p] != v {
          // Another scalar with the same low bits: look for the next one plainly.
          p = k + 1
          while p < n, scalars[p] != v { p += 1 }
        }
        same[k] = Int32(p)
        heads[bucket] = Int32(k)
      }
      var i = 0
      while i < n - 1 {
        var bestUnit = 0
        var bestCount = 0
        let longest = (n - i) / 2
        var next = Int(same[i])
        while next - i <= longest {
          let unit = next - i
          var count = 1
          while i + (count + 1) * unit <= n, Self.blockRepeats(scalars, i, at: i + count * unit, unit) {
            count += 1
          }
          let enough = unit == 1 ? count >= 3 : count >= 2
          if enough, unit * count > bestUnit * bestCount {
            bestUnit = unit
            bestCount = count
          }
          next = Int(same[next])
        }
        guard bestUnit > 0 else {
          i += 1
          continue
        }
        let (unit, count) = (bestUnit, bestCount)
        let base: Double
        if depth == 0 {
          let inner = Analysis(
            estimator: estimator, scalars: Array(scalars[i..<i + unit]), userParts: userParts, depth: depth + 1)
          _ = inner.decompose()
          base = inner.totalLog10
        } else {
          base = Double(unit)
        }
        let j = i + unit * count - 1
        matches.append(
          Match(
            i: i, j: j, log10Guesses: bounded(base + log10(Double(count)), i, j), kind: .repeated(unitLength: unit)))
        i = j + 1
      }
    }
  }

  /// The number of buckets (a power of two) for finding the next equal scalar.
  private static let repeatBuckets = 128

  /// Whether the `unit` scalars from `start` are the `unit` scalars from `block`.
  @inline(__always)
  private static func blockRepeats(
    _ scalars: [Unicode.Scalar], _ block: Int, at start: Int, _ unit: Int
  ) -> Bool {
    for k in 0..<unit where scalars[start + k] != scalars[block + k] { return false }
    return true
  }
}
