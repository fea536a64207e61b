import Foundation

/// Years (1900–2049) and dates: 4–8 digits, or 1–4, 1–2 and 1–4 digits with the same
/// separator twice, read day-month-year in any order. Both cost the distance of the year
/// from ``StrengthEstimator/referenceYear`` (at least 20) — × 365 for a date, × 4 more
/// with separators.
extension Analysis {
  func dateMatches(into matches: inout [Match]) {
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
