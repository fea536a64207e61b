import FormRules
import Foundation

/// Years (1900–2049) and dates: 4–8 digits, or 1–4, 1–2 and 1–4 digits with the same
/// separator twice, read day-month-year in any order. Both cost the distance of the year
/// from ``StrengthEstimator/referenceYear`` (at least 20) — × 365 for a date, × 4 more
/// with separators.
extension Analysis {
  func dateMatches(into matches: inout [Match]) {
    let n = scalars.count
    guard n >= 3 else { return }
    // The digit at each position (-1 for none), looked up once, on the stack.
    withScratch(of: Int.self, capacity: n, initial: 0) { digits in
      // Every reading needs three digits at least (a year four; a date one each for day,
      // month and year): most passwords have fewer and are done here.
      var digitCount = 0
      for k in 0..<n {
        let d = digit(k) ?? -1
        digits[k] = d
        if d >= 0 { digitCount += 1 }
      }
      guard digitCount >= 3 else { return }
      dateMatches(digits: digits, into: &matches)
    }
  }

  private func dateMatches(digits: ScratchView<Int>, into matches: inout [Match]) {
    let n = digits.count
    let reference = StrengthEstimator.referenceYear
    /// The number the `length` digits from `start` spell, or `nil` when one is not a digit.
    func number(_ start: Int, _ length: Int) -> Int? {
      var value = 0
      for k in start..<start + length {
        let d = digits[k]
        guard d >= 0 else { return nil }
        value = value * 10 + d
      }
      return value
    }
    // The number of digits in a row from `i`, up to `limit`.
    func digitRun(_ i: Int, atMost limit: Int) -> Int {
      var k = i
      while k < n, k - i < limit, digits[k] >= 0 { k += 1 }
      return k - i
    }
    for i in 0..<n where digits[i] >= 0 {
      // Years: 1900–2049 on their own.
      if i + 4 <= n, let y = number(i, 4), (1900...2049).contains(y) {
        let log10Guesses = log10(Double(max(abs(y - reference), 20)))
        matches.append(Match(i: i, j: i + 3, log10Guesses: bounded(log10Guesses, i, i + 3), kind: .year))
      }
    }
    // The dates are appended after the years, then the ones inside a longer date dropped.
    let firstDate = matches.count
    // Dates without separators: 4 to 8 digits, split where zxcvbn splits them.
    for i in 0..<n where digits[i] >= 0 {
      let run = digitRun(i, atMost: 8)
      guard run >= 4 else { continue }
      for length in 4...run {
        var bestYear: Int?
        Self.forEachDateSplit(length) { k, l in
          // All digits: every number exists.
          guard let x = number(i, k), let y = number(i + k, l - k), let z = number(i + l, length - l),
            let year = Self.dateYear(x, y, z)
          else { return }
          if abs(year - reference) < abs((bestYear ?? Int.max / 2) - reference) { bestYear = year }
        }
        if let year = bestYear {
          let j = i + length - 1
          let log10Guesses = log10(Double(max(abs(year - reference), 20)) * 365)
          matches.append(Match(i: i, j: j, log10Guesses: bounded(log10Guesses, i, j), kind: .date))
        }
      }
    }
    // Dates with one separator used twice: 1–4 digits, separator, 1–2 digits, separator, 1–4 digits.
    for i in 0..<n where digits[i] >= 0 {
      let firstRun = digitRun(i, atMost: 4)
      for a in 1...firstRun where i + a < n {
        let separator = scalars[i + a]
        guard Self.isDateSeparator(separator) else { continue }
        let second = i + a + 1
        let secondRun = digitRun(second, atMost: 2)
        for b in stride(from: 1, through: secondRun, by: 1) {
          guard second + b < n, scalars[second + b] == separator else { continue }
          let third = second + b + 1
          let thirdRun = digitRun(third, atMost: 4)
          for c in stride(from: 1, through: thirdRun, by: 1) {
            guard let x = number(i, a), let y = number(second, b), let z = number(third, c),
              let year = Self.dateYear(x, y, z)
            else { continue }
            let log10Guesses = log10(Double(max(abs(year - reference), 20)) * 365 * 4)
            let j = third + c - 1
            matches.append(Match(i: i, j: j, log10Guesses: bounded(log10Guesses, i, j), kind: .date))
          }
        }
      }
    }
    // A date inside a longer date is not a reading of its own. Dropped in place: a date
    // inside another is inside one that is kept (the outermost), and the kept dates and
    // the ones not yet looked at are all still in the array.
    var kept = firstDate
    for index in firstDate..<matches.count {
      let date = matches[index]
      var inside = false
      func contains(_ other: Int) -> Bool {
        let o = matches[other]
        return o.i <= date.i && o.j >= date.j && (o.i != date.i || o.j != date.j)
      }
      for other in firstDate..<kept where contains(other) {
        inside = true
        break
      }
      if !inside {
        for other in index + 1..<matches.count where contains(other) {
          inside = true
          break
        }
      }
      if !inside {
        matches[kept] = date
        kept += 1
      }
    }
    matches.removeSubrange(kept..<matches.count)
  }

  /// Where 4 to 8 digits are split into day, month and year (zxcvbn's `DATE_SPLITS`):
  /// the ends of the first and second groups, in zxcvbn's order.
  @inline(__always)
  static func forEachDateSplit(_ length: Int, _ body: (Int, Int) -> Void) {
    switch length {
    case 4:
      body(1, 2)
      body(2, 3)
    case 5:
      body(1, 3)
      body(2, 3)
    case 6:
      body(1, 2)
      body(2, 4)
      body(4, 5)
    case 7:
      body(1, 3)
      body(2, 3)
      body(4, 5)
      body(4, 6)
    case 8:
      body(2, 4)
      body(4, 6)
    default: break
    }
  }

  /// The separators of a date: space, `-`, `/`, `.`, `_`, `\`.
  @inline(__always)
  static func isDateSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20, 0x2D, 0x2F, 0x2E, 0x5F, 0x5C: return true
    default: return false
    }
  }

  /// The year of a day-month-year reading of three numbers, year first or last, as zxcvbn
  /// reads them (`map_ints_to_dmy`), or `nil` when none is a date.
  static func dateYear(_ first: Int, _ second: Int, _ third: Int) -> Int? {
    guard second >= 1, second <= 31 else { return nil }
    var over12 = 0
    var over31 = 0
    var under1 = 0
    // Counts a number; false when no date has it.
    func tally(_ v: Int) -> Bool {
      if (v > 99 && v < 1000) || v > 2050 { return false }
      if v > 31 { over31 += 1 }
      if v > 12 { over12 += 1 }
      if v <= 0 { under1 += 1 }
      return true
    }
    guard tally(first), tally(second), tally(third) else { return nil }
    if over31 >= 2 || over12 == 3 || under1 >= 2 { return nil }
    func dayMonth(_ a: Int, _ b: Int) -> Bool {
      ((1...31).contains(a) && (1...12).contains(b)) || ((1...31).contains(b) && (1...12).contains(a))
    }
    // Year last, then year first.
    if (1000...2050).contains(third) { return dayMonth(first, second) ? third : nil }
    if (1000...2050).contains(first) { return dayMonth(second, third) ? first : nil }
    if dayMonth(first, second) { return Self.twoDigitYear(third) }
    if dayMonth(second, third) { return Self.twoDigitYear(first) }
    return nil
  }

  @inline(__always)
  private static func twoDigitYear(_ year: Int) -> Int {
    year > 99 ? year : year > 50 ? year + 1900 : year + 2000
  }
}
