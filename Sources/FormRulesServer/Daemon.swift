internal import CMicroHTTPD
import FormRules
import FormRulesBulk
import FormRulesPassword
import Foundation
import Synchronization

/// One request's state between libmicrohttpd's calls: created when its headers arrive,
/// released when the library reports the request finished (or the client gone).
final class RequestState: @unchecked Sendable {
  let start = Daemon.now()
  let method: String
  var route: String
  var rulesName: String?
  var status = 0
  var bytes = 0
  var limit = 0
  var body: [UInt8] = []
  var finish: (([UInt8]) -> Response)?
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
/// The C callbacks below run on the library's threads. They are closures without
/// captures (so they convert to C function pointers) and find the server through the
/// context pointer; none of them is in main-actor code.
final class Daemon: @unchecked Sendable {
  enum Kind { case api, admin }

  let kind: Kind
  let address: ListenAddress
  private var daemon: OpaquePointer?
  private var listenFD: Int32 = -1
  unowned let server: PolicyServer

  init(kind: Kind, server: PolicyServer, listen: ListenAddress) throws(ServerError) {
    self.kind = kind
    self.server = server
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
    let bound: Int32 =
      isV6
      ? withUnsafePointer(to: &v6) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
      : withUnsafePointer(to: &v4) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    guard bound == 0, Glibc.listen(fd, 1024) == 0 else {
      let reason = String(cString: strerror(errno))
      close(fd)
      throw ServerError("cannot listen on \(listen): \(reason)")
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    let port =
      isV6
      ? withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
      }
      : withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
      }
    return (fd, ListenAddress(host: host, port: port))
  }

