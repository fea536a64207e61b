import FormRules
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The one HTTP client of the package: a URLSession (FoundationNetworking over libcurl on
/// Linux) and the delegate that reads answers strictly. ``HTTPCheck`` POSTs through it and
/// FormRulesBreachRange's range client GETs through it; there is no second client.
///
/// What every request gets, whoever sends it:
///
/// - an ephemeral session: no cookies, no cache, no credentials store;
/// - at most `maxConnections` connections to one host at once; further requests wait in the
///   session's queue, within their timeout;
/// - a deadline of its own (`timeout`): whatever comes first ends the call (the answer, the
///   deadline, the caller's cancellation, which cancels the transfer at once);
/// - no redirect followed (the `3xx` is the answer, so nothing is sent to another URL);
/// - the body read up to `maxBytes`; past it the transfer is cancelled and the call fails.
///
/// Errors are ``HTTPCheckError``s and never hold a URL, a header or a body.
/// (`@unchecked Sendable`: URLSession and its delegate are thread-safe; the delegate's state
/// is behind a `Locked`.)
package final class HTTPTransport: @unchecked Sendable {
  let session: URLSession
  let delegate: SessionDelegate

  /// The longest timeout a request may have: libcurl's own timers are set just above it.
  package static let maxTimeout: Duration = .seconds(60)

  /// - Parameters:
  ///   - maxConnections: the most connections to one host at once.
  ///   - headers: sent with every request (a `User-Agent`, say).
  package init(maxConnections: Int, headers: [String: String] = [:]) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = maxConnections
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.urlCredentialStorage = nil
    if !headers.isEmpty { configuration.httpAdditionalHeaders = headers }
    // No proxy setting here: FoundationNetworking has none on Linux (swift-corelibs-foundation
    // #5199), and libcurl follows `http_proxy`, `https_proxy` and `no_proxy` from the environment
    // (docs/server.md says so).
    // libcurl's own timers are a backstop above the deadline `send` keeps itself; each request
    // sets its own (`timeoutInterval`), these only bound one nobody set.
    let backstop = HTTPTransport.seconds(HTTPTransport.maxTimeout) + 1
    configuration.timeoutIntervalForRequest = backstop
    configuration.timeoutIntervalForResource = backstop
    delegate = SessionDelegate()
    session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
  }

  deinit { session.invalidateAndCancel() }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// Sends `request` and reads its answer.
  ///
  /// - Parameters:
  ///   - request: the method, URL, headers and body; its `timeoutInterval` is set here.
  ///   - timeout: the deadline, from the call (connection included), at most ``maxTimeout``.
  ///   - maxBytes: the longest answer body read.
  /// - Returns: the status (a redirect's own `3xx` included) and the body.
  /// - Throws: ``HTTPCheckError/timedOut``, ``HTTPCheckError/cancelled``,
  ///   ``HTTPCheckError/unreachable(_:)``, or ``HTTPCheckError/malformedAnswer(_:)`` for a
  ///   body over `maxBytes`.
  package func send(_ request: URLRequest, timeout: Duration, maxBytes: Int) async throws(HTTPCheckError) -> (
    status: Int, body: [UInt8]
  ) {
    let seconds = HTTPTransport.seconds(min(timeout, HTTPTransport.maxTimeout))
    var request = request
    // libcurl's timer, in whole seconds (FoundationNetworking rounds a fraction down, so 0.5
    // would expire at once): a backstop above the deadline below.
    request.timeoutInterval = (seconds + 1).rounded(.up)
    if Task.isCancelled { throw .cancelled }
    let task = session.dataTask(with: request)
    let call = Call(maxBytes: maxBytes)
    delegate.track(task, call)
    // The deadline, whatever libcurl's own timers do (theirs count idle time).
    let deadline = DispatchWorkItem {
      call.finish(.failure(.timedOut))
      task.cancel()
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: deadline)
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if call.wait(continuation) { task.resume() }
      }
    } onCancel: {
      call.finish(.failure(.cancelled))
      task.cancel()
    }
    deadline.cancel()
    delegate.forget(task)
    let (status, body) = try result.get()
    return (status, body)
  }
}

