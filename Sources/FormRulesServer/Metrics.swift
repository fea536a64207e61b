import FormRules
import FormRulesBulk
import FormRulesHTTP
import FormRulesPassword
import Foundation
import Synchronization

/// The counters `/metrics` exposes in the Prometheus text format (version 0.0.4). Labels
/// are closed sets: route templates (11), method labels (`GET`, `HEAD`, `POST`, `OPTIONS`,
/// `other`) and the statuses the server sends (about 20), the configured check endpoints'
/// names (`--check`, fixed at start) and their results (`pass`, `fail`, and why a check was
/// unavailable: 6 kinds): never a value, a rules file's content or a client-chosen string. Every label value is escaped as the format requires.
final class Metrics: Sendable {
  struct Key: Hashable {
    var route: String
    var method: String
    var status: Int
  }

  /// Upper bounds of the latency histogram, in seconds.
  static let buckets: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5]

  private struct State {
    var requests: [Key: Int] = [:]
    var bucketCounts = [Int](repeating: 0, count: Metrics.buckets.count)
    var durationCount = 0
    var durationSum = 0.0
    var aborted = 0
    var reloads: [String: Int] = ["success": 0, "failure": 0]
    var generation = 0
    var lastReloadSuccess = true
    var lastReloadTime = 0.0
    var rulesLoaded = 0
    /// Answers of the check endpoints, by check name and result.
    var checks: [String: Int] = [:]
  }

  private let state = Locked(State())
  let inFlight = Atomic<Int>(0)
  /// Connections shut down because their headers were not complete in time.
  let headerTimeouts = Atomic<Int>(0)
  /// Connections accepted while the connection limit was reached.
  let connectionLimitReached = Atomic<Int>(0)
  /// Connections closed at accept because their address held `--max-connections-per-ip`.
  let perAddressLimitRefusals = Atomic<Int>(0)
  /// Requests answered 503 because the body budget was spent.
  let budgetRefusals = Atomic<Int>(0)
  /// The body budget in use, read at each scrape.
  let bufferedBytes = Atomic<Int>(0)

  func record(route: String, method: String, status: Int, seconds: Double) {
    state.withLock { state in
      state.requests[Key(route: route, method: method, status: status), default: 0] += 1
      if let bucket = Metrics.buckets.firstIndex(where: { seconds <= $0 }) { state.bucketCounts[bucket] += 1 }
      state.durationCount += 1
      state.durationSum += seconds
    }
  }

  /// One answer of a check endpoint (`check` is a configured name, the result a closed set).
  func recordCheck(_ check: String, outcome: HTTPCheck.Outcome) {
    let result: String
    switch outcome {
    case .passed: result = "pass"
    case .failed: result = "fail"
    case .unavailable(let error): result = error.kind
    }
    state.withLock { $0.checks[check + "\u{0}" + result, default: 0] += 1 }
  }

  /// A request whose connection closed before its response was sent.
  func recordAborted() {
    state.withLock { $0.aborted += 1 }
  }

  func recordLoad(success: Bool, generation: Int, rulesLoaded: Int, initial: Bool) {
    state.withLock { state in
      if !initial { state.reloads[success ? "success" : "failure", default: 0] += 1 }
      state.lastReloadSuccess = success
      state.lastReloadTime = Date().timeIntervalSince1970
      if success {
        state.generation = generation
        state.rulesLoaded = rulesLoaded
      }
    }
  }

  /// The exposition, rendered once into one buffer of bytes (the response copies it once more).
  func exposition(openConnections: Int, bufferedBytes: Int = 0) -> [UInt8] {
    let state = state.withLock { $0 }
    var out = Exposition()
    out.bytes.reserveCapacity(4096 + state.requests.count * 120)
    out += "# HELP formrules_http_requests_total HTTP requests answered, by route template, method and status.\n"
    out += "# TYPE formrules_http_requests_total counter\n"
    let keys = state.requests.keys.sorted { ($0.route, $0.method, $0.status) < ($1.route, $1.method, $1.status) }
    for key in keys {
      out += "formrules_http_requests_total{route=\""
      out.label(key.route)
      out += "\",method=\""
      out.label(key.method)
      out += "\",status=\"\(key.status)\"} \(state.requests[key] ?? 0)\n"
    }
    out += "# HELP formrules_http_request_duration_seconds Time from the request's headers to its response.\n"
    out += "# TYPE formrules_http_request_duration_seconds histogram\n"
    var cumulative = 0
    for (i, bound) in Metrics.buckets.enumerated() {
      cumulative += state.bucketCounts[i]
      out += "formrules_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
    }
    out += "formrules_http_request_duration_seconds_bucket{le=\"+Inf\"} \(state.durationCount)\n"
    out += "formrules_http_request_duration_seconds_sum \(state.durationSum)\n"
    out += "formrules_http_request_duration_seconds_count \(state.durationCount)\n"
    out += "# HELP formrules_http_requests_aborted_total Requests whose client went away before the response.\n"
    out += "# TYPE formrules_http_requests_aborted_total counter\n"
    out += "formrules_http_requests_aborted_total \(state.aborted)\n"
    out += "# HELP formrules_http_requests_in_flight Requests being received or answered now.\n"
    out += "# TYPE formrules_http_requests_in_flight gauge\n"
    out += "formrules_http_requests_in_flight \(inFlight.load(ordering: .relaxed))\n"
    out += "# HELP formrules_http_connections_open Open client connections.\n"
    out += "# TYPE formrules_http_connections_open gauge\n"
    out += "formrules_http_connections_open \(max(openConnections, 0))\n"
    out += "# HELP formrules_rules_generation Number of the rules set being served; each successful reload adds one.\n"
    out += "# TYPE formrules_rules_generation gauge\n"
    out += "formrules_rules_generation \(state.generation)\n"
    out += "# HELP formrules_rules_loaded Rules files being served.\n"
    out += "# TYPE formrules_rules_loaded gauge\n"
    out += "formrules_rules_loaded \(state.rulesLoaded)\n"
    out +=
      "# HELP formrules_rules_last_reload_success Whether the last load or reload succeeded (1) or kept the old rules (0).\n"
    out += "# TYPE formrules_rules_last_reload_success gauge\n"
    out += "formrules_rules_last_reload_success \(state.lastReloadSuccess ? 1 : 0)\n"
    out += "# HELP formrules_rules_last_reload_timestamp_seconds When the last load or reload was tried.\n"
    out += "# TYPE formrules_rules_last_reload_timestamp_seconds gauge\n"
    out += "formrules_rules_last_reload_timestamp_seconds \(state.lastReloadTime)\n"
    out += "# HELP formrules_rules_reloads_total Reloads tried, by result.\n"
    out += "# TYPE formrules_rules_reloads_total counter\n"
    for result in ["failure", "success"] {
      out += "formrules_rules_reloads_total{result=\"\(result)\"} \(state.reloads[result] ?? 0)\n"
    }
    out += "# HELP formrules_http_header_timeouts_total Connections shut down because their request line and headers "
    out += "were not complete within --header-timeout.\n"
    out += "# TYPE formrules_http_header_timeouts_total counter\n"
    out += "formrules_http_header_timeouts_total \(headerTimeouts.load(ordering: .relaxed))\n"
    out += "# HELP formrules_http_connection_limit_reached_total Connections accepted at the --max-connections limit "
    out += "(more wait in the kernel's backlog).\n"
    out += "# TYPE formrules_http_connection_limit_reached_total counter\n"
    out += "formrules_http_connection_limit_reached_total \(connectionLimitReached.load(ordering: .relaxed))\n"
    out += "# HELP formrules_http_per_address_refusals_total Connections closed at accept because their client "
    out += "address held --max-connections-per-ip connections.\n"
    out += "# TYPE formrules_http_per_address_refusals_total counter\n"
    out += "formrules_http_per_address_refusals_total \(perAddressLimitRefusals.load(ordering: .relaxed))\n"
    out += "# HELP formrules_http_body_budget_refusals_total Requests answered 503 because --max-buffered-bytes "
    out += "was spent.\n"
    out += "# TYPE formrules_http_body_budget_refusals_total counter\n"
    out += "formrules_http_body_budget_refusals_total \(budgetRefusals.load(ordering: .relaxed))\n"
    out += "# HELP formrules_http_buffered_bytes Bytes of request bodies and batch reports held now.\n"
    out += "# TYPE formrules_http_buffered_bytes gauge\n"
    out += "formrules_http_buffered_bytes \(bufferedBytes)\n"
    if !state.checks.isEmpty {
      out += "# HELP formrules_check_requests_total Requests to the check endpoints (--check), by check and result "
      out += "(pass, fail, or why there was no decision: status, malformed, timeout, unreachable, cancelled).\n"
      out += "# TYPE formrules_check_requests_total counter\n"
      for key in state.checks.keys.sorted() {
        let parts = key.split(separator: "\u{0}", omittingEmptySubsequences: false)
        out += "formrules_check_requests_total{check=\""
        out.label(String(parts[0]))
        out += "\",result=\""
        out.label(String(parts.last ?? ""))
        out += "\"} \(state.checks[key] ?? 0)\n"
      }
    }
    return out.bytes
  }
}

