import Foundation
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
  /// The catalog line (`cli.*`) that says ``message`` in every language, with its values;
  /// `nil` where the message is English only.
  public var messageKey: String?
  /// The `{name}`s of ``messageKey``, filled verbatim.
  public var messageValues: [String: String] = [:]
  /// The `{name}`s of ``messageKey`` that are catalog lines themselves (a JSON syntax error's
  /// reason), rendered in the same language before they are filled in.
  public var messageValueKeys: [String: String] = [:]
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

  /// A problem said by a catalog line: ``message`` is its English text.
  init(file: String, path: [JSONPathComponent], _ line: ProblemLine, suggestion: String? = nil) {
    self.init(file: file, path: path, message: line.english, suggestion: suggestion)
    messageKey = line.key
    messageValues = line.values
    messageValueKeys = line.valueKeys
  }

  public var description: String { description(locale: "en") }

  /// ``description`` with its "did you mean" in `locale` (`ja`: `（「minLength」のことですか？）`).
  /// The location keeps the form editors and CI annotations read in every language:
  /// `FILE[:LINE:COLUMN]: JSON.PATH: what is wrong`.
  public func description(locale: String) -> String {
    var text = file
    if let line, let column { text += ":\(line):\(column)" }
    if !path.isEmpty { text += ": \(jsonPathString(path))" }
    let what =
      messageKey.map {
        MessageCatalog.builtIn.problemText($0, locale: locale, values: messageValues, valueKeys: messageValueKeys)
      } ?? message
    text += ": \(what)"
    if let suggestion {
      text = MessageCatalog.builtIn.text(
        "cli.problem.didYouMean", locale: locale, ["problem": text, "suggestion": suggestion])
    }
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

extension RuleSetError: LocalizedError {
  /// What `localizedDescription` shows (an alert, a log line, Vapor's error middleware):
  /// every problem, one a line, in English (`problems[i].description(locale: "ja")` gives Japanese).
  public var errorDescription: String? { description }
}
