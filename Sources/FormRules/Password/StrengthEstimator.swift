import Foundation

/// What the strength estimator found: a score from 0 (guessed at once) to 4 (very hard
/// to guess), the estimated number of guesses, and feedback codes.
public struct StrengthEstimate: Sendable, Equatable {
  /// 0: < 10³ guesses, 1: < 10⁶, 2: < 10⁸, 3: < 10¹⁰, 4: more.
  public let score: Int
  /// log₁₀ of the estimated number of guesses an attacker needs.
  public let guessesLog10: Double
  /// What makes the password weak, if anything stands out.
  public let warning: StrengthWarning?
  /// What would help, most useful first.
  public let suggestions: [StrengthSuggestion]
  /// How many Unicode scalars were analysed (at most ``StrengthEstimator/maxScalars``).
  public let analysedScalars: Int
}

/// Why a password is weak (the failure's `warning` parameter and message detail).
public enum StrengthWarning: String, Sendable, CaseIterable {
  /// The whole password is on the common-password list.
  case commonPassword
  /// A common password with capitals, substitutions (`p@ssw0rd`) or reversed.
  case similarToCommon
  /// A word from the user's own details (another field).
  case userInput
  /// A straight keyboard row (`qwerty`, `asdfgh`).
  case straightRow
  /// A keyboard pattern with turns (`qazwsx`, `1qaz2wsx`).
  case keyboardPattern
  /// One character repeated (`aaaaaa`).
  case repeatedCharacter
  /// A block repeated (`abcabcabc`).
  case repeatedPattern
  /// A run such as `abcdef`, `654321` or `あいうえお`.
  case sequence
  /// A recent year (`2024`).
  case recentYear
  /// A date (`1987-05-23`, `19870523`).
  case date
}

/// A way to make a password stronger (the failure's `suggestions` parameter).
public enum StrengthSuggestion: String, Sendable, CaseIterable {
  case addWord
  case capitalizationNotHelpful
  case allUppercaseNotHelpful
  case reversedNotHelpful
  case substitutionNotHelpful
  case avoidPersonalInfo
  case longerKeyboardPattern
  case avoidRepeats
  case avoidSequences
  case avoidYears
  case avoidDates
}

/// A zxcvbn-style guessing estimate, written for this package.
///
/// The password is split into the decomposition that needs the fewest guesses, from
/// these kinds of pieces:
/// - dictionary words: the common-password list (rank = guesses), also capitalized,
///   with l33t substitutions (`p@$$w0rd`), reversed, and words from other fields;
/// - keyboard patterns on US and JIS layouts, with turns and Shift;
/// - repeats (`aaa`, `abcabc`), sequences (`abcd`, `9753`, `あいうえ`);
/// - years (1900–2049) and dates (`19870523`, `5/23/87`, `2024-01-01`);
/// - brute force (10 guesses per scalar) for whatever is left.
///
/// The total for `l` pieces is `l! × Π guesses + 10⁴ʹ⁽ˡ⁻¹⁾`, which favours few, long
/// pieces, as in Wheeler's zxcvbn paper (USENIX Security 2016).
///
/// Only the first ``maxScalars`` scalars are analysed: anything longer is at least as
/// strong as its prefix, and the work stays bounded (about O(n²) for n ≤ 100). The
/// estimate depends only on the input and the word list (years are measured from the
/// fixed ``referenceYear``, not from the clock), so it is deterministic.
public final class StrengthEstimator: Sendable {
  /// The longest prefix, in Unicode scalars, that is analysed.
  public static let maxScalars = 100
  /// Years are judged by their distance from this one (fixed, so results never drift).
  public static let referenceYear = 2025

  let trie: WordTrie
  let layouts: [KeyboardLayout.Graph]

  /// - Parameter rankedWords: the dictionary, most common first (compared after NFKC,
  ///   trimming and lower-casing, as `notCommon` compares).
  public init(rankedWords: [String]) {
    trie = WordTrie(rankedWords: rankedWords.map(PasswordList.canonical), minimumLength: 3)
    layouts = KeyboardLayout.all.map(\.graph)
  }

