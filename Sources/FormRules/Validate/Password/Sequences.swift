/// Ordered runs of characters that people type as a sequence: the alphabet, the digits,
/// the kana in gojūon order, and the rows of US and JIS keyboards (unshifted and
/// shifted).
///
/// Text is compared in a folded form (``fold(_:)``): ASCII letters in lower case,
/// full-width ASCII as ASCII, katakana as hiragana. So `ABCD`, `ａｂｃｄ`, `アイウエ`,
/// `QWER` and `!@#$` are all sequences.
package enum Sequences {
  package enum Kind: String, Sendable {
    case numerical, alphabetical, keyboard
  }

  struct Table {
    let kind: Kind
    let scalars: [UInt32]
  }

  /// Numerical first, so that `1234` is reported as numerical rather than as a keyboard row.
  static let tables: [Table] = {
    var tables: [Table] = [
      Table(kind: .numerical, scalars: scalars("0123456789")),
      Table(kind: .alphabetical, scalars: scalars("abcdefghijklmnopqrstuvwxyz")),
      Table(
        kind: .alphabetical,
        scalars: scalars("あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん")),
    ]
    for layout in KeyboardLayout.all {
      for row in layout.rows {
        tables.append(Table(kind: .keyboard, scalars: row.map { fold($0.plain).value }))
        // A shifted row breaks where a key has no shifted character (JIS `0`).
        var segment: [UInt32] = []
        for key in row {
          if let shifted = key.shifted {
            segment.append(fold(shifted).value)
          } else {
            if segment.count > 1 { tables.append(Table(kind: .keyboard, scalars: segment)) }
            segment = []
          }
        }
        if segment.count > 1 { tables.append(Table(kind: .keyboard, scalars: segment)) }
      }
    }
    return tables
  }()

  /// For each folded scalar, the tables it is in and its position there.
  static let positions: [UInt32: [(table: Int, position: Int)]] = {
    var index: [UInt32: [(table: Int, position: Int)]] = [:]
    for (t, table) in tables.enumerated() {
      for (p, scalar) in table.scalars.enumerated() { index[scalar, default: []].append((t, p)) }
    }
    return index
  }()

  /// `positions` for ASCII, by value, so most lookups need no hashing.
  static let asciiPositions: [[(table: Int, position: Int)]] = (0..<128).map { positions[UInt32($0)] ?? [] }

  /// `positions` for the hiragana block U+3041–U+3096 (katakana folds onto it), by value.
  static let kanaPositions: [[(table: Int, position: Int)]] = (0x3041...0x3096).map { positions[UInt32($0)] ?? [] }

  /// The most tables one character is in: the runs through one character never outnumber it.
  static let maxTablesPerScalar = positions.values.map(\.count).max() ?? 0

  private static func scalars(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

  /// Full-width ASCII (U+FF01–FF5E) as ASCII, nothing else changed.
  @inline(__always)
  package static func widthFolded(_ scalar: Unicode.Scalar) -> UInt32 {
    let v = scalar.value
    return v >= 0xFF01 && v <= 0xFF5E ? v - 0xFEE0 : v
  }

  /// ASCII letters lower-cased, full-width ASCII (U+FF01–FF5E) as ASCII, katakana as hiragana.
  package static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    var v = scalar.value
    if v >= 0xFF01 && v <= 0xFF5E { v -= 0xFEE0 }
    if v >= 0x41 && v <= 0x5A { v += 0x20 }
    if v >= 0x30A1 && v <= 0x30F6 { v -= 0x60 }
    return Unicode.Scalar(v) ?? scalar
  }

  /// A run through one table: scalar offsets `start..<end`.
  package struct Run: Equatable {
    package var start: Int
    package var end: Int
    package var kind: Kind
    package var ascending: Bool
  }

  private struct RunState {
    var table: Int
    var position: Int
    var up: Int
    var down: Int
  }

  /// The runs of at least `minimum` characters that step forwards or backwards through
  /// one table, each reported once, when it stops growing. With `firstOnly`, the search
  /// stops at the first run to reach `minimum` (reported up to that point), preferring
  /// the numerical table.
  ///
  /// - Complexity: O(n): each character is in at most a few tables.
  package static func runs(in scalars: some Sequence<Unicode.Scalar>, minimum: Int, firstOnly: Bool = false) -> [Run] {
    // The static tables once per call, not once per character.
    let tables = Self.tables
    let asciiPositions = Self.asciiPositions
    let kanaPositions = Self.kanaPositions
    let positions = Self.positions
    let width = Swift.max(maxTablesPerScalar, 1)
    // The runs through the previous character and through this one (at most one per
    // table the character is in), in the two halves of one stack buffer.
    let blank = RunState(table: 0, position: 0, up: 0, down: 0)
    return withScratch(of: RunState.self, capacity: 2 * width, initial: blank) { buffer -> [Run] in
      var result: [Run] = []
      var runs = buffer[0..<width]
      var next = buffer[width..<2 * width]
      var runCount = 0
      var nextCount = 0
      // Reports a run that ended before `end` unless one through `end` grows it.
      func report(_ run: RunState, _ length: Int, ascending: Bool, at end: Int, continuing: Int) {
        guard length >= minimum else { return }
        for k in 0..<continuing {
          let state = next[k]
          if state.table == run.table && (ascending ? state.up == length + 1 : state.down == length + 1) { return }
        }
        result.append(Run(start: end - length, end: end, kind: tables[run.table].kind, ascending: ascending))
      }
      func flush(at end: Int, continuing: Int) {
        for k in 0..<runCount {
          let run = runs[k]
          report(run, run.up, ascending: true, at: end, continuing: continuing)
          report(run, run.down, ascending: false, at: end, continuing: continuing)
        }
      }
      var count = 0
      for (i, scalar) in scalars.enumerated() {
        nextCount = 0
        let v = fold(scalar).value
        let tablePositions =
          v < 128
          ? asciiPositions[Int(v)] : v >= 0x3041 && v <= 0x3096 ? kanaPositions[Int(v - 0x3041)] : positions[v] ?? []
        for (table, position) in tablePositions {
          var up = 1
          var down = 1
          for k in 0..<runCount where runs[k].table == table {
            let previous = runs[k]
            if previous.position == position - 1 { up = previous.up + 1 }
            if previous.position == position + 1 { down = previous.down + 1 }
          }
          if firstOnly, Swift.max(up, down) >= minimum {
            let length = Swift.max(up, down)
            return [Run(start: i + 1 - length, end: i + 1, kind: tables[table].kind, ascending: up >= down)]
          }
          next[nextCount] = RunState(table: table, position: position, up: up, down: down)
          nextCount += 1
        }
        flush(at: i, continuing: nextCount)
        swap(&runs, &next)
        runCount = nextCount
        count = i + 1
      }
      flush(at: count, continuing: 0)
      return result
    }
  }
}
