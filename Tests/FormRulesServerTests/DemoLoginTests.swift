import Foundation
import Testing

@testable import FormRulesServer

/// `POST /demo/login`, the demo pages' login action (Sources/FormRulesServer/DemoLogin.swift).
@Suite("validate serve: the demo login of the web pages")
struct DemoLoginTests {
  func login(_ server: InProcessServer, _ body: String, query: String = "", headers: [String: String] = [:])
    async throws -> HTTPResult
  {
    var all = ["Content-Type": "application/json"]
    all.merge(headers) { $1 }
    return try await server.request("POST", "/demo/login\(query)", headers: all, body: Array(body.utf8))
  }

  /// `--web Web`.
  static func web(_ configuration: inout ServerConfiguration) {
    configuration.webDirectory = InProcessServer.path("Web")
  }

  @Test("the demo account: 200, no-store")
  func demoAccount() async throws {
    let server = try InProcessServer(Self.web)
    let response = try await login(server, #"{"email": " Demo@Example.jp ", "password": "demo-pass-2024"}"#)
    #expect(response.status == 200)
    #expect(response.text == #"{"ok":true}"#)
    #expect(response.header("Cache-Control") == "no-store")
  }

  @Test(
    "anything else: 401 auth.invalidCredentials from the catalog, in the negotiated language",
    arguments: [
      ("?locale=en", [String: String](), "en", "The email address or password is incorrect."),
      ("", ["Accept-Language": "en-US,ja;q=0.5"], "en", "The email address or password is incorrect."),
      ("", [:], "ja", "メールアドレスまたはパスワードが正しくありません。"),
    ])
  func wrongPassword(query: String, headers: [String: String], language: String, detail: String) async throws {
    let server = try InProcessServer(Self.web)
    let response = try await login(
      server, #"{"email": "demo@example.jp", "password": "wrong-pass-1"}"#, query: query, headers: headers)
    #expect(response.status == 401)
    #expect(response.header("Content-Type") == "application/problem+json")
    #expect(response.header("Content-Language") == language)
    #expect(response.header("Cache-Control") == "no-store")
    let problem = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    #expect(problem?["code"] as? String == "auth.invalidCredentials")
    #expect(problem?["detail"] as? String == detail)
    #expect(problem?["title"] as? String == "Unauthorized")
    #expect(!response.text.contains("wrong-pass-1"))
  }

  @Test("bad requests: 405 for GET, 415 for non-JSON, 400 for a malformed body, 404 without the web folder")
  func badRequests() async throws {
    let server = try InProcessServer(Self.web)
    let get = try await server.request("GET", "/demo/login")
    #expect(get.status == 405)
    #expect(get.header("Allow") == "POST, OPTIONS")
    let text = try await server.request(
      "POST", "/demo/login", headers: ["Content-Type": "text/plain"], body: Array("x".utf8))
    #expect(text.status == 415)
    let malformed = try await login(server, #"{"email": "demo@example.jp", "password": "#)
    #expect(malformed.status == 400)
    let none = try InProcessServer()
    #expect(try await login(none, #"{"email": "demo@example.jp", "password": "demo-pass-2024"}"#).status == 404)
  }

  @Test("over a socket: a wrong password reaches neither the answer nor the log")
  func passwordNotLogged() throws {
    let server = try ServerProcess(["--rules", "Rules", "--web", "Web"])
    let response = try server.request(
      "POST", "/demo/login", headers: ["Content-Type": "application/json"],
      body: Array(#"{"email": "demo@example.jp", "password": "wrong-pass-1"}"#.utf8))
    #expect(response.status == 401)
    #expect(!response.text.contains("wrong-pass-1"))
    // The access-log line is written once the response is sent: wait for it (at most 5 s).
    for _ in 0..<100 where !server.log.contains("/demo/login") { usleep(50_000) }
    #expect(server.log.contains("/demo/login"))
    #expect(!server.log.contains("wrong-pass-1"))
  }
}
