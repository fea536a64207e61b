import FormRules
import FormRulesHTTP
import Foundation
import Testing

/// FormRulesHTTP's `HTTPCheck` alone: the contract's request and answer, and every way an
/// endpoint can fail to decide, against the loopback stub.
@Suite("HTTPCheck: a named check over HTTP")
struct HTTPCheckTests {
  static let request = CheckRequest(
    check: "emailAvailable", field: "email", value: "taken@example.jp",
    values: ["email": "taken@example.jp", "name": "山田\u{3000}太郎 e\u{301} 🔑 \"q\"\\"])

  @Test("the body is {check, field, value, values} as JSON, escaped, values sorted")
  func body() throws {
    let bytes = HTTPCheck.requestBody(Self.request)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix(#"{"check":"emailAvailable","field":"email","value":"taken@example.jp","values":{"email":"#))
    let parsed = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    #expect(parsed["values"] as? [String: String] == Self.request.values)
  }

  @Test(
    "an answer decides only as 2xx with a boolean pass",
    arguments: [
      (200, #"{"pass": true}"#, true as Bool?), (200, #"{"pass": false, "why": "taken"}"#, false),
      (204, #"{"pass": true}"#, true), (500, #"{"pass": true}"#, nil), (302, "", nil), (200, "", nil),
      (200, #"{"pass": 1}"#, nil), (200, #"{"pass": "true"}"#, nil), (200, "[true]", nil), (200, #"{"pass": tru"#, nil),
      (200, #"{"Pass": true}"#, nil), (200, "\u{FEFF}" + #"{"pass": true}"#, true),
    ])
  func decision(_ status: Int, _ body: String, _ expected: Bool?) {
    let decided = try? HTTPCheck.decision(status: status, body: Array(body.utf8))
    #expect(decided == expected, "\(status) \(body)")
  }

  @Test("an answer of invalid UTF-8 or over 4096 bytes decides nothing")
  func hostileAnswers() {
    #expect((try? HTTPCheck.decision(status: 200, body: [0x7B, 0xFF, 0xFE, 0x7D])) == nil)
    let long = Array((#"{"pass": true, "x": ""# + String(repeating: "a", count: 5000) + #""}"#).utf8)
    #expect(throws: HTTPCheckError.self) { try HTTPCheck.decision(status: 200, body: long) }
  }

  @Test("pass, fail, and no decision from a live endpoint; the observer sees each outcome")
  func live() async throws {
    let stub = try CheckStub()
    let seen = Seen()
    func check(_ path: String, timeout: Duration = .seconds(1)) throws -> HTTPCheck {
      try HTTPCheck(name: "emailAvailable", url: stub.url(path), timeout: timeout) { _, outcome in seen.add(outcome) }
    }
    #expect(try await check("/pass").decide(Self.request) == true)
    #expect(try await check("/fail").decide(Self.request) == false)
    await #expect(throws: HTTPCheckError.status(500)) { try await check("/error").decide(Self.request) }
    await #expect(throws: HTTPCheckError.status(307)) { try await check("/redirect").decide(Self.request) }
    await #expect(throws: HTTPCheckError.timedOut) {
      try await check("/slow", timeout: .milliseconds(200)).decide(Self.request)
    }
    let dead = try HTTPCheck(name: "emailAvailable", url: "http://127.0.0.1:\(try CheckStub.deadPort())/x")
    do {
      _ = try await dead.decide(Self.request)
      Issue.record("a closed port decided")
    } catch {
      #expect(error.kind == "unreachable", "\(error)")
    }
    #expect(seen.outcomes.count == 5)
    #expect(seen.outcomes.first == .passed)
    #expect(stub.requests.allSatisfy { $0.requestLine.hasSuffix(" HTTP/1.1") && !$0.requestLine.contains("taken") })
  }

  @Test("cancelling the caller ends the request before the answer, not at the timeout")
  func cancellation() async throws {
    let stub = try CheckStub()
    // The stub answers {"pass": true} 10 s after the request arrives; the timeout is 30 s.
    let check = try HTTPCheck(name: "emailAvailable", url: stub.url("/slower"), timeout: .seconds(30))
    let task = Task { try await check.decide(Self.request) }
    for _ in 0..<300 where stub.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
    #expect(stub.requests.count == 1)
    task.cancel()
    // `true` would mean the call waited for the answer.
    await #expect(throws: HTTPCheckError.cancelled) { try await task.value }
  }

  @Test("a sub-second timeout is kept (libcurl's timers count whole seconds)")
  func subSecondTimeout() async throws {
    let stub = try CheckStub()
    let quick = try HTTPCheck(name: "emailAvailable", url: stub.url("/pass"), timeout: .milliseconds(900))
    #expect(try await quick.decide(Self.request) == true)
    let slow = try HTTPCheck(name: "emailAvailable", url: stub.url("/slow"), timeout: .milliseconds(300))
    await #expect(throws: HTTPCheckError.timedOut) { try await slow.decide(Self.request) }
  }

  @Test("as the policy's check: a due check over HTTP, and check.unavailable when the endpoint fails")
  func throughThePolicy() async throws {
    let stub = try CheckStub()
    let rules = #"""
      {"version": 1, "fields": {"email": {"label": {"en": "Email", "ja": "メール"},
        "rules": [{"email": "practical"}, {"check": "emailAvailable"}]}}}
      """#
    for (path, code) in [("/email", "emailAvailable"), ("/error", "check.unavailable")] {
      let check = try HTTPCheck(name: "emailAvailable", url: stub.url(path))
      let policy = try RuleSet(data: Array(rules.utf8)).compile(checks: [check.asyncCheck()])
      let report = await policy.validate(["email": "taken@example.jp"], checks: [])
      #expect(report.fields["email"]?.failures.map(\.code) == [code])
      #expect(report.messages(locale: "en").fields.first { $0.name == "email" }?.messages.isEmpty == false)
    }
    #expect(throws: HTTPCheckError.self) { try HTTPCheck(name: "bad name", url: "http://127.0.0.1/x") }
    #expect(throws: HTTPCheckError.self) { try HTTPCheck(name: "a", url: "file:///etc/passwd") }
    #expect(throws: HTTPCheckError.self) { try HTTPCheck(name: "a", url: "http://u:p@127.0.0.1/x") }
  }
}

/// Outcomes seen by an observer, from any thread.
final class Seen: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [HTTPCheck.Outcome] = []
  func add(_ outcome: HTTPCheck.Outcome) { lock.withLock { list.append(outcome) } }
  var outcomes: [HTTPCheck.Outcome] { lock.withLock { list } }
}
