import Foundation

/// A keyboard's character keys by row, with their physical positions, for sequence and
/// keyboard-pattern (spatial) detection.
package struct KeyboardLayout: Sendable {
  /// The longest run, in Unicode scalars, a pattern is measured over: the strength
  /// estimator's `maxScalars`.
  package static let maxScalars = 100

  struct Key: Sendable {
    var plain: Unicode.Scalar
    /// What the key types with Shift; `nil` where it types nothing (JIS `0`).
    var shifted: Unicode.Scalar?
  }

  let name: String
  let rows: [[Key]]
  /// Where each row's first key sits, in key widths from the left edge.
  let offsets: [Double]

  init(name: String, rows: [(plain: String, shifted: String, offset: Double)]) {
    self.name = name
    self.rows = rows.map { row in
      let shifted = Array(row.shifted.unicodeScalars)
      return row.plain.unicodeScalars.enumerated().map { i, plain in
        let s = i < shifted.count ? shifted[i] : " "
        return Key(plain: plain, shifted: s == " " ? nil : s)
      }
    }
    self.offsets = rows.map(\.offset)
  }

  /// ANSI US: the number row starts with the backtick key at the left edge.
  static let us = KeyboardLayout(
    name: "us",
    rows: [
      ("`1234567890-=", "~!@#$%^&*()_+", 0),
      ("qwertyuiop[]\\", "QWERTYUIOP{}|", 1.5),
      ("asdfghjkl;'", "ASDFGHJKL:\"", 1.75),
      ("zxcvbnm,./", "ZXCVBNM<>?", 2.25),
    ])

  /// JIS (106/109 keys): `1` sits one key in, after 半角/全角; Shift+`0` types nothing
  /// (a space here marks it); `¥` ends the number row and `\` (ろ) the bottom row.
  static let jis = KeyboardLayout(
    name: "jis",
    rows: [
      ("1234567890-^¥", "!\"#$%&'() =~|", 1),
      ("qwertyuiop@[", "QWERTYUIOP`{", 1.5),
      ("asdfghjkl;:]", "ASDFGHJKL+*}", 1.75),
      ("zxcvbnm,./\\", "ZXCVBNM<>?_", 2.25),
    ])

  package static let all = [us, jis]

  /// The key graph of a layout: for each typed character, its key, whether Shift was
  /// held, and the neighbouring keys in six directions. A class: the matcher walks every
  /// layout for every password, and a reference is one retain where a struct of tables
  /// would be one per table.
  package final class Graph: Sendable {
    package struct Location: Sendable {
      package var key: Int
      package var shifted: Bool

      package init(key: Int, shifted: Bool) {
        self.key = key
        self.shifted = shifted
      }
    }

    /// character → where it is typed
    let locations: [UInt32: Location]
    /// key → neighbour key per direction (left, right, up-left, up-right, down-left, down-right), -1 for none
    let neighbours: [[Int]]
    /// The number of keys, the starting points of a pattern.
    let keyCount: Int
    /// The mean number of neighbours per key.
    let averageDegree: Double

    /// Where each ASCII character is typed, indexed by the scalar value, as a ``code(of:)``,
    /// so the matcher looks up without hashing.
    private let asciiCodes: [Int32]
    /// The largest scalar value the layout types: above it, no lookup is needed.
    private let maxScalar: UInt32
    /// `direction(from:to:)` of every pair of keys, at `a * neighbours.count + b`, -1 for none.
    private let directions: [Int8]
    /// `neighbours.count`, the row length of `directions`.
    private let directionStride: Int
    /// The number of characters the layout types (`locations.count`), the starting points
    /// of a pattern as zxcvbn counts them.
    package let typedCount: Double
    /// `pow(averageDegree, t)` for `t` in `0...KeyboardLayout.maxScalars`: the values
    /// `pow` returns, computed once per layout rather than once per pattern.
    package let degreePowers: [Double]

    package init(locations: [UInt32: Location], neighbours: [[Int]], keyCount: Int, averageDegree: Double) {
      self.locations = locations
      self.neighbours = neighbours
      self.keyCount = keyCount
      self.averageDegree = averageDegree
      asciiCodes = (0..<128).map { locations[UInt32($0)].map(Self.code) ?? -1 }
      maxScalar = locations.keys.max() ?? 0
      let count = neighbours.count
      var directions = [Int8](repeating: -1, count: count * count)
      for (a, around) in neighbours.enumerated() {
        for b in 0..<count {
          // (A key with more than 127 neighbours, in no real layout, keeps the first 128.)
          if let direction = around.firstIndex(of: b), direction <= Int(Int8.max) {
            directions[a * count + b] = Int8(direction)
          }
        }
      }
      self.directions = directions
      directionStride = count
      typedCount = Double(locations.count)
      degreePowers = (0...KeyboardLayout.maxScalars).map { pow(averageDegree, Double($0)) }
    }

    /// A location as one integer: `key << 1`, plus 1 when typed with Shift.
    @inline(__always)
    static func code(_ location: Location) -> Int32 { Int32(location.key) << 1 | (location.shifted ? 1 : 0) }

    /// Where a scalar value is typed, as `key << 1 | shifted` (see ``code(_:)``), or -1.
    @inline(__always)
    package func code(of v: UInt32) -> Int32 {
      if v < 128 { return asciiCodes[Int(v)] }
      guard v <= maxScalar, let location = locations[v] else { return -1 }
      return Self.code(location)
    }

    /// The direction from key `a` to its neighbour `b` (the index of `b` among `a`'s
    /// neighbours), or -1 when they are not adjacent.
    @inline(__always)
    package func direction(from a: Int32, to b: Int32) -> Int8 {
      directions[Int(a) * directionStride + Int(b)]
    }
  }

  package var graph: Graph {
    var positions: [(row: Int, x: Double)] = []
    var locations: [UInt32: Location] = [:]
    for (r, row) in rows.enumerated() {
      for (c, key) in row.enumerated() {
        let index = positions.count
        positions.append((r, offsets[r] + Double(c)))
        locations[key.plain.value] = locations[key.plain.value] ?? Graph.Location(key: index, shifted: false)
        if let shifted = key.shifted {
          locations[shifted.value] = locations[shifted.value] ?? Graph.Location(key: index, shifted: true)
        }
      }
    }
    var neighbours: [[Int]] = []
    var edges = 0
    for (a, p) in positions.enumerated() {
      var around = [Int](repeating: -1, count: 6)
      for (b, q) in positions.enumerated() where a != b {
        let dx = q.x - p.x
        switch q.row - p.row {
        case 0 where dx == -1: around[0] = b
        case 0 where dx == 1: around[1] = b
        case -1 where dx > -1 && dx <= 0: around[2] = b
        case -1 where dx > 0 && dx < 1: around[3] = b
        case 1 where dx > -1 && dx <= 0: around[4] = b
        case 1 where dx > 0 && dx < 1: around[5] = b
        default: break
        }
      }
      edges += around.count { $0 >= 0 }
      neighbours.append(around)
    }
    return Graph(
      locations: locations, neighbours: neighbours, keyCount: positions.count,
      averageDegree: Double(edges) / Double(Swift.max(positions.count, 1)))
  }

  typealias Location = Graph.Location
}
