import FormRulesTestSupport
import Foundation
import Testing

/// Issue 28, point 3: `validate serve --check NAME=URL` decides `{"check": NAME}` by POSTing to
/// the app's endpoint (a stub here, on a loopback port), and fails closed when it cannot.
@Suite("validate serve --check: named checks over HTTP")
struct ServeChecksTests {
  /// A sign-up form: a check on the email, and one on the sensitive password.
  static let rules = #"""
    {"version": 1, "defaultLocale": "en",
     "fields": {
       "name": {"label": {"en": "Name", "ja": "名前"}, "rules": [{"maxLength": 50}]},
       "email": {"label": {"en": "Email", "ja": "メール"}, "trim": true,
                 "rules": [{"required": true}, {"email": "practical"}, {"check": "emailAvailable"}]},
       "password": {"label": {"en": "Password", "ja": "パスワード"}, "sensitive": true,
                    "rules": [{"required": true}, {"minLength": 8}, {"check": "notReused"}]}
     },
     "messages": {
       "ja": {"emailAvailable": "{label}はすでに登録されています。", "notReused": "{label}は以前に使われています。"},
       "en": {"emailAvailable": "{label} is already registered.", "notReused": "{label} was used before."}
     }}
    """#
  static let password = "S3cret\u{3000}パス🔑e\u{301}"

  static func body(email: String, password: String = ServeChecksTests.password) -> String {
    #"{"name": "山田 太郎", "email": "\#(email)", "password": "\#(password)"}"#
  }

  /// A folder with the rules as `signup.json`, and a server deciding both checks at `email` and `password`.
  static func serve(email: String, password: String, timeout: String = "1") throws -> (ServerProcess, ScratchFolder) {
    let folder = try ScratchFolder(["signup.json": rules])
    let server = try ServerProcess([
      "--rules", folder.url.path, "--check", "emailAvailable=\(email)", "--check", "notReused=\(password)",
      "--check-timeout", timeout,
    ])
    return (server, folder)
  }

  static func codes(_ response: HTTPResult, field: String) -> [String] {
    let fields = response.json?["fields"] as? [String: [String: Any]]
    return (fields?[field]?["errors"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
  }

  @Test("the endpoint's {\"pass\": false} is a 422 with the check's name as code; true is 200")
  func passAndFail() throws {
    let stub = try CheckStub()
    let (server, folder) = try Self.serve(email: stub.url("/email"), password: stub.url("/pass"))
    defer { folder.remove() }
    let free = try server.post("signup", Self.body(email: "free@example.jp"))
    #expect(free.status == 200, "\(free.text)")
    #expect(free.json?["valid"] as? Bool == true)
    let taken = try server.post("signup", Self.body(email: "taken@example.jp"))
    #expect(taken.status == 422)
    #expect(Self.codes(taken, field: "email") == ["emailAvailable"])
    #expect(Self.codes(taken, field: "password").isEmpty)
    #expect(taken.json?["checksNotRun"] == nil)
    let problem = try server.post(
      "signup", Self.body(email: "taken@example.jp"), headers: ["Accept": "application/problem+json"])
    #expect(problem.status == 422)
    #expect(problem.header("Content-Type")?.hasPrefix("application/problem+json") == true)
    let errors = try #require(problem.json?["errors"] as? [[String: Any]])
    #expect(errors.map { $0["code"] as? String } == ["emailAvailable"])
    #expect(errors.first?["pointer"] as? String == "/email")
    // A field whose own rules fail never reaches the endpoint.
    let before = stub.requests.count
    let invalid = try server.post("signup", Self.body(email: "not-an-address", password: "short"))
    #expect(invalid.status == 422)
    #expect(Self.codes(invalid, field: "email") == ["email"])
    #expect(stub.requests.count == before)
  }

  @Test(
    "no decision is check.unavailable: 500, malformed, too long, a redirect, too slow, a closed port",
    arguments: ["/error", "/malformed", "/huge", "/redirect", "/slow", "dead"])
  func unavailable(_ path: String) throws {
    let stub = try CheckStub()
    let url = path == "dead" ? "http://127.0.0.1:\(try CheckStub.deadPort())/email" : stub.url(path)
    let (server, folder) = try Self.serve(email: url, password: stub.url("/pass"), timeout: "0.5")
    defer { folder.remove() }
    let start = Date()
    let response = try server.post("signup", Self.body(email: "free@example.jp"))
    let elapsed = Date().timeIntervalSince(start)
    #expect(response.status == 422, "\(response.text)")
    #expect(Self.codes(response, field: "email") == ["check.unavailable"])
    let notRun = try #require(response.json?["checksNotRun"] as? [[String: Any]])
    #expect(notRun.count == 1, "\(response.text) \(server.log)")
    #expect(Self.codes(response, field: "password").isEmpty, "a sub-second timeout still lets a quick answer in")
    #expect(notRun.first?["check"] as? String == "emailAvailable")
    #expect(notRun.first?["reason"] as? String == "unavailable")
    // The slow endpoint answers after 3 s: the check timeout (0.5 s) ends the wait.
    #expect(elapsed < 2.5, "took \(elapsed) s")
    if path == "/redirect" {
      #expect(!stub.requests.contains { $0.requestLine.hasPrefix("POST /pass") && $0.body.contains("emailAvailable") })
    }
    // The operator sees why, without a value.
    let log = server.log
    #expect(log.contains(#""event":"check""#) && log.contains(#""check":"emailAvailable""#), "\(log)")
    #expect(!log.contains("free@example.jp"))
    if path == "/slow" { #expect(log.contains(#""reason":"timeout""#), "\(log)") }
    if path == "dead" { #expect(log.contains(#""reason":"unreachable""#), "\(log)") }
  }

  @Test("values travel only in the body; the password only as its own check's value, never in values or logs")
  func valuesOnlyInBody() throws {
    let stub = try CheckStub()
    let (server, folder) = try Self.serve(email: stub.url("/email"), password: stub.url("/pass"))
    defer { folder.remove() }
    let email = "taken@example.jp"
    let response = try server.post("signup", Self.body(email: "  \(email)\u{3000}"))
    #expect(response.status == 422)
    let requests = stub.requests
    #expect(requests.count == 2)
    for request in requests {
      #expect(request.requestLine == "POST /email HTTP/1.1" || request.requestLine == "POST /pass HTTP/1.1")
      #expect(request.head.lowercased().contains("content-type: application/json"))
      #expect(!request.head.contains(email) && !request.head.contains("パス") && !request.head.contains("S3cret"))
    }
    let emailRequest = try #require(requests.first { $0.requestLine.hasPrefix("POST /email") })
    let sent = try #require(try JSONSerialization.jsonObject(with: Data(emailRequest.body.utf8)) as? [String: Any])
    #expect(sent["check"] as? String == "emailAvailable")
    #expect(sent["field"] as? String == "email")
    #expect(sent["value"] as? String == email, "the trimmed value")
    #expect(sent["values"] as? [String: String] == ["name": "山田 太郎", "email": email])
    #expect(!emailRequest.body.contains("S3cret"))
    let passwordRequest = try #require(requests.first { $0.requestLine.hasPrefix("POST /pass") })
    let secret = try #require(try JSONSerialization.jsonObject(with: Data(passwordRequest.body.utf8)) as? [String: Any])
    #expect(secret["check"] as? String == "notReused")
    #expect(secret["field"] as? String == "password")
    #expect(secret["value"] as? String == Self.password)
    #expect(secret["values"] as? [String: String] == ["name": "山田 太郎", "email": email])
    // Not in the server's log, nor its answer, nor its metrics.
    let metrics = try server.request("GET", "/metrics")
    #expect(metrics.text.contains(#"formrules_check_requests_total{check="emailAvailable",result="fail"} 1"#))
    #expect(metrics.text.contains(#"formrules_check_requests_total{check="notReused",result="pass"} 1"#))
    // The email is not sensitive: the report may show it (its `value`), never the log or metrics.
    for text in [server.log, metrics.text] { #expect(!text.contains(email)) }
    for text in [server.log, response.text, metrics.text] {
      #expect(!text.contains("S3cret") && !text.contains("パス"))
    }
  }

  @Test("?field= is syntax-only and says which checks did not run; &checks=1 runs that field's only")
  func liveField() throws {
    let stub = try CheckStub()
    let (server, folder) = try Self.serve(email: stub.url("/email"), password: stub.url("/pass"))
    defer { folder.remove() }
    let typing = try server.post("signup", Self.body(email: "taken@example.jp"), query: "?field=email")
    #expect(typing.status == 200)
    #expect(stub.requests.isEmpty)
    let json = try #require(typing.json)
    #expect(json["valid"] as? Bool == true)
    let notRun = try #require(json["checksNotRun"] as? [[String: Any]])
    #expect(Set(notRun.compactMap { $0["check"] as? String }) == ["emailAvailable", "notReused"])
    #expect(notRun.allSatisfy { $0["reason"] as? String == "notGiven" })

    let blur = try server.post("signup", Self.body(email: "taken@example.jp"), query: "?field=email&checks=1")
    #expect(blur.status == 200)
    #expect(stub.requests.map(\.requestLine) == ["POST /email HTTP/1.1"])
    let blurred = try #require(blur.json)
    #expect(blurred["valid"] as? Bool == false)
    let fields = try #require(blurred["fields"] as? [String: [String: Any]])
    let failures = try #require(fields["email"]?["failures"] as? [[String: Any]])
    #expect(failures.map { $0["code"] as? String } == ["emailAvailable"])
    let stillNotRun = try #require(blurred["checksNotRun"] as? [[String: Any]])
    #expect(stillNotRun.map { $0["check"] as? String } == ["notReused"])
    #expect(!blur.text.contains("S3cret") && !server.log.contains("taken@example.jp"))

    let bad = try server.post("signup", Self.body(email: "taken@example.jp"), query: "?field=email&checks=yes")
    #expect(bad.status == 400)
  }

  @Test("without --check a rules file's check still fails closed, and the server says so at start")
  func noEndpoint() throws {
    let folder = try ScratchFolder(["signup.json": Self.rules])
    defer { folder.remove() }
    let server = try ServerProcess(["--rules", folder.url.path])
    let response = try server.post("signup", Self.body(email: "free@example.jp"))
    #expect(response.status == 422)
    #expect(Self.codes(response, field: "email") == ["check.unavailable"])
    #expect(server.log.contains(#""event":"checksWithoutClosure""#))
    #expect(server.log.contains("signup: emailAvailable"))
  }

  @Test("a misspelt or malformed --check is refused at start")
  func badOptions() throws {
    let folder = try ScratchFolder(["signup.json": Self.rules])
    defer { folder.remove() }
    let misspelt = try ValidateBinary.run(
      [
        "serve", "--rules", folder.url.path, "--listen", "127.0.0.1:0", "--check",
        "emailAvaliable=http://127.0.0.1:9/x",
      ], timeout: 20)
    #expect(misspelt.status == 2)
    #expect(misspelt.stderr.contains(#"no rules file names the check "emailAvaliable""#))
    #expect(misspelt.stderr.contains(#"did you mean "emailAvailable"?"#))
    for bad in [
      ["--check", "emailAvailable"], ["--check", "emailAvailable=ftp://127.0.0.1/x"],
      ["--check", "emailAvailable=http://user:pw@127.0.0.1/x"], ["--check", "=http://127.0.0.1/x"],
      ["--check-timeout", "0"], ["--check-timeout", "61"], ["--check-timeout", "nan"],
    ] {
      let result = try ValidateBinary.run(
        ["serve", "--rules", folder.url.path, "--listen", "127.0.0.1:0"] + bad, timeout: 20)
      #expect(result.status == 2, "\(bad): \(result.stderr)")
      #expect(!result.stderr.contains("pw@"), "the URL's secrets are not echoed")
    }
  }

  @Test("a reload keeps the endpoints; one that drops a --check name fails and keeps the old rules")
  func reload() throws {
    let stub = try CheckStub()
    let folder = try ScratchFolder(["signup.json": Self.rules])
    defer { folder.remove() }
    let server = try ServerProcess([
      "--rules", folder.url.path, "--admin-listen", "127.0.0.1:0", "--check", "emailAvailable=\(stub.url("/email"))",
      "--check", "notReused=\(stub.url("/pass"))",
    ])
    let json = ["Content-Type": "application/json"]
    #expect(try server.request("POST", "/admin/reload", headers: json, admin: true).status == 200)
    let taken = try server.post("signup", Self.body(email: "taken@example.jp"))
    #expect(Self.codes(taken, field: "email") == ["emailAvailable"])
    try folder.write("signup.json", Self.rules.replacingOccurrences(of: #", {"check": "notReused"}"#, with: ""))
    let failed = try server.request("POST", "/admin/reload", headers: json, admin: true)
    #expect(failed.status == 422)
    #expect(failed.text.contains(#"no rules file names the check \"notReused\""#), "\(failed.text)")
    #expect(stub.requests.count == 2)
    _ = try server.post("signup", Self.body(email: "taken@example.jp"))
    #expect(stub.requests.count == 4, "the old rules, with both checks, are still served")
  }

  @Test("SIGTERM while a check is waiting stops cleanly, without waiting for the endpoint")
  func stopWhileSuspended() throws {
    let stub = try CheckStub()
    let folder = try ScratchFolder(["signup.json": Self.rules])
    defer { folder.remove() }
    let server = try ServerProcess([
      "--rules", folder.url.path, "--check", "emailAvailable=\(stub.url("/slow"))", "--check",
      "notReused=\(stub.url("/pass"))", "--check-timeout", "20", "--drain-timeout", "0",
    ])
    let client = try RawClient(port: server.port)
    let body = Array(Self.body(email: "free@example.jp").utf8)
    try client.send(
      "POST /v1/rules/signup/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.count)\r\n\r\n")
    try client.send(body)
    for _ in 0..<200 where stub.requests.isEmpty { usleep(10_000) }
    #expect(!stub.requests.isEmpty)
    let start = Date()
    #expect(server.terminate(within: 10) == 0)
    #expect(Date().timeIntervalSince(start) < 2.5)
    let answer = String(decoding: client.readAll(), as: UTF8.self)
    #expect(answer.isEmpty || answer.hasPrefix("HTTP/1.1 503"), "\(answer)")
  }
}
