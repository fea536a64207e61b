import Foundation

/// A check of one field's value, named by its key in a rules file.
///
/// A rule's name is its JSON key, its failure code and its message key
/// (`minLength` → `MinLength` → code `minLength`). Rules hold only compiled,
/// read-only data, so a ``Policy`` can be shared by every thread.
///
/// A rule has one check, which reads the value as a `String` (``Subject/string``) or its
/// UTF-8 bytes as a bounds-checked `Span` (``Subject/withUTF8(_:)``); a rule never sees a
/// pointer. A failing check answers with a *variant*: a number that, for this rule,
/// fixes the whole failure (the `actual` length of a `minLength`, the reason of an
/// `email`), so bulk output renders each (rule, variant) once and reuses the bytes.
///
/// A rule has no export hints of its own: each exporter (`RuleSet/export(_:field:)`) keeps
/// its own switch over the rule types it can express, and a rule it has no case for — an
/// app's rule, or a built-in it does not handle — gets the default: a note naming the rule in
/// `Export/notes` and no constraint, so an export is never stricter than the rules.
///
/// An app adds rules of its own with ``RuleRegistry/register(_:)``:
///
/// ```swift
/// struct NotDisposableDomain: Rule {
///   static let name = "notDisposableDomain"
///   static let messages = [
///     RuleMessage("notDisposableDomain",
///       ja: ("{label}に使い捨てのドメインは使用できません。", "使い捨てのドメインは使用できません。"),
///       en: ("{label} cannot use a disposable domain.", "Cannot use a disposable domain.")),
///     RuleMessage("requirement.notDisposableDomain", ja: ("使い捨てでないドメイン", "使い捨てでないドメイン"),
///       en: ("Not a disposable domain", "Not a disposable domain")),
///   ]
///   let domains: Set<String>
///   init(from decoder: RuleDecoder) throws(RuleDecodingError) {
///     domains = Set(try decoder.stringList())
///   }
///   func check(_ subject: Subject) -> Int? {
///     guard let at = subject.string.lastIndex(of: "@") else { return nil }
///     return domains.contains(String(subject.string[at...].dropFirst()).lowercased()) ? 0 : nil
///   }
///   func failure(variant: Int) -> Failure { Failure(code: Self.name) }
/// }
/// ```
public protocol Rule: Sendable {
  /// The rule's key in a rules file, which is also its failure code.
  static var name: String { get }
  /// Option keys the rule accepts beside its own key (`unit`, `flags`…).
  static var options: [String] { get }
  /// Whether the rule runs on an empty value. Only `required`-like rules do; every
  /// other rule leaves an empty, optional field alone.
  static var checksEmptyValue: Bool { get }
  /// The rule's messages in Japanese and English, both variants (with the field's label
  /// and inline): its code, its details (`minLength.utf8`), its requirement phrase
  /// (`requirement.<code>`) and any words its parameters need.
  static var messages: [RuleMessage] { get }

  /// Builds the rule from its JSON value and options.
  init(from decoder: RuleDecoder) throws(RuleDecodingError)

  /// Loads what the rule needs from outside the rules file (lists, hash files).
  /// Called once by ``RuleSet/compile()``.
  mutating func compile(in context: CompileContext) throws(RuleDecodingError)

  /// Checks one value: `nil` when it passes, else the variant of the failure.
  func check(_ subject: Subject) -> Int?

  /// ``check(_:)`` as a function over a copy of the rule: how a compiled policy calls the rule.
  /// Keep the default. It is made for each conforming type, where the type is known, so the call
  /// goes straight to ``check(_:)`` (callgrind: about 13 instructions per call fewer than a
  /// generic call through the protocol).
  var checkFunction: (Subject) -> Int? { get }

  /// The failure a variant returned by ``check(_:)`` stands for.
  func failure(variant: Int) -> Failure

  /// The failure that describes what the rule requires, for checklists
  /// (`8文字以上`). Its parameters are those of the requirement, without the
  /// `actual` value.
  var requirement: Failure { get }

