import FormRules
import FormRulesTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The worst-case memory of docs/server.md ("Memory"), under the server's own `ulimit -v`,
/// and a soak of hostile and normal clients. Loopback only; every loop is bounded in count
/// and time.
///
/// Skipped in a sanitizer build (scripts/sanitizers.sh), with the reason printed: both tests
/// measure the uninstrumented server (its address space under `prlimit --as`, its resident set,
/// a p99), and a sanitizer reserves terabytes of shadow address space at start (so the server
/// cannot even start under the limit) and keeps freed memory in quarantine. The hostile clients
/// themselves run under the sanitizers in HostileClientTests and OperationsTests.
@Suite(
  "validate serve: the memory bound and a soak", .serialized,
  .enabled(
    if: Sanitizer.isOff,
    "measures the uninstrumented server's address space, RSS and p99; a sanitizer's shadow memory breaks ulimit -v"))
struct MemoryBoundTests {
  static let line = #"{"email": "taro@example.jp", "password": "abcdefg", "passwordConfirmation": "abcdefg"}"#

  /// docs/server.md's formula: the address space at start, plus per connection its header pool
  /// and 40 KiB, plus twice the body budget.
  static func bound(start: Int, connections: Int, buffered: Int, headerBytes: Int = 16 << 10, uriBytes: Int = 8 << 10)
    -> Int
  {
    start + connections * (headerBytes + uriBytes + (8 << 10) + (40 << 10)) + 2 * buffered
  }

