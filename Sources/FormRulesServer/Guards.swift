import FormRules
import Foundation
import Synchronization

/// The one budget for request bytes the server holds in memory: `validate` bodies and
/// `validate-batch` lines and reports, over every connection (`--max-buffered-bytes`).
///
/// A request reserves before it buffers: a `validate` body its whole `Content-Length` when its
/// headers arrive (a chunked body as it grows), a batch its pending line and its held reports in
/// steps. A reservation that does not fit is refused, and the request is answered 503 with
/// `Retry-After`. Batches together may hold at most three quarters of the budget, so single
/// validations always have a quarter left.
final class BodyBudget: Sendable {
  let limit: Int
  private let used = Atomic<Int>(0)

  init(limit: Int) {
    self.limit = limit
  }

  var inUse: Int { used.load(ordering: .relaxed) }

  /// The part of the budget batches may hold together.
  var batchCeiling: Int { limit - limit / 4 }

  /// Takes `bytes` from the budget if the total stays within `ceiling` (the whole budget by default).
  func reserve(_ bytes: Int, ceiling: Int? = nil) -> Bool {
    guard bytes > 0 else { return true }
    let ceiling = ceiling ?? limit
    var current = used.load(ordering: .relaxed)
    while true {
      guard current + bytes <= ceiling else { return false }
      let (exchanged, original) = used.compareExchange(
        expected: current, desired: current + bytes, ordering: .relaxed)
      if exchanged { return true }
      current = original
    }
  }

  func release(_ bytes: Int) {
    if bytes > 0 { used.subtract(bytes, ordering: .relaxed) }
  }
}

/// One TCP connection as the header watchdog sees it: its socket, and since when it has been
/// waiting for a request's headers (0 while a request is being handled).
final class ConnectionEntry: @unchecked Sendable {
  let fd: Int32
  /// Monotonic nanoseconds when the connection started waiting for headers; 0 while a request runs.
  let waitingSince: Atomic<UInt64>
  /// The request target exactly as the client sent it (set by the URI callback, read by the
  /// handler on the same connection's thread).
  var rawTarget: String?
  /// The target had more query arguments than allowed.
  var tooManyArguments = false
  /// The target holds a space or another control (libmicrohttpd, not strict, lets them through).
  var badTarget = false
  /// The watchdog shut the connection down; it does so again at each sweep until the library
  /// reports the connection closed.
  let cut = Atomic<Bool>(false)
  /// The connection has answered a request and is kept alive: an idle client is libmicrohttpd's
  /// to close (`--idle-timeout`), so the next headers get that long on top of the deadline.
  let keptAlive = Atomic<Bool>(false)

  /// The client's address, counted against `--max-connections-per-ip` while the connection is open.
  let address: ClientAddress?

  init(fd: Int32, now: UInt64, address: ClientAddress? = nil) {
    self.fd = fd
    waitingSince = Atomic(now)
    self.address = address
  }
}

/// A client's IP address as 16 bytes, IPv4 mapped into IPv6: a key for per-address counts that
/// is never logged.
struct ClientAddress: Hashable, Sendable {
  let high: UInt64
  let low: UInt64
}

/// Every open connection of a daemon, and a watchdog thread that shuts down those whose
/// request line and headers are not complete within the header deadline, however slowly
/// they trickle in (libmicrohttpd 0.9.75's own timeout is for inactivity only).
///
/// An entry is added when libmicrohttpd reports a connection started and removed when it
/// reports it closed, which it does before it closes the socket; the watchdog calls
/// `shutdown(2)` (never `close`) under the same lock, so it never touches a reused descriptor.
final class ConnectionTracker: @unchecked Sendable {
  private let entries = Locked<Open>(Open())
  let headerTimeout: UInt64
  /// The deadline on a kept-alive connection: the idle timeout plus the header timeout.
  let keptAliveTimeout: UInt64
  let limit: Int
  /// Open connections allowed per client address; 0: no limit.
  let perAddressLimit: Int
  let metrics: Metrics
  let log: EventLog
  private let lastLimitLog = Atomic<UInt64>(0)
  private let lastPerAddressLog = Atomic<UInt64>(0)

  /// The open connections, and how many each client address holds (no entry at zero, so the
  /// table never holds more addresses than there are open connections).
  struct Open {
    var entries: [ObjectIdentifier: ConnectionEntry] = [:]
    var perAddress: [ClientAddress: Int] = [:]
  }
  private let running = Atomic<Bool>(true)

