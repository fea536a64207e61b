import FormRules
import FormRulesBreachRange
import FormRulesHTTP
import FormRulesPassword
import FormRulesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `notBreached` in range mode (k-anonymity) through the project's own mirror
/// (`validate serve --breach-file`) and through stubs that answer wrong, late or not at all.
@Suite("notBreached range mode", .serialized)
struct BreachRangeTests {
  static let passwordHash = "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8"
  static let pAtHash = "21BD12DC183F740EE76F27B78EB39C8AD972A757"
  /// "correct horse battery staple": long enough for the NIST preset's own rules.
  static let passphraseHash = "ABF7AAD6438836DBE526AA231ABDE2D0EEF74D42"

  /// A downloader-format file (sorted `SHA1HEX:COUNT`, `\r\n`, as the downloader writes on
  /// Windows; `\n` works the same): the two passwords, neighbours under their prefixes, and filler.
  static func downloaderFile() -> String {
    var lines = [
      passwordHash + ":10434004", pAtHash + ":123", passphraseHash + ":2",
      "5BAA60000000000000000000000000000000000A:2", "5BAA6FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF:7",
      "21BD1000000000000000000000000000000000AA:1",
    ]
    var random = SeededRandom(seed: 28)
    let digits = Array("0123456789ABCDEF")
    for _ in 0..<2000 {
      lines.append(String((0..<40).map { _ in digits[Int(random.next() % 16)] }) + ":\(random.next() % 100 + 1)")
    }
    return lines.sorted().joined(separator: "\r\n") + "\r\n"
  }

  static func policy(range: String, extra: String = "") throws -> Policy {
    let rules = """
      {"version": 1, "fields": {"password": {"sensitive": true, "rules": [
        {"required": true}, {"notBreached": {"range": "\(range)"\(extra)}}]}}}
      """
    return try RuleSet(data: Array(rules.utf8), file: "range.json", registry: .standardWithBreachRange).compile()
  }

  static func codes(_ report: Report) -> [String] { report.fields["password"]?.errors.map(\.code) ?? [] }

