import FormRules
import Foundation

/// One piece of a decomposition: scalars `i...j` and how many guesses it costs.
struct Match {
  enum Capitals: Equatable { case none, first, all, mixed }

  /// A dictionary word and how it was typed.
  struct Word {
    var rank: Int
    var source: WordSource
    var reversed = false
    var l33t = false
    /// Found through another romaji spelling or through kana.
    var variant = false
    var capitals: Capitals = .none
  }

  enum Kind {
    case dictionary(Word)
    case spatial(turns: Int)
    case repeated(unitLength: Int)
    case sequence
    case year
    case date
    case bruteforce
  }

  var i: Int
  var j: Int
  var log10Guesses: Double
  var kind: Kind

  var length: Int { j - i + 1 }
}

/// The work on one password: find every match, then the cheapest decomposition.
///
/// A class: the matchers' scratch closures capture it, and capturing a struct of six arrays
/// and references copied it for each (a retain and a release per field; measured: 36M
/// instructions over 20k `signup-strength` records).
final class Analysis {
  let estimator: StrengthEstimator
  let scalars: [Unicode.Scalar]
  /// Lower-case, width-folded scalar values for dictionary matching.
  let folded: [UInt32]
  /// Capitals and small letters among the first `k` scalars, for `k` in `0...count` (looked
  /// up once, so a word's capitals are two subtractions, not a loop per match).
  let caseCounts: [(upper: Int32, lower: Int32)]
  /// The parts of the other fields' values (``FieldParts``), folded as `folded` is: found
  /// once per estimate and shared with the analyses of repeated blocks.
  let userParts: FieldParts.Flat
  let depth: Int
  var totalLog10: Double = 0

  /// Guesses a match needs at least when it is only part of the password.
  static let minSubmatchLog10Single = 1.0  // 10
  static let minSubmatchLog10Multi = 1.6989700043360187  // log₁₀ 50, checked by a test
  /// 10⁴: the extra guesses for each additional piece (zxcvbn's "growing sequence" term).
  static let pieceLog10 = 4.0
  static let logFactorial: [Double] = {
    var table = [0.0]
    for n in 1...(StrengthEstimator.maxScalars + 1) { table.append(table[n - 1] + log10(Double(n))) }
    return table
  }()

  init(estimator: StrengthEstimator, scalars: [Unicode.Scalar], userParts: FieldParts.Flat, depth: Int) {
    self.estimator = estimator
    self.scalars = scalars
    self.userParts = userParts
    self.depth = depth
    folded = scalars.map(Self.foldForWords)
    var counts: [(upper: Int32, lower: Int32)] = [(0, 0)]
    counts.reserveCapacity(scalars.count + 1)
    var upper: Int32 = 0
    var lower: Int32 = 0
    for scalar in scalars {
      switch scalar.value {
      case 0x41...0x5A: upper += 1
      case 0x61...0x7A: lower += 1
      case 0..<0x80: break
      default:
        if scalar.properties.isUppercase {
          upper += 1
        } else if scalar.properties.isLowercase {
          lower += 1
        }
      }
      counts.append((upper, lower))
    }
    caseCounts = counts
  }

  /// Capitals and small letters in scalars `i...j`.
  @inline(__always)
  func letters(_ i: Int, _ j: Int) -> (upper: Int, lower: Int) {
    (Int(caseCounts[j + 1].upper - caseCounts[i].upper), Int(caseCounts[j + 1].lower - caseCounts[i].lower))
  }

  /// The parts of `userInputs` a password is matched against, in order, folded for words.
  static func userParts(_ userInputs: [String]) -> FieldParts.Flat {
    var all = FieldParts.Flat()
    for input in userInputs {
      var parts = FieldParts.flatParts(of: input, minLength: 3, unit: .characters)
      for k in parts.values.indices {
        if let scalar = Unicode.Scalar(parts.values[k]) { parts.values[k] = foldForWords(scalar) }
      }
      if all.ends.isEmpty { all = parts } else { all.append(parts) }
    }
    return all
  }

