internal import CMicroHTTPD
import FormRules
import FormRulesBulk
import FormRulesPassword
import Foundation

/// One request's state between libmicrohttpd's calls: created when its headers arrive,
/// released when the library reports the request finished (or the client gone).
final class RequestState: @unchecked Sendable {
  let start = Daemon.now()
  /// The method as a label: `GET`, `HEAD`, `POST`, `OPTIONS` or `other`.
  let method: String
  var route: String
  var rulesName: String?
  var status = 0
  var bytes = 0
  var limit = 0
  /// Body bytes received so far.
  var received = 0
  var body: [UInt8] = []
  /// Bytes of the body budget this request holds for `body`.
  var reserved = 0
  /// The body outgrew what the budget would give: it is discarded and the answer is 503.
  var overBudget = false
  var finish: (([UInt8]) -> Reply)?
  /// A `validate-batch` upload being validated as it arrives.
  var batch: BatchStream?
  var batchLanguage = ""
  var stream: BatchStream?
  var pendingRequest: Request?
  /// An answer computed from the headers, sent once the request is complete.
  var ready: Response?

  init(method: String, route: String) {
    self.method = method
    self.route = route
  }
}

/// A libmicrohttpd daemon on a socket we bound, calling back into a ``PolicyServer``.
///
/// The C callbacks, in `Unsafe/Daemon+Callbacks.swift`, run on the library's threads and call
/// the methods below with what the library lends as views and values.
final class Daemon: @unchecked Sendable {
  enum Kind { case api, admin }

  let kind: Kind
  let address: ListenAddress
  private var daemon: OpaquePointer?
  private var listenFD: Int32 = -1
  unowned let server: PolicyServer
  let tracker: ConnectionTracker
  /// Connections suspended while their named checks run, by request; resumed once each, by the
  /// check's answer or by ``stop()``. At most one per open connection (``connectionLimit``).
  private let suspended = Locked(SuspendedConnections())

  private struct SuspendedConnections: @unchecked Sendable {
    var stopping = false
    var entries: [ObjectIdentifier: (connection: OpaquePointer, state: RequestState)] = [:]
  }

  init(kind: Kind, server: PolicyServer, listen: ListenAddress) throws(ServerError) {
    self.kind = kind
    self.server = server
    tracker = ConnectionTracker(
      headerTimeoutSeconds: server.configuration.headerTimeout,
      idleTimeoutSeconds: max(1, server.configuration.idleTimeout),
      limit: kind == .api ? server.configuration.maxConnections : 64,
      perAddressLimit: kind == .api ? server.configuration.maxConnectionsPerIP : 0, metrics: server.metrics,
      log: server.log)
    let (fd, bound) = try Daemon.bind(listen)
    listenFD = fd
    address = bound
  }

