import FormRules
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A tiny HTTP/1.1 endpoint on an ephemeral loopback port that answers named checks as the
/// test tells it, by path, and records every request it gets (request line, headers, body):
///
/// - `/pass`: 200 `{"pass": true}`; `/fail`: 200 `{"pass": false}`;
/// - `/error`: 500; `/malformed`: 200 `{"pass": "yes"`; `/huge`: 200 and 1 MiB of JSON;
/// - `/redirect`: 307 to `/pass` (a client that followed it would send the body again);
/// - `/slow`: 200 `{"pass": true}` after 3 s, beyond any timeout the tests give; `/slower`: after 10 s;
/// - `/email`: `{"pass": false}` for `taken@example.jp`, else `{"pass": true}`.
///
/// One thread per connection, `Connection: close` on every answer. Stopped by ``stop()``.
final class CheckStub: @unchecked Sendable {
  struct Recorded: Sendable {
    var requestLine: String
    var head: String
    var body: String
  }

  let port: Int
  private let fd: Int32
  private let recorded = Locked<[Recorded]>([])
  private let stopped = Atomic<Bool>(false)

  init() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EMFILE) }
    var one: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 64) == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    self.fd = fd
    port = Int(UInt16(bigEndian: address.sin_port))
    Thread.detachNewThread { [self] in
      while !stopped.load(ordering: .relaxed) {
        let client = accept(fd, nil, nil)
        if client < 0 {
          if stopped.load(ordering: .relaxed) { return }
          continue
        }
        Thread.detachNewThread { [self] in serve(client) }
      }
    }
  }

  deinit { stop() }

  func stop() {
    guard !stopped.exchange(true, ordering: .relaxed) else { return }
    shutdown(fd, Int32(SHUT_RDWR))
    close(fd)
  }

  var requests: [Recorded] { recorded.withLock { $0 } }

  /// A URL of this stub.
  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// A port nothing listens on: bound, then closed.
  static func deadPort() throws -> Int {
    let stub = try CheckStub()
    let port = stub.port
    stub.stop()
    return port
  }

  private func serve(_ client: Int32) {
    defer { close(client) }
    var tv = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    var raw: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 8192)
    var headEnd: Range<Int>?
    var contentLength = 0
    while true {
      if let end = headEnd, raw.count >= end.upperBound + contentLength { break }
      let n = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
      if n <= 0 { return }
      raw += buffer[0..<n]
      if headEnd == nil, let end = raw.firstRange(of: Array("\r\n\r\n".utf8)) {
        headEnd = end
        let head = String(decoding: raw[..<end.lowerBound], as: UTF8.self).lowercased()
        for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
          contentLength = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
      }
    }
    guard let end = headEnd else { return }
    let head = String(decoding: raw[..<end.lowerBound], as: UTF8.self)
    let body = String(decoding: raw[end.upperBound..<(end.upperBound + contentLength)], as: UTF8.self)
    let requestLine = head.components(separatedBy: "\r\n").first ?? ""
    recorded.withLock { $0.append(Recorded(requestLine: requestLine, head: head, body: body)) }
    let path = requestLine.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
    let (status, answer, extra): (Int, String, String)
    switch path {
    case "/pass": (status, answer, extra) = (200, #"{"pass": true}"#, "")
    case "/fail": (status, answer, extra) = (200, #"{"pass": false}"#, "")
    case "/error": (status, answer, extra) = (500, #"{"pass": true}"#, "")
    case "/malformed": (status, answer, extra) = (200, #"{"pass": "yes""#, "")
    case "/huge":
      (status, answer, extra) = (200, #"{"pass": true, "pad": ""# + String(repeating: "x", count: 1 << 20) + #""}"#, "")
    case "/redirect": (status, answer, extra) = (307, "", "Location: /pass\r\n")
    case "/slow":
      sleep(3)
      (status, answer, extra) = (200, #"{"pass": true}"#, "")
    case "/slower":
      sleep(10)
      (status, answer, extra) = (200, #"{"pass": true}"#, "")
    case "/email":
      let taken = body.contains(#""value":"taken@example.jp""#)
      (status, answer, extra) = (200, taken ? #"{"pass": false}"# : #"{"pass": true}"#, "")
    default: (status, answer, extra) = (404, "", "")
    }
    let response =
      "HTTP/1.1 \(status) X\r\nContent-Type: application/json\r\nContent-Length: \(answer.utf8.count)\r\n"
      + extra + "Connection: close\r\n\r\n" + answer
    let bytes = Array(response.utf8)
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if n <= 0 { return }
      offset += n
    }
  }
}
