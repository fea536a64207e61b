import FormRules
import Foundation
import Synchronization

/// The counters `/metrics` exposes in the Prometheus text format (version 0.0.4). Labels
/// are route templates, methods and statuses: never a value, a rules file's content or a
/// client-chosen string, so their number stays small.
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
  }

  private let state = Mutex(State())
  let inFlight = Atomic<Int>(0)

  func record(route: String, method: String, status: Int, seconds: Double) {
    state.withLock { state in
      state.requests[Key(route: route, method: method, status: status), default: 0] += 1
      if let bucket = Metrics.buckets.firstIndex(where: { seconds <= $0 }) { state.bucketCounts[bucket] += 1 }
      state.durationCount += 1
      state.durationSum += seconds
    }
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

  func exposition(openConnections: Int) -> String {
    let state = state.withLock { $0 }
    var out = ""
    out += "# HELP formrules_http_requests_total HTTP requests answered, by route template, method and status.\n"
    out += "# TYPE formrules_http_requests_total counter\n"
    let keys = state.requests.keys.sorted { ($0.route, $0.method, $0.status) < ($1.route, $1.method, $1.status) }
    for key in keys {
      out +=
        "formrules_http_requests_total{route=\"\(key.route)\",method=\"\(key.method)\",status=\"\(key.status)\"} "
        + "\(state.requests[key] ?? 0)\n"
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
    return out
  }
}

/// Structured lines on standard error: one per request, and events (listening, reload,
/// drain). Each line is written with one `write(2)` so lines from many threads never mix.
/// Request lines hold the route template, the rules name, status, duration and bytes: no
/// field value, no query, no header.
struct EventLog: Sendable {
  var accessLog: Bool

  func request(
    method: String, route: String, rules: String?, status: Int, seconds: Double, bytes: Int, completed: Bool
  ) {
    guard accessLog else { return }
    var writer = JSONWriterLine()
    writer.field("time", EventLog.timestamp())
    writer.field("method", method)
    writer.field("route", route)
    if let rules { writer.field("rules", rules) }
    writer.field("status", status)
    writer.field("duration_ms", (seconds * 1_000_000).rounded() / 1000)
    writer.field("bytes", bytes)
    if !completed { writer.field("outcome", "aborted") }
    writer.emit()
  }

  func event(_ name: String, _ fields: [(String, Any)] = []) {
    var writer = JSONWriterLine()
    writer.field("time", EventLog.timestamp())
    writer.field("event", name)
    for (key, value) in fields { writer.field(key, value) }
    writer.emit()
  }

  static func timestamp() -> String {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var parts = tm()
    var seconds = now.tv_sec
    gmtime_r(&seconds, &parts)
    func pad(_ n: Int32, _ width: Int = 2) -> String {
      let s = String(n)
      return String(repeating: "0", count: max(0, width - s.count)) + s
    }
    return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))T"
      + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec)).\(pad(Int32(now.tv_nsec / 1_000_000), 3))Z"
  }
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

  mutating func emit() {
    writer.raw(first ? "{}\n" : "}\n")
    writer.bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let n = write(2, base + offset, buffer.count - offset)
        if n <= 0 { break }
        offset += n
      }
    }
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