  /// Whether the rule is a line of a requirement checklist (`{"required": false}` is not).
  var showsInChecklist: Bool { get }

  /// Other fields this rule reads, checked to exist when the rules file loads.
  var referencedFields: [String] { get }

  /// The files the rule reads, resolved as ``compile(in:)`` resolves them: lists and hash
  /// files the rules file names, and data the rule's library ships.
  func files(in context: CompileContext) -> [RuleFile]

  /// Whether a suggestion of a failure of this rule (a code of its `suggestions` parameter)
  /// adds to the failure's message, rather than repeating or contradicting it. Every one does,
  /// unless the rule says otherwise.
  static func suggestionAdds(_ suggestion: String, to failure: Failure) -> Bool

  /// Problems that depend on the rule's neighbours in the same list (for example
  /// `minLength` above `maxLength`), reported with the given path.
  func conflicts(with other: any Rule) -> String?
}

extension Rule {
  public static var options: [String] { [] }
  public static var checksEmptyValue: Bool { false }
  public static var messages: [RuleMessage] { [] }
  public mutating func compile(in context: CompileContext) throws(RuleDecodingError) {}
  public var requirement: Failure { Failure(code: Self.name) }
  public var showsInChecklist: Bool { true }
  public var referencedFields: [String] { [] }
  public func files(in context: CompileContext) -> [RuleFile] { [] }
  public static func suggestionAdds(_ suggestion: String, to failure: Failure) -> Bool { true }
  public func conflicts(with other: any Rule) -> String? { nil }
  /// ``check(_:)`` over a copy of the rule.
  @inlinable
  public var checkFunction: (Subject) -> Int? { { [self] subject in check(subject) } }
}

/// One message of a rule in both languages, each in both variants: with the field's
/// label (`{label}は8文字以上で入力してください。`) and inline (`8文字以上で入力してください。`).
public struct RuleMessage: Sendable, Equatable {
  /// The catalog key: the code (`minLength`), a detail (`minLength.utf8`) or a
  /// requirement phrase (`requirement.minLength`).
  public var key: String
  /// The Japanese text, labeled and inline.
  public var ja: MessageTemplate
  /// The English text, labeled and inline.
  public var en: MessageTemplate

  /// - Parameters:
  ///   - key: the catalog key (`minLength`, `minLength.utf8`, `requirement.minLength`).
  ///   - ja: (labeled, inline) in Japanese.
  ///   - en: (labeled, inline) in English.
  public init(_ key: String, ja: (String, String), en: (String, String)) {
    self.key = key
    self.ja = MessageTemplate(labeled: ja.0, inline: ja.1)
    self.en = MessageTemplate(labeled: en.0, inline: en.1)
  }
}

/// What a rule sees when it checks a value: the field's value after its transforms
/// (trim, normalize), valid only during the call.
///
/// An app's rule reads it through safe views only: ``string`` and ``string(of:)``, or the
/// UTF-8 bytes as a `Span` (bounds-checked in every build, and unable to outlive the call)
/// with ``withUTF8(_:)`` and ``withUTF8(of:_:)``. No pointer is handed out.
public struct Subject {
  /// The transformed value's UTF-8 bytes; empty when the field is absent. The library's own
  /// rules read them directly; an app's rule uses ``withUTF8(_:)``.
  package let bytes: ByteView
  /// Whether the field is sensitive: its value must never appear in a failure.
  public let isSensitive: Bool
  let index: Int
  let values: ScratchView<ByteView?>
  /// Unretained: the plan outlives every subject, and all threads share it.
  let plan: Unmanaged<Plan>

  /// The name of the field being checked.
  public var field: String { plan.borrow { $0.name(index) } }

  /// The value as a `String`, built on each use, for the rare check that needs one
  /// (grapheme counts, canonical equivalence, normalization).
  public var string: String { bytes.string }

  /// The number of UTF-8 bytes of the value (0 when the field is absent).
  public var utf8Count: Int { bytes.count }

