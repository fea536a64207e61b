/// One step of a JSON path: an object key or an array index.
public enum JSONPathComponent: Sendable, Equatable, CustomStringConvertible {
  /// An object member's key.
  case key(String)
  /// An array element's index, from 0.
  case index(Int)

  public var description: String {
    switch self {
    case .key(let k): return k
    case .index(let i): return "[\(i)]"
    }
  }
}

/// Renders a path the way people write it: `fields.password.rules[1].minLength`.
package func jsonPathString(_ path: [JSONPathComponent]) -> String {
  var text = ""
  for component in path {
    switch component {
    case .key(let k):
      let plain =
        !k.isEmpty
        && k.utf8.allSatisfy {
          $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
            || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
        }
      if plain {
        if !text.isEmpty { text += "." }
        text += k
      } else {
        text += "[\"\(k.replacingAll("\"", with: "\\\""))\"]"
      }
    case .index(let i):
      text += "[\(i)]"
    }
  }
  return text.isEmpty ? "(top level)" : text
}

extension String {
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for c in self { if c == target { result += replacement } else { result.append(c) } }
    return result
  }
}

/// A problem in a rules file: which file, where in it, and what is wrong.
public struct RuleSetProblem: Sendable, Equatable, CustomStringConvertible {
  /// The file as the user named it (or `<input>` for data that came from memory).
  public var file: String
  /// Where in the file (`fields.password.rules[1].minLength`).
  public var path: [JSONPathComponent]
  /// What is wrong, in words.
  public var message: String
  /// A likely intended spelling for an unknown key or value.
  public var suggestion: String?
  /// Line and column, for JSON syntax errors.
  public var line: Int?
  /// See ``line``.
  public var column: Int?

  /// - Parameters:
  ///   - file: the file as the user named it.
  ///   - path: where in the file.
  ///   - message: what is wrong.
  ///   - suggestion: a likely intended spelling.
  ///   - line: the line of a JSON syntax error.
  ///   - column: its column.
  public init(
    file: String, path: [JSONPathComponent], message: String, suggestion: String? = nil, line: Int? = nil,
    column: Int? = nil
  ) {
    self.file = file
    self.path = path
    self.message = message
    self.suggestion = suggestion
    self.line = line
    self.column = column
  }

  public var description: String {
    var text = file
    if let line, let column { text += ":\(line):\(column)" }
    if !path.isEmpty { text += ": \(jsonPathString(path))" }
    text += ": \(message)"
    if let suggestion { text += " (did you mean \"\(suggestion)\"?)" }
    // Keys and values quoted from a rules file reach a terminal: no control may pass.
    return DisplayText.escapingControls(text)
  }
}

/// Why a rules file could not be loaded or compiled: every problem found, not just the first.
public struct RuleSetError: Error, Sendable, CustomStringConvertible {
  /// Every problem found, in file order.
  public var problems: [RuleSetProblem]

  /// - Parameter problems: the problems, at least one.
  public init(problems: [RuleSetProblem]) {
    self.problems = problems
  }

  public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// Finds the closest spelling among known names, for "did you mean" hints.
/// Finds the likely intended spelling among known names, for "did you mean" hints:
/// the closest by edit distance (a swap of neighbours is one edit), if close enough.
public enum Suggestion {
  /// Beyond this many names, or names this long, a guess costs more than it helps: each
  /// comparison fills a table of one word's length by the other's.
  static let maxCandidates = 1000
  static let maxWordLength = 128

  public static func closest(to word: String, in candidates: [String]) -> String? {
    guard candidates.count <= maxCandidates, word.unicodeScalars.count <= maxWordLength else { return nil }
    let lowered = Array(word.lowercased().unicodeScalars)
    let threshold = max(1, lowered.count / 3)
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let other = Array(candidate.lowercased().unicodeScalars)
      // The distance is at least the difference in length: a megabyte-long key skips the table.
      guard abs(other.count - lowered.count) <= threshold else { continue }
      let d = distance(lowered, other)
      if d < best?.distance ?? Int.max { best = (candidate, d) }
    }
    guard let best, best.distance <= threshold else { return nil }
    return best.name
  }

  /// Edit distance where swapping two neighbours counts as one edit (optimal string
  /// alignment), since transposed letters are the commonest typo in keys.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }
}
