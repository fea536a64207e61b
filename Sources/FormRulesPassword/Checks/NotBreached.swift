import FormRules
import Foundation

/// The `notBreached` this library registers: files only. Range mode needs an HTTP client,
/// which FormRulesBreachRange adds (`RuleRegistry.standardWithBreachRange`).
public typealias NotBreached = NotBreachedRule<NoBreachRangeClient>

/// `notBreached`: the SHA-1 of the value's UTF-8 bytes was not seen in a breach at least
/// `minCount` times, according to
///
/// - a local Have I Been Pwned file: `{"notBreached": {"file": "lists/pwned.txt", "minCount": 1}}`
///   (a string is short for `{"file": …}`; the path is relative to the rules file). The file
///   is opened once per policy and binary-searched with `pread` (see ``BreachFile``), so the
///   multi-gigabyte HIBP download works without loading it;
/// - or a k-anonymity range API: `{"notBreached": {"range": "https://api.pwnedpasswords.com/range/",
///   "minCount": 1, "timeout": 2, "onUnavailable": "fail"}}`. Only the first 5 hexadecimal
///   digits of the SHA-1 are sent (`GET {range}{PREFIX}`, `Add-Padding: true`); the suffix is
///   compared with every line of the answer in constant time (``BreachRange``). This is
///   network I/O, so it runs as an asynchronous check (``AsyncCheckRule``): the async
///   `Policy.validate(_:checks:timeout:)` runs it, racing `timeout` seconds (default 2); a
///   synchronous call cannot and fails it with `check.unavailable`. An answer that is late,
///   not 200, or not `SUFFIX:COUNT` lines fails the field with `check.unavailable` too, unless
///   `"onUnavailable": "pass"` lets the value through (it is listed in `checksNotRun` either
///   way). `Client` fetches the range; with ``NoBreachRangeClient`` range mode is a load error.
///
/// The failure carries `minCount` only: how often a password was seen would tell a
/// reader of the logs which password it is.
///
/// - Complexity: one SHA-1, then O(log n) line comparisons (file) or one request and a scan
///   of its answer (range).
public struct NotBreachedRule<Client: BreachRangeClient>: AsyncCheckRule {
  public static var name: String { "notBreached" }

  /// Where the breached hashes are.
  public enum Source: Sendable, Equatable {
    /// A `SHA1HEX:COUNT` file, the path as the rules file gives it (relative to that file).
    case file(String)
    /// A range API's base URL; `{PREFIX}` is appended (`https://api.pwnedpasswords.com/range/`).
    case range(String)
  }

  /// What a range check does when the range cannot answer.
  public enum OnUnavailable: String, Sendable, Equatable {
    /// Fail closed: the field fails with `check.unavailable` (the default).
    case fail
    /// Let the value through (still listed in `checksNotRun`).
    case pass
  }

  /// Where the breached hashes are.
  public let source: Source
  /// How many times a password must have been seen in a breach to fail (at least 1; 1 when not given).
  public private(set) var minCount: Int
  /// Range mode: how long the check may take (default 2 s).
  public private(set) var timeout: Duration
  /// Range mode: what an unavailable range means (default ``OnUnavailable/fail``).
  public private(set) var onUnavailable: OnUnavailable
  private var breaches: BreachFile?

  /// The path of the `SHA1HEX:COUNT` file as the rules file gives it; `nil` in range mode.
  public var file: String? {
    if case .file(let path) = source { return path }
    return nil
  }

  static var keys: [String] { ["file", "range", "minCount", "timeout", "onUnavailable"] }
  /// The default and the largest `timeout`, in seconds.
  public static var defaultTimeoutSeconds: Double { 2 }
  public static var maxTimeoutSeconds: Double { 60 }

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    let here: [JSONPathComponent] = [.key(Self.name)]
    minCount = 1
    timeout = .seconds(Self.defaultTimeoutSeconds)
    onUnavailable = .fail
    if let path = decoder.value.stringValue {
      guard !path.isEmpty else { throw RuleDecodingError(ProblemLine("cli.rules.notBreached.noFile"), at: here) }
      source = .file(path)
      return
    }
    guard let object = decoder.value.objectValue else {
      throw RuleDecodingError(
        ProblemLine("cli.rules.notBreached.expected", ["example": #"{"file": path} / {"range": url}"#]).type(
          "found", of: decoder.value), at: here)
    }
    for key in object.keys where !Self.keys.contains(key) {
      throw RuleDecodingError(
        ProblemLine("cli.rules.unknownKeyIn", ["key": key, "rule": Self.name]), at: here + [.key(key)],
        suggestion: Suggestion.closest(to: key, in: Self.keys))
    }
    switch (object["file"], object["range"]) {
    case (let file?, nil):
      guard let path = file.stringValue, !path.isEmpty else {
        throw RuleDecodingError(ProblemLine("cli.rules.notBreached.noFile"), at: here + [.key("file")])
      }
      source = .file(path)
      for key in ["timeout", "onUnavailable"] where object[key] != nil {
        throw RuleDecodingError(ProblemLine("cli.rules.notBreached.rangeOnly", ["key": key]), at: here + [.key(key)])
      }
    case (nil, let range?):
      guard let base = range.stringValue, Self.isRangeURL(base) else {
        throw RuleDecodingError(
          ProblemLine("cli.rules.notBreached.rangeURL").value("found", of: range), at: here + [.key("range")])
      }
      guard Client.canFetch else {
        throw RuleDecodingError(ProblemLine("cli.rules.notBreached.noClient"), at: here + [.key("range")])
      }
      source = .range(base)
      if let raw = object["timeout"] {
        guard case .number(let seconds) = raw, seconds >= 0.001, seconds <= Self.maxTimeoutSeconds else {
          throw RuleDecodingError(
            ProblemLine("cli.rules.notBreached.timeout", ["max": "\(Int(Self.maxTimeoutSeconds))"]).value(
              "found", of: raw), at: here + [.key("timeout")])
        }
        timeout = .milliseconds(Int((seconds * 1000).rounded()))
      }
      if let raw = object["onUnavailable"] {
        guard let word = raw.stringValue, let choice = OnUnavailable(rawValue: word) else {
          throw RuleDecodingError(
            ProblemLine("cli.rules.expectedOneOf").choices(["fail", "pass"]).value("found", of: raw),
            at: here + [.key("onUnavailable")])
        }
        onUnavailable = choice
      }
    default:
      throw RuleDecodingError(ProblemLine("cli.rules.notBreached.fileOrRange"), at: here)
    }
    if let raw = object["minCount"] {
      guard let n = raw.intValue, n >= 1 else {
        throw RuleDecodingError(
          .expected("cli.rules.kind.positiveInteger", foundType: raw), at: here + [.key("minCount")])
      }
      minCount = n
    }
  }