  /// Sends `count` requests with random 8 KB methods from `threads` threads.
  static func methodFlood(_ port: Int, count: Int, threads: Int = 4) {
    let group = DispatchGroup()
    for t in 0..<threads {
      group.enter()
      Thread {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<(count / threads) {
          var request = [UInt8](repeating: UInt8(ascii: "A"), count: 8000)
          for i in stride(from: 0, to: request.count, by: 8) {
            let word = generator.next()
            for j in 0..<8 { request[i + j] = 65 + UInt8(truncatingIfNeeded: word >> (j * 8)) % 26 }
          }
          request += Array(" /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
          if let client = try? RawClient(port: port, timeout: 2) {
            try? client.send(request)
            _ = client.readAll()
          }
        }
        _ = t
        group.leave()
      }.start()
    }
    group.wait()
  }

  /// Opens `count` batch uploads that announce `bytes` and send `sent` bytes of records, and never finish.
  static func unfinishedBatches(_ port: Int, count: Int, bytes: Int, sent: Int) -> [RawClient] {
    var clients: [RawClient] = []
    let chunk = Array(String(repeating: line + "\n", count: 1 + (64 << 10) / line.utf8.count).utf8)
    for _ in 0..<count {
      guard let client = try? RawClient(port: port, timeout: 2) else { continue }
      try? client.send(
        "POST /v1/rules/signup/validate-batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\n"
          + "Content-Length: \(bytes)\r\n\r\n")
      var written = 0
      while written < sent {
        guard (try? client.send(chunk)) != nil else { break }
        written += chunk.count
      }
      clients.append(client)
    }
    return clients
  }

  /// Opens `count` connections that start a header block and then trickle one byte now and then.
  static func tricklers(_ port: Int, count: Int) -> [RawClient] {
    (0..<count).compactMap { _ in
      guard let client = try? RawClient(port: port, timeout: 1) else { return nil }
      try? client.send("GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: ")
      return client
    }
  }

  static func answers(_ server: ServerProcess) -> Bool {
    (try? server.post("login", #"{"email": "taro@example.jp", "password": "abcdefg"}"#).status) == 200
  }

  @Test("under ulimit -v at the documented bound, the N1, N3 and N2 attacks leave the server answering")
  func addressSpaceBound() throws {
    let flags = [
      "--rules", "Rules", "--no-web", "--threads", "2", "--max-connections", "512", "--max-connections-per-ip", "0",
      "--max-buffered-bytes", "\(64 << 20)", "--header-timeout", "3", "--access-log", "off",
    ]
    // The address space at start, measured on the same binary without a limit.
    let probe = try ServerProcess(flags)
    usleep(300_000)
    let start = probe.memory("VmSize")
    _ = probe.terminate()
    #expect(start > 0)
    let limit = Self.bound(start: start, connections: 512, buffered: 64 << 20)
    let server = try ServerProcess(flags, addressSpace: limit)
    let port = server.port

    // N1: random 8 KB methods (scaled from 100,000; scripts/serve-attacks.sh runs the full count).
    Self.methodFlood(port, count: 4000)
    #expect(Self.answers(server))
    var metrics = try server.request("GET", "/metrics").text
    #expect(try HostileClientTests.prometheusParse(metrics) == nil)

    // N3: 120 unfinished 8 MiB batch uploads, each 128 KiB in (their reports outgrow the budget).
    var held = Self.unfinishedBatches(port, count: 120, bytes: 8 << 20, sent: 128 << 10)
    #expect(Self.answers(server))
    metrics = try server.request("GET", "/metrics").text
    #expect(try HostileClientTests.prometheusParse(metrics) == nil)
    #expect(metrics.contains("formrules_http_body_budget_refusals_total 0") == false)
    held.removeAll()

    // N2: header tricklers up to the connection limit (scaled from 4,096 with --max-connections 4096).
    var trickling = Self.tricklers(port, count: 512)
    let before = Date()
    #expect(Self.answers(server), "\(server.log.suffix(1500))")
    #expect(Date().timeIntervalSince(before) < 10)
    trickling.removeAll()
    metrics = try server.request("GET", "/metrics").text
    #expect(try HostileClientTests.prometheusParse(metrics) == nil)

    #expect(server.process.isRunning)
    #expect(server.memory("VmPeak") <= limit)
    #expect(!server.log.contains("Fatal error"))
  }

  /// The soak's length: 10 s (the trickler loop turns over three times, the batch loop five), or
  /// `FORM_RULES_SOAK_SECONDS` for a longer run (`FORM_RULES_SOAK_SECONDS=600 swift test --filter soak`).
  static let soakSeconds: Double = {
    guard let text = ProcessInfo.processInfo.environment["FORM_RULES_SOAK_SECONDS"], let n = Double(text), n > 0
    else { return 10 }
    return n
  }()

  @Test("a soak: normal clients keep a p99 under 250 ms and RSS stays bounded among hostile ones")
  func soak() throws {
    let server = try ServerProcess([
      "--rules", "Rules", "--no-web", "--threads", "2", "--max-connections", "512", "--max-connections-per-ip", "0",
      "--max-buffered-bytes", "\(64 << 20)", "--header-timeout", "2", "--access-log", "off",
    ])
    let port = server.port
    let stop = Atomic<Bool>(false)
    let latencies = Locked<[Double]>([])
    let failures = Locked<[String]>([])
    var threads: [Thread] = []
    func spawn(_ body: @escaping @Sendable () -> Void) {
      let thread = Thread(block: body)
      threads.append(thread)
      thread.start()
    }
    // Two normal clients, one request at a time.
    for _ in 0..<2 {
      spawn {
        while !stop.load(ordering: .relaxed) {
          let start = Date()
          do {
            let client = try RawClient(port: port, timeout: 5)
            let body = Array(#"{"email": "taro@example.jp", "password": "abcdefg"}"#.utf8)
            try client.send(
              "POST /v1/rules/login/validate HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
            )
            try client.send(body)
            let response = try client.readResponse()
            if response.status != 200 { failures.withLock { $0.append("status \(response.status)") } }
          } catch {
            failures.withLock { $0.append("\(error)") }
          }
          latencies.withLock { $0.append(Date().timeIntervalSince(start)) }
          usleep(20_000)
        }
      }
    }
    // Hostile: random methods, tricklers, unfinished batches, junk framing.
    spawn {
      while !stop.load(ordering: .relaxed) { MemoryBoundTests.methodFlood(port, count: 50, threads: 1) }
    }
    spawn {
      while !stop.load(ordering: .relaxed) {
        let held = MemoryBoundTests.tricklers(port, count: 100)
        usleep(3_000_000)
        _ = held
      }
    }
    spawn {
      while !stop.load(ordering: .relaxed) {
        let held = MemoryBoundTests.unfinishedBatches(port, count: 20, bytes: 8 << 20, sent: 64 << 10)
        usleep(2_000_000)
        _ = held
      }
    }
    spawn {
      let junk = [
        "POST /v1/rules/login/validate HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 9\r\n\r\n{}",
        "GET /metrics%00.css HTTP/1.1\r\nHost: x\r\n\r\n", "A\"B /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
        "POST /v1/rules/login/validate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n",
      ]
      var i = 0
      while !stop.load(ordering: .relaxed) {
        if let client = try? RawClient(port: port, timeout: 2) {
          try? client.send(junk[i % junk.count])
          _ = client.readAll()
        }
        i += 1
        usleep(5_000)
      }
    }
    var peakRSS = 0
    let end = Date().addingTimeInterval(Self.soakSeconds)
    while Date() < end {
      usleep(1_000_000)
      peakRSS = max(peakRSS, server.memory("VmRSS"))
    }
    stop.store(true, ordering: .relaxed)
    usleep(3_500_000)
    let sorted = latencies.withLock { $0 }.sorted()
    // Two clients at most 50 requests a second each: a quarter of that is far below normal.
    #expect(Double(sorted.count) > Self.soakSeconds * 25)
    let p99 = sorted.isEmpty ? 1 : sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
    print("soak: \(sorted.count) normal requests, p99 \(Int(p99 * 1000)) ms, peak RSS \(peakRSS >> 20) MiB")
    #expect(p99 < 0.25, "p99 \(p99) s over \(sorted.count) requests")
    #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0.prefix(5) })")
    // The budget (64 MiB) plus the connections' pools (512 × 72 KiB) over a ~45 MiB start.
    #expect(peakRSS < 200 << 20, "peak RSS \(peakRSS >> 20) MiB")
    let metrics = try server.request("GET", "/metrics").text
    #expect(try HostileClientTests.prometheusParse(metrics) == nil)
  }
}
