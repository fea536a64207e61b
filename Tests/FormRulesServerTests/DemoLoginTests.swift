import Foundation
import Testing

/// `POST /demo/login`, the demo pages' login action (Sources/FormRulesServer/DemoLogin.swift).
@Suite("validate serve: the demo login of the web pages")
struct DemoLoginTests {
  func login(_ server: ServerProcess, _ body: String, query: String = "", headers: [String: String] = [:]) throws
    -> HTTPResult
  {
    var all = ["Content-Type": "application/json"]
    all.merge(headers) { $1 }
    return try server.request("POST", "/demo/login\(query)", headers: all, body: Array(body.utf8))
  }

  @Test("the demo account: 200, no-store")
  func demoAccount() throws {
    let server = try ServerProcess(["--rules", "Rules", "--web", "Web"])
    let response = try login(server, #"{"email": " Demo@Example.jp ", "password": "demo-pass-2024"}"#)
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
  func wrongPassword(query: String, headers: [String: String], language: String, detail: String) throws {
    let server = try ServerProcess(["--rules", "Rules", "--web", "Web"])
    let response = try login(
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
    #expect(!server.log.contains("wrong-pass-1"))
  }

  @Test("bad requests: 405 for GET, 415 for non-JSON, 400 for a malformed body, 404 without the web folder")
  func badRequests() throws {
    let server = try ServerProcess(["--rules", "Rules", "--web", "Web"])
    let get = try server.request("GET", "/demo/login")
    #expect(get.status == 405)
    #expect(get.header("Allow") == "POST, OPTIONS")
    let text = try server.request(
      "POST", "/demo/login", headers: ["Content-Type": "text/plain"], body: Array("x".utf8))
    #expect(text.status == 415)
    let malformed = try login(server, #"{"email": "demo@example.jp", "password": "#)
    #expect(malformed.status == 400)
    let none = try ServerProcess(["--rules", "Rules", "--no-web"])
    #expect(try login(none, #"{"email": "demo@example.jp", "password": "demo-pass-2024"}"#).status == 404)
  }
}