/// The exposition's bytes, appended in place.
struct Exposition {
  var bytes: [UInt8] = []

  static func += (out: inout Exposition, text: String) {
    var text = text
    text.withUTF8 { out.bytes.append(contentsOf: $0) }
  }

  /// A label value, escaped as the text format requires: `\\`, `\"` and `\n`.
  mutating func label(_ value: String) {
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      default: bytes.append(byte)
      }
    }
  }
}

/// Structured lines on standard error: one per request, and events (listening, reload,
/// drain). Request lines hold the route template, the rules name, status, duration and
/// bytes: no field value, no query, no header.
///
/// Every line is whole in the order it was logged. Request lines are handed to
/// ``LogWriter/standardError``, which writes them in batches a few milliseconds apart (one
/// `write(2)` for many lines, not one per request); an event line is written at once,
/// after every line logged before it.
struct EventLog: Sendable {
  var accessLog: Bool
  var writer = LogWriter.standardError

  init(accessLog: Bool) {
    self.accessLog = accessLog
  }

  func request(
    method: String, route: String, rules: String?, status: Int, seconds: Double, bytes: Int, completed: Bool
  ) {
    guard accessLog else { return }
    var line = JSONWriter()
    line.bytes.reserveCapacity(192)
    line.raw("{\"time\":\"")
    EventLog.appendTimestamp(to: &line.bytes)
    line.raw("\",\"method\":")
    line.string(method)  // a method label: GET, HEAD, POST, OPTIONS or other
    line.raw(",\"route\":")
    line.string(route)
    if let rules {
      line.raw(",\"rules\":")
      line.string(rules)
    }
    line.raw(",\"status\":")
    line.int(status)
    line.raw(",\"duration_ms\":")
    line.number((seconds * 1_000_000).rounded() / 1000)
    line.raw(",\"bytes\":")
    line.int(bytes)
    if !completed { line.raw(",\"outcome\":\"aborted\"") }
    line.raw("}\n")
    writer.append(line.bytes)
  }