  /// An `http` or `https` URL with a host, no query, fragment or credentials, ending in `/`:
  /// the prefix is appended to it as it is.
  static func isRangeURL(_ text: String) -> Bool {
    guard text.hasSuffix("/"), let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = parts.host, !host.isEmpty, parts.query == nil,
      parts.fragment == nil, parts.user == nil, parts.password == nil
    else { return false }
    return true
  }

  public func files(in context: CompileContext) -> [RuleFile] {
    guard case .file(let file) = source else { return [] }
    return [RuleFile(.declared(file, context.resolve(file)), at: [.key(Self.name)])]
  }

  public mutating func compile(in context: CompileContext) throws(RuleDecodingError) {
    guard case .file(let file) = source else { return }
    let url = PasswordList.resolve(file, in: context)
    let at: [JSONPathComponent] = [.key(Self.name)]
    breaches = try context.shared("breachFile:" + url.path) { () throws(RuleDecodingError) -> BreachFile in
      do throws(BreachFileError) {
        return try BreachFile(path: url.path)
      } catch {
        throw RuleDecodingError(ProblemLine("cli.rules.notBreached.cannotUse", ["reason": error.description]), at: at)
      }
    }
  }

  /// File mode: the lookup. Range mode passes here: its check is ``asyncCheck``.
  public func check(_ subject: Subject) -> Int? {
    guard let breaches, breaches.count(ofDigest: SHA1.digest(subject.bytes)) >= minCount else { return nil }
    return 0
  }

  /// Range mode: the request and the scan of its answer, run by the policy's async checks.
  public var asyncCheck: RuleAsyncCheck? {
    guard case .range(let base) = source else { return nil }
    let minCount = minCount
    let timeout = timeout
    return RuleAsyncCheck(name: Self.name, timeout: timeout, passesWhenUnavailable: onUnavailable == .pass) {
      request in
      try await Self.count(of: request.value, range: base, timeout: timeout) < minCount
    }
  }

  /// How often the range at `base` says the value was seen; only the prefix is sent.
  /// - Parameter timeout: the request's own deadline (the policy races the rule's timeout too).
  /// - Throws: what the client throws, or ``BreachRangeError`` for a wrong answer.
  public static func count(
    of value: String, range base: String, timeout: Duration = .seconds(defaultTimeoutSeconds)
  ) async throws -> Int {
    let (prefix, suffix) = BreachRange.split(value.utf8)
    guard let url = URL(string: base + prefix) else { throw BreachRangeError.malformedAnswer(line: 0) }
    let answer = try await Client.fetch(url, maxBytes: BreachRange.maxAnswerBytes, timeout: timeout)
    guard answer.count <= BreachRange.maxAnswerBytes else { throw BreachRangeError.tooLarge }
    return try BreachRange.count(ofSuffix: suffix, in: answer)
  }

  /// `notBreached`, or `check.unavailable` (variant 1) when the range could not answer.
  public func failure(variant: Int) -> Failure {
    variant == 1
      ? Failure(code: "check.unavailable", params: ["check": .string(Self.name)])
      : Failure(code: Self.name, params: ["minCount": .int(minCount)])
  }

  public var requirement: Failure { Failure(code: Self.name, params: ["minCount": .int(minCount)]) }
}

extension NotBreachedRule {
  /// Its messages: its code and its requirement phrase, in ja and en, labeled and inline.
  public static var messages: [RuleMessage] {
    [
      RuleMessage(
        "notBreached",
        ja: (
          "{label}は過去に流出したことがあるため使用できません。別のものを設定してください。",
          "過去に流出したパスワードのため使用できません。別のものを設定してください。"
        ),
        en: (
          "{label} has appeared in a data breach. Choose a different one.",
          "This has appeared in a data breach. Choose a different one."
        )),
      RuleMessage(
        "requirement.notBreached", ja: ("過去に流出したパスワードではない", "過去に流出したパスワードではない"),
        en: ("Not found in known data breaches", "Not found in known data breaches")),
    ]
  }
}
