import FormRules
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A named check (`{"check": NAME}`) decided by the app's own HTTP endpoint: what
/// `validate serve --check NAME=URL` runs, and what an embedding app may use as an ``AsyncCheck``.
///
/// The contract, so that any backend can implement it:
///
/// - the request is `POST URL` with `Content-Type: application/json` and the body
///   `{"check": NAME, "field": FIELD, "value": VALUE, "values": {…}}`, where `values` holds the
///   fields that are not sensitive (never a password; see ``CheckRequest/values``). The URL is
///   exactly the one configured: no value is ever put in it.
/// - the answer is `200` with `{"pass": true}` or `{"pass": false}` (other members are ignored).
///   `false` fails the field with the check's name as code.
/// - any other answer — a status outside 2xx, a redirect (never followed, so the body is never
///   sent to another URL), a body that is not such an object or is over ``maxAnswerBytes``, no
///   answer within ``timeout``, an unreachable endpoint — throws ``HTTPCheckError``, which the
///   policy turns into `check.unavailable`: the form is not valid (fail closed).
///
/// ```swift
/// let emailAvailable = try HTTPCheck(name: "emailAvailable", url: "http://127.0.0.1:3000/checks/email")
/// let policy = try ruleSet.compile(checks: [emailAvailable.asyncCheck()])
/// let report = await policy.validate(values, checks: [])
/// ```
///
/// The client is Foundation's `URLSession` (FoundationNetworking over libcurl on Linux), in its
/// own target, so that an app that does not use it links nothing more: the package's one HTTP
/// client (`HTTPTransport`, which `notBreached`'s range mode uses too). One session per check,
/// ephemeral (no cookies, no cache, no credentials store), at most ``maxConnections``
/// connections to the endpoint at once; further requests wait in the session's queue, within
/// their timeout. On Linux libcurl follows the `http_proxy`/`https_proxy`/`no_proxy` environment
/// variables, as `curl` does: with one set, the request (values included) goes through that proxy.
public struct HTTPCheck: Sendable {
  /// The check's name (`{"check": NAME}`), also its failure code.
  public let name: String
  /// The endpoint: `http` or `https`, with a host.
  public let url: URL
  /// How long one request may take, connection included; beyond it the check is unavailable.
  public let timeout: Duration
  /// Called once per request with its outcome (never with a value): for logs and metrics.
  public let observer: (@Sendable (_ check: String, _ outcome: Outcome) -> Void)?
  private let client: HTTPTransport

  /// The largest answer body read; a longer one is a malformed answer.
  public static let maxAnswerBytes = 4096
  /// The most connections one check opens to its endpoint at once.
  public static let maxConnections = 16
  /// The default ``timeout``: the library's default for checks.
  public static let defaultTimeout: Duration = .seconds(2)

  /// What became of one request, without any value.
  public enum Outcome: Sendable, Equatable {
    /// `{"pass": true}`.
    case passed
    /// `{"pass": false}`.
    case failed
    /// No decision: why.
    case unavailable(HTTPCheckError)
  }