  /// Estimates a password. `userInputs` are other values the user typed (email, name),
  /// treated as the most guessable words of all.
  public func estimate(_ password: String, userInputs: [String] = []) -> StrengthEstimate {
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(min(password.unicodeScalars.count, Self.maxScalars))
    for scalar in password.unicodeScalars {
      if scalars.count == Self.maxScalars { break }
      scalars.append(scalar)
    }
    var analysis = Analysis(estimator: self, scalars: scalars, userInputs: userInputs, depth: 0)
    let pieces = analysis.decompose()
    let log10Guesses = analysis.totalLog10
    let score: Int
    switch log10Guesses {
    case ..<3: score = 0
    case ..<6: score = 1
    case ..<8: score = 2
    case ..<10: score = 3
    default: score = 4
    }
    let (warning, suggestions) = Self.feedback(pieces, scalars: scalars, score: score)
    return StrengthEstimate(
      score: score, guessesLog10: log10Guesses, warning: warning, suggestions: suggestions,
      analysedScalars: scalars.count)
  }

  /// The warning and suggestions for the piece that covers the most of the password.
  static func feedback(_ pieces: [Match], scalars: [Unicode.Scalar], score: Int) -> (
    StrengthWarning?, [StrengthSuggestion]
  ) {
    // A password that scores 3 or more gets no warning: only a nudge, until it scores 4.
    guard score < 3 else { return (nil, score < 4 ? [.addWord] : []) }
    guard let longest = pieces.max(by: { $0.length < $1.length }) else { return (nil, [.addWord]) }
    var suggestions: [StrengthSuggestion] = [.addWord]
    let warning: StrengthWarning?
    switch longest.kind {
    case .dictionary(let rank, let reversed, let l33t, let capitals, let userInput):
      if userInput {
        warning = .userInput
        suggestions.append(.avoidPersonalInfo)
      } else if pieces.count == 1, !reversed, !l33t, capitals == .none, rank > 0 {
        warning = .commonPassword
      } else {
        warning = .similarToCommon
      }
      switch capitals {
      case .first: suggestions.append(.capitalizationNotHelpful)
      case .all: suggestions.append(.allUppercaseNotHelpful)
      case .none, .mixed: break
      }
      if reversed { suggestions.append(.reversedNotHelpful) }
      if l33t { suggestions.append(.substitutionNotHelpful) }
    case .spatial(let turns):
      warning = turns == 1 ? .straightRow : .keyboardPattern
      suggestions.append(.longerKeyboardPattern)
    case .repeated(let unitLength):
      warning = unitLength == 1 ? .repeatedCharacter : .repeatedPattern
      suggestions.append(.avoidRepeats)
    case .sequence:
      warning = .sequence
      suggestions.append(.avoidSequences)
    case .year:
      warning = .recentYear
      suggestions.append(.avoidYears)
    case .date:
      warning = .date
      suggestions.append(.avoidDates)
    case .bruteforce:
      warning = nil
    }
    return (warning, suggestions)
  }
}

/// One piece of a decomposition: scalars `i...j` and how many guesses it costs.
struct Match {
  enum Capitals: Equatable { case none, first, all, mixed }

  enum Kind {
    case dictionary(rank: Int, reversed: Bool, l33t: Bool, capitals: Capitals, userInput: Bool)
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
struct Analysis {
  let estimator: StrengthEstimator
  let scalars: [Unicode.Scalar]
  /// Lower-case, width-folded scalar values for dictionary matching.
  let folded: [UInt32]
  /// Case of each scalar: 1 upper, -1 lower, 0 neither (looked up once, not per match).
  let letterCase: [Int8]
  let userInputs: [String]
  let depth: Int
  private(set) var totalLog10: Double = 0

  /// Guesses a match needs at least when it is only part of the password.
  static let minSubmatchLog10Single = 1.0  // 10
  static let minSubmatchLog10Multi = log10(50.0)
  /// 10⁴: the extra guesses for each additional piece (zxcvbn's "growing sequence" term).
  static let pieceLog10 = 4.0
  static let logFactorial: [Double] = {
    var table = [0.0]
    for n in 1...(StrengthEstimator.maxScalars + 1) { table.append(table[n - 1] + log10(Double(n))) }
    return table
  }()

  init(estimator: StrengthEstimator, scalars: [Unicode.Scalar], userInputs: [String], depth: Int) {
    self.estimator = estimator
    self.scalars = scalars
    self.userInputs = userInputs
    self.depth = depth
    folded = scalars.map(Self.foldForWords)
    letterCase = scalars.map { scalar in
      switch scalar.value {
      case 0x41...0x5A: return 1
      case 0x61...0x7A: return -1
      case 0..<0x80: return 0
      default: return scalar.properties.isUppercase ? 1 : scalar.properties.isLowercase ? -1 : 0
      }
    }
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
    var log10Total: Double
    var log10Product: Double
    /// The last piece: an index into the matches, or `-(start + 1)` for brute force from `start`.
    var last: Int
  }

