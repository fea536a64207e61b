import FormRulesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// An HTTP response as the tests read it off the socket.
struct HTTPResult {
  var status: Int
  var headers: [(String, String)]
  var body: [UInt8]

  var text: String { String(decoding: body, as: UTF8.self) }
  func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
  var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }
}

/// The real `validate serve`, started on an ephemeral loopback port and stopped by its pid.
final class ServerProcess {
  let process: Process
  let stderrURL: URL
  private(set) var port = 0
  private(set) var adminPort = 0

  /// Starts `validate serve ARGUMENTS --listen 127.0.0.1:0` and waits for its `listening` line;
  /// with `addressSpace`, under `prlimit --as=` of that many bytes (the server's `ulimit -v`).
  init(_ arguments: [String], addressSpace: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
    process = try ValidateBinary.process(["serve", "--listen", "127.0.0.1:0"] + arguments)
    if let addressSpace, let binary = process.executableURL {
      process.arguments = ["--as=\(addressSpace)", binary.path] + (process.arguments ?? [])
      process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
    }
    stderrURL = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: stderrURL)
    try process.run()
    for _ in 0..<400 {
      if let line = log.split(separator: "\n").first(where: { $0.contains("\"event\":\"listening\"") }),
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let address = object["address"] as? String, let port = address.split(separator: ":").last.flatMap({ Int($0) })
      {
        self.port = port
        if let admin = object["admin"] as? String {
          adminPort = admin.split(separator: ":").last.flatMap { Int($0) } ?? 0
        }
        return
      }
      if !process.isRunning { break }
      usleep(25_000)
    }
    Issue.record("the server did not start: \(log)", sourceLocation: sourceLocation)
    throw CancellationError()
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: stderrURL)
  }

  var log: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

  /// A field of /proc/PID/status in bytes (`VmRSS`, `VmSize`, `VmHWM`), or 0.
  func memory(_ field: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
    else { return 0 }
    return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
  }

  func signal(_ number: Int32) { kill(process.processIdentifier, number) }

  /// SIGTERM, then the exit status (or nil after `seconds`).
  func terminate(within seconds: Double = 20) -> Int32? {
    signal(SIGTERM)
    return waitForExit(seconds)
  }

  func waitForExit(_ seconds: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning { return nil }
    return process.terminationStatus
  }

  // MARK: - Requests

  func request(
    _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8]? = nil, admin: Bool = false
  ) throws -> HTTPResult {
    var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    if let body { text += "Content-Length: \(body.count)\r\n" }
    text += "\r\n"
    let client = try RawClient(port: admin ? adminPort : port)
    try client.send(Array(text.utf8) + (body ?? []))
    return try client.readResponse()
  }

  func post(_ rules: String, _ body: String, query: String = "", headers: [String: String] = [:]) throws -> HTTPResult {
    var all = ["Content-Type": "application/json"]
    all.merge(headers) { $1 }
    return try request("POST", "/v1/rules/\(rules)/validate\(query)", headers: all, body: Array(body.utf8))
  }
}

/// A blocking TCP client that sends exactly the bytes a test gives it: the tool for
/// hostile clients as well as ordinary requests.
final class RawClient {
  let fd: Int32

  init(port: Int, timeout: Int = 15) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var tv = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    // No close here: every stored property is set, so `deinit` runs when this throws and
    // closes the socket; a second close would close whatever reused the number.
    guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
  }

  deinit { close(fd) }

  func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard n > 0 else { throw POSIXError(.EPIPE) }
      offset += n
    }
  }

  func send(_ text: String) throws { try send(Array(text.utf8)) }

  /// Everything until the server closes the connection (or the receive timeout).
  func readAll() -> [UInt8] {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n <= 0 { break }
      result += buffer[0..<n]
    }
    return result
  }

  /// The first bytes the server sends (one read, up to the receive timeout); empty on close.
  func readSome() -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    return n > 0 ? Array(buffer[0..<n]) : []
  }

  /// Whether the server closed the connection (reads end) within the receive timeout.
  func isClosedByServer() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n == 0 { return true }
      if n < 0 { return errno == ECONNRESET }
    }
  }

  func readResponse() throws -> HTTPResult {
    let raw = readAll()
    guard let end = raw.firstRange(of: Array("\r\n\r\n".utf8)) else { throw POSIXError(.EBADMSG) }
    let head = String(decoding: raw[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
    let statusLine = head.first?.split(separator: " ") ?? []
    guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw POSIXError(.EBADMSG) }
    var headers: [(String, String)] = []
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }
    var body = Array(raw[end.upperBound...])
    if headers.contains(where: { $0.0.lowercased() == "transfer-encoding" && $0.1.lowercased() == "chunked" }) {
      body = RawClient.dechunk(body)
    }
    return HTTPResult(status: status, headers: headers, body: body)
  }

  static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
      guard let lineEnd = bytes[i...].firstRange(of: Array("\r\n".utf8)) else { break }
      let sizeText = String(decoding: bytes[i..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
      guard let size = Int(sizeText, radix: 16), size > 0 else { break }
      let start = lineEnd.upperBound
      out += bytes[start..<min(start + size, bytes.count)]
      i = start + size + 2
    }
    return out
  }
}

/// The shipped login screen (`Rules/login.json`), for tests that write it into a folder and change it.
var loginRules: String {
  get throws { try ShippedRules.text("login.json") }
}