  func event(_ name: String, _ fields: [(String, Any)] = []) {
    var writer = JSONWriterLine()
    writer.field("time", EventLog.timestamp())
    writer.field("event", name)
    for (key, value) in fields { writer.field(key, value) }
    writer.emit(to: self.writer)
  }

  /// Writes every line logged so far.
  func flush() { writer.flush() }

  static func timestamp() -> String {
    var bytes: [UInt8] = []
    appendTimestamp(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `2026-12-02T01:22:19.123Z`, in UTC, with milliseconds.
  static func appendTimestamp(to bytes: inout [UInt8]) {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var parts = tm()
    var seconds = now.tv_sec
    gmtime_r(&seconds, &parts)
    func digits(_ n: Int32, _ width: Int) {
      var divisor: Int32 = 1
      for _ in 1..<width { divisor *= 10 }
      var n = max(n, 0)
      while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n / divisor % 10))
        n %= divisor * 10
        divisor /= 10
      }
    }
    digits(parts.tm_year + 1900, 4)
    bytes.append(UInt8(ascii: "-"))
    digits(parts.tm_mon + 1, 2)
    bytes.append(UInt8(ascii: "-"))
    digits(parts.tm_mday, 2)
    bytes.append(UInt8(ascii: "T"))
    digits(parts.tm_hour, 2)
    bytes.append(UInt8(ascii: ":"))
    digits(parts.tm_min, 2)
    bytes.append(UInt8(ascii: ":"))
    digits(parts.tm_sec, 2)
    bytes.append(UInt8(ascii: "."))
    digits(Int32(now.tv_nsec / 1_000_000), 3)
    bytes.append(UInt8(ascii: "Z"))
  }
}