  /// - Parameters:
  ///   - name: the check's name in rules files; also its failure code.
  ///   - url: the endpoint, `http://` or `https://` with a host, without user or password.
  ///   - timeout: how long one request may take (default 2 s); from 1 ms to 60 s.
  ///   - observer: told each request's outcome (never a value).
  /// - Throws: ``HTTPCheckError/badConfiguration(_:)`` for a name or URL that cannot be used.
  public init(
    name: String, url: String, timeout: Duration = HTTPCheck.defaultTimeout,
    observer: (@Sendable (_ check: String, _ outcome: Outcome) -> Void)? = nil
  ) throws(HTTPCheckError) {
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
      throw .badConfiguration("the check name \"\(name)\" is not a name such as emailAvailable")
    }
    guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
      scheme == "http" || scheme == "https",
      let host = parsed.host, !host.isEmpty
    else {
      throw .badConfiguration("the check \(name) needs an http:// or https:// URL with a host")
    }
    guard parsed.user == nil, parsed.password == nil else {
      throw .badConfiguration("the URL of the check \(name) must not hold a user or password")
    }
    guard parsed.fragment == nil else {
      throw .badConfiguration("the URL of the check \(name) must not have a #fragment")
    }
    guard timeout >= .milliseconds(1), timeout <= .seconds(60) else {
      throw .badConfiguration("the timeout of the check \(name) must be from 1 ms to 60 s")
    }
    self.name = name
    self.url = parsed
    self.timeout = timeout
    self.observer = observer
    client = HTTPTransport(maxConnections: HTTPCheck.maxConnections)
  }

  /// The check as the policy runs it. `messages` are the failure's and the checklist's words
  /// (`NAME` and `requirement.NAME`); by default the general ones of `{"check": …}` ("This
  /// Email can't be used.", "Accepted by the service"), which a rules file's `messages` override.
  public func asyncCheck(messages: [RuleMessage]? = nil) -> AsyncCheck {
    let check = self
    return AsyncCheck(name: name, messages: messages ?? HTTPCheck.generalMessages(for: name)) { request in
      try await check.decide(request)
    }
  }

  /// The general words of `{"check": …}` under the check's own name, so that a check given on the
  /// command line has complete messages; a rules file's `messages` can give better ones.
  public static func generalMessages(for name: String) -> [RuleMessage] {
    func copy(_ key: String, as newKey: String) -> RuleMessage? {
      guard let message = CheckRule.messages.first(where: { $0.key == key }) else { return nil }
      var copy = message
      copy.key = newKey
      return copy
    }
    return [copy("check", as: name), copy("requirement.check", as: "requirement.\(name)")].compactMap { $0 }
  }

  /// Asks the endpoint: `true` passes, `false` fails.
  /// - Throws: ``HTTPCheckError`` when there is no decision (the policy's `check.unavailable`).
  public func decide(_ request: CheckRequest) async throws(HTTPCheckError) -> Bool {
    let outcome: Outcome
    do throws(HTTPCheckError) {
      var post = URLRequest(url: url)
      post.httpMethod = "POST"
      post.setValue("application/json", forHTTPHeaderField: "Content-Type")
      post.setValue("application/json", forHTTPHeaderField: "Accept")
      post.httpBody = Data(HTTPCheck.requestBody(request, check: name))
      let (status, body) = try await client.send(post, timeout: timeout, maxBytes: HTTPCheck.maxAnswerBytes)
      outcome = try HTTPCheck.decision(status: status, body: body) ? .passed : .failed
    } catch {
      outcome = .unavailable(error)
    }
    observer?(name, outcome)
    switch outcome {
    case .passed: return true
    case .failed: return false
    case .unavailable(let error): throw error
    }
  }

  /// The request body: `{"check":…,"field":…,"value":…,"values":{…}}`, `values` sorted by name.
  public static func requestBody(_ request: CheckRequest, check: String? = nil) -> [UInt8] {
    var writer = JSONWriter()
    writer.raw("{\"check\":")
    writer.string(check ?? request.check)
    writer.raw(",\"field\":")
    writer.string(request.field)
    writer.raw(",\"value\":")
    writer.string(request.value)
    writer.raw(",\"values\":{")
    for (i, key) in request.values.keys.sorted().enumerated() {
      if i > 0 { writer.raw(",") }
      writer.key(key)
      writer.string(request.values[key] ?? "")
    }
    writer.raw("}}")
    return writer.bytes
  }

  /// The decision in an answer: a 2xx status and a JSON object whose `pass` is a boolean.
  /// - Throws: ``HTTPCheckError/status(_:)`` or ``HTTPCheckError/malformedAnswer(_:)``.
  public static func decision(status: Int, body: [UInt8]) throws(HTTPCheckError) -> Bool {
    guard (200..<300).contains(status) else { throw .status(status) }
    guard body.count <= maxAnswerBytes else { throw .malformedAnswer("the answer is over \(maxAnswerBytes) bytes") }
    let value: JSONValue
    do { value = try JSONParser(maxDepth: 8).parse(body) } catch {
      throw .malformedAnswer("the answer is not JSON (\(error.reason.rawValue))")
    }
    guard case .object(let object) = value else { throw .malformedAnswer("the answer is not a JSON object") }
    guard case .bool(let pass)? = object["pass"] else {
      throw .malformedAnswer("the answer has no boolean \"pass\"")
    }
    return pass
  }
}

/// Why an ``HTTPCheck`` gave no decision. Never holds a value sent or received.
public enum HTTPCheckError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The name, URL or timeout cannot be used (at configuration).
  case badConfiguration(String)
  /// The endpoint answered with a status outside 2xx (a redirect included).
  case status(Int)
  /// The answer is not `{"pass": true|false}`, or is too long.
  case malformedAnswer(String)
  /// No answer within the timeout.
  case timedOut
  /// The endpoint could not be reached (refused, unknown host, TLS, reset…): the system's reason.
  case unreachable(String)
  /// The caller was cancelled before the answer came.
  case cancelled

  public var description: String {
    switch self {
    case .badConfiguration(let reason): return reason
    case .status(let status): return "the endpoint answered \(status)"
    case .malformedAnswer(let reason): return reason
    case .timedOut: return "no answer in time"
    case .unreachable(let reason): return "the endpoint could not be reached: \(reason)"
    case .cancelled: return "cancelled"
    }
  }

  /// One word for logs and metrics: `status`, `malformed`, `timeout`, `unreachable`,
  /// `cancelled` or `configuration`.
  public var kind: String {
    switch self {
    case .badConfiguration: return "configuration"
    case .status: return "status"
    case .malformedAnswer: return "malformed"
    case .timedOut: return "timeout"
    case .unreachable: return "unreachable"
    case .cancelled: return "cancelled"
    }
  }
}
