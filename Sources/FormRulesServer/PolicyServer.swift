import FormRules
import FormRulesBulk
import FormRulesHTTP
import FormRulesPassword
import Foundation
import Synchronization

/// The policy server behind `validate serve`: every rules file under a path, served over
/// HTTP/1.1 by GNU libmicrohttpd, reloadable without dropping a request.
///
/// ```swift
/// var configuration = ServerConfiguration(rulesPath: "Rules")
/// configuration.listen = try ListenAddress("127.0.0.1:0")
/// let server = try PolicyServer(configuration: configuration)
/// try server.start()
/// print(server.address)            // 127.0.0.1:41234
/// _ = server.reload()              // compile aside, swap; a failure keeps the old rules
/// server.drain(timeout: 10)        // stop accepting, finish requests in flight, stop
/// ```
///
/// Each request runs on the rules generation that was current when its headers arrived,
/// so a reload never changes the rules under a request.
public final class PolicyServer: @unchecked Sendable {
  public let configuration: ServerConfiguration
  let metrics = Metrics()
  let log: EventLog
  let bodyBudget: BodyBudget
  let web: WebFolder?
  /// ``ServerConfiguration/registry`` with every check the server runs registered in it: the
  /// configuration's closures and an ``HTTPCheck`` per endpoint.
  let registry: RuleRegistry
  /// The names of the configuration's checks and endpoints, each of which some rules file must name.
  let givenChecks: [String]
  /// The breach file of `--breach-file`, searched for `GET /range/{prefix}`.
  let breaches: BreachFile?
  private let current: Locked<RulesGeneration>
  private let reloading = Locked<LastReload>(LastReload())
  private let draining = Atomic<Bool>(false)
  private var api: Daemon?
  private var admin: Daemon?

  struct LastReload {
    var succeeded = true
    var problems: [String] = []
    var time = Date()
  }

  /// Loads and compiles every rules file; nothing listens yet.
  /// - Throws: ``RulesLoadError`` with every problem of every file, or ``ServerError``.
  public init(configuration: ServerConfiguration) throws {
    self.configuration = configuration
    log = EventLog(accessLog: configuration.accessLog)
    bodyBudget = BodyBudget(limit: configuration.maxBufferedBytes)
    if let path = configuration.webDirectory {
      guard let web = WebFolder(path: path) else { throw ServerError("--web \(path): no such folder") }
      self.web = web
    } else {
      web = nil
    }
    (registry, givenChecks) = try PolicyServer.checkRegistry(configuration, log: log, metrics: metrics)
    if let path = configuration.breachFile {
      do throws(BreachFileError) {
        breaches = try BreachFile(path: path)
      } catch {
        throw ServerError("--breach-file \(error.description)")
      }
    } else {
      breaches = nil
    }
    let generation = try RulesGeneration.load(
      path: configuration.rulesPath, number: 1, confine: configuration.confineRules, registry: registry,
      givenChecks: givenChecks)
    current = Locked(generation)
    metrics.recordLoad(success: true, generation: 1, rulesLoaded: generation.names.count, initial: true)
    logChecksWithoutClosure(generation)
  }

  /// The configuration's registry with its closures and one ``HTTPCheck`` per endpoint registered.
  /// An endpoint's check logs each answer that is not a decision (`check` event: the check's
  /// name and why, never a value or the URL) and counts every answer.
  static func checkRegistry(_ configuration: ServerConfiguration, log: EventLog, metrics: Metrics) throws(ServerError)
    -> (RuleRegistry, [String])
  {
    var registry = configuration.registry
    var given: [String] = []
    func register(_ check: AsyncCheck) throws(ServerError) {
      do { try registry.register(check: check) } catch { throw ServerError(error.description) }
      given.append(check.name)
    }
    for check in configuration.checks { try register(check) }
    for (name, url) in configuration.checkEndpoints.sorted(by: { $0.key < $1.key }) {
      let check: HTTPCheck
      do {
        check = try HTTPCheck(name: name, url: url, timeout: configuration.checkTimeout) { name, outcome in
          metrics.recordCheck(name, outcome: outcome)
          guard case .unavailable(let error) = outcome else { return }
          log.event("check", [("check", name), ("result", "unavailable"), ("reason", error.kind)])
        }
      } catch {
        throw ServerError(error.description)
      }
      try register(check.asyncCheck())
    }
    return (registry, given)
  }

  /// A `checksWithoutClosure` event when the rules name checks nothing decides.
  private func logChecksWithoutClosure(_ generation: RulesGeneration) {
    guard !generation.checksWithoutClosure.isEmpty else { return }
    log.event("checksWithoutClosure", [("checks", generation.checksWithoutClosure)])
  }

  /// The rules generation new requests run on.
  var generation: RulesGeneration { current.withLock { $0 } }

  /// The names of the rules being served.
  public var rulesNames: [String] { generation.names }