  /// The decomposition with the fewest guesses, as zxcvbn's dynamic programme computes
  /// it: for every end position, the Pareto front of (pieces, total guesses).
  mutating func decompose() -> [Match] {
    let n = scalars.count
    guard n > 0 else {
      totalLog10 = 0
      return []
    }
    let matches = findMatches()
    var byEnd = [[Int]](repeating: [], count: n)
    for (index, match) in matches.enumerated() { byEnd[match.j].append(index) }

    // Fixed-capacity slots per end position in one buffer: the front never holds more
    // than n + 1 states, and the inner loops then touch no reference counts.
    let capacity = n + 1
    let states = UnsafeMutableBufferPointer<State>.allocate(capacity: n * capacity)
    defer { states.deallocate() }
    let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: n)
    defer { counts.deallocate() }
    counts.initialize(repeating: 0)

    func update(end j: Int, pieces: Int, product: Double, last: Int) {
      let total = Self.log10Sum(Self.logFactorial[pieces] + product, Self.pieceLog10 * Double(pieces - 1))
      let base = j * capacity
      var kept = 0
      for k in 0..<counts[j] {
        let state = states[base + k]
        if state.pieces <= pieces && state.log10Total <= total { return }
        // Drop what the new state beats on both counts.
        if !(state.pieces >= pieces && state.log10Total >= total) {
          states[base + kept] = state
          kept += 1
        }
      }
      guard kept < capacity else { return }
      states[base + kept] = State(pieces: pieces, log10Total: total, log10Product: product, last: last)
      counts[j] = kept + 1
    }

    for k in 0..<n {
      for index in byEnd[k] {
        let match = matches[index]
        if match.i == 0 {
          update(end: k, pieces: 1, product: match.log10Guesses, last: index)
        } else {
          let base = (match.i - 1) * capacity
          for s in 0..<counts[match.i - 1] {
            let state = states[base + s]
            update(end: k, pieces: state.pieces + 1, product: state.log10Product + match.log10Guesses, last: index)
          }
        }
      }
      // Brute force from the start, or after a piece that is not itself brute force
      // (two adjacent brute-force pieces are always worse than one).
      update(end: k, pieces: 1, product: bruteforceLog10(0, k), last: -1)
      for i in stride(from: 1, through: k, by: 1) {
        let guesses = bruteforceLog10(i, k)
        let base = (i - 1) * capacity
        for s in 0..<counts[i - 1] where states[base + s].last >= 0 {
          let state = states[base + s]
          update(end: k, pieces: state.pieces + 1, product: state.log10Product + guesses, last: -(i + 1))
        }
      }
    }

    var best: State?
    for s in 0..<counts[n - 1] where best == nil || states[(n - 1) * capacity + s].log10Total < best?.log10Total ?? 0 {
      best = states[(n - 1) * capacity + s]
    }
    guard let best else { return [] }
    totalLog10 = best.log10Total
    var pieces: [Match] = []
    var k = n - 1
    var count = best.pieces
    while k >= 0, count > 0 {
      let base = k * capacity
      guard let s = (0..<counts[k]).first(where: { states[base + $0].pieces == count }) else { break }
      let last = states[base + s].last
      let match = last >= 0 ? matches[last] : bruteforce(-last - 1, k)
      pieces.append(match)
      k = match.i - 1
      count -= 1
    }
    return pieces.reversed()
  }

  static func log10Sum(_ a: Double, _ b: Double) -> Double {
    let high = max(a, b)
    let low = min(a, b)
    // Beyond 17 orders of magnitude the smaller term vanishes in a Double.
    return high - low > 17 ? high : high + log10(1 + pow(10, low - high))
  }

  func bruteforceLog10(_ i: Int, _ j: Int) -> Double {
    let length = j - i + 1
    guard length < scalars.count else { return Double(length) }
    return max(Double(length), length == 1 ? log10(11.0) : Self.minSubmatchLog10Multi)
  }

  func bruteforce(_ i: Int, _ j: Int) -> Match {
    Match(i: i, j: j, log10Guesses: bruteforceLog10(i, j), kind: .bruteforce)
  }

