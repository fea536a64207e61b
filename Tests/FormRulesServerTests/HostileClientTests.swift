import FormRules
import FormRulesTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The December 2026 red-team classes (docs/bad-input.md, "Hostile HTTP clients"): each one
/// over raw loopback sockets, bounded in time and count.
@Suite("validate serve: hostile HTTP clients (N1-N10)", .serialized)
struct HostileClientTests {
  /// The status of the first response on a fresh connection that sends `raw`, and whether the
  /// server closed the connection after it (nil status: no response at all).
  static func exchange(_ port: Int, _ raw: String, timeout: Int = 5) throws -> (
    status: Int?, text: String, closed: Bool
  ) {
    let client = try RawClient(port: port, timeout: timeout)
    try client.send(raw)
    let bytes = client.readAll()
    let text = String(decoding: bytes, as: UTF8.self)
    let status = text.hasPrefix("HTTP/1.1 ") ? Int(text.dropFirst(9).prefix(3)) : nil
    // readAll returns at close or at the receive timeout; a second response means kept alive.
    let responses = ("\n" + text).components(separatedBy: "\nHTTP/1.1 ").count - 1
    return (status, text, responses == 1 && bytes.count > 0)
  }

  /// Parses `/metrics` with the Prometheus client library's own parser (`prometheus_client`,
  /// Debian `python3-prometheus-client`); returns the parser's error, or nil.
  static func prometheusParse(_ text: String) throws -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      "-c",
      "import sys\nfrom prometheus_client.parser import text_string_to_metric_families as p\n"
        + "n = sum(len(f.samples) for f in p(sys.stdin.read()))\nprint(n)",
    ]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    try process.run()
    input.fileHandleForWriting.write(Data(text.utf8))
    try input.fileHandleForWriting.close()
    let result = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return process.terminationStatus == 0 ? nil : result
  }

  @Test("N1: methods are a closed label set, non-tokens get 400, unknown tokens 501, /metrics parses")
  func methods() throws {
    let server = try ServerProcess(["--rules", "Rules", "--no-web"])
    let port = server.port
    // A quote, a backslash, a brace, UTF-8, a control: not tokens.
    for method in ["A\"B", "A\\B", "{x}", "メソッド", "A\u{7}B"] {
      let answer = try Self.exchange(port, "\(method) /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(answer.status == 400, "\(method.debugDescription): \(answer.text)")
      #expect(answer.text.contains("application/problem+json"))
    }
    // Tokens the server does not know, however long: 501, and never echoed.
    let long = String(repeating: "M", count: 4000)
    for method in ["BREW", "M1234", long] {
      let answer = try Self.exchange(port, "\(method) /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(answer.status == 501, "\(method.prefix(20))")
      #expect(!answer.text.contains("MMMMMMMMMMMMMMMM"))
    }
    // 300 unique 8 KB-ish methods from one client leave the label set as it was.
    for i in 0..<300 {
      _ = try? Self.exchange(port, "M\(i)\(String(repeating: "x", count: 7000)) /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    }
    #expect(try server.request("DELETE", "/healthz").status == 405)
    #expect(try server.request("HEAD", "/healthz").status == 200)
    let metrics = try server.request("GET", "/metrics").text
    let methods = Set(
      metrics.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("formrules_http_requests_total{"), let start = line.range(of: "method=\"") else {
          return nil
        }
        return String(line[start.upperBound...].prefix { $0 != "\"" })
      })
    #expect(methods.isSubset(of: ["GET", "HEAD", "POST", "OPTIONS", "other"]), "\(methods)")
    #expect(methods.contains("other"))
    #expect(metrics.utf8.count < 20_000)
    #expect(try Self.prometheusParse(metrics) == nil)
    // The access log names the label, never the method sent.
    server.signal(SIGTERM)
    _ = server.waitForExit(20)
    #expect(!server.log.contains("xxxxxxxxxx"))
    #expect(!server.log.contains("A\\\"B"))
    #expect(server.log.contains("\"method\":\"other\""))
  }

  @Test("N4/N7: strict framing: the RFC 9112 answer for each case of the review's table, and a close")
  func framing() throws {
    let server = try ServerProcess(["--rules", "Rules", "--no-web"])
    let port = server.port
    let smuggled = "GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n"
    let post = "POST /v1/rules/login/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    let cases: [(String, String, Int)] = [
      ("two differing Content-Length", post + "Content-Length: 2\r\nContent-Length: 35\r\n\r\n{}" + smuggled, 400),
      ("the same, the other order", post + "Content-Length: 35\r\nContent-Length: 2\r\n\r\n{}" + smuggled, 400),
      (
        "TE and CL", post + "Transfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n2\r\n{}\r\n0\r\n\r\n" + smuggled,
        400
      ),
      (
        "CL and TE", post + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" + smuggled,
        400
      ),
      ("space before the colon", post + "Transfer-Encoding : chunked\r\nContent-Length: 12\r\n\r\n{}" + smuggled, 400),
      ("xchunked", post + "Transfer-Encoding: xchunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" + smuggled, 501),
      ("gzip, chunked", post + "Transfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" + smuggled, 501),
      ("chunked, identity", post + "Transfer-Encoding: chunked, identity\r\n\r\n2\r\n{}\r\n0\r\n\r\n" + smuggled, 400),
      ("identity, chunked", post + "Transfer-Encoding: identity, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" + smuggled, 501),
      ("two Host headers", "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
      ("no Host in HTTP/1.1", "GET /healthz HTTP/1.1\r\nX-A: b\r\n\r\n", 400),
      ("a space in the target", "GET /heal thz HTTP/1.1\r\nHost: x\r\n\r\n", 400),
      ("a bare CR in a value", "GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n", 400),
      ("a space in a name", "GET /healthz HTTP/1.1\r\nHost: x\r\nX A: b\r\n\r\n", 400),
      ("Content-Encoding: gzip", post + "Content-Encoding: gzip\r\nContent-Length: 2\r\n\r\n{}", 415),
      ("%00 in the path", "GET /metrics%00.css HTTP/1.1\r\nHost: x\r\n\r\n", 400),
      ("%00 in a rules name", "GET /v1/rules/login%00/validate HTTP/1.1\r\nHost: x\r\n\r\n", 400),
      ("%2F in the path", "POST /v1/rules/login%2fvalidate HTTP/1.1\r\nHost: x\r\n\r\n", 400),
      ("a bad escape", "GET /heal%zzthz HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ]
    for (name, raw, status) in cases {
      let answer = try Self.exchange(port, raw)
      #expect(answer.status == status, "\(name): \(answer.text.prefix(300))")
      #expect(answer.closed, "\(name): the connection must close; got \(answer.text.prefix(400))")
      #expect(!answer.text.contains("\"status\":\"ready\""), "\(name): the smuggled request ran")
      #expect(answer.text.contains("nosniff"), "\(name)")
    }
    // Routing reads the raw path: an escaped letter names no route.
    #expect(try server.request("GET", "/v1/rules/signup/validate%2Dbatch").status == 404)
    // Acceptable forms still work: CHUNKED in capitals, an absolute-form target.
    let upper = try Self.exchange(
      port, post + "Connection: close\r\nTransfer-Encoding: CHUNKED\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
    #expect(upper.status == 422)
    let absolute = try Self.exchange(
      port, "GET http://evil.example/healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(absolute.status == 200, "\(absolute.text)")
    // Many query arguments: 414, never silence (N7).
    for count in [65, 300, 478, 1000, 2000] {
      let query = (0..<count).map { _ in "a=b" }.joined(separator: "&")
      let answer = try Self.exchange(port, "GET /healthz?\(query) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      #expect(answer.status == 414, "\(count) arguments: \(answer.text.prefix(200))")
    }
    #expect(try server.request("GET", "/healthz?a=b&c=d").status == 200)
    // Still answering.
    #expect(try server.request("GET", "/readyz").status == 200)
  }

  @Test("N3/N6: the body budget: 503 with Retry-After when spent, streaming batches, a line cap")
  func budget() throws {
    let server = try ServerProcess([
      "--rules", "Rules", "--no-web", "--max-buffered-bytes", "\(4 << 20)", "--max-batch-lines", "1000",
      "--max-batch-bytes", "\(8 << 20)", "--request-timeout", "20",
    ])
    let port = server.port
    // Unfinished uploads that each announce 60,000 bytes: 69 of them fill the 4 MiB budget, by
    // their Content-Length, before a byte of their bodies is read.
    var holders: [RawClient] = []
    for _ in 0..<70 {
      let client = try RawClient(port: port)
      try client.send(
        "POST /v1/rules/signup/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n"
      )
      holders.append(client)
    }
    usleep(200_000)
    var refused = 0
    for _ in 0..<3 {
      let client = try RawClient(port: port, timeout: 5)
      try client.send(
        "POST /v1/rules/signup/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n"
      )
      let response = try client.readResponse()
      #expect(response.status == 503)
      if response.status == 503 {
        refused += 1
        #expect(response.header("Retry-After") == "1")
        #expect(response.header("Content-Type") == "application/problem+json")
      }
    }
    #expect(refused == 3)
    let metrics = try server.request("GET", "/metrics").text
    // The 70th holder was refused too: 69 × 60,000 bytes fill the budget.
    #expect(metrics.contains("formrules_http_body_budget_refusals_total \(refused + 1)"))
    #expect(metrics.contains("formrules_http_buffered_bytes 4140000"))
    #expect(try Self.prometheusParse(metrics) == nil)
    holders.removeAll()
    usleep(300_000)
    // Released: a normal request is answered again.
    #expect(try server.post("login", #"{"email": "taro@example.jp", "password": "abcdefg"}"#).status == 200)

    // N6: 8 MiB of empty lines is 413 (the line cap), not 1.9 GB of reports; the output is dropped at once.
    let empty = [UInt8](repeating: 0x0A, count: 1 << 20)
    let nl = try server.request(
      "POST", "/v1/rules/signup/validate-batch", headers: ["Content-Type": "application/x-ndjson"], body: empty)
    #expect(nl.status == 413)
    #expect(nl.text.contains("1000 lines"))
    // A batch within the cap streams its reports, line by line, in order.
    let line = #"{"email": "taro@example.jp", "password": "abcdefg", "passwordConfirmation": "abcdefg"}"#
    let lines = String(repeating: line + "\n", count: 999) + "not json"
    let batch = try server.request(
      "POST", "/v1/rules/signup/validate-batch", headers: ["Content-Type": "application/x-ndjson"],
      body: Array(lines.utf8))
    #expect(batch.status == 200)
    let reports = batch.text.split(separator: "\n")
    #expect(reports.count == 1000)
    #expect(reports.last?.contains("input.malformed") == true)
    #expect(!batch.text.contains("abcdefg"))
  }

  @Test("N2: a header block trickled byte by byte is cut at --header-timeout, counted and logged")
  func headerDeadline() throws {
    let server = try ServerProcess([
      "--rules", "Rules", "--no-web", "--header-timeout", "2", "--idle-timeout", "30", "--max-connections", "40",
      "--max-connections-per-ip", "0",
    ])
    let port = server.port
    let stop = Atomic<Bool>(false)
    let cutAfter = Locked<[Double]>([])
    var threads: [Thread] = []
    // 40 tricklers fill the connection limit; each sends a byte every 0.5 s (never idle).
    for _ in 0..<40 {
      let thread = Thread {
        guard let client = try? RawClient(port: port, timeout: 1) else { return }
        let start = Date()
        try? client.send("GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: ")
        while !stop.load(ordering: .relaxed), Date().timeIntervalSince(start) < 10 {
          usleep(500_000)
          if (try? client.send("a")) == nil { break }
        }
        cutAfter.withLock { $0.append(Date().timeIntervalSince(start)) }
      }
      threads.append(thread)
      thread.start()
    }
    defer { stop.store(true, ordering: .relaxed) }
    usleep(500_000)
    // A normal client gets in once the tricklers are cut (2 s plus a sweep), well within its timeout.
    let start = Date()
    let health = try server.request("GET", "/healthz")
    #expect(health.status == 200)
    #expect(Date().timeIntervalSince(start) < 8)
    for _ in 0..<120 where cutAfter.withLock({ $0.count }) < 40 { usleep(100_000) }
    let times = cutAfter.withLock { $0 }
    #expect(times.count == 40)
    #expect(times.allSatisfy { $0 < 8 }, "\(times.sorted().suffix(3))")
    let metrics = try server.request("GET", "/metrics").text
    let line = metrics.split(separator: "\n").first { $0.hasPrefix("formrules_http_header_timeouts_total ") }
    #expect((line?.split(separator: " ").last.flatMap { Int($0) } ?? 0) >= 40)
    #expect(metrics.contains("formrules_http_connection_limit_reached_total"))
    #expect(server.log.contains("\"event\":\"headerTimeout\""))
    #expect(server.log.contains("\"event\":\"connectionLimit\""))
    #expect(try Self.prometheusParse(metrics) == nil)
  }

  @Test("N2: on a kept-alive connection the next headers get --idle-timeout more; an idle one is not counted")
  func keptAliveDeadline() throws {
    let server = try ServerProcess([
      "--rules", "Rules", "--no-web", "--header-timeout", "1", "--idle-timeout", "1",
    ])
    let request = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
    // Idle after one request: closed by the idle timeout, not counted as a header timeout.
    let idle = try RawClient(port: server.port, timeout: 6)
    try idle.send(request)
    let start = Date()
    #expect(idle.isClosedByServer())
    #expect(Date().timeIntervalSince(start) < 4)
    // One request, then a header block trickled every 0.3 s: cut after idle + header timeouts.
    let trickler = try RawClient(port: server.port, timeout: 1)
    try trickler.send(request)
    var buffer = [UInt8](repeating: 0, count: 4096)
    _ = buffer.withUnsafeMutableBytes { recv(trickler.fd, $0.baseAddress, $0.count, 0) }
    let began = Date()
    try trickler.send("GET /healthz HTTP/1.1\r\nX-A: ")
    var cut: Double?
    while Date().timeIntervalSince(began) < 6 {
      usleep(300_000)
      if (try? trickler.send("a")) == nil {
        cut = Date().timeIntervalSince(began)
        break
      }
    }
    #expect(cut != nil)
    #expect((cut ?? 0) > 1.5, "\(cut ?? 0)")
    let metrics = try server.request("GET", "/metrics").text
    #expect(metrics.contains("formrules_http_header_timeouts_total 1\n"), "\(metrics)")
  }

  @Test("N12: a malformed sibling tests file keeps the server from starting and a reload from succeeding")
  func brokenSiblingTests() throws {
    let folder = try ScratchFolder(["login.json": loginRules, "login.tests.json": "[{"])
    defer { folder.remove() }
    let run = try ValidateBinary.run(
      ["serve", "--rules", folder.url.path, "--listen", "127.0.0.1:0"], timeout: 20)
    #expect(run.status == 2)
    #expect(run.stderr.contains("login.tests.json"))
    #expect(run.stderr.contains("nothing is served"))
    // Started with valid files, a broken one at reload keeps the old rules (documented in docs/server.md).
    try folder.write("login.tests.json", "[]")
    let server = try ServerProcess(["--rules", folder.url.path, "--no-web"])
    try folder.write("login.tests.json", "[{")
    server.signal(SIGHUP)
    var failed = false
    for _ in 0..<200 where !failed {
      usleep(25_000)
      failed = server.log.contains("\"result\":\"failed\"")
    }
    #expect(failed)
    #expect(server.log.contains("login.tests.json"))
    #expect(try server.request("GET", "/readyz").json?["generation"] as? Int == 1)
    #expect(try server.post("login", #"{"email": "taro@example.jp", "password": "abcdefg"}"#).status == 200)
  }

  @Test("N8/N9: origins must be scheme://host[:port], Vary: Origin always, admin refuses browsers and other Hosts")
  func originsAndAdmin() throws {
    for bad in ["null", "https://shop.example/", "shop.example", "https://*.example.com", "ftp://x", "https://x:99999"]
    {
      let run = try ValidateBinary.run(["serve", "--rules", "Rules", "--allow-origin", bad, "--listen", "127.0.0.1:0"])
      #expect(run.status == 2, "\(bad)")
    }
    let server = try ServerProcess([
      "--rules", "Rules", "--no-web", "--allow-origin", "https://shop.example", "--allow-origin", "http://[::1]:8080",
      "--admin-listen", "127.0.0.1:0",
    ])
    let plain = try server.request("GET", "/v1/rules/login")
    #expect(plain.header("Vary")?.contains("Origin") == true)
    #expect(plain.header("Access-Control-Allow-Origin") == nil)
    let matched = try server.request("GET", "/v1/rules/login", headers: ["Origin": "https://shop.example"])
    #expect(matched.header("Access-Control-Allow-Origin") == "https://shop.example")
    #expect(matched.header("Vary")?.components(separatedBy: "Origin").count == 2)
    // The admin API.
    let crossSite = try server.request(
      "POST", "/admin/reload", headers: ["Origin": "https://evil.example", "Content-Type": "text/plain"],
      body: Array("x".utf8), admin: true)
    #expect(crossSite.status == 403)
    let simple = try server.request(
      "POST", "/admin/reload", headers: ["Content-Type": "text/plain"], body: Array("x".utf8), admin: true)
    #expect(simple.status == 415)
    let client = try RawClient(port: server.adminPort)
    try client.send("GET /admin/status HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
    #expect(try client.readResponse().status == 421)
    let status = try RawClient(port: server.adminPort)
    try status.send("GET /admin/status HTTP/1.1\r\nHost: 127.0.0.1:\(server.adminPort)\r\nConnection: close\r\n\r\n")
    #expect(try status.readResponse().status == 200)
    let reload = try RawClient(port: server.adminPort)
    try reload.send(
      "POST /admin/reload HTTP/1.1\r\nHost: localhost:\(server.adminPort)\r\nContent-Type: application/json\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    )
    #expect(try reload.readResponse().status == 200)
  }
}