  init(
    headerTimeoutSeconds: Int, idleTimeoutSeconds: Int, limit: Int, perAddressLimit: Int = 0, metrics: Metrics,
    log: EventLog
  ) {
    headerTimeout = UInt64(headerTimeoutSeconds) * 1_000_000_000
    keptAliveTimeout = UInt64(headerTimeoutSeconds + idleTimeoutSeconds) * 1_000_000_000
    self.limit = limit
    self.perAddressLimit = perAddressLimit
    self.metrics = metrics
    self.log = log
  }

  /// Whether a new connection from `address` may open: asked by libmicrohttpd at accept, before
  /// the connection is set up. A refusal is counted and logged (without the address); the client
  /// sees the connection closed at once.
  ///
  /// The count moves only in ``opened(_:)`` and ``closed(_:)``, so a connection libmicrohttpd
  /// drops between this answer and its start leaves nothing behind. Each polling thread accepts
  /// and starts one connection at a time, so an address can exceed the limit by at most
  /// `--threads` − 1 connections that were accepted at the same instant.
  func admits(_ address: ClientAddress?) -> Bool {
    guard perAddressLimit > 0, let address else { return true }
    let open = entries.withLock { $0.perAddress[address, default: 0] }
    guard open >= perAddressLimit else { return true }
    metrics.perAddressLimitRefusals.add(1, ordering: .relaxed)
    if due(lastPerAddressLog) {
      log.event("perAddressLimit", [("open", open), ("limit", perAddressLimit)])
    }
    return false
  }

  func opened(_ entry: ConnectionEntry) {
    let open = entries.withLock { open -> Int in
      open.entries[ObjectIdentifier(entry)] = entry
      if let address = entry.address { open.perAddress[address, default: 0] += 1 }
      return open.entries.count
    }
    if open >= limit {
      metrics.connectionLimitReached.add(1, ordering: .relaxed)
      if due(lastLimitLog) { log.event("connectionLimit", [("open", open), ("limit", limit)]) }
    }
  }

  func closed(_ entry: ConnectionEntry) {
    entries.withLock { open in
      guard open.entries.removeValue(forKey: ObjectIdentifier(entry)) != nil, let address = entry.address else {
        return
      }
      let left = open.perAddress[address, default: 1] - 1
      open.perAddress[address] = left > 0 ? left : nil
    }
  }

  /// Open connections from `address` (for tests and the status page).
  func openConnections(from address: ClientAddress) -> Int {
    entries.withLock { $0.perAddress[address, default: 0] }
  }

  /// Whether a rate-limited log line is due: one per 10 s at most, however many connections
  /// wait in the backlog or are refused.
  private func due(_ last: borrowing Atomic<UInt64>) -> Bool {
    let now = Daemon.now()
    let previous = last.load(ordering: .relaxed)
    return now - previous > 10_000_000_000
      && last.compareExchange(expected: previous, desired: now, ordering: .relaxed).exchanged
  }

  /// Starts the watchdog: a sweep every quarter of a second (at most a quarter second late).
  func start(name: String) {
    let thread = Thread { [self] in
      while running.load(ordering: .relaxed) {
        usleep(250_000)
        sweep()
      }
    }
    thread.name = name
    thread.start()
  }

  func stop() { running.store(false, ordering: .relaxed) }

  /// Shuts down every connection past the header deadline; returns how many.
  @discardableResult
  func sweep(now: UInt64 = Daemon.now()) -> Int {
    let cut = entries.withLock { open -> Int in
      var cut = 0
      for entry in open.entries.values {
        if entry.cut.load(ordering: .relaxed) {
          shutdown(entry.fd, Int32(SHUT_RDWR))
          continue
        }
        let since = entry.waitingSince.load(ordering: .relaxed)
        let deadline = entry.keptAlive.load(ordering: .relaxed) ? keptAliveTimeout : headerTimeout
        guard since != 0, now > since, now - since > deadline else { continue }
        entry.cut.store(true, ordering: .relaxed)
        shutdown(entry.fd, Int32(SHUT_RDWR))
        cut += 1
      }
      return cut
    }
    if cut > 0 {
      metrics.headerTimeouts.add(cut, ordering: .relaxed)
      log.event("headerTimeout", [("connections", cut), ("timeout_s", Int(headerTimeout / 1_000_000_000))])
    }
    return cut
  }
}

