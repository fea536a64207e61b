import Foundation

/// Years (1900–2049) and dates: 4–8 digits, or 1–4, 1–2 and 1–4 digits with the same
/// separator twice, read day-month-year in any order. Both cost the distance of the year
/// from ``StrengthEstimator/referenceYear`` (at least 20) — × 365 for a date, × 4 more
/// with separators.
extension Analysis {
  func dateMatches(into matches: inout [Match]) {
    let n = scalars.count
    let reference = StrengthEstimator.referenceYear
    // Every reading needs three digits at least (a year four; a date one each for day, month
    // and year): most passwords have fewer and are done here.
    var digits = 0
    for k in 0..<n where digit(k) != nil { digits += 1 }
    guard digits >= 3 else { return }
    var found: [Match] = []
    for i in 0..<n where digit(i) != nil {
      // Years: 1900–2049 on their own.
      if i + 4 <= n, let y = number(i, 4), (1900...2049).contains(y) {
        let log10Guesses = log10(Double(max(abs(y - reference), 20)))
        matches.append(Match(i: i, j: i + 3, log10Guesses: bounded(log10Guesses, i, i + 3), kind: .year))
      }
    }
    // Dates without separators: 4 to 8 digits, split where zxcvbn splits them.
    for i in 0..<n {
      for length in 4...8 where i + length <= n {
        guard (i..<i + length).allSatisfy({ digit($0) != nil }) else { break }
        var bestYear: Int?
        for (k, l) in Self.dateSplits[length] {
          let ints = [(i, k), (i + k, l - k), (i + l, length - l)].compactMap { number($0.0, $0.1) }
          guard ints.count == 3, let year = Self.dateYear(ints) else { continue }
          if abs(year - reference) < abs((bestYear ?? Int.max / 2) - reference) { bestYear = year }
        }
        if let year = bestYear {
          let j = i + length - 1
          let log10Guesses = log10(Double(max(abs(year - reference), 20)) * 365)
          found.append(Match(i: i, j: j, log10Guesses: bounded(log10Guesses, i, j), kind: .date))
        }
      }
    }
    // Dates with one separator used twice: 1–4 digits, separator, 1–2 digits, separator, 1–4 digits.
    for i in 0..<n where digit(i) != nil {
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
            guard let x = number(i, a), let y = number(second, b), let z = number(third, c),
              let year = Self.dateYear([x, y, z])
            else { continue }
            let log10Guesses = log10(Double(max(abs(year - reference), 20)) * 365 * 4)
            let j = third + c - 1
            found.append(Match(i: i, j: j, log10Guesses: bounded(log10Guesses, i, j), kind: .date))
          }
        }
      }
    }
    // A date inside a longer date is not a reading of its own.
    for date in found
    where !found.contains(where: { $0.i <= date.i && $0.j >= date.j && ($0.i != date.i || $0.j != date.j) }) {
      matches.append(date)
    }
  }

  /// Where 4 to 8 digits are split into day, month and year (zxcvbn's `DATE_SPLITS`):
  /// the ends of the first and second groups.
  static let dateSplits: [[(Int, Int)]] = [
    [], [], [], [], [(1, 2), (2, 3)], [(1, 3), (2, 3)], [(1, 2), (2, 4), (4, 5)], [(1, 3), (2, 3), (4, 5), (4, 6)],
    [(2, 4), (4, 6)],
  ]

  /// The year of a day-month-year reading of three numbers, year first or last, as zxcvbn
  /// reads them (`map_ints_to_dmy`), or `nil` when none is a date.
  static func dateYear(_ ints: [Int]) -> Int? {
    guard ints[1] >= 1, ints[1] <= 31 else { return nil }
    var over12 = 0
    var over31 = 0
    var under1 = 0
    for v in ints {
      if (v > 99 && v < 1000) || v > 2050 { return nil }
      if v > 31 { over31 += 1 }
      if v > 12 { over12 += 1 }
      if v <= 0 { under1 += 1 }
    }
    if over31 >= 2 || over12 == 3 || under1 >= 2 { return nil }
    func dayMonth(_ a: Int, _ b: Int) -> Bool {
      ((1...31).contains(a) && (1...12).contains(b)) || ((1...31).contains(b) && (1...12).contains(a))
    }
    let splits = [(ints[2], ints[0], ints[1]), (ints[0], ints[1], ints[2])]
    for (year, a, b) in splits where (1000...2050).contains(year) {
      return dayMonth(a, b) ? year : nil
    }
    for (year, a, b) in splits where dayMonth(a, b) {
      return year > 99 ? year : year > 50 ? year + 1900 : year + 2000
    }
    return nil
  }

  private func number(_ start: Int, _ length: Int) -> Int? {
    var value = 0
    for k in start..<start + length {
      guard let d = digit(k) else { return nil }
      value = value * 10 + d
    }
    return value
  }
}
