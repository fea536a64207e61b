import FormRules
import FormRulesBreachRange
import FormRulesPassword
import Foundation

/// Everything `validate serve` can be told, with the safe defaults a server should start with.
///
/// ```swift
/// var configuration = ServerConfiguration(rulesPath: "Rules")
/// configuration.listen = try ListenAddress("127.0.0.1:0")
/// let server = try PolicyServer(configuration: configuration)
/// try server.start()
/// ```
///
/// An app embeds the server with its own rules and checks through ``registry``, ``checks`` and
/// ``checkEndpoints``:
///
/// ```swift
/// var registry = RuleRegistry.standard
/// try registry.register(NotDisposableDomain.self)
/// var configuration = ServerConfiguration(rulesPath: "Rules/app", registry: registry, checks: [emailAvailable])
/// configuration.checkEndpoints = ["phoneKnown": "http://127.0.0.1:3000/checks/phone"]
/// ```
public struct ServerConfiguration: Sendable {
  /// A rules file, or a folder whose `*.json` rules files are served by file name.
  public var rulesPath: String
  /// Where the API listens. Loopback unless said otherwise.
  public var listen = ListenAddress(host: "127.0.0.1", port: 8080)
  /// Where the admin API (`POST /admin/reload`) listens; `nil` (the default) turns it off.
  public var adminListen: ListenAddress?
  /// Threads that serve connections (libmicrohttpd's thread pool).
  public var threads = ServerConfiguration.defaultThreads
  /// Load every rules file as from an untrusted source (`RuleSet.LoadOptions.confine`, the
  /// default): `extends`, `lists` and `notBreached` must be relative paths without `..` below the
  /// folder of the file that names them. `false` (`validate serve --trusted-rules`) allows `..` and
  /// absolute paths, as long as they stay under the rules path.
  public var confineRules = true
  /// The folder of static files served at `/` (the web front end); `nil` serves none.
  public var webDirectory: String?
  /// Origins allowed to call the API from a browser (CORS). Empty: no CORS headers at all.
  public var allowedOrigins: [String] = []
  /// The largest request body of a single validation.
  public var maxBodyBytes = 64 << 10
  /// The largest request body of `validate-batch`.
  public var maxBatchBytes = 8 << 20
  /// The most `validate-batch` lines; a longer batch is answered 413.
  public var maxBatchLines = 100_000
  /// The request bytes held in memory at once over every connection: `validate` bodies and
  /// `validate-batch` lines and reports. When it is spent, requests get 503 with `Retry-After`.
  public var maxBufferedBytes = 256 << 20
  /// The most query arguments (`&`-separated); more are answered 414.
  public var maxQueryArguments = 64
  /// Seconds from accept to the end of a request's headers, however steadily they trickle in
  /// (on a kept-alive connection, from the end of the previous response, plus ``idleTimeout``);
  /// later, the connection is shut down.
  public var headerTimeout = 10
  /// The longest request path plus query.
  public var maxURIBytes = 8 << 10
  /// The most bytes of request headers.
  public var maxHeaderBytes = 16 << 10
  /// Seconds a connection may stay silent before it is closed (slow or idle clients).
  public var idleTimeout = 15
  /// Seconds a request may take to arrive whole, however steadily it trickles in.
  public var requestTimeout = 30
  /// Open connections at most; more are closed as soon as they are accepted.
  public var maxConnections = 4096
  /// Open connections per client address at most; 0 for no limit (behind a reverse proxy
  /// every connection comes from the proxy's address).
  public var maxConnectionsPerIP = 256
  /// Seconds SIGTERM waits for requests in flight before the process exits anyway.
  public var drainTimeout = 10
  /// A Have I Been Pwned downloader file (`SHA1HEX:COUNT` lines sorted by hash) served at
  /// `GET /range/{prefix}`, the k-anonymity range API, for `notBreached`'s range mode; `nil`
  /// serves none (404).
  public var breachFile: String?
  /// One JSON line per request on standard error.
  public var accessLog = true
  /// The rules the rules files may name: FormRulesBreachRange's
  /// `RuleRegistry.standardWithBreachRange` (the built-in rules and `notCommon`, `notBreached`
  /// with its range mode, `strength`) unless the app gives its own, with its rules and the checks
  /// it registered (``RuleRegistry/register(check:)``).
  public var registry: RuleRegistry = .standardWithBreachRange
  /// The closures of named checks (`{"check": NAME}`), beside those registered in ``registry``.
  public var checks: [AsyncCheck] = []
  /// Named checks decided by the app's HTTP endpoint (`validate serve --check NAME=URL`), by
  /// name: FormRulesHTTP's ``HTTPCheck`` POSTs `{"check","field","value","values"}` there and
  /// reads `{"pass": true|false}`. A name may be given once over ``registry``, ``checks`` and here.
  public var checkEndpoints: [String: String] = [:]
  /// How long a named check may take before the field fails with `check.unavailable`
  /// (`--check-timeout`): 2 seconds, the library's default.
  public var checkTimeout: Duration = .seconds(2)
  /// How much longer than ``checkTimeout`` the policy waits for a check before it counts as
  /// `check.unavailable`: an endpoint's ``HTTPCheck`` gives up at ``checkTimeout`` itself, and a
  /// closure from ``checks`` or ``registry`` is cut at ``checkTimeout`` + 100 ms.
  public static let checkBackstop: Duration = .milliseconds(100)

  public init(rulesPath: String) {
    self.rulesPath = rulesPath
  }

  /// A configuration for an app's own rules and checks.
  /// - Parameters:
  ///   - rulesPath: a rules file, or a folder of them.
  ///   - registry: the rules those files may name, and the app's registered checks.
  ///   - checks: closures of named checks, beside the registry's.
  public init(rulesPath: String, registry: RuleRegistry, checks: [AsyncCheck] = []) {
    self.rulesPath = rulesPath
    self.registry = registry
    self.checks = checks
  }

  /// The number of processors: one serving thread each.
  public static var defaultThreads: Int {
    max(1, ProcessInfo.processInfo.activeProcessorCount)
  }
}

/// A host and port to listen on: `127.0.0.1:8080`, `[::1]:8080`, `0.0.0.0:80`. Port 0 picks a free one.
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
  public var host: String
  public var port: Int

  public init(host: String, port: Int) {
    self.host = host
    self.port = port
  }

  /// Parses `HOST:PORT` (IPv6 hosts in brackets) or `:PORT` (loopback).
  public init(_ text: String) throws(ServerError) {
    guard let colon = text.lastIndex(of: ":") else {
      throw ServerError("expected HOST:PORT, such as 127.0.0.1:8080; got '\(text)'")
    }
    var host = String(text[..<colon])
    let portText = text[text.index(after: colon)...]
    guard let port = Int(portText), (0...65535).contains(port) else {
      throw ServerError("the port of '\(text)' must be a number from 0 to 65535")
    }
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host.isEmpty { host = "127.0.0.1" }
    self.host = host
    self.port = port
  }

  public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// Why the server could not start or load its rules.
public struct ServerError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

extension ServerError: LocalizedError {
  /// What `localizedDescription` shows (an alert, a log line, Vapor's error middleware):
  /// ``description``, in English.
  public var errorDescription: String? { description }
}