  /// Calls `body` with the value's UTF-8 bytes, which it can read but not keep.
  ///
  /// ```swift
  /// func check(_ subject: Subject) -> Int? {
  ///   subject.withUTF8 { bytes in bytes.count > 0 && bytes[0] == UInt8(ascii: "-") } ? 0 : nil
  /// }
  /// ```
  public func withUTF8<R, E: Error>(_ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R {
    try bytes.withSpan(body)
  }

  /// Calls `body` with another field's transformed UTF-8 bytes; `nil` when that field is absent
  /// (or not a field of the policy).
  public func withUTF8<R, E: Error>(of field: String, _ body: (Span<UInt8>?) throws(E) -> R) throws(E) -> R {
    guard let other = bytes(of: field) else { return try body(nil) }
    return try other.withSpan(body)
  }

  /// Another field's transformed value; `nil` when absent.
  package func bytes(of field: String) -> ByteView? {
    plan.borrow { $0.index(of: field) }.flatMap { values[$0] }
  }

  /// Runs `body` with this value and another field's (empty when absent), this one put through
  /// the other field's transforms as well, as `sameAs` compares a confirmation with the field it
  /// confirms. The other field is looked up once; when both fields have the same transforms
  /// (the usual case), this value is already like the other's and is passed as it is.
  func withValue<R>(
    comparedWith field: String, at position: Int? = nil,
    _ body: (_ value: ByteView, _ other: ByteView) -> R
  ) -> R {
    plan.borrow { plan in
      guard let i = position ?? plan.index(of: field) else { return body(bytes, .empty) }
      let other = values[i] ?? .empty
      if bytes.isEmpty || plan.sameTransforms(i, index) { return body(bytes, other) }
      var arena = TransformArena()
      defer { arena.reset() }
      return body(plan.transformed(bytes, like: i, arena: &arena), other)
    }
  }

  /// Another field's transformed value as a `String`; `nil` when absent.
  public func string(of field: String) -> String? {
    bytes(of: field).map(\.string)
  }
}

// A subject holds the value being checked, which may be a password: printing, `dump` and
// debuggers' summaries show the field and the value's length, never the value.
extension Subject: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  public var description: String {
    isSensitive
      ? "Subject(\(field): <redacted>, \(bytes.count) bytes)" : "Subject(\(field): \(string.debugDescription))"
  }

  public var debugDescription: String { description }

  public var customMirror: Mirror {
    Mirror(
      self, children: ["field": field, "value": isSensitive ? "<redacted>" : string, "isSensitive": isSensitive],
      displayStyle: .struct)
  }
}

/// A rule-level decoding problem; the decoder adds the file and JSON path.
public struct RuleDecodingError: Error, Sendable {
  /// What is wrong, in words (`expected a non-negative integer, found -1`).
  public var message: String
  /// Path components below the rule object (`["minLength"]`, `["list", 0]`).
  public var subpath: [JSONPathComponent]
  /// A likely intended spelling, for an unknown option value.
  public var suggestion: String?
  /// The catalog line (`cli.rules.*`) that says ``message`` in every language; `nil` for a
  /// plain message (an app's own rule may throw one), which is shown as is in every language.
  public var messageKey: String?
  /// The `{name}`s of ``messageKey``, filled verbatim.
  public var messageValues: [String: String] = [:]
  /// The `{name}`s of ``messageKey`` that are catalog lines themselves (a JSON type such as
  /// `cli.rules.type.number`), rendered in the same language before they are filled in.
  public var messageValueKeys: [String: String] = [:]

  /// - Parameters:
  ///   - message: what is wrong.
  ///   - subpath: where, below the rule object.
  ///   - suggestion: a likely intended spelling.
  public init(_ message: String, at subpath: [JSONPathComponent] = [], suggestion: String? = nil) {
    self.message = message
    self.subpath = subpath
    self.suggestion = suggestion
  }