  /// A match's guesses, raised to the floor for a part of the password.
  func bounded(_ log10Guesses: Double, _ i: Int, _ j: Int) -> Double {
    guard j - i + 1 < scalars.count else { return max(log10Guesses, 0) }
    return max(log10Guesses, j == i ? Self.minSubmatchLog10Single : Self.minSubmatchLog10Multi)
  }

  // MARK: Matching

  func findMatches() -> [Match] {
    var matches: [Match] = []
    dictionaryMatches(into: &matches)
    userInputMatches(into: &matches)
    spatialMatches(into: &matches)
    repeatMatches(into: &matches)
    sequenceMatches(into: &matches)
    dateMatches(into: &matches)
    return matches
  }

  /// Characters read as letters in l33t speak (`p@$$w0rd`), indexed by ASCII value.
  static let l33t: [[UInt32]] = {
    let table: [(Character, String)] = [
      ("4", "a"), ("@", "a"), ("8", "b"), ("(", "c"), ("{", "c"), ("[", "c"), ("<", "c"), ("3", "e"),
      ("6", "g"), ("9", "g"), ("1", "il"), ("!", "i"), ("|", "il"), ("7", "lt"), ("0", "o"), ("$", "s"),
      ("5", "s"), ("+", "t"), ("%", "x"), ("2", "z"),
    ]
    var result = [[UInt32]](repeating: [], count: 128)
    for (from, to) in table {
      guard let f = from.unicodeScalars.first?.value, f < 128 else { continue }
      result[Int(f)] = to.unicodeScalars.map(\.value)
    }
    return result
  }()

  private func dictionaryMatches(into matches: inout [Match]) {
    let n = folded.count
    let trie = estimator.trie
    var substitutions: [(from: UInt32, to: UInt32)] = []
    for i in 0..<n {
      walk(trie, from: i, at: i, node: WordTrie.root, substitutions: &substitutions, into: &matches)
    }
    // Reversed words: plain letters only, as people type them backwards.
    let reversed = Array(folded.reversed())
    for start in 0..<n {
      var node = WordTrie.root
      var end = start
      while end < n, let next = trie.child(node, reversed[end]) {
        node = next
        let rank = trie.rank(node)
        if rank > 0, end - start >= 2 {
          let i = n - 1 - end
          let j = n - 1 - start
          // A palindrome is already found forwards.
          if !(0...(j - i)).allSatisfy({ folded[i + $0] == folded[j - $0] }) {
            appendWord(i, j, rank: rank, reversed: true, substitutions: [], into: &matches)
          }
        }
        end += 1
      }
    }
  }

  /// Follows the trie from `start`, trying each scalar as itself and as the letters it
  /// stands for in l33t, and records every word that ends on the way.
  private func walk(
    _ trie: WordTrie, from start: Int, at position: Int, node: Int, substitutions: inout [(from: UInt32, to: UInt32)],
    into matches: inout [Match]
  ) {
    guard position < folded.count else { return }
    let c = folded[position]
    if let next = trie.child(node, c) {
      let rank = trie.rank(next)
      if rank > 0 {
        appendWord(start, position, rank: rank, reversed: false, substitutions: substitutions, into: &matches)
      }
      walk(trie, from: start, at: position + 1, node: next, substitutions: &substitutions, into: &matches)
    }
    guard c < 128 else { return }
    let letters = Self.l33t[Int(c)]
    for letter in letters {
      // One character stands for one letter throughout a word.
      if substitutions.contains(where: { $0.from == c && $0.to != letter }) { continue }
      guard let next = trie.child(node, letter) else { continue }
      substitutions.append((c, letter))
      let rank = trie.rank(next)
      if rank > 0 {
        appendWord(start, position, rank: rank, reversed: false, substitutions: substitutions, into: &matches)
      }
      walk(trie, from: start, at: position + 1, node: next, substitutions: &substitutions, into: &matches)
      substitutions.removeLast()
    }
  }

