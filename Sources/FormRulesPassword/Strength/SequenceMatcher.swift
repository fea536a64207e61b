import FormRules
import Foundation

/// Sequences: runs whose scalars step by the same amount (1 to 5 either way: `abcd`,
/// `aceg`, `9753`, `ZYX`), as zxcvbn finds them, and runs through the kana in gojūon order
/// (`あいうえお`, `アイウエオ`), which Unicode does not lay out evenly. A run costs a base
/// (4 for an obvious start `a`, `z`, `0`, `1`, `9`, `あ`; 10 for other digits; 26
/// otherwise) × its length, × 2 backwards.
extension Analysis {
  static let maxDelta = 5

  func sequenceMatches(into matches: inout [Match]) {
    let n = scalars.count
    guard n > 1 else { return }
    // The runs added so far (a handful: a linear search beats hashing them), in a stack
    // buffer with room for every even-step run (one per position at most), and in an
    // array for any kana run beyond that.
    withScratch(of: Int.self, capacity: n, initial: 0) { keys in
      var keyCount = 0
      var moreKeys: [Int] = []
      func add(_ i: Int, _ j: Int, ascending: Bool) {
        let key = i * 1024 + j * 2 + (ascending ? 1 : 0)
        for k in 0..<keyCount where keys[k] == key { return }
        guard !moreKeys.contains(key) else { return }
        if keyCount < n {
          keys[keyCount] = key
          keyCount += 1
        } else {
          moreKeys.append(key)
        }
        let first = Sequences.fold(scalars[i])
        let base: Double
        switch first {
        case "a", "z", "0", "1", "9", "あ": base = 4
        case "0"..."9": base = 10
        default: base = 26
        }
        let guesses = base * Double(j - i + 1) * (ascending ? 1 : 2)
        matches.append(Match(i: i, j: j, log10Guesses: bounded(log10(guesses), i, j), kind: .sequence))
      }
      // Even steps, split where the step changes (a run's last scalar starts the next). Each
      // scalar is width-folded once, and the step is from the one before.
      var i = 0
      var previous = Int(Sequences.widthFolded(scalars[1]))
      var last = previous - Int(Sequences.widthFolded(scalars[0]))
      func flush(_ j: Int) {
        if (j - i > 1 || abs(last) == 1), last != 0, abs(last) <= Self.maxDelta { add(i, j, ascending: last > 0) }
      }
      for k in 2..<max(n, 2) {
        let current = Int(Sequences.widthFolded(scalars[k]))
        let d = current - previous
        previous = current
        if d == last { continue }
        flush(k - 1)
        i = k - 1
        last = d
      }
      flush(n - 1)
      // Kana in gojūon order (none in a password of ASCII only).
      guard scalars.contains(where: { $0.value >= 0x80 }) else { return }
      for run in Sequences.runs(in: scalars, minimum: 3)
      where run.kind == .alphabetical && scalars[run.start].value >= 0x80 {
        add(run.start, run.end - 1, ascending: run.ascending)
      }
    }
  }
}