  /// A problem said by a catalog line, so that `validate` prints it in the user's language;
  /// ``message`` is its English text.
  /// - Parameters:
  ///   - key: a line of the built-in catalog (``MessageCatalog/builtIn``, `cli.rules.*`); an app's
  ///     own rule, whose words are not there, throws a plain message instead.
  ///   - values: its `{name}`s, filled verbatim.
  ///   - valueKeys: its `{name}`s that are catalog lines themselves.
  ///   - subpath: where, below the rule object.
  ///   - suggestion: a likely intended spelling.
  public init(
    key: String, values: [String: String] = [:], valueKeys: [String: String] = [:],
    at subpath: [JSONPathComponent] = [], suggestion: String? = nil
  ) {
    self.init(
      MessageCatalog.builtIn.problemText(key, locale: "en", values: values, valueKeys: valueKeys), at: subpath,
      suggestion: suggestion)
    messageKey = key
    messageValues = values
    messageValueKeys = valueKeys
  }

  package init(_ line: ProblemLine, at subpath: [JSONPathComponent] = [], suggestion: String? = nil) {
    self.init(key: line.key, values: line.values, valueKeys: line.valueKeys, at: subpath, suggestion: suggestion)
  }
}

/// Gives a rule its JSON value and options, with typed accessors that produce
/// clear errors.
public struct RuleDecoder {
  /// The rule key's own value (`8` in `{"minLength": 8}`).
  public let value: JSONValue
  let object: JSONObject
  let ruleName: String

  /// An option's raw value, if present.
  public func option(_ key: String) -> JSONValue? { object[key] }

  /// The rule's value as a non-negative integer.
  public func count() throws(RuleDecodingError) -> Int {
    guard let n = value.intValue, n >= 0 else {
      throw RuleDecodingError(
        ProblemLine("cli.rules.expected").kind("expected", "cli.rules.kind.nonNegativeInteger").numberOrType(
          "found", of: value), at: [.key(ruleName)])
    }
    return n
  }

  /// The rule's value as a string.
  /// - Throws: ``RuleDecodingError`` when it is not one.
  public func string() throws(RuleDecodingError) -> String {
    guard let s = value.stringValue else {
      throw RuleDecodingError(.expected("cli.rules.type.string", foundType: value), at: [.key(ruleName)])
    }
    return s
  }

  /// The rule's value as `true` or `false`.
  /// - Throws: ``RuleDecodingError`` when it is not one.
  public func bool() throws(RuleDecodingError) -> Bool {
    guard let b = value.boolValue else {
      throw RuleDecodingError(.expected("cli.rules.kind.trueOrFalse", foundType: value), at: [.key(ruleName)])
    }
    return b
  }

  /// An option that must be one of `choices`; `fallback` when absent.
  public func option<T: RawRepresentable<String>>(_ key: String, default fallback: T, choices: [T])
    throws(RuleDecodingError) -> T
  {
    guard let raw = object[key] else { return fallback }
    guard let s = raw.stringValue, let choice = T(rawValue: s), choices.contains(where: { $0.rawValue == s })
    else {
      // A string as written in full (not cut short), any other value by its type.
      var line = ProblemLine("cli.rules.expectedOneOf").choices(choices.map(\.rawValue))
      if let s = raw.stringValue { line.values["found"] = "\"\(s)\"" } else { line = line.type("found", of: raw) }
      throw RuleDecodingError(
        line, at: [.key(key)],
        suggestion: raw.stringValue.flatMap { Suggestion.closest(to: $0, in: choices.map(\.rawValue)) })
    }
    return choice
  }

  /// An option that is a non-negative integer; `nil` when absent.
  /// - Throws: ``RuleDecodingError`` when it is present and not one.
  public func intOption(_ key: String) throws(RuleDecodingError) -> Int? {
    guard let raw = object[key] else { return nil }
    guard let n = raw.intValue, n >= 0 else {
      throw RuleDecodingError(
        ProblemLine("cli.rules.expected").kind("expected", "cli.rules.kind.nonNegativeInteger").numberOrType(
          "found", of: raw), at: [.key(key)])
    }
    return n
  }

