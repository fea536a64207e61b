import FormRulesHTTP
import FormRulesPassword
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `notBreached`'s range mode over the package's one HTTP client (FormRulesHTTP's URLSession,
/// FoundationNetworking over libcurl on Linux), the one ``HTTPCheck`` posts through.
///
/// One ephemeral session for the process: no cookies, no cache, no credentials, connections
/// kept alive between checks, at most ``maxConnections`` to one host. A request is
/// `GET {range}{PREFIX}` with `Add-Padding: true` and nothing else about the password.
/// Redirects are not followed (a `3xx` is a wrong answer), the body is read up to `maxBytes`
/// and the transfer is cancelled past it, the request ends at the rule's `timeout`, and
/// cancelling the calling task (the policy's race, or the caller going away) cancels the
/// transfer. Its errors (``BreachRangeError``, `HTTPCheckError`) hold no URL and no body.
public enum URLSessionRangeClient: BreachRangeClient {
  /// The most connections open to one range host at once.
  public static let maxConnections = 16

  static let transport = HTTPTransport(
    maxConnections: maxConnections, headers: ["User-Agent": "form-rules", "Add-Padding": "true"])

  public static var canFetch: Bool { true }

  public static func fetch(_ url: URL, maxBytes: Int, timeout: Duration) async throws -> [UInt8] {
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("true", forHTTPHeaderField: "Add-Padding")
    request.setValue("text/plain", forHTTPHeaderField: "Accept")
    let status: Int
    let body: [UInt8]
    do {
      (status, body) = try await transport.send(request, timeout: timeout, maxBytes: maxBytes)
    } catch .malformedAnswer {
      // The transport's one malformed answer: a body over `maxBytes`.
      throw BreachRangeError.tooLarge
    }
    guard status == 200 else { throw BreachRangeError.status(status) }
    return body
  }
}
