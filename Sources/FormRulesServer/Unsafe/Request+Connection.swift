internal import CMicroHTTPD
import FormRules

/// A request's headers and query arguments as libmicrohttpd keeps them: C strings in the
/// connection's memory pool.
extension Request {
  /// Header `name`'s value (the first of repeated headers, as libmicrohttpd gives it), or nil.
  ///
  /// Why it is safe: the value is a NUL-terminated string in the connection's pool, kept until
  /// the request completes, and a ``Request`` is used only until then.
  static func header(_ name: String, of connection: OpaquePointer) -> ByteView? {
    cmhd_header(connection, name).map(ByteView.cString)
  }

  /// Query argument `name`'s decoded value, or nil (also for `?name` without `=`).
  ///
  /// Why it is safe: as for ``header(_:of:)``.
  static func argument(_ name: String, of connection: OpaquePointer) -> ByteView? {
    cmhd_argument(connection, name).map(ByteView.cString)
  }
}

extension ByteView {
  /// The bytes as a `String`, ASCII letters lower-cased (other bytes as they are).
  ///
  /// Why it is safe: `String(unsafeUninitializedCapacity:)` lends room for `count` bytes and
  /// exactly indices `0..<count` are written.
  var lowercasedASCII: String {
    String(unsafeUninitializedCapacity: count) { buffer in
      for i in 0..<count { buffer[i] = Response.lowercased(self[i]) }
      return count
    }
  }
}