  private func appendWord(
    _ i: Int, _ j: Int, rank: Int, reversed: Bool, substitutions: [(from: UInt32, to: UInt32)],
    userInput: Bool = false, into matches: inout [Match]
  ) {
    let capitals = capitalization(i, j)
    var log10Guesses = log10(Double(rank)) + log10(capitalVariations(i, j, capitals))
    if !substitutions.isEmpty { log10Guesses += log10(l33tVariations(i, j, substitutions)) }
    if reversed { log10Guesses += log10(2.0) }
    matches.append(
      Match(
        i: i, j: j, log10Guesses: bounded(log10Guesses, i, j),
        kind: .dictionary(
          rank: rank, reversed: reversed, l33t: !substitutions.isEmpty, capitals: capitals, userInput: userInput)))
  }

  private func capitalization(_ i: Int, _ j: Int) -> Match.Capitals {
    var upper = 0
    var lower = 0
    for k in i...j {
      if letterCase[k] > 0 { upper += 1 } else if letterCase[k] < 0 { lower += 1 }
    }
    if upper == 0 { return .none }
    if lower == 0 { return .all }
    if upper == 1 && (letterCase[i] > 0 || letterCase[j] > 0) { return .first }
    return .mixed
  }

  /// How many ways the capitals could have been placed: 2 for the usual forms (first or
  /// last letter, all capitals), else the ways to pick up to half of the letters.
  private func capitalVariations(_ i: Int, _ j: Int, _ capitals: Match.Capitals) -> Double {
    switch capitals {
    case .none: return 1
    case .first, .all: return 2
    case .mixed:
      var upper = 0
      var lower = 0
      for k in i...j {
        if letterCase[k] > 0 { upper += 1 } else if letterCase[k] < 0 { lower += 1 }
      }
      return Self.binomialSum(upper + lower, min(upper, lower))
    }
  }