  /// Where the API listens (with the real port when 0 was asked for); `nil` before ``start()``.
  public var address: ListenAddress? { api?.address }
  /// Where the admin API listens, if it does.
  public var adminAddress: ListenAddress? { admin?.address }

  public var isDraining: Bool { draining.load(ordering: .relaxed) }

  var openConnections: Int { api?.openConnections ?? 0 }

  /// Binds the sockets and starts serving on libmicrohttpd's threads.
  public func start() throws(ServerError) {
    let api = try Daemon(kind: .api, server: self, listen: configuration.listen)
    try api.start()
    self.api = api
    if let adminListen = configuration.adminListen {
      let admin = try Daemon(kind: .admin, server: self, listen: adminListen)
      try admin.start()
      self.admin = admin
    }
    var fields: [(String, Any)] = [
      ("address", api.address.description), ("rules", generation.names), ("threads", configuration.threads),
    ]
    // The names only: an endpoint's URL may hold a token.
    if !givenChecks.isEmpty { fields.append(("checks", givenChecks)) }
    if let admin { fields.append(("admin", admin.address.description)) }
    if let web { fields.append(("web", web.root)) }
    log.event("listening", fields)
  }

  /// What a reload came to.
  public enum ReloadOutcome: Sendable, Equatable {
    /// The new rules serve every request from now on.
    case reloaded(generation: Int, rules: [String])
    /// The new rules did not load; the old ones are still served.
    case failed(generation: Int, problems: [String])
  }

  /// Loads and compiles the rules path aside and swaps it in; on failure keeps the rules
  /// being served. Logs the outcome and records it in the metrics. Reloads run one at a time.
  @discardableResult
  public func reload() -> ReloadOutcome {
    reloading.withLock { last in
      let old = generation
      let outcome: ReloadOutcome
      do {
        let next = try RulesGeneration.load(
          path: configuration.rulesPath, number: old.number + 1, confine: configuration.confineRules,
          registry: registry, givenChecks: givenChecks)
        current.withLock { $0 = next }
        logChecksWithoutClosure(next)
        last = LastReload(succeeded: true, problems: [], time: Date())
        metrics.recordLoad(success: true, generation: next.number, rulesLoaded: next.names.count, initial: false)
        log.event("reload", [("result", "reloaded"), ("generation", next.number), ("rules", next.names)])
        outcome = .reloaded(generation: next.number, rules: next.names)
      } catch {
        let problems = (error as? RulesLoadError)?.problems ?? [String(describing: error)]
        last = LastReload(succeeded: false, problems: problems, time: Date())
        metrics.recordLoad(success: false, generation: old.number, rulesLoaded: old.names.count, initial: false)
        log.event("reload", [("result", "failed"), ("generation", old.number), ("problems", problems)])
        outcome = .failed(generation: old.number, problems: problems)
      }
      return outcome
    }
  }

  /// Stops accepting connections, lets the requests in flight finish for up to `timeout`
  /// seconds, then closes everything. Returns whether every request finished in time.
  @discardableResult
  public func drain(timeout: Double) -> Bool {
    draining.store(true, ordering: .relaxed)
    let inFlightAtStart = metrics.inFlight.load(ordering: .relaxed)
    log.event("draining", [("in_flight", inFlightAtStart), ("timeout_s", timeout)])
    api?.quiesce()
    admin?.quiesce()
    let deadline = Daemon.now() + UInt64(max(0, timeout) * 1e9)
    while metrics.inFlight.load(ordering: .relaxed) > 0, Daemon.now() < deadline { usleep(5000) }
    let left = metrics.inFlight.load(ordering: .relaxed)
    api?.stop()
    admin?.stop()
    log.event("stopped", [("unfinished", left)])
    return left == 0
  }

  /// Blocks SIGHUP, SIGTERM and SIGINT in the calling thread and every thread it starts
  /// afterwards, so that ``waitForSignals()`` receives them. Call before ``start()``.
  public static func blockSignals() {
    signal(SIGPIPE, SIG_IGN)
    var set = PolicyServer.signalSet()
    pthread_sigmask(SIG_BLOCK, &set, nil)
  }