  /// An option that is `true` or `false`; `nil` when absent.
  /// - Throws: ``RuleDecodingError`` when it is present and not one.
  public func boolOption(_ key: String) throws(RuleDecodingError) -> Bool? {
    guard let raw = object[key] else { return nil }
    guard let b = raw.boolValue else {
      throw RuleDecodingError(.expected("cli.rules.kind.trueOrFalse", foundType: raw), at: [.key(key)])
    }
    return b
  }

  /// An option that is a string; `nil` when absent.
  /// - Throws: ``RuleDecodingError`` when it is present and not one.
  public func stringOption(_ key: String) throws(RuleDecodingError) -> String? {
    guard let raw = object[key] else { return nil }
    guard let s = raw.stringValue else {
      throw RuleDecodingError(.expected("cli.rules.type.string", foundType: raw), at: [.key(key)])
    }
    return s
  }

  /// The rule's value as a string or an array of strings.
  public func stringList() throws(RuleDecodingError) -> [String] {
    if let s = value.stringValue { return [s] }
    guard let array = value.arrayValue else {
      throw RuleDecodingError(.expected("cli.rules.kind.stringOrStrings", foundType: value), at: [.key(ruleName)])
    }
    var result: [String] = []
    for (i, element) in array.enumerated() {
      guard let s = element.stringValue else {
        throw RuleDecodingError(
          .expected("cli.rules.type.string", foundType: element), at: [.key(ruleName), .index(i)])
      }
      result.append(s)
    }
    return result
  }

  /// A string or an array of strings.
  public func stringListOption(_ key: String) throws(RuleDecodingError) -> [String]? {
    guard let raw = object[key] else { return nil }
    if let s = raw.stringValue { return [s] }
    guard let array = raw.arrayValue else {
      throw RuleDecodingError(.expected("cli.rules.kind.stringOrStrings", foundType: raw), at: [.key(key)])
    }
    var result: [String] = []
    for (i, element) in array.enumerated() {
      guard let s = element.stringValue else {
        throw RuleDecodingError(.expected("cli.rules.type.string", foundType: element), at: [.key(key), .index(i)])
      }
      result.append(s)
    }
    return result
  }
}

/// What ``Rule/compile(in:)`` may use: the folder of the rules file that declared
/// the rule, for resolving relative paths, and a cache shared by the whole policy.
public struct CompileContext {
  /// - Parameters:
  ///   - baseDirectory: the folder of the rules file that declares the rule.
  ///   - rulesDirectory: the folder holding the shipped `Rules/`.
  package init(
    baseDirectory: URL, rulesDirectory: URL?, dataFolders: [String: URL] = [:], cache: ResourceCache = ResourceCache()
  ) {
    self.baseDirectory = baseDirectory
    self.rulesDirectory = rulesDirectory
    self.dataFolders = dataFolders
    self.cache = cache
  }

  /// The folder the app named for a rule library's data (``RuleSet/LoadOptions/dataFolders``),
  /// if it named one: `context.dataFolder("strength")`.
  public func dataFolder(_ name: String) -> URL? { dataFolders[name] }

  /// The directory of the rules file that declared the rule; relative paths resolve here.
  public let baseDirectory: URL
  /// The directory holding the shipped `Rules/` (for default lists).
  public let rulesDirectory: URL?
  let dataFolders: [String: URL]
  let cache: ResourceCache

  /// Loads a resource once per compiled policy, keyed by `key`.
  public func shared<T: Sendable>(_ key: String, load: () throws(RuleDecodingError) -> T)
    throws(RuleDecodingError) -> T
  {
    if let cached = cache.values[key] as? T { return cached }
    let value = try load()
    cache.values[key] = value
    return value
  }
}

package final class ResourceCache {
  package init() {}
  var values: [String: Any] = [:]
}

extension RuleDecodingError: LocalizedError {
  /// What `localizedDescription` shows: ``message``, in English (the decoder adds the file and path when it becomes a ``RuleSetError``).
  public var errorDescription: String? { message }
}
