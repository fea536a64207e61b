import FormRules
import FormRulesTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("validate serve: reload, drain, hostile clients, secrets", .serialized)
struct OperationsTests {
  static let form = #"{"email": "taro@example.jp", "password": "abcdefg"}"#

  @Test("reload under concurrent requests: good and bad sets, by SIGHUP and the admin API, none fails")
  func reload() throws {
    let folder = try ScratchFolder(["login.json": loginRules])
    defer { folder.remove() }
    let server = try ServerProcess(["--rules", folder.url.path, "--admin-listen", "127.0.0.1:0", "--threads", "2"])
    let port = server.port
    let stop = Atomic<Bool>(false)
    let unexpected = Locked<[String]>([])
    let counts = Locked<[Int: Int]>([:])
    var threads: [Thread] = []
    for _ in 0..<4 {
      let thread = Thread {
        while !stop.load(ordering: .relaxed) {
          do {
            let client = try RawClient(port: port)
            let body = Array(OperationsTests.form.utf8)
            try client.send(
              "POST /v1/rules/login/validate HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
            )
            try client.send(body)
            let response = try client.readResponse()
            counts.withLock { $0[response.status, default: 0] += 1 }
            if response.status != 200 && response.status != 422 {
              unexpected.withLock { $0.append("\(response.status): \(response.text)") }
            }
          } catch {
            unexpected.withLock { $0.append("\(error)") }
          }
        }
      }
      threads.append(thread)
      thread.start()
    }
    defer { stop.store(true, ordering: .relaxed) }
    usleep(300_000)
    // minLength 6 → valid; raise to 8 → invalid after the reload.
    #expect(try server.post("login", Self.form).status == 200)
    try folder.write("login.json", loginRules.replacingOccurrences(of: "\"minLength\": 6", with: "\"minLength\": 8"))
    server.signal(SIGHUP)
    var reloaded = false
    for _ in 0..<200 where !reloaded {
      usleep(25_000)
      reloaded = try server.request("GET", "/readyz").json?["generation"] as? Int == 2
    }
    #expect(reloaded)
    #expect(try server.post("login", Self.form).status == 422)

    // A broken set keeps the old one, and says why in the log, the metrics and the admin API.
    try folder.write("login.json", loginRules.replacingOccurrences(of: "minLength", with: "minLenght"))
    server.signal(SIGHUP)
    var failedLogged = false
    for _ in 0..<200 where !failedLogged {
      usleep(25_000)
      failedLogged = server.log.contains("\"result\":\"failed\"")
    }
    #expect(failedLogged)
    #expect(server.log.contains("minLenght"))
    #expect(try server.post("login", Self.form).status == 422)
    let metrics = try server.request("GET", "/metrics").text
    #expect(metrics.contains("formrules_rules_last_reload_success 0"))
    #expect(metrics.contains("formrules_rules_generation 2"))
    let admin = try server.request("POST", "/admin/reload", headers: ["Content-Type": "application/json"], admin: true)
    #expect(admin.status == 422)
    #expect((admin.json?["problems"] as? [String])?.first?.contains("minLenght") == true)

    // Fixed again, through the admin API.
    try folder.write("login.json", loginRules)
    let fixed = try server.request("POST", "/admin/reload", headers: ["Content-Type": "application/json"], admin: true)
    #expect(fixed.status == 200)
    #expect(fixed.json?["generation"] as? Int == 3)
    #expect(try server.post("login", Self.form).status == 200)
    #expect(try server.request("GET", "/admin/status", admin: true).json?["lastReload"] as? String == "succeeded")
    // The admin routes are not on the public port.
    #expect([404, 405].contains(try server.request("POST", "/admin/reload").status))

    stop.store(true, ordering: .relaxed)
    usleep(200_000)
    let seen = counts.withLock { $0 }
    #expect(unexpected.withLock { $0 }.isEmpty, "\(unexpected.withLock { $0.prefix(5) })")
    #expect((seen[200] ?? 0) > 0 && (seen[422] ?? 0) > 0, "\(seen)")
    #expect(server.terminate() == 0)
  }