  private static func signalSet() -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGHUP)
    sigaddset(&set, SIGTERM)
    sigaddset(&set, SIGINT)
    return set
  }

  /// Serves until SIGTERM or SIGINT, reloading on SIGHUP; then drains within
  /// `configuration.drainTimeout` and returns the exit status (0).
  public func waitForSignals() -> Int32 {
    var set = PolicyServer.signalSet()
    while true {
      var received: Int32 = 0
      guard sigwait(&set, &received) == 0 else { continue }
      if received == SIGHUP {
        reload()
        continue
      }
      drain(timeout: Double(configuration.drainTimeout))
      return 0
    }
  }

  // MARK: - Per request

  /// Headers every response gets: `Cache-Control: no-store` unless the route set its own,
  /// `nosniff`, CORS for allowed origins, and `Connection: close` while draining.
  func decorate(_ response: inout Response, request: Request) {
    if response.header("Cache-Control") == nil { response.set("Cache-Control", "no-store") }
    response.set("X-Content-Type-Options", "nosniff")
    // A response may differ by Origin as soon as origins are configured: say so on every one,
    // so that a shared cache never gives one origin's copy to another.
    if !configuration.allowedOrigins.isEmpty {
      response.set("Vary", [response.header("Vary"), "Origin"].compactMap { $0 }.joined(separator: ", "))
    }
    if let origin = request.header("Origin"), configuration.allowedOrigins.contains(origin) {
      response.set("Access-Control-Allow-Origin", origin)
      response.set("Access-Control-Expose-Headers", "Content-Language, ETag")
      if request.method == "OPTIONS" {
        response.set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
        response.set("Access-Control-Allow-Headers", "Content-Type, Accept, Accept-Language, If-None-Match")
        response.set("Access-Control-Max-Age", "600")
      }
    }
    if isDraining { response.set("Connection", "close") }
  }

  func completed(_ state: RequestState, normally: Bool) {
    metrics.inFlight.subtract(1, ordering: .relaxed)
    let seconds = Double(Daemon.now() - state.start) / 1e9
    let bytes = state.stream?.bytesWritten ?? state.bytes
    metrics.record(route: state.route, method: state.method, status: state.status, seconds: seconds)
    if !normally { metrics.recordAborted() }
    log.request(
      method: state.method, route: state.route, rules: state.rulesName, status: state.status, seconds: seconds,
      bytes: bytes, completed: normally)
  }

  /// Whether `Host` names `address`: its IP (or `localhost` for a loopback address; any IP
  /// literal for a wildcard address), with its port or none. A DNS name never matches.
  static func hostMatches(_ host: String?, _ address: ListenAddress) -> Bool {
    guard var name = host?.lowercased(), !name.isEmpty else { return false }
    if let colon = name.lastIndex(of: ":"), !name.hasSuffix("]") {
      guard name[name.index(after: colon)...] == Substring(String(address.port)) else { return false }
      name = String(name[..<colon])
    }
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    if address.host == "0.0.0.0" || address.host == "::" {
      var v4 = in_addr()
      var v6 = in6_addr()
      return name == "localhost" || inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }
    let loopback = address.host == "127.0.0.1" || address.host == "::1"
    return name == address.host.lowercased() || (loopback && name == "localhost")
  }

  /// The admin API: `POST /admin/reload` and `GET /admin/status`.
  func adminResponse(_ request: Request) -> Response {
    // A browser on this host must not drive the admin API: no cross-site requests (they carry
    // Origin), no simple POSTs (they cannot send application/json without a preflight, which
    // this API never grants), and no other Host than the address it listens on (DNS rebinding).
    if request.header("Origin") != nil {
      return Response.problem(403, "the admin API refuses requests from browsers (Origin)")
    }
    if let admin = adminAddress, !PolicyServer.hostMatches(request.header("Host"), admin) {
      return Response.problem(421, "the Host header must name the admin address \(admin)")
    }
    if request.method == "POST", request.mediaType != "application/json" {
      return Response.problem(
        415, "send POST /admin/reload with Content-Type: application/json",
        headers: [("Accept-Post", "application/json")])
    }
    switch (request.path, request.method) {
    case ("/admin/reload", "POST"):
      switch reload() {
      case .reloaded(let generation, let rules):
        var line = JSONWriterLine.object([("result", "reloaded"), ("generation", generation), ("rules", rules)])
        line.removeLast()
        return Response(status: 200, contentType: Response.json, body: Array(line.utf8))
      case .failed(let generation, let problems):
        return Response.problem(
          422, "the rules did not load; generation \(generation) is still served",
          extra: [
            ("generation", .number(Double(generation))), ("problems", .array(problems.map(JSONValue.string))),
          ])
      }
    case ("/admin/status", "GET"), ("/admin/status", "HEAD"):
      let last = reloading.withLock { $0 }
      let generation = generation
      var line = JSONWriterLine.object([
        ("generation", generation.number), ("rules", generation.names),
        ("lastReload", last.succeeded ? "succeeded" : "failed"), ("problems", last.problems),
        ("draining", isDraining),
      ])
      line.removeLast()
      return Response(status: 200, contentType: Response.json, body: Array(line.utf8))
    case ("/admin/reload", _):
      return Response.problem(405, "use POST", headers: [("Allow", "POST")])
    case ("/admin/status", _):
      return Response.problem(405, "use GET", headers: [("Allow", "GET")])
    default:
      return Response.problem(404, "no admin route \(Routes.printable(request.path))")
    }
  }
}