/// Whole lines for one file descriptor, written in order by one background thread in
/// batches: a request thread only appends its line to a buffer. The thread wakes when the
/// buffer stops being empty, waits ``batchDelay`` for more lines, and writes them all with
/// one `write(2)`; at 40,000 requests a second that is ~200 writes instead of 40,000. If
/// the descriptor blocks (a full pipe) and the buffer reaches ``maxPending`` bytes, the
/// request threads write themselves, as an unbuffered log would.
final class LogWriter: @unchecked Sendable {
  static let standardError = LogWriter(descriptor: 2)
  static let batchDelay: useconds_t = 5_000
  static let maxPending = 1 << 20

  let descriptor: Int32
  private let pending = Locked<[UInt8]>([])
  /// Held while writing, so batches (and events written at once) keep their order. A bare
  /// lock: it guards no value (a `Locked<Void>` made ThreadSanitizer see its empty value at the
  /// object's first byte, and every lock of it as a race with reading the object's header).
  private let writing = NSLock()
  private let wake = DispatchSemaphore(value: 0)
  private let started = Atomic<Bool>(false)

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Queues whole lines.
  func append(_ bytes: [UInt8]) {
    let (wasEmpty, full) = pending.withLock { pending -> (Bool, Bool) in
      let wasEmpty = pending.isEmpty
      pending.append(contentsOf: bytes)
      return (wasEmpty, pending.count >= LogWriter.maxPending)
    }
    if full {
      flush()
    } else if wasEmpty {
      startIfNeeded()
      wake.signal()
    }
  }

  /// Writes every queued line now.
  func flush() {
    writing.withLock {
      let batch = pending.withLock { pending -> [UInt8] in
        var batch: [UInt8] = []
        swap(&batch, &pending)
        return batch
      }
      write(batch)
    }
  }

  /// Writes queued lines and then `bytes`, at once.
  func writeNow(_ bytes: [UInt8]) {
    writing.withLock {
      let batch = pending.withLock { pending -> [UInt8] in
        var batch: [UInt8] = []
        swap(&batch, &pending)
        return batch
      }
      write(batch + bytes)
    }
  }

  private func startIfNeeded() {
    guard !started.load(ordering: .relaxed),
      started.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
    else { return }
    let thread = Thread { [self] in
      while true {
        wake.wait()
        usleep(LogWriter.batchDelay)
        flush()
      }
    }
    thread.name = "access-log"
    thread.start()
  }

  private func write(_ bytes: [UInt8]) { Descriptor.writeAll(bytes, to: descriptor) }
}

/// One JSON object on one line, built member by member.
struct JSONWriterLine {
  fileprivate var writer = JSONWriter()
  fileprivate var first = true

  mutating func field(_ key: String, _ value: Any) {
    writer.raw(first ? "{" : ",")
    first = false
    writer.key(key)
    switch value {
    case let value as String: writer.string(value)
    case let value as Int: writer.int(value)
    case let value as Double: writer.number(value)
    case let value as Bool: writer.bool(value)
    case let value as [String]:
      writer.raw("[")
      for (i, item) in value.enumerated() {
        if i > 0 { writer.raw(",") }
        writer.string(item)
      }
      writer.raw("]")
    default: writer.string(String(describing: value))
    }
  }

  /// Writes the line at once, after every line queued before it.
  mutating func emit(to log: LogWriter) {
    writer.raw(first ? "{}\n" : "}\n")
    log.writeNow(writer.bytes)
  }
}

extension JSONWriterLine {
  /// The members as one JSON object and a newline.
  static func object(_ members: [(String, Any)]) -> String {
    var line = JSONWriterLine()
    for (key, value) in members { line.field(key, value) }
    line.writer.raw(line.first ? "{}\n" : "}\n")
    return line.writer.string
  }
}