  /// Starts `validate serve ARGUMENTS` that must fail to load; returns its standard error.
  static func failedStart(_ arguments: [String]) throws -> (status: Int32, log: String) {
    let process = try ValidateBinary.process(["serve", "--listen", "127.0.0.1:0", "--no-web"] + arguments)
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let pid = process.processIdentifier
    // A server that starts anyway must not stall the run.
    DispatchQueue.global().asyncAfter(deadline: .now() + 10) { if process.isRunning { kill(pid, SIGKILL) } }
    let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, log)
  }

  @Test("rules are confined by default: an extends with .. or an absolute path is refused at load and at reload")
  func confinedByDefault() throws {
    // `..` that stays under the rules path, and an absolute path to a file in it: both refused.
    let folder = try ScratchFolder([
      "base.json": loginRules,
      "tenant/rules.json": #"{"version": 1, "extends": "../base.json"}"#,
    ])
    defer { folder.remove() }
    let dotted = try Self.failedStart(["--rules", folder.url.path])
    #expect(dotted.status == 2)
    #expect(
      dotted.log.contains(
        #"tenant/rules.json: extends: "../base.json" is outside the folder of rules.json; --confine allows only relative paths below it"#
      ), "\(dotted.log)")
    #expect(dotted.log.contains("did not load; nothing is served"))
    try folder.write("tenant/rules.json", #"{"version": 1, "extends": "\#(folder.url.path)/base.json"}"#)
    let absolute = try Self.failedStart(["--rules", folder.url.path])
    #expect(absolute.status == 2)
    #expect(absolute.log.contains(#"extends: "\#(folder.url.path)/base.json" is outside the folder of rules.json"#))

    // --trusted-rules: the same files load, since they stay under --rules.
    try folder.write("tenant/rules.json", #"{"version": 1, "extends": "../base.json"}"#)
    let trusted = try ServerProcess(["--rules", folder.url.path, "--trusted-rules", "--no-web"])
    #expect(try trusted.request("GET", "/v1/rules/rules").status == 200)

    // A reload is confined too: the old generation keeps serving, the log says why.
    let served = try ScratchFolder(["tenant/rules.json": loginRules, "shared.json": loginRules])
    defer { served.remove() }
    let server = try ServerProcess(["--rules", served.url.path, "--admin-listen", "127.0.0.1:0", "--no-web"])
    #expect(try server.post("rules", Self.form).status == 200)
    try served.write("tenant/rules.json", #"{"version": 1, "extends": "../shared.json"}"#)
    let reload = try server.request("POST", "/admin/reload", headers: ["Content-Type": "application/json"], admin: true)
    #expect(reload.status == 422)
    #expect(
      (reload.json?["problems"] as? [String])?.first?.contains(#"extends: "../shared.json" is outside the folder"#)
        == true,
      "\(reload.text)")
    #expect(try server.post("rules", Self.form).status == 200)
  }

  @Test("SIGTERM drains: the request in flight is answered, new connections are refused, exit 0")
  func drain() throws {
    let server = try ServerProcess(["--rules", "Rules/login.json", "--drain-timeout", "10"])
    let body = Array(Self.form.utf8)
    let slow = try RawClient(port: server.port)
    try slow.send(
      "POST /v1/rules/login/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
    )
    try slow.send(Array(body[0..<10]))
    usleep(200_000)
    server.signal(SIGTERM)
    usleep(300_000)
    #expect(server.process.isRunning)
    #expect((try? RawClient(port: server.port)) == nil)
    try slow.send(Array(body[10...]))
    let response = try slow.readResponse()
    #expect(response.status == 200)
    #expect(response.header("Connection")?.lowercased() == "close")
    #expect(server.waitForExit(10) == 0)
    #expect(server.log.contains("\"event\":\"stopped\",\"unfinished\":0"))
  }

  @Test("SIGTERM gives up on a request that does not finish within --drain-timeout, and still exits 0")
  func drainTimeout() throws {
    let server = try ServerProcess(["--rules", "Rules/login.json", "--drain-timeout", "1"])
    let stuck = try RawClient(port: server.port)
    try stuck.send(
      "POST /v1/rules/login/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
    )
    usleep(200_000)
    let started = Date()
    #expect(server.terminate(within: 10) == 0)
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(server.log.contains("\"unfinished\":1"))
  }

  @Test("hostile clients each get their status or a closed connection, and the server keeps serving")
  func hostileClients() throws {
    let server = try ServerProcess([
      "--rules", "Rules", "--request-timeout", "2", "--idle-timeout", "3", "--max-connections-per-ip", "0",
    ])
    let port = server.port
    func stillServing(_ note: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
      #expect(try server.post("login", Self.form).status == 200, "\(note)", sourceLocation: sourceLocation)
    }

    // Headers a byte at a time: slow, but a correct request.
    let trickle = try RawClient(port: port)
    let body = Array(Self.form.utf8)
    let request =
      Array(
        "POST /v1/rules/login/validate HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
          .utf8) + body
    for byte in request {
      try trickle.send([byte])
      usleep(1000)
    }
    #expect(try trickle.readResponse().status == 200)
    try stillServing("after the byte-at-a-time client")

    // A body that never ends (chunked, a chunk now and then): cut after --request-timeout.
    let endless = try RawClient(port: port)
    try endless.send(
      "POST /v1/rules/login/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    let started = Date()
    var closed = false
    while Date().timeIntervalSince(started) < 10 {
      do { try endless.send("1\r\n \r\n") } catch {
        closed = true
        break
      }
      usleep(200_000)
    }
    #expect(closed || endless.isClosedByServer())
    #expect(Date().timeIntervalSince(started) < 10)
    try stillServing("after the endless body")

    // Over the limit: by Content-Length a 413, by chunks a closed connection.
    let big = [UInt8](repeating: 0x20, count: 70_000)
    let declared = try server.request(
      "POST", "/v1/rules/login/validate", headers: ["Content-Type": "application/json"], body: big)
    #expect(declared.status == 413)
    let chunked = try RawClient(port: port)
    try chunked.send(
      "POST /v1/rules/login/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    var cut = false
    for _ in 0..<40 {
      do { try chunked.send("2000\r\n" + String(repeating: " ", count: 0x2000) + "\r\n") } catch {
        cut = true
        break
      }
    }
    #expect(cut || chunked.isClosedByServer())
    try stillServing("after the oversized chunked body")

    // Invalid HTTP.
    for garbage in [
      "HELLO\r\n\r\n", "GET / HTTP/9.9\r\n\r\n", "GET /healthz HTTP/1.1\r\nNo colon here\r\n\r\n",
      "\u{1}\u{2}\u{3}\r\n\r\n",
    ] {
      let client = try RawClient(port: port)
      try? client.send(garbage)
      let reply = String(decoding: client.readAll(), as: UTF8.self)
      #expect(
        reply.isEmpty || reply.hasPrefix("HTTP/1.1 4") || reply.hasPrefix("HTTP/1.1 5"),
        "\(garbage): \(reply.prefix(80))")
    }
    try stillServing("after invalid HTTP")

    // A client that disconnects mid-request.
    for _ in 0..<20 {
      let client = try RawClient(port: port)
      try client.send(
        "POST /v1/rules/login/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{\"email\""
      )
    }
    usleep(100_000)
    try stillServing("after clients went away mid-request")

    // 1,000 idle connections.
    var idle: [RawClient] = []
    for _ in 0..<1000 { idle.append(try RawClient(port: port)) }
    try stillServing("with 1,000 idle connections open")
    idle.removeAll()
    let metrics = try server.request("GET", "/metrics").text
    #expect(metrics.contains("formrules_http_requests_aborted_total"))
  }

  @Test("per-IP connection limit: the connection over it is closed at once, counted and logged")
  func perIPLimit() throws {
    let server = try ServerProcess(["--rules", "Rules", "--max-connections-per-ip", "3"])
    // Each held connection is answered once (keep-alive), so the server has surely accepted and
    // counted all three before the next ones arrive: a bare connect returns once the kernel's
    // backlog has it, which raced the server's accept.
    var held = try (0..<3).map { _ in try RawClient(port: server.port) }
    for client in held {
      try client.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(String(decoding: client.readSome(), as: UTF8.self).hasPrefix("HTTP/1.1 200"))
    }
    for _ in 0..<2 {
      let over = try RawClient(port: server.port, timeout: 5)
      #expect(over.isClosedByServer())
    }
    // The count follows closes: with the held connections gone, the address gets in again.
    // The server sees closes on its own thread: until it has, a new connection is still over the
    // limit and closed unanswered (and counted), so ask again, bounded, rather than sleep a guess.
    var refusedAgain = 0
    func admitted(_ path: String) throws -> HTTPResult {
      let deadline = Date().addingTimeInterval(10)
      while true {
        do { return try server.request("GET", path) } catch  where Date() < deadline {
          refusedAgain += 1
          usleep(20_000)
        }
      }
    }
    held.removeAll()
    let metrics = try admitted("/metrics").text
    #expect(
      metrics.contains("formrules_http_per_address_refusals_total \(2 + refusedAgain)\n"), "\(metrics)")
    // Two held again and one request: within the limit once /metrics's own connection is closed.
    held = try (0..<2).map { _ in try RawClient(port: server.port) }
    #expect(try admitted("/healthz").status == 200)
    _ = held
    #expect(server.terminate() == 0)
    // One rate-limited line for both refusals, without the client's address.
    let lines = server.log.split(separator: "\n").filter { $0.contains("\"event\":\"perAddressLimit\"") }
    #expect(lines.count == 1)
    #expect(lines.first?.contains("\"limit\":3") == true)
    #expect(!lines.contains { $0.contains("127.0.0.1") })
  }

  @Test("secrets: a sensitive value never appears in any response or in the log")
  func secrets() throws {
    let secret = "S3cr3t-Zebra-9417"
    let server = try ServerProcess(["--rules", "Rules"])
    var responses: [HTTPResult] = []
    let form = #"{"email": "taro@example.jp", "password": "\#(secret)", "password_confirmation": "\#(secret)x"}"#
    responses.append(try server.post("signup", form))
    responses.append(try server.post("signup", form, headers: ["Accept": "application/problem+json"]))
    responses.append(try server.post("signup", form, query: "?field=password"))
    responses.append(try server.post("signup", form, query: "?field=password_confirmation&locale=en"))
    responses.append(try server.post("signup", #"{"password": "\#(secret)" "#))
    responses.append(try server.post("signup", #"{"email": "\#(secret)", "password": 1}"#))
    responses.append(
      try server.request(
        "POST", "/v1/rules/signup/validate-batch", headers: ["Content-Type": "application/x-ndjson"],
        body: Array((form + "\n{\"password\": \"\(secret)\n").utf8)))
    responses.append(try server.request("GET", "/metrics"))
    for response in responses {
      #expect(!response.text.contains(secret), "\(response.text)")
      #expect(!response.text.contains("Zebra"))
    }
    #expect(server.terminate() == 0)
    #expect(!server.log.contains("Zebra"))
    #expect(server.log.contains("\"route\":\"/v1/rules/{name}/validate\""))
  }
}
