internal import CMicroHTTPD
import FormRules
import Foundation

/// libmicrohttpd's side of ``Daemon``: the C callbacks, the per-connection and per-request
/// context pointers, and the responses made from our bytes. Each callback turns what the
/// library lends into values (``ByteView``, ``ClientAddress``, the retained objects) and calls
/// a method of `Daemon`, where the decisions are.
///
/// The callbacks are closures without captures (so they convert to C function pointers) and
/// find the daemon through the context pointer, unretained: the ``PolicyServer`` holds its
/// daemons until ``Daemon/stop()`` has stopped the library (`MHD_stop_daemon` joins its
/// threads). They run on the library's threads; none is in main-actor code.
extension Daemon {
  /// Starts libmicrohttpd with `settings` and this daemon's callbacks; nil when it cannot start.
  func startLibrary(_ settings: inout cmhd_settings) -> OpaquePointer? {
    settings.accept_policy = { cls, address, _ in
      guard let cls else { return cmhd_yes() }
      let daemon = Unmanaged<Daemon>.fromOpaque(cls).takeUnretainedValue()
      return daemon.tracker.admits(SocketAddress.clientKey(address)) ? cmhd_yes() : cmhd_no()
    }
    // The socket context holds one retained `ConnectionEntry` from the start notice to the close
    // notice, which the library sends once each per connection.
    settings.notify_connection = { cls, connection, socketContext, code in
      guard let cls, let connection, let socketContext else { return }
      let daemon = Unmanaged<Daemon>.fromOpaque(cls).takeUnretainedValue()
      if cmhd_is_notify_started(code) != 0 {
        let entry = daemon.connectionOpened(
          fd: cmhd_connection_fd(connection), address: SocketAddress.clientKey(cmhd_client_address(connection)))
        socketContext.pointee = Unmanaged.passRetained(entry).toOpaque()
      } else if let raw = socketContext.pointee {
        socketContext.pointee = nil
        daemon.tracker.closed(Unmanaged<ConnectionEntry>.fromOpaque(raw).takeRetainedValue())
      }
    }
    settings.uri_log = { cls, uri, connection in
      guard let cls, let uri, let connection, let entry = Daemon.entry(connection) else { return nil }
      let daemon = Unmanaged<Daemon>.fromOpaque(cls).takeUnretainedValue()
      let target = ByteView.cString(uri)
      if let query = daemon.noteTarget(target, on: entry) {
        // libmicrohttpd 0.9.75 found the "?" before this call and parses what follows it into the
        // connection's memory pool right after; a pool that runs out (about 450 arguments) ends
        // the connection unanswered. The target lies in its read buffer: ending the query
        // string here leaves nothing to parse, and the handler answers 414.
        // Safe: `query < strlen(uri)`, so `query + 1` is inside the string or on its NUL.
        UnsafeMutablePointer(mutating: uri + query + 1).pointee = 0
      }
      return nil
    }
    let context = Unmanaged.passUnretained(self).toOpaque()
    return cmhd_start(
      &settings,
      { cls, connection, url, method, version, data, size, conCls in
        guard let cls, let connection, let url, let method, let size, let conCls else { return cmhd_no() }
        let daemon = Unmanaged<Daemon>.fromOpaque(cls).takeUnretainedValue()
        guard let raw = conCls.pointee else {
          // The first call for a request: its headers are in. The request context holds the
          // retained state until the completion callback takes it back.
          let http11 = version.map { strcmp($0, "HTTP/1.1") == 0 } ?? false
          let (state, accepted) = daemon.begin(
            connection, url: ByteView.cString(url), method: ByteView.cString(method), http11: http11,
            entry: Daemon.entry(connection))
          conCls.pointee = Unmanaged.passRetained(state).toOpaque()
          return accepted ? cmhd_yes() : cmhd_no()
        }
        let state = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
        if size.pointee > 0 {
          let count = size.pointee
          size.pointee = 0
          guard let data else { return cmhd_yes() }
          // Safe: the library lends `count` bytes at `data` for this call, which the view does
          // not outlive (`receive` copies what it keeps); CChar and UInt8 may alias.
          let piece = ByteView(
            UnsafeBufferPointer(start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count))
          return daemon.receive(piece, state: state) ? cmhd_yes() : cmhd_no()
        }
        return daemon.respond(connection, state: state) ? cmhd_yes() : cmhd_no()
      }, context,
      { cls, connection, conCls, termination in
        guard let cls else { return }
        let daemon = Unmanaged<Daemon>.fromOpaque(cls).takeUnretainedValue()
        if let connection, let entry = Daemon.entry(connection) { daemon.waitsForHeaders(entry) }
        guard let conCls, let raw = conCls.pointee else { return }
        conCls.pointee = nil
        daemon.completed(
          Unmanaged<RequestState>.fromOpaque(raw).takeRetainedValue(), normally: cmhd_is_completed(termination) != 0)
      }, context)
  }

