import FormRules
import FormRulesHTTP
import FormRulesPassword
import FormRulesServer
import FormRulesTestSupport
import Foundation
import Testing

/// An app that embeds `PolicyServer` with its own rule, its own check closure and an HTTP check:
/// `ServerConfiguration(rulesPath:registry:checks:)` and `checkEndpoints`.
@Suite("PolicyServer embedded with an app's registry and checks")
struct EmbeddedChecksTests {
  /// An app's rule: the value is not `forbidden`.
  struct NotForbidden: Rule {
    static let name = "notForbidden"
    static let messages = [
      RuleMessage("notForbidden", ja: ("{label}は使用できません。", "使用できません。"), en: ("{label} is forbidden.", "Forbidden.")),
      RuleMessage("requirement.notForbidden", ja: ("禁止されていない値", "禁止されていない値"), en: ("Not forbidden", "Not forbidden")),
    ]
    init(from decoder: RuleDecoder) throws(RuleDecodingError) {}
    func check(_ subject: Subject) -> Int? { subject.string == "forbidden" ? 0 : nil }
    func failure(variant: Int) -> Failure { Failure(code: Self.name) }
  }

  static let rules = #"""
    {"version": 1, "defaultLocale": "en",
     "fields": {
       "nickname": {"label": {"en": "Nickname", "ja": "ニックネーム"}, "rules": [{"notForbidden": true}, {"check": "nicknameFree"}]},
       "email": {"label": {"en": "Email", "ja": "メール"}, "rules": [{"email": "practical"}, {"check": "emailAvailable"}]}
     }}
    """#

  static let nicknameFree = AsyncCheck(
    name: "nicknameFree",
    messages: [
      RuleMessage("nicknameFree", ja: ("{label}は使われています。", "使われています。"), en: ("{label} is taken.", "Taken.")),
      RuleMessage("requirement.nicknameFree", ja: ("未使用", "未使用"), en: ("Not taken", "Not taken")),
    ]
  ) { (request: CheckRequest) in
    #expect(request.field == "nickname")
    return request.value != "taro"
  }

  @Test("the app's rule, closure and endpoint decide the served form")
  func embedded() async throws {
    let stub = try CheckStub()
    let folder = try ScratchFolder(["app.json": Self.rules])
    defer { folder.remove() }
    var registry = RuleRegistry.standard
    try registry.register(NotForbidden.self)
    var configuration = ServerConfiguration(rulesPath: folder.url.path, registry: registry, checks: [Self.nicknameFree])
    configuration.listen = try ListenAddress("127.0.0.1:0")
    configuration.checkEndpoints = ["emailAvailable": stub.url("/email")]
    // Generous: in the full parallel run the CPU-bound suites hold this process's concurrency
    // pool, where the checks run, for seconds at a time.
    configuration.checkTimeout = .seconds(30)
    configuration.accessLog = false
    configuration.threads = 1
    let server = try PolicyServer(configuration: configuration)
    try server.start()
    defer { server.drain(timeout: 1) }
    let port = try #require(server.address?.port)

    // The blocking client runs on its own thread: the checks run in this process's concurrency
    // pool, which a test waiting on a socket there would hold.
    func post(_ body: String) async throws -> HTTPResult {
      let bytes = Array(body.utf8)
      let result = await withCheckedContinuation {
        (continuation: CheckedContinuation<Result<HTTPResult, Error>, Never>) in
        Thread.detachNewThread {
          continuation.resume(
            returning: Result {
              let client = try RawClient(port: port, timeout: 120)
              try client.send(
                "POST /v1/rules/app/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                  + "Content-Type: application/json\r\nContent-Length: \(bytes.count)\r\n\r\n")
              try client.send(bytes)
              return try client.readResponse()
            })
        }
      }
      return try result.get()
    }
    func codes(_ response: HTTPResult, _ field: String) -> [String] {
      let fields = response.json?["fields"] as? [String: [String: Any]]
      return (fields?[field]?["errors"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
    }

    let ok = try await post(#"{"nickname": "hanako", "email": "free@example.jp"}"#)
    #expect(ok.status == 200, "\(ok.text)")
    let taken = try await post(#"{"nickname": "taro", "email": "taken@example.jp"}"#)
    #expect(taken.status == 422)
    #expect(codes(taken, "nickname") == ["nicknameFree"])
    #expect(codes(taken, "email") == ["emailAvailable"])
    let forbidden = try await post(#"{"nickname": "forbidden", "email": "free@example.jp"}"#)
    #expect(codes(forbidden, "nickname") == ["notForbidden"])
    #expect(stub.requests.count == 3)
  }

  @Test("a check given twice, or a rule the registry lacks, keeps the server from starting")
  func refused() throws {
    let folder = try ScratchFolder(["app.json": Self.rules])
    defer { folder.remove() }
    var registry = RuleRegistry.standard
    try registry.register(NotForbidden.self)
    var twice = ServerConfiguration(rulesPath: folder.url.path, registry: registry, checks: [Self.nicknameFree])
    twice.checkEndpoints = ["nicknameFree": "http://127.0.0.1:9/x", "emailAvailable": "http://127.0.0.1:9/y"]
    #expect(throws: ServerError.self) { try PolicyServer(configuration: twice) }
    let withoutRule = ServerConfiguration(rulesPath: folder.url.path)
    #expect(throws: RulesLoadError.self) { try PolicyServer(configuration: withoutRule) }
  }
}