  @Test("the mirror refuses password and P@ssw0rd, and leaks nothing past the prefix")
  func mirror() async throws {
    let scratch = try ScratchFolder(["pwned.txt": Self.downloaderFile()])
    defer { scratch.remove() }
    let server = try ServerProcess(["--rules", "Rules/login.json", "--breach-file", scratch.path("pwned.txt")])
    let policy = try Self.policy(range: "http://127.0.0.1:\(server.port)/range/")
    for password in ["password", "P@ssw0rd"] {
      let report = await policy.validate(["password": password], checks: [])
      #expect(Self.codes(report) == ["notBreached"], "\(password)")
      #expect(report.outcome == .invalid)
      #expect(report.checksNotRun.isEmpty)
    }
    let fine = await policy.validate(["password": "kumo no ue no sora 2026"], checks: [])
    #expect(fine.isValid)
    #expect(fine.checksNotRun.isEmpty)
    // minCount above the file's count lets P@ssw0rd (123) through, not password.
    let strict = try Self.policy(range: "http://127.0.0.1:\(server.port)/range/", extra: #", "minCount": 124"#)
    #expect(await strict.validate(["password": "P@ssw0rd"], checks: []).isValid)
    #expect(Self.codes(await strict.validate(["password": "password"], checks: [])) == ["notBreached"])
    // A synchronous call cannot run it: fails closed.
    let sync = policy.validate(["password": "kumo no ue no sora 2026"])
    #expect(Self.codes(sync) == ["check.unavailable"])
    #expect(sync.outcome == .incomplete)

    let metrics = try server.request("GET", "/metrics").text
    let log = server.log
    #expect(log.contains("/range/{prefix}"))
    #expect(metrics.contains("/range/{prefix}"))
    for hash in [Self.passwordHash, Self.pAtHash] {
      for secret in [hash, String(hash.dropFirst(5)), String(hash.prefix(6)), hash.lowercased()] {
        #expect(!log.contains(secret), "the log holds \(secret)")
        #expect(!metrics.contains(secret), "/metrics holds \(secret)")
      }
    }
    #expect(!log.contains("5BAA6") && !metrics.contains("5BAA6"), "not even the prefix is logged")
  }

  /// A rules file in range mode, as `validate serve` serves it.
  static func rangeRules(port: Int) -> String {
    """
    {"version": 1, "defaultLocale": "en", "fields": {
      "email": {"rules": [{"required": true}]},
      "password": {"label": {"en": "Password", "ja": "パスワード"}, "sensitive": true,
                   "rules": [{"required": true}, {"minLength": 8},
                             {"notBreached": {"range": "http://127.0.0.1:\(port)/range/", "timeout": 1}}]}}}
    """
  }

  static func body(_ password: String) -> String { #"{"email": "taro@example.jp", "password": "\#(password)"}"# }

  static func fieldCodes(_ response: HTTPResult) -> [String] {
    let fields = response.json?["fields"] as? [String: [String: Any]]
    return (fields?["password"]?["errors"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
  }

  @Test("validate serve runs range mode against a mirror: 422 notBreached, 200, check.unavailable once it is gone")
  func servedThroughMirror() throws {
    let scratch = try ScratchFolder(["pwned.txt": Self.downloaderFile()])
    defer { scratch.remove() }
    let mirror = try ServerProcess(["--rules", "Rules/login.json", "--breach-file", scratch.path("pwned.txt")])
    let folder = try ScratchFolder(["signup.json": Self.rangeRules(port: mirror.port)])
    defer { folder.remove() }
    let server = try ServerProcess(["--rules", folder.url.path])
    let strong = "kumo no ue no sora 2026 \u{3000}雲🔑"
    for password in ["password", "P@ssw0rd"] {
      let response = try server.post("signup", Self.body(password))
      #expect(response.status == 422, "\(password): \(response.text)")
      #expect(Self.fieldCodes(response) == ["notBreached"], "\(password): \(response.text)")
      #expect(response.json?["checksNotRun"] == nil)
      #expect(!response.text.contains(#":"\#(password)""#), "a sensitive value is never echoed")
      let problem = try server.post(
        "signup", Self.body(password), headers: ["Accept": "application/problem+json"])
      #expect(problem.status == 422)
      #expect(problem.text.contains(#""code":"notBreached""#), "\(problem.text)")
    }
    let fine = try server.post("signup", Self.body(strong))
    #expect(fine.status == 200, "\(fine.text)")
    #expect(fine.json?["valid"] as? Bool == true)

    // validate-batch does not run it: every record that reaches it fails closed.
    let batch = try server.request(
      "POST", "/v1/rules/signup/validate-batch", headers: ["Content-Type": "application/x-ndjson"],
      body: Array((Self.body(strong) + "\n").utf8))
    #expect(batch.status == 200)
    #expect(batch.text.contains(#""code":"check.unavailable""#), "\(batch.text)")
    #expect(batch.text.hasPrefix(#"{"valid":false"#))

    // Live typing (`?field=`) is syntax-only unless `&checks=1`, as for named checks.
    let typing = try server.post("signup", Self.body("password"), query: "?field=password")
    #expect(typing.status == 200)
    #expect(typing.json?["valid"] as? Bool == true, "\(typing.text)")
    let notRun = typing.json?["checksNotRun"] as? [[String: Any]]
    #expect(notRun?.first?["check"] as? String == "notBreached", "\(typing.text)")
    #expect(notRun?.first?["reason"] as? String == "notGiven", "\(typing.text)")
    let blur = try server.post("signup", Self.body("password"), query: "?field=password&checks=1")
    #expect(blur.status == 200)
    #expect(blur.text.contains(#""code":"notBreached""#), "\(blur.text)")
    #expect(blur.json?["valid"] as? Bool == false)

    // The mirror goes away: fail closed (onUnavailable's default), within the rule's timeout.
    #expect(mirror.terminate() != nil)
    let started = Date()
    let dead = try server.post("signup", Self.body(strong))
    #expect(Date().timeIntervalSince(started) < 3)
    #expect(dead.status == 422, "\(dead.text)")
    #expect(Self.fieldCodes(dead) == ["check.unavailable"], "\(dead.text)")
    let deadNotRun = dead.json?["checksNotRun"] as? [[String: Any]]
    #expect(deadNotRun?.first?["check"] as? String == "notBreached")
    #expect(deadNotRun?.first?["reason"] as? String == "unavailable")

    // Nothing past the 5-digit prefix, and no password, in either server's log or metrics,
    // or in any answer.
    let texts = [
      ("the mirror's log", mirror.log), ("the server's log", server.log),
      ("the server's metrics", try server.request("GET", "/metrics").text),
      ("the answers", [fine.text, typing.text, blur.text, dead.text].joined(separator: "\n")),
    ]
    let (strongPrefix, strongSuffix) = BreachRange.split(strong.utf8)
    let strongHash = strongPrefix + String(decoding: strongSuffix, as: UTF8.self)
    #expect(mirror.log.contains("/range/{prefix}"))
    for (name, text) in texts {
      // ("password" is also the field's name.)
      for password in ["P@ssw0rd", "kumo", "雲"] { #expect(!text.contains(password), "\(name)") }
      for hash in [Self.passwordHash, Self.pAtHash, strongHash] {
        for secret in [String(hash.dropFirst(5)), String(hash.prefix(6)), String(hash.prefix(6)).lowercased()] {
          #expect(!text.contains(secret), "\(name) holds \(secret)")
        }
      }
    }
  }

  @Test("the NIST preset in range mode is nist-800-63b plus notBreached, and works through the mirror")
  func nistPreset() async throws {
    let preset = try ShippedRules.text("policies/nist-800-63b-breached.json")
    let range = "https://api.pwnedpasswords.com/range/"
    #expect(preset.contains(#""range": "\#(range)""#), "the URL a user edits is where docs/password.md says")
    // The same rules as nist-800-63b.json, but for the range rule: the two cannot drift apart.
    func rules(_ text: String) throws -> [String] {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
      let fields = try #require(object["fields"] as? [String: [String: Any]])
      let list = try #require(fields["password"]?["rules"] as? [Any])
      return try list.map {
        String(decoding: try JSONSerialization.data(withJSONObject: $0, options: .sortedKeys), as: UTF8.self)
      }
    }
    let withRange = try rules(preset)
    #expect(
      withRange.filter { !$0.contains("notBreached") } == (try rules(ShippedRules.text("policies/nist-800-63b.json"))))
    #expect(withRange.filter { $0.contains("notBreached") }.count == 1)

    let scratch = try ScratchFolder(["pwned.txt": Self.downloaderFile()])
    defer { scratch.remove() }
    let mirror = try ServerProcess(["--rules", "Rules/login.json", "--breach-file", scratch.path("pwned.txt")])
    let local = preset.replacingOccurrences(of: range, with: "http://127.0.0.1:\(mirror.port)/range/")
    let policy = try RuleSet(
      data: Array(local.utf8), file: "nist-800-63b-breached.json", baseDirectory: ShippedRules.url("policies"),
      registry: .standardWithBreachRange
    ).compile()
    let breached = await policy.validate(["password": "correct horse battery staple"], checks: [])
    #expect(Self.codes(breached) == ["notBreached"])
    #expect(await policy.validate(["password": "kumonoueniharet"], checks: []).isValid)
    #expect(Self.codes(await policy.validate(["password": "password"], checks: [])) == ["minLength", "notCommon"])
    #expect(mirror.terminate() != nil)
    let down = await policy.validate(["password": "kumonoueniharet"], checks: [])
    #expect(Self.codes(down) == ["check.unavailable"])
    #expect(down.outcome == .incomplete)
  }

  @Test("the range client's own deadline, redirect and size bounds, without the policy's race")
  func clientBounds() async throws {
    let slow = try StubRange(.slow)
    let started = ContinuousClock.now
    await #expect(throws: HTTPCheckError.timedOut) {
      _ = try await URLSessionRangeClient.fetch(
        try #require(URL(string: "http://127.0.0.1:\(slow.port)/range/5BAA6")), maxBytes: 1 << 20,
        timeout: .milliseconds(300))
    }
    #expect(ContinuousClock.now - started < .seconds(2))
    let redirect = try StubRange(.redirect)
    await #expect(throws: BreachRangeError.status(302)) {
      _ = try await URLSessionRangeClient.fetch(
        try #require(URL(string: "http://127.0.0.1:\(redirect.port)/range/5BAA6")), maxBytes: 1 << 20,
        timeout: .seconds(2))
    }
    let huge = try StubRange(.huge)
    await #expect(throws: BreachRangeError.tooLarge) {
      _ = try await URLSessionRangeClient.fetch(
        try #require(URL(string: "http://127.0.0.1:\(huge.port)/range/5BAA6")), maxBytes: 1 << 20,
        timeout: .seconds(2))
    }
    let dead = try StubRange(.dead)
    do {
      _ = try await URLSessionRangeClient.fetch(
        try #require(URL(string: "http://127.0.0.1:\(dead.port)/range/5BAA6")), maxBytes: 1 << 20,
        timeout: .seconds(2))
      Issue.record("a dead endpoint answered")
    } catch let error as HTTPCheckError {
      #expect(error == .unreachable("connection refused"))
      #expect(!error.description.contains("5BAA6") && !error.description.contains("127.0.0.1"))
    }
  }

  @Test("GET /range/{prefix}: the file's lines, padded on request, 400 for a bad prefix")
  func route() async throws {
    let scratch = try ScratchFolder(["pwned.txt": Self.downloaderFile()])
    defer { scratch.remove() }
    let server = try InProcessServer(rules: "Rules/login.json") { $0.breachFile = scratch.path("pwned.txt") }
    let plain = try await server.request("GET", "/range/5baa6")
    #expect(plain.status == 200)
    #expect(plain.header("Content-Type")?.hasPrefix("text/plain") == true)
    let lines = plain.text.split(separator: "\r\n").map(String.init)
    #expect(lines.first == "0000000000000000000000000000000000A:2")
    #expect(lines.contains(String(Self.passwordHash.dropFirst(5)) + ":10434004"))
    #expect(lines.last == "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF:7")
    #expect(lines == lines.sorted())

    let padded = try await server.request("GET", "/range/5BAA6", headers: ["Add-Padding": "true"])
    let paddedLines = padded.text.split(separator: "\r\n").map(String.init)
    #expect(BreachRange.paddedLines.contains(paddedLines.count))
    #expect(paddedLines == paddedLines.sorted())
    #expect(Set(lines).isSubset(of: Set(paddedLines)))
    #expect(paddedLines.filter { !lines.contains($0) }.allSatisfy { $0.count == 37 && $0.hasSuffix(":0") })
    let again = try await server.request("GET", "/range/5BAA6", headers: ["Add-Padding": "true"])
    #expect(again.text != padded.text, "the padding is random")

    let empty = try await server.request("GET", "/range/FFFFF", headers: ["Add-Padding": "true"])
    #expect(empty.status == 200)
    #expect(BreachRange.paddedLines.contains(empty.text.split(separator: "\r\n").count))

    for bad in ["5BAA", "5BAA61", "5BAAG", "", "5BAA6/x", "%35BAA6", Self.passwordHash] {
      let response = try await server.request("GET", "/range/" + bad)
      #expect(response.status == 400, "\(bad)")
      #expect(!response.text.contains(Self.passwordHash))
    }
    #expect(try await server.request("POST", "/range/5BAA6", body: []).status == 405)
    let none = try InProcessServer(rules: "Rules/login.json")
    #expect(try await none.request("GET", "/range/5BAA6").status == 404)
  }

  @Test(
    "a wrong, late, failing or dead range fails closed unless onUnavailable is pass",
    arguments: [StubRange.Mode.wrong, .slow, .status500, .redirect, .huge, .dead])
  func unavailable(mode: StubRange.Mode) async throws {
    let stub = try StubRange(mode)
    let range = "http://127.0.0.1:\(stub.port)/range/"
    let started = ContinuousClock.now
    let closed = try Self.policy(range: range, extra: #", "timeout": 0.5"#)
    let report = await closed.validate(["password": "kumo no ue no sora 2026"], checks: [])
    #expect(Self.codes(report) == ["check.unavailable"])
    #expect(report.outcome == .incomplete)
    #expect(report.checksNotRun == [CheckNotRun(field: "password", check: "notBreached", reason: .unavailable)])

    let open = try Self.policy(range: range, extra: #", "timeout": 0.5, "onUnavailable": "pass""#)
    let passed = await open.validate(["password": "password"], checks: [])
    #expect(passed.isValid)
    #expect(passed.checksNotRun == [CheckNotRun(field: "password", check: "notBreached", reason: .unavailable)])
    #expect(ContinuousClock.now - started < .seconds(5), "bounded by the rule's timeout")

    // What the stub received: the prefix and nothing more of the hashes.
    let request = "GET /range/\(BreachRange.split("password".utf8).prefix) HTTP/1.1"
    if mode != .dead {
      let received = stub.received(awaiting: request)
      #expect(received.contains(request))
      #expect(received.lowercased().contains("add-padding: true"))
      for secret in [Self.passwordHash, String(Self.passwordHash.dropFirst(5)), "password\r", "kumo"] {
        #expect(!received.contains(secret))
      }
    }
  }

  @Test("a dead stub closes its socket once: the number's next owner keeps its descriptor")
  func deadStubClosesOnce() throws {
    var stub: StubRange? = try StubRange(.dead)
    // The lowest free number, most likely the one the stub's socket had.
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer { for fd in ends { close(fd) } }
    #expect(stub?.port ?? 0 > 0)
    stub = nil
    #expect(ends.allSatisfy { fcntl($0, F_GETFD) != -1 }, "the stub's deinit closed a pipe end")
  }

  @Test("range mode decodes strictly, naming the JSON path")
  func decoding() throws {
    let cases: [(String, String)] = [
      (#"{"range": "ftp://x/range/"}"#, "expected an http or https URL ending in /"),
      (#"{"range": "https://x/range"}"#, "expected an http or https URL ending in /"),
      (#"{"range": "https://x/range/?k=1"}"#, "expected an http or https URL ending in /"),
      (#"{"range": "https://x/range/", "file": "a.txt"}"#, "expected either \"file\""),
      (#"{"range": "https://x/range/", "timeout": 0}"#, "expected a number of seconds"),
      (#"{"range": "https://x/range/", "timeout": "2"}"#, "expected a number of seconds"),
      (#"{"range": "https://x/range/", "onUnavailable": "ignore"}"#, "expected one of \"fail\", \"pass\""),
      (#"{"file": "a.txt", "onUnavailable": "pass"}"#, "applies to \"range\" only"),
      (#"{"range": "https://x/range/", "minCount": 0}"#, "positive integer"),
    ]
    for (rule, problem) in cases {
      let rules = #"{"version": 1, "fields": {"p": {"rules": [{"notBreached": "# + rule + "}]}}}"
      do {
        _ = try RuleSet(data: Array(rules.utf8), file: "range.json", registry: .standardWithBreachRange)
        Issue.record("accepted \(rule)")
      } catch {
        #expect(error.description.contains(problem), "\(rule): \(error.description)")
        #expect(error.description.contains("fields.p.rules[0].notBreached"), "\(error.description)")
      }
    }
    // Without FormRulesBreachRange's registry, range mode names the library.
    do {
      _ = try RuleSet(
        data: Array(
          #"{"version": 1, "fields": {"p": {"rules": [{"notBreached": {"range": "https://x/range/"}}]}}}"#.utf8),
        registry: .standard)
      Issue.record("range mode without a client")
    } catch {
      #expect(error.description.contains("FormRulesBreachRange"))
    }
  }

  @Test("answers are read strictly; the suffix is compared case-insensitively")
  func answers() throws {
    let suffix = Array(String(Self.passwordHash.dropFirst(5)).utf8)
    let good = "0000000000000000000000000000000000A:2\r\n\(String(Self.passwordHash.dropFirst(5)).lowercased()):9\n"
    #expect(try BreachRange.count(ofSuffix: suffix, in: Array(good.utf8)) == 9)
    #expect(try BreachRange.count(ofSuffix: suffix, in: Array("0000000000000000000000000000000000A:0".utf8)) == 0)
    for bad in [
      "", "\r\n", "<html>", "0000000000000000000000000000000000A", "0000000000000000000000000000000000A:x",
      "0000000000000000000000000000000000A:99999999999999999999",
    ] {
      #expect(throws: BreachRangeError.self, "\(bad.debugDescription)") {
        try BreachRange.count(ofSuffix: suffix, in: Array(bad.utf8))
      }
    }
  }
}

/// A tiny HTTP endpoint on loopback that answers every request one way, recording what it
/// received. `dead` is a port that was bound and closed: connections are refused.
final class StubRange: @unchecked Sendable {
  enum Mode: String, Sendable, CustomStringConvertible {
    case wrong, slow, status500, redirect, huge, dead
    var description: String { rawValue }
  }

  let port: Int
  /// The listening socket; -1 in `dead` mode, whose socket is closed in `init` (closing it
  /// again in `deinit` would close whatever descriptor has reused the number since).
  private let fd: Int32
  private let lock = NSLock()
  private var bytes: [UInt8] = []
  private var thread: Thread?

  init(_ mode: Mode) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var one: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    port = Int(UInt16(bigEndian: address.sin_port))
    if mode == .dead {
      close(fd)
      self.fd = -1
      return
    }
    self.fd = fd
    listen(fd, 16)
    let thread = Thread { [self] in serve(mode) }
    self.thread = thread
    thread.start()
  }

  deinit {
    guard fd >= 0 else { return }
    shutdown(fd, Int32(SHUT_RDWR))
    close(fd)
  }

  /// Everything received so far, as text.
  func received() -> String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }

  /// What was received once it contains `text`, or after `seconds`: a client that gave up
  /// after its own timeout may have sent a request the stub's thread has not read yet.
  func received(awaiting text: String, seconds: Double = 10) -> String {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    var seen = received()
    while !seen.contains(text), ContinuousClock.now < deadline {
      usleep(10_000)
      seen = received()
    }
    return seen
  }

  private func serve(_ mode: Mode) {
    while true {
      let client = accept(fd, nil, nil)
      guard client >= 0 else { return }
      Thread.detachNewThread { [self] in answer(client, mode) }
    }
  }

  private func answer(_ client: Int32, _ mode: Mode) {
    defer { close(client) }
    var request: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !request.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
      let n = read(client, &buffer, buffer.count)
      guard n > 0 else { return }
      request += buffer[..<n]
    }
    lock.withLock { bytes += request }
    let head: String
    var body: [UInt8] = []
    switch mode {
    case .wrong:
      body = Array("<html><body>Service temporarily unavailable</body></html>".utf8)
      head = "HTTP/1.1 200 OK\r\nContent-Type: text/html"
    case .slow:
      usleep(3_000_000)
      body = Array("0000000000000000000000000000000000A:1\r\n".utf8)
      head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain"
    case .status500:
      head = "HTTP/1.1 500 Internal Server Error"
    case .redirect:
      head = "HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:1/range/5BAA6"
    case .huge:
      let line = Array("0000000000000000000000000000000000A:1\r\n".utf8)
      for _ in 0..<(BreachRange.maxAnswerBytes / line.count + 10) { body += line }
      head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain"
    case .dead:
      return
    }
    let text = head + "\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    let out = Array(text.utf8) + body
    var sent = 0
    while sent < out.count {
      let n = out[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard n > 0 else { return }
      sent += n
    }
  }
}