  static func foldForWords(_ scalar: Unicode.Scalar) -> UInt32 {
    var v = scalar.value
    if v < 0x80 {
      if v >= 0x41 && v <= 0x5A { v += 0x20 }
      return v
    }
    if v >= 0xFF01 && v <= 0xFF5E {
      v -= 0xFEE0
      if v >= 0x41 && v <= 0x5A { v += 0x20 }
      return v
    }
    if scalar.properties.isUppercase, let lower = scalar.properties.lowercaseMapping.unicodeScalars.first {
      return lower.value
    }
    return v
  }

  // MARK: Decomposition

  /// The best way found so far to cover the password up to a position with a given
  /// number of pieces.
  private struct State {
    var pieces: Int
    var log10Product: Double
    /// The last piece: an index into the matches, or `-(start + 1)` for brute force from `start`.
    var last: Int
    /// The total's two terms, `log₁₀(pieces! × product)` and `log₁₀ 10⁴⁽ᵖⁱᵉᶜᵉˢ⁻¹⁾`, the larger first.
    var high: Double
    var low: Double
    /// Bounds on the total, `log10Sum(high, low)`: equal once it is computed. Most comparisons
    /// between totals are decided by the bounds, so most states never need the logarithm.
    var lower: Double
    var upper: Double

    init(
      pieces: Int, product: Double, last: Int, factorialTerm: Double, pieceTerm: Double,
      sumExcess: [Double]
    ) {
      self.pieces = pieces
      log10Product = product
      self.last = last
      high = max(factorialTerm, pieceTerm)
      low = min(factorialTerm, pieceTerm)
      let gap = high - low
      lower = high
      // log10Sum is `high` exactly beyond 17 orders of magnitude; below, it adds
      // log₁₀(1 + 10⁻ᵍᵃᵖ), at most log₁₀ 2 and at most 10⁻ᵍᵃᵖ / ln 10.
      upper = gap > 17 ? high : high + sumExcess[Int(gap)]
    }

    /// The total, computed (and kept) the first time a comparison needs it.
    mutating func total() -> Double {
      if lower != upper {
        lower = Analysis.log10Sum(high, low)
        upper = lower
      }
      return lower
    }
  }

  /// Upper bounds of `log10Sum(high, low) - high` for `high - low` in `k..<k + 1`: log₁₀ 2 for
  /// k = 0, else 0.4343 × 10⁻ᵏ (each raised by 10⁻⁹ for the rounding of the sum, so a bound
  /// never falls below the computed value; a test checks them against `log10Sum`).
  static let sumExcess: [Double] = (0...17).map { k in
    (k == 0 ? 0.3010299956639812 : 0.4343 * pow(10, -Double(k))) + 1e-9
  }

  /// Whether `a`'s total is at most `b`'s: from their bounds when those decide it, else from the
  /// totals themselves (the same comparison as on the computed totals, either way).
  private static func notAbove(_ a: inout State, _ b: inout State) -> Bool {
    if a.upper <= b.lower { return true }
    if a.lower > b.upper { return false }
    return a.total() <= b.total()
  }

  /// The decomposition with the fewest guesses, as zxcvbn's dynamic programme computes
  /// it: for every end position, the Pareto front of (pieces, total guesses).
  func decompose() -> [Match] {
    let n = scalars.count
    guard n > 0 else {
      totalLog10 = 0
      return []
    }
    let matches = findMatches()
    guard let best = Self.decompose(matches, n: n) else { return [] }
    totalLog10 = best.total
    return best.pieces
  }