  private func l33tVariations(_ i: Int, _ j: Int, _ substitutions: [(from: UInt32, to: UInt32)]) -> Double {
    var variations = 1.0
    var seen: [(UInt32, UInt32)] = []
    for (from, to) in substitutions where !seen.contains(where: { $0 == (from, to) }) {
      seen.append((from, to))
      var substituted = 0
      var plain = 0
      for k in i...j {
        if scalars[k].value == from { substituted += 1 } else if folded[k] == to { plain += 1 }
      }
      variations *= plain == 0 || substituted == 0 ? 2 : Self.binomialSum(substituted + plain, min(substituted, plain))
    }
    return variations
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

  private func userInputMatches(into matches: inout [Match]) {
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
          appendWord(i, i + m - 1, rank: 1, reversed: false, substitutions: [], userInput: true, into: &matches)
        } else if (0..<m).allSatisfy({ folded[i + $0] == part[m - 1 - $0] }) {
          appendWord(i, i + m - 1, rank: 1, reversed: true, substitutions: [], userInput: true, into: &matches)
        }
      }
    }
  }

  private func spatialMatches(into matches: inout [Match]) {
    let n = scalars.count
    guard n >= 3 else { return }
    for graph in estimator.layouts {
      let located = scalars.map { graph.locations[Sequences.widthFolded($0)] }
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
          let keys = Double(graph.keyCount)
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

  static func binomial(_ n: Int, _ k: Int) -> Double {
    guard k >= 0, k <= n else { return 0 }
    var c = 1.0
    for x in stride(from: 1, through: k, by: 1) { c = c * Double(n - x + 1) / Double(x) }
    return c
  }

  private func repeatMatches(into matches: inout [Match]) {
    let n = scalars.count
    var i = 0
    while i < n - 1 {
      var best: (unit: Int, count: Int)?
      for unit in stride(from: 1, through: (n - i) / 2, by: 1) {
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
      if unit == 1 {
        base = 1  // log₁₀ 10: one character
      } else if depth == 0 {
        var inner = Analysis(
          estimator: estimator, scalars: Array(scalars[i..<i + unit]), userInputs: userInputs, depth: depth + 1)
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

  private func sequenceMatches(into matches: inout [Match]) {
    var seen = Set<Int>()
    for run in Sequences.runs(in: scalars, minimum: 3) where run.kind != .keyboard {
      // The same run can come from two tables; count it once.
      guard seen.insert(run.start * 1024 + run.end * 2 + (run.ascending ? 1 : 0)).inserted else { continue }
      let first = Sequences.fold(scalars[run.start])
      let base: Double
      switch first {
      case "a", "z", "0", "1", "9", "あ": base = 4
      case "0"..."9": base = 10
      default: base = 26
      }
      let length = Double(run.end - run.start)
      let guesses = base * length * (run.ascending ? 1 : 2)
      matches.append(
        Match(
          i: run.start, j: run.end - 1, log10Guesses: bounded(log10(guesses), run.start, run.end - 1), kind: .sequence))
    }
  }

  private func digit(_ k: Int) -> Int? {
    let v = Sequences.widthFolded(scalars[k])
    return v >= 0x30 && v <= 0x39 ? Int(v - 0x30) : nil
  }

  private func dateMatches(into matches: inout [Match]) {
    let n = scalars.count
    let reference = StrengthEstimator.referenceYear
    for i in 0..<n where digit(i) != nil {
      // Years: 1900–2049 on their own.
      if i + 4 <= n, let y = number(i, 4), (1900...2049).contains(y) {
        let log10Guesses = log10(Double(max(abs(y - reference), 20)))
        matches.append(Match(i: i, j: i + 3, log10Guesses: bounded(log10Guesses, i, i + 3), kind: .year))
      }
      // Dates without separators: 4 to 8 digits.
      for length in 4...8 where i + length <= n {
        guard (i..<i + length).allSatisfy({ digit($0) != nil }) else { break }
        var bestYear: Int?
        for split1 in 1..<length - 1 {
          for split2 in split1 + 1..<length {
            let parts = [(i, split1), (i + split1, split2 - split1), (i + split2, length - split2)]
            if let year = dateYear(parts), abs(year - reference) < abs((bestYear ?? Int.max / 2) - reference) {
              bestYear = year
            }
          }
        }
        if let year = bestYear {
          let log10Guesses = log10(Double(max(abs(year - reference), 20)) * 365)
          let j = i + length - 1
          matches.append(Match(i: i, j: j, log10Guesses: bounded(log10Guesses, i, j), kind: .date))
        }
      }
      // Dates with one separator used twice: 1–4 digits, separator, 1–2 digits, separator, 1–4 digits.
      for a in 1...4 where i + a < n {
        guard (i..<i + a).allSatisfy({ digit($0) != nil }) else { break }
        let separator = scalars[i + a]
        guard " -/._\\".unicodeScalars.contains(separator) else { continue }
        for b in 1...2 {
          let second = i + a + 1
          guard second + b < n, (second..<second + b).allSatisfy({ digit($0) != nil }),
            scalars[second + b] == separator
          else { continue }
          let third = second + b + 1
          for c in 1...4 where third + c <= n {
            guard (third..<third + c).allSatisfy({ digit($0) != nil }) else { break }
            if third + c < n, digit(third + c) != nil { continue }
            guard let year = dateYear([(i, a), (second, b), (third, c)]) else { continue }
            let log10Guesses = log10(Double(max(abs(year - reference), 20)) * 365 * 4)
            let j = third + c - 1
            matches.append(Match(i: i, j: j, log10Guesses: bounded(log10Guesses, i, j), kind: .date))
          }
        }
      }
    }
  }

  private func number(_ start: Int, _ length: Int) -> Int? {
    var value = 0
    for k in start..<start + length {
      guard let d = digit(k) else { return nil }
      value = value * 10 + d
    }
    return value
  }

  /// The year of a day-month-year reading of three digit groups (year first or last,
  /// 2 or 4 digits), or `nil` when no reading is a valid date.
  private func dateYear(_ parts: [(start: Int, length: Int)]) -> Int? {
    guard parts.allSatisfy({ $0.length >= 1 && $0.length <= 4 }) else { return nil }
    var best: Int?
    for yearIndex in [0, 2] {
      let yearPart = parts[yearIndex]
      guard yearPart.length == 2 || yearPart.length == 4, let raw = number(yearPart.start, yearPart.length) else {
        continue
      }
      let year = yearPart.length == 2 ? (raw > 50 ? 1900 + raw : 2000 + raw) : raw
      guard (1000...2050).contains(year) else { continue }
      let others = yearIndex == 0 ? [parts[1], parts[2]] : [parts[0], parts[1]]
      guard others.allSatisfy({ $0.length <= 2 }), let x = number(others[0].start, others[0].length),
        let y = number(others[1].start, others[1].length)
      else { continue }
      let valid = ((1...12).contains(x) && (1...31).contains(y)) || ((1...12).contains(y) && (1...31).contains(x))
      if valid,
        best == nil || abs(year - StrengthEstimator.referenceYear) < abs((best ?? 0) - StrengthEstimator.referenceYear)
      {
        best = year
      }
    }
    return best
  }
}
