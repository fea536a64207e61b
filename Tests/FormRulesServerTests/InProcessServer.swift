import FormRulesTestSupport
import Foundation
import Testing

@testable import FormRulesServer

/// `validate serve`'s routes in process: a ``PolicyServer`` loaded but not started, answering
/// through ``PolicyServer/respond(_:_:headers:body:)`` — no process, no socket, no port.
/// The tests whose point is a route's answer use this; those whose point is the daemon
/// (framing, limits, hostile clients, timeouts, signals, reload, metrics of served requests)
/// start the real binary with ``ServerProcess``.
struct InProcessServer {
  let server: PolicyServer

  /// A server over `rules` (relative to the package root) with the configuration `configure` sets.
  init(rules: String = "Rules", _ configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
    var configuration = ServerConfiguration(rulesPath: Self.path(rules))
    configuration.accessLog = false
    configure(&configuration)
    server = try PolicyServer(configuration: configuration)
  }

  /// A path under the package root, or an absolute path as it is.
  static func path(_ relative: String) -> String {
    relative.hasPrefix("/") ? relative : ValidateBinary.packageRoot.appendingPathComponent(relative).path
  }

  func request(
    _ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8]? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> HTTPResult {
    let response = await server.respond(
      method, target, headers: headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, body: body ?? [])
    let answered = try #require(
      response, "the daemon would close the connection unanswered", sourceLocation: sourceLocation)
    guard case .bytes(let bytes) = answered.body else {
      Issue.record("a streamed body was not read", sourceLocation: sourceLocation)
      return HTTPResult(status: answered.status, headers: answered.headers, body: [])
    }
    return HTTPResult(status: answered.status, headers: answered.headers, body: bytes)
  }

  func post(
    _ rules: String, _ body: String, query: String = "", headers: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> HTTPResult {
    var all = ["Content-Type": "application/json"]
    all.merge(headers) { $1 }
    return try await request(
      "POST", "/v1/rules/\(rules)/validate\(query)", headers: all, body: Array(body.utf8),
      sourceLocation: sourceLocation)
  }
}