  /// The cheapest decomposition of `matches` over `n` scalars, and its total.
  ///
  /// The fronts are final one position at a time (a state at `k` is made only while `k` is
  /// processed), so they are stored one after another: `states[frontStart[k]..<frontStart[k + 1]]`
  /// is the front at `k`, the one being built is the tail, and only written states are read.
  private static func decompose(_ matches: [Match], n: Int) -> (pieces: [Match], total: Double)? {
    // The integer tables share one allocation: `endStart` (n + 1), `fill` (n + 1), `byEnd`
    // (one per match), `plainEnds` (n), `frontStart` (n + 1), `plainStart` (n + 1).
    let m = matches.count
    return withScratch(of: Int.self, capacity: 5 * n + 4 + m, initial: 0) { integers in
      let endStart = integers[0..<(n + 1)]
      let fill = integers[(n + 1)..<(2 * n + 2)]
      let byEnd = integers[(2 * n + 2)..<(2 * n + 2 + m)]
      // The positions whose front has a state brute force may follow, in increasing order.
      let plainEnds = integers[(2 * n + 2 + m)..<(3 * n + 2 + m)]
      let frontStart = integers[(3 * n + 2 + m)..<(4 * n + 3 + m)]
      let plainStart = integers[(4 * n + 3 + m)..<(5 * n + 4 + m)]
      // Match indices grouped by end position (in match order within a group), in one array.
      for match in matches { endStart[match.j + 1] += 1 }
      for k in 0..<n { endStart[k + 1] += endStart[k] }
      for k in 0...n { fill[k] = endStart[k] }
      for (index, match) in matches.enumerated() {
        byEnd[fill[match.j]] = index
        fill[match.j] += 1
      }
      // A front never holds more than n + 1 states.
      return withScratchStack(of: State.self, capacity: n * (n + 1)) { states in
        withScratchStack(of: (pieces: Int, product: Double).self, capacity: n * (n + 1)) { plain in
          frontier(
            matches, n: n, endStart: endStart, byEnd: byEnd, plainEnds: plainEnds, frontStart: frontStart,
            plainStart: plainStart, states: &states, plain: &plain)
        }
      }
    }
  }

  /// The dynamic programme over the tables ``decompose(_:n:)`` filled.
  @inline(__always)
  private static func frontier(
    _ matches: [Match], n: Int, endStart: ScratchView<Int>, byEnd: ScratchView<Int>, plainEnds: ScratchView<Int>,
    frontStart: ScratchView<Int>, plainStart: ScratchView<Int>, states: inout ScratchStack<State>,
    plain: inout ScratchStack<(pieces: Int, product: Double)>
  ) -> (pieces: [Match], total: Double)? {
    // A front never holds more than n + 1 states.
    let capacity = n + 1
    // `plain`: per position, once its front is final, the states whose last piece is not brute
    // force (in front order): the only ones brute force may follow, read O(n²) times below.
    var plainEndCount = 0
    let logFactorial = Self.logFactorial
    let sumExcess = Self.sumExcess

    // The front holds no two states of which one has no more pieces and no more guesses than
    // the other. A new state joins it unless one there is as good on both counts, and drops
    // those it is as good as on both.
    func update(start: Int, pieces: Int, product: Double, last: Int) {
      var new = State(
        pieces: pieces, product: product, last: last, factorialTerm: logFactorial[pieces] + product,
        pieceTerm: Self.pieceLog10 * Double(pieces - 1), sumExcess: sumExcess)
      let front = states.view(start..<states.count)
      for k in 0..<front.count where front[k].pieces <= pieces {
        if Self.notAbove(&front[k], &new) { return }
      }
      var kept = 0
      for k in 0..<front.count {
        if !(front[k].pieces >= pieces && Self.notAbove(&new, &front[k])) {
          front[kept] = front[k]
          kept += 1
        }
      }
      guard kept < capacity else { return }
      states.removeLast(front.count - kept)
      states.append(new)
    }

    for k in 0..<n {
      let start = states.count
      frontStart[k] = start
      // The fronts before k, final, and the states brute force may follow them.
      let done = states.view(0..<start)
      let plainDone = plain.view(0..<plain.count)
      for position in endStart[k]..<endStart[k + 1] {
        let index = byEnd[position]
        let match = matches[index]
        if match.i == 0 {
          update(start: start, pieces: 1, product: match.log10Guesses, last: index)
        } else {
          for s in frontStart[match.i - 1]..<frontStart[match.i] {
            let state = done[s]
            update(
              start: start, pieces: state.pieces + 1, product: state.log10Product + match.log10Guesses, last: index)
          }
        }
      }
      // Brute force from the start, or after a piece that is not itself brute force
      // (two adjacent brute-force pieces are always worse than one).
      update(start: start, pieces: 1, product: bruteforceLog10(0, k, n: n), last: -1)
      for p in 0..<plainEndCount {
        let i = plainEnds[p] + 1
        let guesses = bruteforceLog10(i, k, n: n)
        for s in plainStart[i - 1]..<plainStart[i] {
          let state = plainDone[s]
          update(start: start, pieces: state.pieces + 1, product: state.product + guesses, last: -(i + 1))
        }
      }
      // The front at k is final.
      let plainBefore = plain.count
      plainStart[k] = plainBefore
      let front = states.view(start..<states.count)
      for s in 0..<front.count where front[s].last >= 0 {
        plain.append((front[s].pieces, front[s].log10Product))
      }
      plainStart[k + 1] = plain.count
      if plain.count > plainBefore {
        plainEnds[plainEndCount] = k
        plainEndCount += 1
      }
    }
    frontStart[n] = states.count

    var best: State?
    var bestTotal = 0.0
    let all = states.view(0..<states.count)
    for s in frontStart[n - 1]..<frontStart[n] {
      let total = all[s].total()
      if best == nil || total < bestTotal {
        best = all[s]
        bestTotal = total
      }
    }
    guard let best else { return nil }
    var pieces: [Match] = []
    var k = n - 1
    var count = best.pieces
    while k >= 0, count > 0 {
      guard let s = (frontStart[k]..<frontStart[k + 1]).first(where: { all[$0].pieces == count }) else { break }
      let last = all[s].last
      let match =
        last >= 0
        ? matches[last]
        : Match(i: -last - 1, j: k, log10Guesses: bruteforceLog10(-last - 1, k, n: n), kind: .bruteforce)
      pieces.append(match)
      k = match.i - 1
      count -= 1
    }
    return (pieces.reversed(), bestTotal)
  }