/// The request method as a metrics label and a log field: one of a closed set.
enum MethodLabel {
  static func label(_ method: String) -> String {
    switch method {
    case "GET", "HEAD", "POST", "OPTIONS": return method
    default: return "other"
    }
  }

  /// Whether the server knows `method` (RFC 9110 §9, and PATCH): routes answer 405 with `Allow` for
  /// those they do not take; other tokens get 501.
  static func isKnown(_ method: String) -> Bool {
    switch method {
    case "GET", "HEAD", "POST", "OPTIONS", "PUT", "DELETE", "PATCH", "TRACE", "CONNECT": return true
    default: return false
    }
  }

  /// Whether `method` is an RFC 9110 token (`tchar`s, at least one).
  static func isToken(_ bytes: ByteView) -> Bool {
    guard !bytes.isEmpty else { return false }
    for byte in bytes where !isTchar(byte) { return false }
    return true
  }

  @inline(__always)
  static func isTchar(_ c: UInt8) -> Bool {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"):
      return true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
      UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }
}

/// The request target as the client sent it, before libmicrohttpd decodes it: routing reads
/// this, so `%2F`, `%00` and other escapes cannot change which route a path reaches.
enum RequestTarget {
  enum Problem: Error, Equatable {
    case encodedSlash, encodedNul, badEscape

    /// The detail of the 400 answer.
    var detail: String {
      self == .badEscape
        ? "the path has a % that is not followed by two hex digits"
        : "the path must not hold an encoded slash (%2F) or NUL (%00)"
    }
  }

  /// The raw path of a target: without the query, and for an absolute-form target
  /// (`http://host/path`, RFC 9112 §3.2.2) without the scheme and authority.
  static func rawPath(_ target: String) -> Substring {
    var path = Substring(target)
    if let query = path.firstIndex(of: "?") { path = path[..<query] }
    for scheme in ["http://", "https://"] {
      if path.utf8.count >= scheme.utf8.count,
        path.utf8.prefix(scheme.utf8.count).elementsEqual(scheme.utf8, by: { Response.lowercased($0) == $1 })
      {
        let rest = path.dropFirst(scheme.count)
        guard let slash = rest.firstIndex(of: "/") else { return "/" }
        return rest[slash...]
      }
    }
    return path
  }

  /// Percent-decodes a raw path; an encoded `/` or NUL, or a `%` without two hex digits, is refused.
  static func decode(_ raw: Substring) throws(Problem) -> String {
    guard raw.utf8.contains(UInt8(ascii: "%")) else { return String(raw) }
    var out: [UInt8] = []
    out.reserveCapacity(raw.utf8.count)
    var bytes = raw.utf8.makeIterator()
    while let byte = bytes.next() {
      guard byte == UInt8(ascii: "%") else {
        out.append(byte)
        continue
      }
      guard let high = bytes.next().flatMap(hex), let low = bytes.next().flatMap(hex) else { throw .badEscape }
      let decoded = high << 4 | low
      if decoded == UInt8(ascii: "/") { throw .encodedSlash }
      if decoded == 0 { throw .encodedNul }
      out.append(decoded)
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func hex(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// One pass over a raw target: whether its path is plain (starts with `/`, holds no `%`, so
  /// libmicrohttpd's decoded path is the raw one), and its number of query arguments
  /// (`&`-separated pieces after `?`).
  static func scan(_ target: ByteView) -> (plain: Bool, arguments: Int, bad: Bool) {
    var plain = !target.isEmpty && target[0] == UInt8(ascii: "/")
    var bad = false
    var i = 0
    while i < target.count, target[i] != UInt8(ascii: "?") {
      if target[i] == UInt8(ascii: "%") { plain = false }
      if target[i] <= 0x20 || target[i] == 0x7F { bad = true }
      i += 1
    }
    guard i < target.count else { return (plain, 0, bad) }
    var arguments = 1
    for byte in target.suffix(from: i + 1) {
      if byte == UInt8(ascii: "&") { arguments += 1 }
      if byte <= 0x20 || byte == 0x7F { bad = true }
    }
    return (plain, arguments, bad)
  }
}
