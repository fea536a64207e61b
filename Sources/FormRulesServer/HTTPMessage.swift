import FormRules
import FormRulesBulk
import FormRulesPassword

/// A request as the routes see it: its method and path, and its headers and query read from
/// the libmicrohttpd connection when asked for (nothing is copied for those never asked for),
/// or from the lists an in-process request gives (``PolicyServer/respond(_:_:headers:body:)``).
/// Valid until the request completes.
struct Request {
  var method: String
  /// The path, percent-decoded (`RequestTarget.decode`: never with an encoded `/` or NUL), without the query.
  var path: String
  let fields: Fields

  /// Where headers and query arguments come from.
  enum Fields {
    /// libmicrohttpd's connection: each value is looked up when asked for.
    case connection(OpaquePointer)
    /// Given in process: headers (names compared without regard to case) and decoded query arguments.
    case given(headers: [(String, String)], arguments: [(String, String?)])
  }

  init(method: String, path: String, connection: OpaquePointer) {
    self.method = method
    self.path = path
    fields = .connection(connection)
  }

  init(method: String, path: String, headers: [(String, String)], arguments: [(String, String?)]) {
    self.method = method
    self.path = path
    fields = .given(headers: headers, arguments: arguments)
  }

  /// Calls `body` with header `name`'s value, or with `nil`; the first of repeated headers, as
  /// libmicrohttpd gives it. A given value ends at a NUL, as a C string would.
  private func withHeader<R>(_ name: String, _ body: (ByteView?) -> R) -> R {
    switch fields {
    case .connection(let connection):
      return body(Request.header(name, of: connection))
    case .given(let headers, _):
      guard let value = headers.first(where: { Response.sameName($0.0, name) })?.1 else { return body(nil) }
      return ByteView.withUTF8(value) { view in body(view.firstIndex(of: 0).map { view.prefix(upTo: $0) } ?? view) }
    }
  }

  /// A request header (case-insensitive name), or `nil`.
  func header(_ name: String) -> String? {
    withHeader(name) { $0?.string }
  }

  /// A query argument, or `nil` (also `nil` for `?name` without `=`, as libmicrohttpd gives it).
  func argument(_ name: String) -> String? {
    switch fields {
    case .connection(let connection):
      return Request.argument(name, of: connection)?.string
    case .given(_, let arguments):
      return arguments.first { $0.0 == name }?.1 ?? nil
    }
  }

  /// The media type of `Content-Type`, without parameters, trimmed and lower-cased:
  /// `"application/json"` for `Application/JSON ; charset=utf-8`; `nil` without the header.
  var mediaType: String? {
    withHeader("Content-Type") { value -> String? in
      guard let value else { return nil }
      var end = value.firstIndex(of: UInt8(ascii: ";")) ?? value.count
      var first = 0
      while first < end, value[first] == 0x20 || value[first] == 0x09 { first += 1 }
      while end > first, value[end - 1] == 0x20 || value[end - 1] == 0x09 { end -= 1 }
      return value[first..<end].lowercasedASCII
    }
  }

  /// Whether header `name` contains `token` (lower-case ASCII), compared without regard to
  /// ASCII case and without copying the header.
  func header(_ name: String, containsLowercase token: String) -> Bool {
    withHeader(name) { value in
      guard let value else { return false }
      return ByteView.withUTF8(token) { needle in
        guard needle.count <= value.count, !needle.isEmpty else { return needle.isEmpty }
        let first = needle[0]
        var i = 0
        while i + needle.count <= value.count {
          if Response.lowercased(value[i]) == first {
            var j = 1
            while j < needle.count, Response.lowercased(value[i + j]) == needle[j] { j += 1 }
            if j == needle.count { return true }
          }
          i += 1
        }
        return false
      }
    }
  }
}

/// A response the daemon sends: status, headers and either bytes or a stream of batch output.
struct Response {
  enum Body {
    case bytes([UInt8])
    case stream(BatchStream)
  }

  var status: Int
  var headers: [(String, String)] = []
  var body: Body = .bytes([])
  /// The rules name the request named, for the access log (never a value).
  var rulesName: String?

  init(status: Int, contentType: String? = nil, body: [UInt8] = [], headers: [(String, String)] = []) {
    self.status = status
    // Room for the headers every response gets (`PolicyServer.decorate`), so they need no regrowth.
    self.headers.reserveCapacity(headers.count + 4)
    if let contentType { self.headers.append(("Content-Type", contentType)) }
    self.headers.append(contentsOf: headers)
    self.body = .bytes(body)
  }

  func header(_ name: String) -> String? {
    headers.first { Response.sameName($0.0, name) }?.1
  }

  mutating func set(_ name: String, _ value: String) {
    if headers.contains(where: { Response.sameName($0.0, name) }) {
      headers.removeAll { Response.sameName($0.0, name) }
    }
    headers.append((name, value))
  }

  /// Header names compared without regard to ASCII case, without lower-cased copies.
  static func sameName(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8) { lowercased($0) == lowercased($1) }
  }

  @inline(__always)
  static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
  }

  static let json = "application/json"
  static let jsonLines = "application/x-ndjson"
  static let text = "text/plain; charset=utf-8"

  /// An RFC 9457 problem document for an HTTP-level error: the status's title and a
  /// detail in English. Details name what was wrong (a reason, a position, a limit),
  /// never a submitted value.
  static func problem(
    _ status: Int, _ detail: String, extra: [(String, JSONValue)] = [], headers: [(String, String)] = []
  ) -> Response {
    var writer = JSONWriter()
    writer.raw("{\"type\":\"about:blank\",\"title\":")
    writer.string(reasonPhrase(status))
    writer.raw(",\"status\":")
    writer.int(status)
    writer.raw(",\"detail\":")
    writer.string(detail)
    for (name, value) in extra {
      writer.raw(",")
      writer.key(name)
      writer.value(value)
    }
    writer.raw("}")
    return Response(status: status, contentType: ProblemDetails.mediaType, body: writer.bytes, headers: headers)
  }

  static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 204: return "No Content"
    case 304: return "Not Modified"
    case 400: return "Bad Request"
    case 401: return "Unauthorized"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 405: return "Method Not Allowed"
    case 406: return "Not Acceptable"
    case 408: return "Request Timeout"
    case 413: return "Content Too Large"
    case 414: return "URI Too Long"
    case 415: return "Unsupported Media Type"
    case 421: return "Misdirected Request"
    case 422: return "Unprocessable Content"
    case 431: return "Request Header Fields Too Large"
    case 500: return "Internal Server Error"
    case 501: return "Not Implemented"
    case 503: return "Service Unavailable"
    default: return "Status \(status)"
    }
  }
}
