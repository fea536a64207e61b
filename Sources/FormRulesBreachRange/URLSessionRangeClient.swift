import Foundation
import FormRulesPassword

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `notBreached`'s range mode over URLSession (FoundationNetworking, over libcurl, on Linux).
///
/// One ephemeral session for the process: no cookies, no cache, no credentials, connections
/// kept alive between checks. A request is `GET {range}{PREFIX}` with `Add-Padding: true` and
/// nothing else about the password. Redirects are not followed (a `3xx` is a wrong answer),
/// the body is read up to `maxBytes` and the transfer is cancelled past it, and cancelling the
/// calling task (the check's timeout, or the caller going away) cancels the transfer.
public enum URLSessionRangeClient: BreachRangeClient {
  public static var canFetch: Bool { true }

  public static func fetch(_ url: URL, maxBytes: Int) async throws -> [UInt8] {
    try await RangeTransfers.shared.fetch(url, maxBytes: maxBytes)
  }
}

/// The session and its transfers in flight, by task identifier.
final class RangeTransfers: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  static let shared = RangeTransfers()

  private struct Transfer {
    var body: [UInt8] = []
    var maxBytes: Int
    var error: BreachRangeError?
    var continuation: CheckedContinuation<[UInt8], any Error>
  }

  private let lock = NSLock()
  private var transfers: [Int: Transfer] = [:]
  private let queue: OperationQueue = {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    return queue
  }()
  private var session: URLSession!

  override init() {
    super.init()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.urlCache = nil
    configuration.urlCredentialStorage = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    // The check's own timeout cancels the transfer; these only stop a transfer nobody waits for.
    configuration.timeoutIntervalForRequest = 60
    configuration.timeoutIntervalForResource = 60
    configuration.httpAdditionalHeaders = ["User-Agent": "form-rules", "Add-Padding": "true"]
    session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
  }

  func fetch(_ url: URL, maxBytes: Int) async throws -> [UInt8] {
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("true", forHTTPHeaderField: "Add-Padding")
    let task = session.dataTask(with: request)
    let id = task.taskIdentifier
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8], any Error>) in
        guard !Task.isCancelled else {
          continuation.resume(throwing: CancellationError())
          return
        }
        lock.withLock { transfers[id] = Transfer(maxBytes: maxBytes, continuation: continuation) }
        task.resume()
      }
    } onCancel: {
      task.cancel()
    }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    guard status == 200 else {
      lock.withLock { transfers[dataTask.taskIdentifier]?.error = .status(status) }
      completionHandler(.cancel)
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooLarge = lock.withLock { () -> Bool in
      guard var transfer = transfers[dataTask.taskIdentifier] else { return false }
      guard transfer.body.count + data.count <= transfer.maxBytes else {
        transfer.error = .tooLarge
        transfer.body = []
        transfers[dataTask.taskIdentifier] = transfer
        return true
      }
      transfers[dataTask.taskIdentifier] = nil
      transfer.body.append(contentsOf: data)
      transfers[dataTask.taskIdentifier] = transfer
      return false
    }
    if tooLarge { dataTask.cancel() }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    // The 3xx itself is then the answer, and it is not 200.
    completionHandler(nil)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let transfer = lock.withLock({ transfers.removeValue(forKey: task.taskIdentifier) }) else { return }
    if let failure = transfer.error {
      transfer.continuation.resume(throwing: failure)
    } else if let error {
      transfer.continuation.resume(throwing: error)
    } else {
      transfer.continuation.resume(returning: transfer.body)
    }
  }
}
