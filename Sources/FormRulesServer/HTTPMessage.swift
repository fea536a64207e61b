import FormRules

/// A request as the routes see it: the body is whole (or, for a batch, whole input lines).
struct Request {
  var method: String
  /// The path, percent-decoded by libmicrohttpd, without the query.
  var path: String
  var header: (String) -> String?
  var argument: (String) -> String?
  var body: [UInt8] = []
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
    if let contentType { self.headers.append(("Content-Type", contentType)) }
    self.headers += headers
    self.body = .bytes(body)
  }

  func header(_ name: String) -> String? {
    headers.first { $0.0.lowercased() == name.lowercased() }?.1
  }

  mutating func set(_ name: String, _ value: String) {
    headers.removeAll { $0.0.lowercased() == name.lowercased() }
    headers.append((name, value))
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
    case 404: return "Not Found"
    case 405: return "Method Not Allowed"
    case 406: return "Not Acceptable"
    case 408: return "Request Timeout"
    case 413: return "Content Too Large"
    case 414: return "URI Too Long"
    case 415: return "Unsupported Media Type"
    case 422: return "Unprocessable Content"
    case 431: return "Request Header Fields Too Large"
    case 500: return "Internal Server Error"
    case 503: return "Service Unavailable"
    default: return "Status \(status)"
    }
  }
}