  /// The connection's entry, which its socket context holds from the start notice to the close
  /// notice (see ``startLibrary(_:)``); nil before the start notice.
  static func entry(_ connection: OpaquePointer) -> ConnectionEntry? {
    cmhd_socket_context(connection).map { Unmanaged<ConnectionEntry>.fromOpaque($0).takeUnretainedValue() }
  }

  /// A response holding its own copy of `bytes` (`MHD_RESPMEM_MUST_COPY`).
  ///
  /// Why it is safe: the library copies `bytes.count` bytes during the call, while the array
  /// lends them.
  static func response(copying bytes: [UInt8]) -> OpaquePointer? {
    bytes.withUnsafeBytes { cmhd_response_copy($0.count, $0.baseAddress) }
  }

  /// A response whose body the library pulls from `stream` as it sends, 32 KiB at a time; the
  /// response holds the stream retained until it is destroyed.
  static func response(streaming stream: BatchStream) -> OpaquePointer? {
    MHD_create_response_from_callback(
      cmhd_size_unknown(), 32 << 10,
      { cls, _, buffer, max in
        guard let cls, let buffer else { return cmhd_end_with_error() }
        let stream = Unmanaged<BatchStream>.fromOpaque(cls).takeUnretainedValue()
        let piece = stream.read(upTo: max)
        guard !piece.isEmpty else { return cmhd_end_of_stream() }
        // Safe: `piece.count <= max`, the room the library gives at `buffer` for this call.
        piece.withUnsafeBytes { bytes in
          guard let base = bytes.baseAddress else { return }
          UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: bytes.count)
        }
        return piece.count
      }, Unmanaged.passRetained(stream).toOpaque(),
      { cls in
        guard let cls else { return }
        Unmanaged<BatchStream>.fromOpaque(cls).release()
      })
  }

  /// Adds `headers` to a response made by ``response(copying:)`` or ``response(streaming:)``.
  ///
  /// Why it is safe: the library copies each name and value during the call, while `withCString`
  /// lends them (the string's own bytes; passing a `String` as a C string copies it into an array).
  static func add(_ headers: [(String, String)], to response: OpaquePointer) {
    for (name, value) in headers {
      _ = name.withCString { name in value.withCString { MHD_add_response_header(response, name, $0) } }
    }
  }
}

extension ByteView {
  /// A view of a C string's bytes, up to its NUL.
  ///
  /// Why it is safe: the view covers the `strlen` bytes before the NUL; the caller (a
  /// libmicrohttpd callback) uses it only while the library keeps the string, during the call
  /// or until the request completes. CChar and UInt8 may alias.
  static func cString(_ string: UnsafePointer<CChar>) -> ByteView {
    ByteView(
      UnsafeBufferPointer(start: UnsafeRawPointer(string).assumingMemoryBound(to: UInt8.self), count: strlen(string)))
  }
}