  static func log10Sum(_ a: Double, _ b: Double) -> Double {
    let high = max(a, b)
    let low = min(a, b)
    // Beyond 17 orders of magnitude the smaller term vanishes in a Double.
    return high - low > 17 ? high : high + log10(1 + pow(10, low - high))
  }

  func bruteforceLog10(_ i: Int, _ j: Int) -> Double { Self.bruteforceLog10(i, j, n: scalars.count) }

  /// The guesses of brute force over scalars `i...j` of `n`.
  @inline(__always)
  static func bruteforceLog10(_ i: Int, _ j: Int, n: Int) -> Double {
    let length = j - i + 1
    // Two or more scalars: the length is above the floor of a part (log₁₀ 50).
    guard length < n, length == 1 else { return Double(length) }
    return log10Of11
  }

  /// log₁₀ 11, the floor of a one-scalar part (a constant, so the hot loop calls no logarithm;
  /// a test checks it against `log10(11.0)`).
  static let log10Of11 = 1.041392685158225

  func bruteforce(_ i: Int, _ j: Int) -> Match {
    Match(i: i, j: j, log10Guesses: bruteforceLog10(i, j), kind: .bruteforce)
  }

  /// A match's guesses, raised to the floor for a part of the password.
  func bounded(_ log10Guesses: Double, _ i: Int, _ j: Int) -> Double {
    guard j - i + 1 < scalars.count else { return max(log10Guesses, 0) }
    return max(log10Guesses, j == i ? Self.minSubmatchLog10Single : Self.minSubmatchLog10Multi)
  }

  // MARK: Matching

  /// Every match of every matcher; the decomposition picks among them.
  func findMatches() -> [Match] {
    var matches: [Match] = []
    // Room for the usual number of matches up front, instead of growing the array (and
    // copying every match) five or six times per password.
    matches.reserveCapacity(4 * scalars.count)
    // The user's own details first: on a tie they are the better explanation.
    userInputMatches(into: &matches)
    dictionaryMatches(into: &matches)
    romajiMatches(into: &matches)
    spatialMatches(into: &matches)
    repeatMatches(into: &matches)
    sequenceMatches(into: &matches)
    dateMatches(into: &matches)
    return matches
  }

  /// The digit a scalar stands for (ASCII or full-width), or `nil`.
  func digit(_ k: Int) -> Int? {
    let v = Sequences.widthFolded(scalars[k])
    return v >= 0x30 && v <= 0x39 ? Int(v - 0x30) : nil
  }

  static func binomial(_ n: Int, _ k: Int) -> Double {
    guard k >= 0, k <= n else { return 0 }
    var c = 1.0
    for x in stride(from: 1, through: k, by: 1) { c = c * Double(n - x + 1) / Double(x) }
    return c
  }

  /// Σ C(n, k) for k in 1...m.
  static func binomialSum(_ n: Int, _ m: Int) -> Double {
    var sum = 0.0
    var c = 1.0
    for k in stride(from: 1, through: m, by: 1) {
      c = c * Double(n - k + 1) / Double(k)
      sum += c
    }
    return max(sum, 1)
  }
}