  func start() throws(ServerError) {
    let configuration = server.configuration
    var settings = cmhd_settings()
    settings.flags = cmhd_flags()
    settings.listen_fd = listenFD
    settings.thread_pool_size = UInt32(kind == .api ? max(1, configuration.threads) : 1)
    settings.connection_limit = UInt32(kind == .api ? configuration.maxConnections : 64)
    settings.per_ip_connection_limit = UInt32(kind == .api ? configuration.maxConnectionsPerIP : 0)
    settings.connection_timeout = UInt32(max(1, configuration.idleTimeout))
    // Room for the request line and headers up to our own limits (checked in the handler,
    // which answers 414/431 as problem+json); the library answers beyond this itself.
    settings.connection_memory_limit = configuration.maxHeaderBytes + configuration.maxURIBytes + (8 << 10)
    let context = Unmanaged.passUnretained(self).toOpaque()
    daemon = cmhd_start(
      &settings,
      { cls, connection, url, method, _, data, size, conCls in
        guard let cls, let connection, let url, let method, let size, let conCls else { return cmhd_no() }
        let daemon = Unmanaged<Daemon>.fromOpaque(cls).takeUnretainedValue()
        return daemon.handle(connection, url: url, method: method, data: data, size: size, conCls: conCls)
          ? cmhd_yes() : cmhd_no()
      }, context,
      { cls, _, conCls, termination in
        guard let cls, let conCls, let raw = conCls.pointee else { return }
        conCls.pointee = nil
        let daemon = Unmanaged<Daemon>.fromOpaque(cls).takeUnretainedValue()
        let state = Unmanaged<RequestState>.fromOpaque(raw).takeRetainedValue()
        daemon.server.completed(state, normally: cmhd_is_completed(termination) != 0)
      }, context)
    guard daemon != nil else {
      close(listenFD)
      throw ServerError("libmicrohttpd could not start on \(address)")
    }
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

  /// Closes every connection and joins the library's threads.
  func stop() {
    guard let daemon else { return }
    MHD_stop_daemon(daemon)
    self.daemon = nil
  }

  private func handle(
    _ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
    data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>, conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) -> Bool {
    guard let raw = conCls.pointee else {
      let path = String(cString: url)
      let methodName = String(cString: method)
      let route = kind == .admin ? nil : Route(path: path)
      let state = RequestState(method: methodName, route: route?.template ?? path)
      if kind == .admin, path != "/admin/reload", path != "/admin/status" { state.route = "unmatched" }
      conCls.pointee = Unmanaged.passRetained(state).toOpaque()
      server.metrics.inFlight.add(1, ordering: .relaxed)
      let request = Request(method: methodName, path: path, connection: connection)
      let configuration = server.configuration
      let plan: Plan
      if strlen(url) + cmhd_argument_bytes(connection) > configuration.maxURIBytes {
        plan = .respond(Response.problem(414, "the URI is longer than \(configuration.maxURIBytes) bytes"))
      } else if cmhd_header_bytes(connection) > configuration.maxHeaderBytes {
        plan = .respond(Response.problem(431, "the headers take more than \(configuration.maxHeaderBytes) bytes"))
      } else if let route {
        plan = Routes(generation: server.generation, server: server).plan(request, route: route)
      } else {
        plan = .respond(server.adminResponse(request))
      }
      switch plan {
      case .respond(let response):
        // Without a body, answer once the library has the whole request, which keeps the
        // connection alive; with one, answer now (the body is not read, the connection closes).
        let hasBody =
          cmhd_header(connection, "Transfer-Encoding") != nil
          || (cmhd_header(connection, "Content-Length").map { atoi($0) > 0 } ?? false)
        if hasBody { return queue(response, connection: connection, state: state, request: request) }
        state.ready = response
        state.pendingRequest = request
        return true
      case .readBody(let limit, _, let rulesName, let finish):
        state.limit = limit
        state.rulesName = rulesName
        state.finish = { body in finish(body) }
        state.pendingRequest = request
        return true
      }
    }
    let state = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
    if size.pointee > 0 {
      guard state.finish != nil, let data else {
        size.pointee = 0  // the body of a request already answered
        return true
      }
      // A body that trickles in forever, or grows past the limit without a Content-Length
      // (chunked), cannot be answered mid-upload: the connection is closed.
      if Daemon.now() - state.start > UInt64(server.configuration.requestTimeout) * 1_000_000_000 { return false }
      if state.body.count + size.pointee > state.limit { return false }
      data.withMemoryRebound(to: UInt8.self, capacity: size.pointee) {
        state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size.pointee))
      }
      size.pointee = 0
      return true
    }
    if let response = state.ready, let request = state.pendingRequest {
      state.ready = nil
      state.pendingRequest = nil
      return queue(response, connection: connection, state: state, request: request)
    }
    guard let finish = state.finish, let request = state.pendingRequest else { return true }
    state.finish = nil
    state.pendingRequest = nil
    let body = state.body
    state.body = []
    return queue(finish(body), connection: connection, state: state, request: request)
  }

  private func queue(_ response: Response, connection: OpaquePointer, state: RequestState, request: Request) -> Bool {
    var response = response
    server.decorate(&response, request: request)
    if let name = response.rulesName { state.rulesName = name }
    let mhd: OpaquePointer?
    switch response.body {
    case .bytes(let bytes):
      mhd = bytes.withUnsafeBytes { cmhd_response_copy(bytes.count, $0.baseAddress) }
      state.bytes = bytes.count
    case .stream(let stream):
      state.stream = stream
      mhd = MHD_create_response_from_callback(
        cmhd_size_unknown(), 32 << 10,
        { cls, _, buffer, max in
          guard let cls, let buffer else { return cmhd_end_with_error() }
          let stream = Unmanaged<BatchStream>.fromOpaque(cls).takeUnretainedValue()
          let n = stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: max))
          return n == 0 ? cmhd_end_of_stream() : n
        }, Unmanaged.passRetained(stream).toOpaque(),
        { cls in
          guard let cls else { return }
          Unmanaged<BatchStream>.fromOpaque(cls).release()
        })
    }
    guard let mhd else { return false }
    for (name, value) in response.headers {
      // `withCString` lends the string's own bytes; passing a `String` as a C string copies it into an array.
      _ = name.withCString { name in value.withCString { MHD_add_response_header(mhd, name, $0) } }
    }
    state.status = response.status
    let queued = MHD_queue_response(connection, UInt32(response.status), mhd)
    MHD_destroy_response(mhd)
    return queued == cmhd_yes()
  }
}
