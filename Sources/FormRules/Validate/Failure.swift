/// How much a failure matters. A warning is reported but never makes input invalid.
public enum Severity: String, Sendable, Equatable, Codable {
  /// Makes the input invalid.
  case error
  /// Reported, but the input stays valid.
  case warning
}

/// A parameter value of a failure: the numbers and names a message is built from.
public enum ParameterValue: Sendable, Equatable, CustomStringConvertible {
  /// A number (`min`, `actual`).
  case int(Int)
  /// A word or a name (`unit`, `reason`, a field name).
  case string(String)
  /// A yes or no.
  case bool(Bool)
  /// A list (`missing` classes, `fields`).
  case strings([String])

  public var description: String {
    switch self {
    case .int(let i): return String(i)
    case .string(let s): return s
    case .bool(let b): return String(b)
    case .strings(let list): return list.joined(separator: ", ")
    }
  }

  /// Writes the value; an integer as its exact digits (through a `Double` it would lose
  /// them past 2^53).
  func write(to writer: inout JSONWriter) {
    if case .int(let i) = self { writer.int(i) } else { writer.value(json) }
  }

  var json: JSONValue {
    switch self {
    case .int(let i): return .number(Double(i))
    case .string(let s): return .string(s)
    case .bool(let b): return .bool(b)
    case .strings(let list): return .array(list.map(JSONValue.string))
    }
  }
}

extension ParameterValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
  public init(integerLiteral value: Int) { self = .int(value) }
  public init(stringLiteral value: String) { self = .string(value) }
}

/// The parameters of a failure, in a stable order (the order they are written in JSON).
public struct Parameters: Sendable, Equatable, ExpressibleByDictionaryLiteral {
  /// The parameters in their stable order.
  public private(set) var entries: [(name: String, value: ParameterValue)]

  public init(dictionaryLiteral elements: (String, ParameterValue)...) {
    entries = elements.map { ($0.0, $0.1) }
  }

  /// - Parameter entries: the parameters in the order they are written.
  public init(_ entries: [(name: String, value: ParameterValue)]) {
    self.entries = entries
  }

  /// Whether there are no parameters.
  public var isEmpty: Bool { entries.isEmpty }

  /// The value of a parameter; setting `nil` removes it, setting a new name appends it.
  public subscript(name: String) -> ParameterValue? {
    get { entries.first { $0.name == name }?.value }
    set {
      if let index = entries.firstIndex(where: { $0.name == name }) {
        if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
      } else if let newValue {
        entries.append((name, newValue))
      }
    }
  }

  public static func == (lhs: Parameters, rhs: Parameters) -> Bool {
    lhs.entries.count == rhs.entries.count
      && zip(lhs.entries, rhs.entries).allSatisfy { $0.name == $1.name && $0.value == $1.value }
  }
}

/// One failed check: a stable code plus the parameters its message needs.
///
/// A failure holds no sentence; words are produced by ``MessageCatalog`` for the
/// locale the caller asks for.
public struct Failure: Sendable, Equatable {
  /// The stable code, equal to the rule's name (`minLength`, `email`, `sameAs`…).
  public var code: String { didSet { origin = nil } }
  /// The values the message is built from (`min`, `actual`, `unit`…).
  public var params: Parameters { didSet { origin = nil } }
  /// Whether the failure makes the input invalid (``Severity/error``) or is advice (``Severity/warning``).
  public var severity: Severity { didSet { origin = nil } }
  /// A refinement of the code that selects a more specific message (`utf8` for a byte
  /// length, `missingAt` for an email), tried before the plain code.
  public var detail: String? { didSet { origin = nil } }
  /// The rule's own `message`, when the rules file gives one.
  var messageOverride: LocalizedText? { didSet { origin = nil } }
  /// Where the policy's plan made this failure (its node and variant, which fix every
  /// member), so its rendered forms can be reused (``RenderedFailures``); `nil` for a
  /// failure made or changed anywhere else.
  var origin: FailureOrigin?
  /// The rule's own checklist phrase, when the rules file gives one.
  var requirementOverride: LocalizedText?
  /// For `anyOf` (and an `allOf` inside one): the requirements of its rules, which
  /// `{alternatives}` renders as their checklist phrases.
  var alternatives: [Failure] = []

  public static func == (lhs: Failure, rhs: Failure) -> Bool {
    lhs.code == rhs.code && lhs.params == rhs.params && lhs.severity == rhs.severity && lhs.detail == rhs.detail
      && lhs.messageOverride == rhs.messageOverride && lhs.requirementOverride == rhs.requirementOverride
      && lhs.alternatives == rhs.alternatives
  }

  /// - Parameters:
  ///   - code: the stable code (a rule's name, or an app's own such as `email.taken`).
  ///   - params: the values its message is built from.
  ///   - severity: error (the default) or warning.
  ///   - detail: a refinement that selects a more specific message (`utf8`).
  public init(code: String, params: Parameters = [:], severity: Severity = .error, detail: String? = nil) {
    self.code = code
    self.params = params
    self.severity = severity
    self.detail = detail
  }

  /// The message keys to try, most specific first.
  var messageKeys: [String] {
    var keys = detail.map { ["\(code).\($0)", code] } ?? [code]
    // A named check without messages of its own says so in general words.
    if code != "check.unavailable", params["check"] != nil { keys.append("check") }
    return keys
  }

  /// The keys a warning tries before ``messageKeys``: the recommendation for its detail
  /// (`strength.date.warning`, so the estimator's reason reaches the user), the rule's own
  /// recommendation (`minLength.warning`), then the general frame `recommendation`, which
  /// words the requirement phrase as advice. A warning is never worded as a requirement.
  var warningKeys: [String] {
    if let detail { return ["\(code).\(detail).warning", "\(code).warning", "recommendation"] }
    return ["\(code).warning", "recommendation"]
  }
}

/// Text in several languages, keyed by language code (`ja`, `en`).
public struct LocalizedText: Sendable, Equatable {
  /// The texts by language code.
  public var texts: [String: String]

  /// - Parameter texts: the texts by language code (`["ja": "パスワード", "en": "Password"]`).
  public init(_ texts: [String: String]) {
    self.texts = texts
  }

  /// The text in a language, if there is one.
  public subscript(language: String) -> String? { texts[language] }
}