/// One request's answer as it arrives: finished once, by whichever comes first (the answer, the
/// deadline, the caller's cancellation), and its waiter resumed once.
final class Call: Sendable {
  typealias Answer = Result<(Int, [UInt8]), HTTPCheckError>

  private struct State {
    var continuation: CheckedContinuation<Answer, Never>?
    var answer: Answer?
    var body: [UInt8] = []
    var tooLong = false
  }

  let maxBytes: Int
  private let state = Locked(State())

  init(maxBytes: Int) {
    self.maxBytes = maxBytes
  }

  /// The failure of an answer over ``maxBytes``.
  var tooLong: HTTPCheckError { .malformedAnswer("the answer is over \(maxBytes) bytes") }

  /// Keeps the waiter; `false` (and resumes it now) when the call is already finished.
  func wait(_ continuation: CheckedContinuation<Answer, Never>) -> Bool {
    let answer = state.withLock { state -> Answer? in
      if let answer = state.answer { return answer }
      state.continuation = continuation
      return nil
    }
    if let answer { continuation.resume(returning: answer) }
    return answer == nil
  }

  /// The first answer wins; later ones are dropped.
  func finish(_ answer: Answer) {
    let waiter = state.withLock { state -> CheckedContinuation<Answer, Never>? in
      guard state.answer == nil else { return nil }
      state.answer = answer
      defer { state.continuation = nil }
      return state.continuation
    }
    waiter?.resume(returning: answer)
  }

  /// Appends answer bytes; `false` once the answer is over ``maxBytes``.
  func append(_ data: Data) -> Bool {
    state.withLock { state in
      guard !state.tooLong else { return false }
      if state.body.count + data.count > maxBytes {
        state.tooLong = true
        state.body = []
        return false
      }
      state.body.append(contentsOf: data)
      return true
    }
  }

  /// The body read, and whether it was cut for being too long.
  var received: (body: [UInt8], tooLong: Bool) { state.withLock { ($0.body, $0.tooLong) } }
}

/// Routes the session's events to each task's ``Call``. (`@unchecked`: its one table is
/// behind a `Locked`.)
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let calls = Locked<[Int: Call]>([:])

  func track(_ task: URLSessionTask, _ call: Call) {
    calls.withLock { $0[task.taskIdentifier] = call }
  }

  func forget(_ task: URLSessionTask) {
    _ = calls.withLock { $0.removeValue(forKey: task.taskIdentifier) }
  }

  private func call(_ task: URLSessionTask) -> Call? { calls.withLock { $0[task.taskIdentifier] } }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    guard let call = call(dataTask) else { return }
    if !call.append(data) {
      call.finish(.failure(call.tooLong))
      dataTask.cancel()
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    completionHandler(nil)  // never follow: the request would go to another URL
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    guard let call = call(task) else { return }
    let (body, tooLong) = call.received
    if tooLong {
      call.finish(.failure(call.tooLong))
    } else if let error {
      switch (error as? URLError)?.code {
      case .timedOut?: call.finish(.failure(.timedOut))
      case .cancelled?: call.finish(.failure(.cancelled))
      default: call.finish(.failure(.unreachable(SessionDelegate.reason(error))))
      }
    } else if let status = (task.response as? HTTPURLResponse)?.statusCode {
      call.finish(.success((status, body)))
    } else {
      call.finish(.failure(.unreachable("no HTTP answer")))
    }
  }

  /// The error's kind, never a URL (which may hold a token, or a range prefix).
  static func reason(_ error: Error) -> String {
    guard let code = (error as? URLError)?.code else { return "error" }
    switch code {
    case .cannotConnectToHost: return "connection refused"
    case .cannotFindHost, .dnsLookupFailed: return "unknown host"
    case .networkConnectionLost: return "connection lost"
    case .notConnectedToInternet: return "no network"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
      return "TLS failed"
    case .badServerResponse: return "bad server response"
    default: return "URL error \(code.rawValue)"
    }
  }
}
