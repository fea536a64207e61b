import FormRules
import Foundation

extension PolicyServer {
  /// A finished `validate-batch` upload's answer: its JSON Lines as a stream, or 413 past the
  /// line cap, or 503 when its reports outgrew the body budget.
  func answer(finished batch: BatchStream, language: String) -> Response {
    batch.finish()
    switch batch.failure {
    case .tooManyLines?:
      return Response.problem(
        413, "the batch has more than \(configuration.maxBatchLines) lines",
        extra: [("limit", .number(Double(configuration.maxBatchLines)))])
    case .overBudget?:
      metrics.budgetRefusals.add(1, ordering: .relaxed)
      return Daemon.busy()
    case nil:
      var response = Response(
        status: 200, contentType: Response.jsonLines,
        headers: [("Content-Language", language), ("Vary", "Accept-Language")])
      response.body = .stream(batch)
      return response
    }
  }

  /// A request answered in process, without a socket: the route's plan over the current rules
  /// generation, the body through the route's own reader, named checks awaited, and the headers
  /// every response gets (``decorate(_:request:)``). What the daemon does between a complete
  /// request and its response, so tests of what a route answers need no process and no port.
  ///
  /// Not here (the daemon's, tested over sockets): framing and header checks, the URI, header
  /// and query-argument limits, the body budget, connection limits and timeouts, the metrics
  /// and the access log of a completed request, and the admin API.
  ///
  /// - Parameters:
  ///   - target: the request target as a client sends it: a path with an optional query
  ///     (percent-encoded; arguments are `&`-separated `name=value`, percent-decoded).
  ///   - headers: request headers; `Content-Length` is added for a non-empty body unless given.
  /// - Returns: the response, a streamed body read to its end, or `nil` where the daemon
  ///   closes the connection without an answer (a body over the route's limit with no
  ///   `Content-Length` to refuse it by).
  func respond(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []) async
    -> Response?
  {
    var headers = headers
    if !body.isEmpty, !headers.contains(where: { Response.sameName($0.0, "Content-Length") }) {
      headers.append(("Content-Length", String(body.count)))
    }
    var arguments: [(String, String?)] = []
    if let question = target.firstIndex(of: "?") {
      for piece in target[target.index(after: question)...].split(separator: "&", omittingEmptySubsequences: true) {
        let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        arguments.append(
          (name, parts.count == 2 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : nil))
      }
    }
    let rawPath = RequestTarget.rawPath(target)
    let request: Request
    var response: Response
    do throws(RequestTarget.Problem) {
      request = Request(method: method, path: try RequestTarget.decode(rawPath), headers: headers, arguments: arguments)
      guard let answered = await answer(request, route: Route(rawPath: rawPath), body: body) else { return nil }
      response = answered
    } catch {
      request = Request(method: method, path: "", headers: headers, arguments: arguments)
      response = Response.problem(400, error.detail)
      response.set("Connection", "close")
    }
    decorate(&response, request: request)
    if case .stream(let stream) = response.body {
      var bytes: [UInt8] = []
      while true {
        let piece = stream.read(upTo: 32 << 10)
        if piece.isEmpty { break }
        bytes += piece
      }
      response.body = .bytes(bytes)
    }
    return response
  }

  private func answer(_ request: Request, route: Route, body: [UInt8]) async -> Response? {
    switch Routes(generation: generation, server: self).plan(request, route: route) {
    case .respond(let response):
      return response
    case .readBody(let limit, _, _, let finish):
      guard body.count <= limit else { return nil }
      switch finish(body) {
      case .now(let response): return response
      case .later(let work): return await work()
      }
    case .readBatch(let limit, _, let language, let batch):
      guard body.count <= limit else { return nil }
      ByteView.with(body) { batch.consume($0) }
      return answer(finished: batch, language: language)
    }
  }
}