  static func now() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
  }

  /// A listening, non-blocking TCP socket, and the address it got (the port, when 0 was asked for).
  static func bind(_ listen: ListenAddress) throws(ServerError) -> (Int32, ListenAddress) {
    let host = listen.host == "localhost" ? "127.0.0.1" : listen.host
    var v4 = sockaddr_in()
    var v6 = sockaddr_in6()
    let isV6: Bool
    if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
      isV6 = false
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = in_port_t(UInt16(listen.port).bigEndian)
    } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
      isV6 = true
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = in_port_t(UInt16(listen.port).bigEndian)
    } else {
      throw ServerError("cannot listen on '\(listen.host)': give an IP address such as 127.0.0.1, ::1 or 0.0.0.0")
    }
    let fd = socket(isV6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw ServerError("socket: \(String(cString: strerror(errno)))") }
    var one: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    let bound = isV6 ? SocketAddress.bind(fd, to: v6) : SocketAddress.bind(fd, to: v4)
    guard bound == 0, Glibc.listen(fd, 1024) == 0 else {
      let reason = String(cString: strerror(errno))
      close(fd)
      throw ServerError("cannot listen on \(listen): \(reason)")
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    return (fd, ListenAddress(host: host, port: SocketAddress.port(boundTo: fd, v6: isV6)))
  }

  func start() throws(ServerError) {
    let configuration = server.configuration
    var settings = cmhd_settings()
    settings.flags = cmhd_flags()
    settings.listen_fd = listenFD
    settings.thread_pool_size = UInt32(kind == .api ? max(1, configuration.threads) : 1)
    settings.connection_limit = UInt32(connectionLimit)
    settings.connection_timeout = UInt32(max(1, configuration.idleTimeout))
    // Room for the request line and headers up to our own limits (checked in the handler,
    // which answers 414/431 as problem+json); the library answers beyond this itself.
    settings.connection_memory_limit = Daemon.connectionMemory(configuration)
    daemon = startLibrary(&settings)
    guard daemon != nil else {
      close(listenFD)
      throw ServerError("libmicrohttpd could not start on \(address)")
    }
    tracker.start(name: kind == .api ? "header-deadline" : "admin-header-deadline")
  }

  var connectionLimit: Int { kind == .api ? server.configuration.maxConnections : 64 }

  /// The memory pool libmicrohttpd gives each connection for its request line and headers.
  static func connectionMemory(_ configuration: ServerConfiguration) -> Int {
    configuration.maxHeaderBytes + configuration.maxURIBytes + (8 << 10)
  }

  var openConnections: Int {
    guard let daemon else { return 0 }
    return Int(cmhd_current_connections(daemon))
  }

  /// Stops accepting connections; those open keep being served.
  func quiesce() {
    guard let daemon else { return }
    let fd = MHD_quiesce_daemon(daemon)
    if fd >= 0 { close(fd) }
  }

  /// Closes every connection and joins the library's threads. A connection still waiting for
  /// its checks is resumed first with 503 (libmicrohttpd must not stop with one suspended).
  func stop() {
    tracker.stop()
    suspended.withLock { table in
      table.stopping = true
      for entry in table.entries.values {
        entry.state.ready = Response.problem(
          503, "the server stopped before the named checks answered", headers: [("Retry-After", "1")])
        MHD_resume_connection(entry.connection)
      }
      table.entries = [:]
    }
    guard let daemon else { return }
    MHD_stop_daemon(daemon)
    self.daemon = nil
  }

  /// A connection the library just set up: tracked until ``ConnectionTracker/closed(_:)``.
  func connectionOpened(fd: Int32, address: ClientAddress?) -> ConnectionEntry {
    let entry = ConnectionEntry(fd: fd, now: Daemon.now(), address: address)
    tracker.opened(entry)
    return entry
  }

  /// Keeps what routing needs from a request's raw target, before libmicrohttpd decodes it;
  /// returns the offset of the query's `?` when the query must be cut off (too many arguments).
  func noteTarget(_ target: ByteView, on entry: ConnectionEntry) -> Int? {
    // Kept only when routing must read it: a target with an escape or not starting with "/".
    // Otherwise libmicrohttpd's path is the raw path, and nothing is copied.
    let scan = RequestTarget.scan(target)
    entry.rawTarget = scan.plain ? nil : target.string
    entry.badTarget = scan.bad
    entry.tooManyArguments = scan.arguments > server.configuration.maxQueryArguments
    return entry.tooManyArguments ? target.firstIndex(of: UInt8(ascii: "?")) : nil
  }

  /// The next piece of a request's body, lent for this call: into its batch, or into its body
  /// within the budget. False closes the connection.
  func receive(_ piece: ByteView, state: RequestState) -> Bool {
    guard state.finish != nil || state.batch != nil else {
      return true  // the body of a request already answered
    }
    // A body that trickles in forever, or grows past the limit without a Content-Length
    // (chunked), cannot be answered mid-upload: the connection is closed.
    if Daemon.now() - state.start > UInt64(server.configuration.requestTimeout) * 1_000_000_000 { return false }
    let count = piece.count
    state.received += count
    if state.received > state.limit { return false }
    if let batch = state.batch {
      batch.consume(piece)
    } else if !state.overBudget {
      if state.body.count + count > state.reserved {
        // A chunked body: reserve as it grows, doubling up to the limit.
        let target = min(state.limit, max(state.body.count + count, 2 * state.reserved, 4096))
        if server.bodyBudget.reserve(target - state.reserved) {
          state.reserved = target
          state.body.reserveCapacity(target)
        } else {
          state.overBudget = true
          state.body = []
        }
      }
      if !state.overBudget { state.body.append(piece) }
    }
    return true
  }

  /// A call after the headers without body bytes: the request is complete (or its connection
  /// resumed), so its answer is queued.
  func respond(_ connection: OpaquePointer, state: RequestState) -> Bool {
    if let response = state.ready, let request = state.pendingRequest {
      state.ready = nil
      state.pendingRequest = nil
      return queue(response, connection: connection, state: state, request: request)
    }
    guard let request = state.pendingRequest else { return true }
    state.pendingRequest = nil
    if let batch = state.batch {
      state.batch = nil
      state.finish = nil
      return queue(
        server.answer(finished: batch, language: state.batchLanguage), connection: connection, state: state,
        request: request)
    }
    guard let finish = state.finish else { return true }
    state.finish = nil
    if state.overBudget {
      server.metrics.budgetRefusals.add(1, ordering: .relaxed)
      return queue(Daemon.busy(), connection: connection, state: state, request: request)
    }
    let body = state.body
    state.body = []
    switch finish(body) {
    case .now(let response):
      return queue(response, connection: connection, state: state, request: request)
    case .later(let work):
      return suspend(connection, state: state, request: request, until: work)
    }
  }

  /// A request is over: its connection now waits for its next request's headers.
  func waitsForHeaders(_ entry: ConnectionEntry) {
    entry.keptAlive.store(true, ordering: .relaxed)
    entry.waitingSince.store(Daemon.now(), ordering: .relaxed)
  }

  /// A request is over: its budget goes back, and it is counted and logged.
  func completed(_ state: RequestState, normally: Bool) {
    server.bodyBudget.release(state.reserved)
    state.reserved = 0
    server.completed(state, normally: normally)
  }

  /// Suspends the connection while `work` runs (named checks, bounded by the check timeout), so
  /// that no serving thread waits; its answer is queued once libmicrohttpd calls back after
  /// ``resume(_:with:)``. While stopping, answers 503 at once.
  private func suspend(
    _ connection: OpaquePointer, state: RequestState, request: Request,
    until work: @escaping @Sendable () async -> Response
  ) -> Bool {
    state.pendingRequest = request
    let key = ObjectIdentifier(state)
    let accepted = suspended.withLock { table -> Bool in
      guard !table.stopping else { return false }
      table.entries[key] = (connection, state)
      // Under the lock: `stop()` never resumes a connection that is not suspended yet.
      MHD_suspend_connection(connection)
      return true
    }
    guard accepted else {
      state.pendingRequest = nil
      return queue(
        Response.problem(503, "the server is stopping", headers: [("Retry-After", "1")]), connection: connection,
        state: state, request: request)
    }
    Task {
      let response = await work()
      self.resume(key, with: response)
    }
    return true
  }

  /// Hands a suspended request its answer and resumes its connection, unless ``stop()`` did.
  private func resume(_ key: ObjectIdentifier, with response: Response) {
    suspended.withLock { table in
      guard let entry = table.entries.removeValue(forKey: key) else { return }
      entry.state.ready = response
      MHD_resume_connection(entry.connection)
    }
  }

  /// 503 when the body budget is spent: the client may try again in a second.
  static func busy() -> Response {
    Response.problem(
      503, "the server holds as many request bodies as it may; try again shortly", headers: [("Retry-After", "1")])
  }

  /// The first call for a request: its headers are in. Checks what libmicrohttpd lets through
  /// (method, framing, target), then plans the answer. Returns the request's state, which the
  /// library keeps for the request's next calls, and whether to go on.
  func begin(
    _ connection: OpaquePointer, url: ByteView, method: ByteView, http11: Bool, entry: ConnectionEntry?
  ) -> (RequestState, Bool) {
    entry?.waitingSince.store(0, ordering: .relaxed)
    let target = entry?.rawTarget
    let tooManyArguments = entry?.tooManyArguments ?? false
    let badTarget = entry?.badTarget ?? false
    entry?.badTarget = false
    entry?.rawTarget = nil
    entry?.tooManyArguments = false
    let isToken = MethodLabel.isToken(method)
    // Never a client's string beyond a known method: the label, the log and the details use these.
    let methodName = isToken && method.count <= 16 ? method.string : ""
    let label = MethodLabel.label(methodName)
    let state = RequestState(method: label, route: "unmatched")
    server.metrics.inFlight.add(1, ordering: .relaxed)
    let configuration = server.configuration

    var early: Response?
    let rawPath = target.map { RequestTarget.rawPath($0) }
    var path = ""
    var framing = cmhd_framing_info()
    switch cmhd_check_framing(connection, http11 ? 1 : 0, &framing) {
    case 0: break
    case 1: early = Response.problem(400, "a header name is not a token (whitespace before the colon?)")
    case 2: early = Response.problem(400, "a header value holds a control character (NUL, CR or another)")
    case 3: early = Response.problem(400, "the Content-Length values differ or are not a number")
    case 4: early = Response.problem(400, "Content-Length and Transfer-Encoding must not come together")
    case 5: early = Response.problem(400, "chunked must be the last transfer coding, and given once")
    case 6: early = Response.problem(501, "the only transfer coding accepted is chunked")
    case 7: early = Response.problem(400, "more than one Host header")
    case 9: early = Response.problem(400, "an HTTP/1.1 request must have a Host header")
    default:
      early = Response.problem(
        415, "the body must not be compressed (Content-Encoding)", headers: [("Accept-Encoding", "identity")])
    }
    if early == nil {
      if !isToken {
        early = Response.problem(400, "the request method is not an HTTP token")
      } else if badTarget {
        early = Response.problem(400, "the request target holds a space or a control character")
      } else if !MethodLabel.isKnown(methodName) {
        early = Response.problem(501, "this method is not implemented")
      } else if tooManyArguments {
        early = Response.problem(
          414, "the query has more than \(configuration.maxQueryArguments) arguments",
          extra: [("limit", .number(Double(configuration.maxQueryArguments)))])
      } else {
        do throws(RequestTarget.Problem) {
          if let rawPath { path = try RequestTarget.decode(rawPath) } else { path = url.string }
        } catch {
          early = Response.problem(400, error.detail)
        }
      }
    }
    if let early {
      // A request whose framing or target cannot be trusted: answered, then the connection closes.
      var response = early
      response.set("Connection", "close")
      let request = Request(method: methodName, path: path, connection: connection)
      return (state, queue(response, connection: connection, state: state, request: request))
    }

    let route = kind == .admin ? nil : rawPath.map { Route(rawPath: $0) } ?? Route(path: path)
    state.route = route?.template ?? "unmatched"
    if kind == .admin, path == "/admin/reload" || path == "/admin/status" { state.route = path }
    let request = Request(method: methodName, path: path, connection: connection)
    let plan: Plan
    if url.count + cmhd_argument_bytes(connection) > configuration.maxURIBytes {
      plan = .respond(Response.problem(414, "the URI is longer than \(configuration.maxURIBytes) bytes"))
    } else if cmhd_header_bytes(connection) > configuration.maxHeaderBytes {
      plan = .respond(Response.problem(431, "the headers take more than \(configuration.maxHeaderBytes) bytes"))
    } else if let route {
      plan = Routes(generation: server.generation, server: server).plan(request, route: route)
    } else {
      plan = .respond(server.adminResponse(request))
    }
    let length = Int(max(0, framing.length))
    let hasBody = framing.has_coding != 0 || length > 0
    switch plan {
    case .respond(let response):
      // Without a body, answer once the library has the whole request, which keeps the
      // connection alive; with one, answer now (the body is not read, the connection closes).
      if hasBody { return (state, queue(response, connection: connection, state: state, request: request)) }
      state.ready = response
      state.pendingRequest = request
      return (state, true)
    case .readBody(let limit, _, let rulesName, let finish):
      state.limit = limit
      state.rulesName = rulesName
      if length > 0 {
        // The whole body's room, taken from the budget before a byte of it is read.
        guard server.bodyBudget.reserve(length) else {
          server.metrics.budgetRefusals.add(1, ordering: .relaxed)
          return (state, queue(Daemon.busy(), connection: connection, state: state, request: request))
        }
        state.reserved = length
        state.body.reserveCapacity(length)
      }
      state.finish = { body in finish(body) }
      state.pendingRequest = request
      return (state, true)
    case .readBatch(let limit, let rulesName, let language, let batch):
      state.limit = limit
      state.rulesName = rulesName
      state.batch = batch
      state.batchLanguage = language
      state.pendingRequest = request
      return (state, true)
    }
  }

  private func queue(_ response: Response, connection: OpaquePointer, state: RequestState, request: Request) -> Bool {
    var response = response
    server.decorate(&response, request: request)
    if let name = response.rulesName { state.rulesName = name }
    let mhd: OpaquePointer?
    switch response.body {
    case .bytes(let bytes):
      mhd = Daemon.response(copying: bytes)
      state.bytes = bytes.count
    case .stream(let stream):
      state.stream = stream
      mhd = Daemon.response(streaming: stream)
    }
    guard let mhd else { return false }
    Daemon.add(response.headers, to: mhd)
    state.status = response.status
    let queued = MHD_queue_response(connection, UInt32(response.status), mhd)
    MHD_destroy_response(mhd)
    return queued == cmhd_yes()
  }
}
