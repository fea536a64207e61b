import FormRulesTestSupport
import Foundation
import Testing

/// What each route answers: in process (``InProcessServer``), except the few tests whose point
/// is the daemon (its limits, streaming over a socket, the metrics of served requests) or the
/// command line (load errors, `--tls-cert`).
@Suite("validate serve: routes, statuses and headers")
struct RoutesTests {
  static let valid = #"{"email": " taro@example.jp ", "password": "abc123"}"#
  static let invalid = #"{"email": "taro@example.jp", "password": "abc"}"#

  @Test("valid form: 200, the CLI's report, no-store, Content-Language from defaultLocale")
  func validForm() async throws {
    let server = try InProcessServer()
    let response = try await server.post("login", Self.valid)
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "application/json")
    #expect(response.header("Cache-Control") == "no-store")
    #expect(response.header("Content-Language") == "ja")
    #expect(response.header("X-Content-Type-Options") == "nosniff")
    #expect(
      response.text
        == #"{"valid":true,"fields":{"email":{"valid":true,"value":"taro@example.jp","errors":[]},"password":{"valid":true,"errors":[]}}}"#
    )
  }

  @Test(
    "language: ?locale, then Accept-Language by q-value, then defaultLocale",
    arguments: [
      ("?locale=en", nil, "en", "Password must be at least 6 characters."),
      ("?locale=ja", "en", "ja", "パスワードは6文字以上で入力してください。"),
      ("", "en-US,ja;q=0.5", "en", "Password must be at least 6 characters."),
      ("", "fr, en;q=0.4, ja;q=0.9", "ja", "パスワードは6文字以上で入力してください。"),
      ("", "ja;q=0, en;q=0.1", "en", "Password must be at least 6 characters."),
      ("", "*", "ja", "パスワードは6文字以上で入力してください。"),
      ("?locale=fr", "de", "ja", "パスワードは6文字以上で入力してください。"),
    ] as [(String, String?, String, String)])
  func language(query: String, acceptLanguage: String?, expected: String, message: String) async throws {
    let server = try InProcessServer(rules: "Rules/login.json")
    let headers = acceptLanguage.map { ["Accept-Language": $0] } ?? [:]
    let response = try await server.post("login", Self.invalid, query: query, headers: headers)
    #expect(response.status == 422)
    #expect(response.header("Content-Language") == expected)
    #expect(response.header("Vary")?.contains("Accept-Language") == true)
    #expect(response.text.contains(message))
  }

  @Test("Accept: application/problem+json turns a 422 into RFC 9457 problem details")
  func problemDetails() async throws {
    let server = try InProcessServer()
    let response = try await server.post(
      "login", Self.invalid, headers: ["Accept": "application/problem+json", "Accept-Language": "en"])
    #expect(response.status == 422)
    #expect(response.header("Content-Type") == "application/problem+json")
    let json = try #require(response.json)
    #expect(json["status"] as? Int == 422)
    let errors = try #require(json["errors"] as? [[String: Any]])
    #expect(errors.first?["pointer"] as? String == "/password")
    #expect(errors.first?["code"] as? String == "minLength")
    let valid = try await server.post("login", Self.valid, headers: ["Accept": "application/problem+json"])
    #expect(valid.status == 200)
  }

  @Test("?field= gives that field's report and its checklist, 200 either way, no sensitive value")
  func fieldFeedback() async throws {
    let server = try InProcessServer()
    let body = #"{"email": "taro@example.jp", "password": "Abcdefgh", "password_confirmation": "Abcdefg"}"#
    let password = try await server.post("signup", body, query: "?field=password&locale=en")
    #expect(password.status == 200)
    let json = try #require(password.json)
    #expect(json["field"] as? String == "password")
    let report = try #require(json["report"] as? [String: Any])
    #expect(report["value"] == nil)
    let checklist = try #require(json["checklist"] as? [[String: Any]])
    let minLength = try #require(checklist.first { $0["code"] as? String == "minLength" })
    #expect(minLength["met"] as? Bool == true)
    #expect(minLength["text"] as? String == "At least 8 characters")
    // The cross-field rule sees the whole form.
    let confirmation = try await server.post("signup", body, query: "?field=password_confirmation&locale=ja")
    #expect(confirmation.status == 200)
    let confirmationJSON = try #require(confirmation.json)
    #expect(confirmationJSON["valid"] as? Bool == false)
    #expect(confirmation.text.contains("sameAs"))
    #expect(confirmation.header("Content-Language") == "ja")
    #expect(confirmation.header("Cache-Control") == "no-store")
    let unknown = try await server.post("signup", body, query: "?field=nickname")
    #expect(unknown.status == 400)
    #expect(unknown.header("Content-Type") == "application/problem+json")
  }

  @Test("GET /v1/rules/{name}: labels, requirements per locale, HTML attributes, sensitivity, ETag")
  func description() async throws {
    let server = try InProcessServer()
    let response = try await server.request("GET", "/v1/rules/signup")
    #expect(response.status == 200)
    let etag = try #require(response.header("ETag"))
    #expect(etag.hasPrefix("\"") && etag.count == 18)
    #expect(response.header("Cache-Control") == "public, max-age=60")
    let json = try #require(response.json)
    #expect(json["locales"] as? [String] == ["ja", "en"])
    // The page's title: the rules file's localized title, not its id.
    #expect(json["title"] as? [String: String] == ["ja": "アカウント作成", "en": "Create an account"])
    let fields = try #require(json["fields"] as? [[String: Any]])
    let password = try #require(fields.first { $0["name"] as? String == "password" })
    #expect(password["sensitive"] as? Bool == true)
    #expect((password["label"] as? [String: String])?["ja"] == "パスワード")
    let requirements = try #require(password["requirements"] as? [String: [[String: Any]]])
    #expect(requirements["ja"]?.contains { $0["text"] as? String == "8文字以上" } == true)
    #expect(requirements["en"]?.contains { $0["text"] as? String == "At least 8 characters" } == true)
    let html = try #require(password["html"] as? [String: Any])
    let attributes = try #require(html["attributes"] as? [String: Any])
    #expect(attributes["type"] as? String == "password")
    #expect(attributes["required"] as? Bool == true)
    #expect(attributes["autocomplete"] as? String == "new-password")
    // The common-password list stays on the server: its entries are not in the document.
    for entry in ["qwerty", "123456", "iloveyou"] { #expect(!response.text.contains(entry)) }
    let again = try await server.request("GET", "/v1/rules/signup", headers: ["If-None-Match": etag])
    #expect(again.status == 304)
    #expect(again.body.isEmpty)
    #expect(again.header("ETag") == etag)
  }

  @Test("GET /v1/rules lists login, signup and the presets")
  func listing() async throws {
    let server = try InProcessServer()
    let response = try await server.request("GET", "/v1/rules")
    #expect(response.status == 200)
    #expect(
      response.json?["rules"] as? [String] == [
        "login", "nist-800-63b", "nist-800-63b-breached", "nist-800-63b-mfa", "owasp-asvs", "signup",
      ])
    // nist-800-63b-breached is left out here: validating would ask the public range API
    // (BreachRangeTests runs it against the project's own mirror).
    for preset in ["nist-800-63b", "nist-800-63b-mfa", "owasp-asvs"] {
      let validation = try await server.post(preset, #"{"password": "correct horse battery staple"}"#)
      #expect([200, 422].contains(validation.status), "\(preset): \(validation.text)")
    }
  }

  @Test("health, readiness and Prometheus metrics")
  func operations() throws {
    let server = try ServerProcess(["--rules", "Rules"])
    #expect(try server.request("GET", "/healthz").status == 200)
    let ready = try server.request("GET", "/readyz")
    #expect(ready.status == 200)
    #expect(ready.json?["generation"] as? Int == 1)
    _ = try server.post("login", Self.invalid)
    let metrics = try server.request("GET", "/metrics")
    #expect(metrics.status == 200)
    #expect(metrics.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
    #expect(
      metrics.text.contains(
        #"formrules_http_requests_total{route="/v1/rules/{name}/validate",method="POST",status="422"} 1"#))
    #expect(metrics.text.contains("formrules_http_request_duration_seconds_bucket{le=\"+Inf\"}"))
    #expect(metrics.text.contains("formrules_http_requests_in_flight 1"))  // this request
    #expect(metrics.text.contains("formrules_rules_generation 1"))
    #expect(metrics.text.contains("formrules_rules_last_reload_success 1"))
  }

  @Test(
    "errors are problem+json with their status",
    arguments: [
      ("GET", "/nope/v1", [:], nil, 404),
      ("GET", "/v1/rules/nope", [:], nil, 404),
      ("GET", "/v1/other", [:], nil, 404),
      ("POST", "/v1/rules/nope/validate", ["Content-Type": "application/json"], "{}", 404),
      ("PUT", "/v1/rules/login/validate", ["Content-Type": "application/json"], "{}", 405),
      ("GET", "/v1/rules/login/validate", [:], nil, 405),
      ("DELETE", "/v1/rules/login", [:], nil, 405),
      ("POST", "/v1/rules/login/validate", ["Content-Type": "text/plain"], "{}", 415),
      ("POST", "/v1/rules/login/validate", [:], "{}", 415),
      ("POST", "/v1/rules/login/validate-batch", ["Content-Type": "application/json"], "{}", 415),
      ("POST", "/v1/rules/login/validate", ["Content-Type": "application/json"], "{\"email\": ", 400),
      ("POST", "/v1/rules/login/validate", ["Content-Type": "application/json"], "[1, 2]", 400),
      ("POST", "/v1/rules/login/validate", ["Content-Type": "application/json"], "{\"email\": 5}", 400),
      (
        "POST", "/v1/rules/login/validate", ["Content-Type": "application/json"], String(repeating: "[", count: 10000),
        400
      ),
      (
        "POST", "/v1/rules/login/validate", ["Content-Type": "application/json"],
        "{\"a\":" + String(repeating: "{\"a\":", count: 100) + "1" + String(repeating: "}", count: 101), 400
      ),
      (
        "POST", "/v1/rules/login/validate", ["Content-Type": "application/json"], String(repeating: " ", count: 70000),
        413
      ),
    ] as [(String, String, [String: String], String?, Int)])
  func errors(method: String, path: String, headers: [String: String], body: String?, status: Int) async throws {
    let server = try InProcessServer()
    let response = try await server.request(method, path, headers: headers, body: body.map { Array($0.utf8) })
    Self.expectProblem(response, status: status)
  }

  static func expectProblem(_ response: HTTPResult, status: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(response.status == status, "\(response.text)", sourceLocation: sourceLocation)
    #expect(response.header("Content-Type") == "application/problem+json", sourceLocation: sourceLocation)
    #expect(response.header("Cache-Control") == "no-store", sourceLocation: sourceLocation)
    let json = response.json
    #expect(json?["status"] as? Int == status, sourceLocation: sourceLocation)
    #expect(json?["type"] as? String == "about:blank", sourceLocation: sourceLocation)
    #expect((json?["detail"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
    if status == 405 { #expect(response.header("Allow") != nil, sourceLocation: sourceLocation) }
  }

  @Test("the daemon's limits over a socket: a long query is 414, big headers 431, and it keeps serving")
  func limits() throws {
    let server = try ServerProcess(["--rules", "Rules"])
    Self.expectProblem(try server.request("GET", "/healthz?" + String(repeating: "a", count: 9000)), status: 414)
    Self.expectProblem(
      try server.request("GET", "/healthz", headers: ["X-Big": String(repeating: "b", count: 17000)]), status: 431)
    #expect(try server.request("GET", "/healthz").status == 200)
  }

  @Test("malformed JSON: the reason and position, never the text")
  func malformedReason() async throws {
    let server = try InProcessServer()
    let response = try await server.post("login", #"{"email": "taro@example.jp", "password": "Zebra-4417" x}"#)
    #expect(response.status == 400)
    let json = try #require(response.json)
    #expect(json["reason"] as? String == "unexpectedCharacter")
    #expect(json["line"] as? Int == 1)
    #expect(json["column"] != nil)
    #expect(!response.text.contains("Zebra"))
    let deep = try await server.post("login", String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000))
    #expect(deep.json?["reason"] as? String == "tooDeep")
  }

  @Test("a known field of the wrong type: 400 pointing at the field, never its value")
  func wrongType() async throws {
    let server = try InProcessServer()
    let response = try await server.post("login", #"{"email": "taro@example.jp", "password": 4417123}"#)
    #expect(response.status == 400)
    let json = try #require(response.json)
    #expect(json["reason"] as? String == "notString")
    #expect(json["field"] as? String == "password")
    #expect(json["pointer"] as? String == "/password")
    #expect(!response.text.contains("4417123"))
  }

  @Test("validate-batch: JSON Lines out, the same bytes as validate --jsonl")
  func batch() async throws {
    let server = try InProcessServer()
    let input =
      #"{"email": "taro@example.jp", "password": "correct-Horse-9", "password_confirmation": "correct-Horse-9"}"#
      + "\nnot json\r\n\n" + #"{"email": 3}"# + "\n" + #"{"email": "x@", "password": "password"}"#
    let response = try await server.request(
      "POST", "/v1/rules/signup/validate-batch", headers: ["Content-Type": "application/x-ndjson"],
      body: Array(input.utf8))
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "application/x-ndjson")
    #expect(response.header("Cache-Control") == "no-store")
    let lines = response.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 6)  // five reports and the final newline
    #expect(lines[1].contains("input.malformed"))
    #expect(lines[2].contains("input.malformed"))

    // The CLI on the same input writes the same lines.
    let cli = try ValidateBinary.process(["--rules", "Rules/signup.json", "--jsonl", "--locale", "ja"])
    let inputPipe = Pipe()
    let outputPipe = Pipe()
    cli.standardInput = inputPipe
    cli.standardOutput = outputPipe
    cli.standardError = FileHandle.nullDevice
    try cli.run()
    inputPipe.fileHandleForWriting.write(Data(input.utf8))
    try inputPipe.fileHandleForWriting.close()
    let expected = outputPipe.fileHandleForReading.readDataToEndOfFile()
    cli.waitUntilExit()
    #expect(response.text == String(decoding: expected, as: UTF8.self))

    let empty = try await server.request(
      "POST", "/v1/rules/login/validate-batch", headers: ["Content-Type": "application/x-ndjson"], body: [])
    #expect(empty.status == 200)
    #expect(empty.body.isEmpty)
  }

  @Test("over a socket, a large batch streams every line in order, chunked")
  func largeBatch() throws {
    let server = try ServerProcess(["--rules", "Rules"])
    var input = ""
    for i in 0..<20000 { input += #"{"email": "user\#(i)@example.jp", "password": "pw\#(i)"}"# + "\n" }
    let response = try server.request(
      "POST", "/v1/rules/login/validate-batch?locale=en", headers: ["Content-Type": "application/x-ndjson"],
      body: Array(input.utf8))
    #expect(response.status == 200)
    #expect(response.header("Transfer-Encoding") == "chunked")
    #expect(response.header("Content-Language") == "en")
    let lines = response.text.split(separator: "\n")
    #expect(lines.count == 20000)
    #expect(lines[19999].contains("user19999@example.jp"))
  }

  @Test("CORS only for the origins given with --allow-origin")
  func cors() async throws {
    let closed = try InProcessServer()
    let noCORS = try await closed.post("login", Self.valid, headers: ["Origin": "https://shop.example"])
    #expect(noCORS.header("Access-Control-Allow-Origin") == nil)

    let open = try InProcessServer { $0.allowedOrigins = ["https://shop.example"] }
    let allowed = try await open.post("login", Self.valid, headers: ["Origin": "https://shop.example"])
    #expect(allowed.header("Access-Control-Allow-Origin") == "https://shop.example")
    #expect(allowed.header("Vary")?.contains("Origin") == true)
    let other = try await open.post("login", Self.valid, headers: ["Origin": "https://evil.example"])
    #expect(other.header("Access-Control-Allow-Origin") == nil)
    let preflight = try await open.request(
      "OPTIONS", "/v1/rules/login/validate",
      headers: ["Origin": "https://shop.example", "Access-Control-Request-Method": "POST"])
    #expect(preflight.status == 204)
    #expect(preflight.header("Access-Control-Allow-Methods")?.contains("POST") == true)
    #expect(preflight.header("Access-Control-Allow-Headers")?.contains("Content-Type") == true)
  }

  @Test("static files from Web/ with --web only: index, formrules.js, CSP, no traversal, no backups")
  func staticFiles() async throws {
    let server = try InProcessServer { $0.webDirectory = InProcessServer.path("Web") }
    let index = try await server.request("GET", "/")
    #expect(index.status == 200)
    #expect(index.header("Content-Type") == "text/html; charset=utf-8")
    #expect(index.header("Content-Security-Policy")?.hasPrefix("default-src 'self'") == true)
    #expect(index.header("Content-Security-Policy")?.contains("unsafe-inline") == false)
    let script = try await server.request("GET", "/formrules.js")
    #expect(script.status == 200)
    #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
    for path in ["/../Package.swift", "/%2e%2e/Package.swift", "/.hidden", "/nope.js"] {
      let response = try await server.request("GET", path)
      #expect(response.status == 404, "\(path)")
      #expect(!response.text.contains("PackageDescription"))
    }
    // An encoded slash is refused before routing (N5).
    #expect(try await server.request("GET", "/..%2fPackage.swift").status == 400)
    let none = try InProcessServer()
    #expect(try await none.request("GET", "/").status == 404)
    // Without --web, nothing is published, even from a folder that holds Web/ (N10).
    let implicit = try InProcessServer()
    #expect(try await implicit.request("GET", "/").status == 404)
    #expect(
      try await implicit.request(
        "POST", "/demo/login", headers: ["Content-Type": "application/json"], body: Array("{}".utf8)
      )
      .status == 404)
    // Backup files beside the pages are never served (N10).
    let web = try ScratchFolder([
      "index.html": "<p>x</p>", "index.html~": "old", "signup.html.bak": "old", "a.orig": "old", "b.swp": "old",
    ])
    defer { web.remove() }
    let copies = try InProcessServer { $0.webDirectory = web.url.path }
    #expect(try await copies.request("GET", "/index.html").status == 200)
    for path in ["/index.html~", "/signup.html.bak", "/a.orig", "/b.swp", "/INDEX.HTML.BAK"] {
      #expect(try await copies.request("GET", path).status == 404, "\(path)")
    }
  }

  @Test("rules are confined to the rules path: extends and lists outside it are load errors")
  func confinement() throws {
    let outside = try ScratchFolder(["base.json": loginRules])
    defer { outside.remove() }
    let folder = try ScratchFolder([
      "child.json": #"{"version": 1, "extends": "\#(outside.url.path)/base.json"}"#
    ])
    defer { folder.remove() }
    let server = try ValidateBinary.process(["serve", "--rules", folder.url.path, "--listen", "127.0.0.1:0"])
    let errors = Pipe()
    server.standardError = errors
    try server.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    server.waitUntilExit()
    #expect(server.terminationStatus == 2)
    // Confined by default: the library refuses the absolute path before opening it.
    #expect(
      text.contains(#"child.json: extends: "\#(outside.url.path)/base.json" is outside the folder of child.json"#),
      "\(text)")

    let lists = try ScratchFolder([
      "login.json": #"""
      {"version": 1, "defaultLocale": "en", "fields": {"password": {"sensitive": true,
        "rules": [{"notCommon": true, "lists": ["../../../etc/passwd"], "defaultList": false}]}}}
      """#
    ])
    defer { lists.remove() }
    let second = try ValidateBinary.process(["serve", "--rules", lists.url.path, "--listen", "127.0.0.1:0"])
    let secondErrors = Pipe()
    second.standardError = secondErrors
    try second.run()
    let secondText = String(decoding: secondErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    second.waitUntilExit()
    #expect(second.terminationStatus == 2)
    #expect(secondText.contains(#"fields.password.rules[0].lists: "../../../etc/passwd" is outside the folder"#))
  }

  @Test("TLS is the reverse proxy's: --tls-cert is refused with a pointer to the docs")
  func tls() throws {
    let process = try ValidateBinary.process([
      "serve", "--rules", "Rules", "--tls-cert", "cert.pem", "--tls-key", "key.pem",
    ])
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(text.contains("reverse proxy"))
  }
}
