import FormRules
import FormRulesBulk
import FormRulesPassword
import Foundation

/// What the daemon does once a request's headers are in: answer now, or read a body of at
/// most `limit` bytes and then answer with `finish`.
enum Plan {
  case respond(Response)
  case readBody(limit: Int, route: String, rulesName: String?, finish: ([UInt8]) -> Reply)
  /// `validate-batch`: the body goes line by line into `batch` as it arrives.
  case readBatch(limit: Int, rulesName: String, language: String, batch: BatchStream)
}

/// The answer to a request whose body is in: now, or once named checks have run. `later`
/// suspends the connection (libmicrohttpd's suspend/resume), so no serving thread waits; the
/// work is bounded by the check timeout and must not read the request (its connection belongs
/// to libmicrohttpd's thread).
enum Reply {
  case now(Response)
  case later(@Sendable () async -> Response)
}

/// Where a path goes: read once per request from the raw path's bytes (as the client sent it,
/// not percent-decoded), without splitting it. A rules name is decoded after it is cut out.
enum Route: Equatable {
  case healthz, readyz, metrics, rulesList
  case rules(String)
  case validate(String)
  case batch(String)
  case demoLogin
  /// `/range/{prefix}`: the k-anonymity range API over `--breach-file`.
  case range(String)
  /// Any other path outside `/v1`: a file of the web folder, if there is one.
  case staticFile
  /// A path under `/v1` that names no route.
  case unmatched

  init(path: String) {
    self = ByteView.withUTF8(path) { Route.parse($0) }
  }

  /// The route of a raw path (`RequestTarget.rawPath`), already checked by `RequestTarget.decode`.
  init(rawPath: Substring) {
    self = ByteView.withUTF8(String(rawPath)) { Route.parse($0) }
    switch self {
    case .rules(let name): self = .rules(Route.decodedName(name))
    case .validate(let name): self = .validate(Route.decodedName(name))
    case .batch(let name): self = .batch(Route.decodedName(name))
    default: break
    }
  }

  private static func decodedName(_ name: String) -> String {
    (try? RequestTarget.decode(Substring(name))) ?? name
  }

  /// Byte comparisons only: a `switch` over string literals compares `String`s one by one.
  private static func parse(_ bytes: ByteView) -> Route {
    func matches(_ literal: StaticString, from start: Int = 0, whole: Bool = true) -> Bool {
      let n = literal.utf8CodeUnitCount
      guard whole ? bytes.count - start == n : bytes.count - start >= n else { return false }
      return bytes[start..<start + n] == ByteView(literal)
    }
    if matches("/healthz") { return .healthz }
    if matches("/readyz") { return .readyz }
    if matches("/metrics") { return .metrics }
    if matches("/v1/rules") { return .rulesList }
    if matches("/demo/login") { return .demoLogin }
    let range: StaticString = "/range/"
    if matches(range, whole: false) {
      return .range(bytes.suffix(from: range.utf8CodeUnitCount).string)
    }
    let prefix: StaticString = "/v1/rules/"
    guard matches(prefix, whole: false) else {
      return matches("/v1") || matches("/v1/", whole: false) ? .unmatched : .staticFile
    }
    let rest = bytes.suffix(from: prefix.utf8CodeUnitCount)
    guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return .rules(rest.string) }
    let name = rest.prefix(upTo: slash).string
    let action = prefix.utf8CodeUnitCount + slash + 1
    if matches("validate", from: action) { return .validate(name) }
    if matches("validate-batch", from: action) { return .batch(name) }
    return .unmatched
  }

  /// The route template, for metrics and the access log: never a client-chosen string.
  var template: String {
    switch self {
    case .healthz: return "/healthz"
    case .readyz: return "/readyz"
    case .metrics: return "/metrics"
    case .rulesList: return "/v1/rules"
    case .rules: return "/v1/rules/{name}"
    case .validate: return "/v1/rules/{name}/validate"
    case .batch: return "/v1/rules/{name}/validate-batch"
    case .demoLogin: return DemoLogin.path
    case .range: return "/range/{prefix}"
    case .staticFile: return "static"
    case .unmatched: return "unmatched"
    }
  }
}

/// The API's routes: thin functions from a request to a response over the rules generation
/// the request started on. See docs/server.md for the contract.
struct Routes {
  let generation: RulesGeneration
  let server: PolicyServer

  var configuration: ServerConfiguration { server.configuration }

  /// The route template of a path, for metrics and the access log.
  static func template(_ path: String) -> String { Route(path: path).template }

  func plan(_ request: Request, route: Route) -> Plan {
    let method = request.method == "HEAD" ? "GET" : request.method

    func allow(_ methods: String, _ body: () -> Plan) -> Plan {
      if request.method == "OPTIONS" {
        return .respond(Response(status: 204, headers: [("Allow", methods + ", OPTIONS")]))
      }
      // Every route allows exactly one method (HEAD goes as GET).
      guard method == methods else {
        return .respond(
          Response.problem(
            405, "\(request.method) is not allowed here; use \(methods)", headers: [("Allow", methods + ", OPTIONS")]))
      }
      return body()
    }

    switch route {
    case .healthz:
      return allow("GET") {
        .respond(Response(status: 200, contentType: Response.json, body: Array("{\"status\":\"ok\"}".utf8)))
      }
    case .readyz:
      return allow("GET") { .respond(readiness()) }
    case .metrics:
      return allow("GET") {
        .respond(
          Response(
            status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8",
            body: server.metrics.exposition(
              openConnections: server.openConnections, bufferedBytes: server.bodyBudget.inUse)))
      }
    case .rulesList:
      return allow("GET") { .respond(listing()) }
    case .rules(let name):
      return allow("GET") { rules(name) { .respond(describe($0, request)) } }
    case .validate(let name):
      return allow("POST") {
        rules(name) { served in
          bodyPlan(
            request, route: route.template, served: served, limit: configuration.maxBodyBytes, types: Routes.jsonTypes
          ) {
            validate(served, request, body: $0)
          }
        }
      }
    case .batch(let name):
      return allow("POST") {
        rules(name) { served in
          let plan = bodyPlan(
            request, route: route.template, served: served, limit: configuration.maxBatchBytes,
            types: Routes.jsonLinesTypes
          ) { _ in .now(Response(status: 500)) }
          guard case .readBody(let limit, _, let rulesName?, _) = plan else { return plan }
          let language = language(served, request)
          guard
            let batch = BatchStream(
              policy: served.policy, locale: language, budget: server.bodyBudget, maxLines: configuration.maxBatchLines)
          else {
            server.metrics.budgetRefusals.add(1, ordering: .relaxed)
            var busy = Daemon.busy()
            busy.rulesName = rulesName
            return .respond(busy)
          }
          return .readBatch(limit: limit, rulesName: rulesName, language: language, batch: batch)
        }
      }
    case .demoLogin:
      return DemoLogin.plan(request, routes: self)
    case .range(let prefix):
      return allow("GET") { .respond(range(prefix, request)) }
    case .staticFile:
      if let web = server.web {
        return allow("GET") { .respond(web.serve(request.path)) }
      }
      return .respond(Response.problem(404, "no route \(Routes.printable(request.path))"))
    case .unmatched:
      return .respond(Response.problem(404, "no route \(Routes.printable(request.path))"))
    }
  }

  /// A path for an error detail: at most 200 characters.
  static func printable(_ path: String) -> String {
    path.count <= 200 ? path : String(path.prefix(200)) + "…"
  }

  static let jsonTypes = ["application/json"]
  static let jsonLinesTypes = [
    "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
    "application/json-lines", "application/jsonlines",
  ]

  private func rules(_ name: String, _ body: (ServedRules) -> Plan) -> Plan {
    guard let served = generation.rules[name] else {
      let known = generation.names.joined(separator: ", ")
      return .respond(
        Response.problem(
          404, "no rules named \"\(Routes.printable(name))\"; this server has: \(known)",
          extra: [("rules", .array(generation.names.map(JSONValue.string)))]))
    }
    var plan = body(served)
    if case .respond(var response) = plan {
      response.rulesName = served.name
      plan = .respond(response)
    }
    return plan
  }

  private func bodyPlan(
    _ request: Request, route: String, served: ServedRules, limit: Int, types: [String],
    finish: @escaping ([UInt8]) -> Reply
  ) -> Plan {
    let mediaType = request.mediaType
    guard let mediaType, types.contains(mediaType) || (types == Routes.jsonTypes && mediaType.hasSuffix("+json")) else {
      var response = Response.problem(
        415,
        "send the body as \(types[0])" + (mediaType.map { $0.isEmpty ? "" : "; got \(Routes.printable($0))" } ?? ""),
        headers: [("Accept-Post", types.joined(separator: ", "))])
      response.rulesName = served.name
      return .respond(response)
    }
    if let length = request.header("Content-Length").flatMap({ Int($0) }), length > limit {
      var response = Response.problem(
        413, "the body has \(length) bytes; at most \(limit) are accepted here",
        extra: [("limit", .number(Double(limit)))])
      response.rulesName = served.name
      return .respond(response)
    }
    return .readBody(limit: limit, route: route, rulesName: served.name, finish: finish)
  }

  /// `GET /range/{prefix}`: the suffixes under a 5-digit SHA-1 prefix from `--breach-file`, as
  /// HIBP's range API gives them (`SUFFIX:COUNT` lines), padded with count-0 lines to 800–1,000
  /// lines when the client sends `Add-Padding: true`. The prefix is never logged or counted
  /// (the route template is), nor repeated in an error.
  private func range(_ prefix: String, _ request: Request) -> Response {
    guard let breaches = server.breaches else {
      return Response.problem(404, "this server has no breach file (start it with --breach-file)")
    }
    guard BreachRange.isPrefix(prefix.utf8) else {
      return Response.problem(400, "the prefix must be 5 hexadecimal digits, as in /range/21BD1")
    }
    var random = SplitMix64()
    let padded = request.header("Add-Padding")?.lowercased() == "true"
    let lines = padded ? Int.random(in: BreachRange.paddedLines, using: &random) : nil
    let body = BreachRange.answer(prefix: prefix.utf8, from: breaches, padTo: lines, random: &random)
    return Response(
      status: 200, contentType: "text/plain; charset=utf-8", body: body,
      headers: [("Cache-Control", "no-store"), ("Vary", "Add-Padding")])
  }

  private func readiness() -> Response {
    if server.isDraining {
      return Response(status: 503, contentType: Response.json, body: Array("{\"status\":\"draining\"}".utf8))
    }
    var writer = JSONWriter()
    writer.raw("{\"status\":\"ready\",\"generation\":")
    writer.int(generation.number)
    writer.raw(",\"rules\":")
    writer.value(.array(generation.names.map(JSONValue.string)))
    writer.raw("}")
    return Response(status: 200, contentType: Response.json, body: writer.bytes)
  }

  private func listing() -> Response {
    var writer = JSONWriter()
    writer.raw("{\"rules\":")
    writer.value(.array(generation.names.map(JSONValue.string)))
    writer.raw("}")
    return Response(status: 200, contentType: Response.json, body: writer.bytes)
  }

  private func describe(_ served: ServedRules, _ request: Request) -> Response {
    let headers = [("ETag", served.etag), ("Cache-Control", "public, max-age=60")]
    if let match = request.header("If-None-Match"),
      match == "*"
        || match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == served.etag })
    {
      return Response(status: 304, headers: headers)
    }
    return Response(status: 200, contentType: Response.json, body: served.description, headers: headers)
  }

  private func language(_ served: ServedRules, _ request: Request) -> String {
    request.language(for: served.policy)
  }

  private func wantsProblem(_ request: Request) -> Bool {
    request.header("Accept", containsLowercase: ProblemDetails.mediaType)
  }

  /// `POST …/validate`: 200 and the report when valid, 422 when not (or RFC 9457 problem
  /// details with `Accept: application/problem+json`); with `?field=`, that field's report
  /// and its live checklist, 200 whether or not the field is valid, syntax-only unless
  /// `&checks=1` runs that field's named checks.
  ///
  /// When the rules name a check the server can run (``ServedRules/runsChecks``), the whole
  /// form's validation runs the due checks within the check timeout: the reply comes later.
  private func validate(_ served: ServedRules, _ request: Request, body: [UInt8]) -> Reply {
    let language = language(served, request)
    let headers = [("Content-Language", language), ("Vary", "Accept-Language")]
    let field = request.argument("field")
    let problem = wantsProblem(request)
    if field == nil, !problem, !served.runsChecks {
      // The whole form's report, written by the engine of `validate --jsonl` straight from the
      // body's bytes: the same plan and the same report bytes as `Report.json(locale:)`, with
      // the failure objects memoised in the validator. A malformed body is described below.
      let (outcome, report) = served.validators.with(language: language) { validator in
        let outcome = validator.validate(line: body, number: 1)
        // The report without the line's "\n".
        return (outcome, validator.output.prefix(upTo: validator.output.count - 1).array)
      }
      if outcome != .malformed {
        return .now(
          Response(status: outcome == .valid ? 200 : 422, contentType: Response.json, body: report, headers: headers))
      }
    }
    let values: [String: String?]
    switch served.policy.decode(record: body) {
    case .success(let decoded): values = decoded
    case .failure(let malformed):
      var extra: [(String, JSONValue)] = [("reason", .string(malformed.reason))]
      if let line = malformed.line { extra.append(("line", .number(Double(line)))) }
      if let column = malformed.column { extra.append(("column", .number(Double(column)))) }
      if let field = malformed.field {
        extra.append(("field", .string(field)))
        // A JSON Pointer to the value of the wrong type, as the library's problem document gives.
        extra.append(("pointer", .string("/" + Report.pointerToken(field))))
      }
      return .now(Response.problem(400, Routes.malformedDetail(malformed), extra: extra))
    }
    let policy = served.policy
    // An endpoint's HTTPCheck ends at the check timeout itself (and says "timeout"); the
    // policy's race is the backstop for every check, a closure's included.
    let timeout = configuration.checkTimeout + ServerConfiguration.checkBackstop
    if let field {
      guard served.knownFields.contains(field) else {
        return .now(
          Response.problem(
            400, "the rules \"\(served.name)\" have no field \"\(Routes.printable(field))\"",
            extra: [("fields", .array(served.policy.fieldNames.map(JSONValue.string)))]))
      }
      let runChecks: Bool
      switch request.argument("checks") {
      case nil, "0"?: runChecks = false
      case "1"?: runChecks = true
      default:
        return .now(Response.problem(400, "checks must be 1 (run the field's named checks) or 0 (the default)"))
      }
      guard runChecks, policy.hasNamedChecks else {
        let report = policy.validateSyntaxOnly(values)
        return .now(
          Routes.fieldFeedback(
            report, policy: policy, field: field, values: values, language: language, headers: headers))
      }
      return .later {
        let report = await policy.validate(values, runningChecksOf: [field], timeout: timeout)
        return Routes.fieldFeedback(
          report, policy: policy, field: field, values: values, language: language, headers: headers)
      }
    }
    guard served.runsChecks else {
      return .now(Routes.answer(policy.validate(values), problem: problem, language: language, headers: headers))
    }
    return .later {
      let report = await policy.validate(values, checks: [], timeout: timeout)
      return Routes.answer(report, problem: problem, language: language, headers: headers)
    }
  }

  /// The whole form's answer: 200 and the report when valid; else 422 and the report, or the
  /// problem document when the client asked for one.
  static func answer(_ report: Report, problem: Bool, language: String, headers: [(String, String)]) -> Response {
    if problem, case .problem(let document) = report.response(locale: language) {
      return Response(
        status: document.status, contentType: ProblemDetails.mediaType, body: document.bytes, headers: headers)
    }
    return Response(
      status: report.isValid ? 200 : 422, contentType: Response.json, body: Array(report.json(locale: language).utf8),
      headers: headers)
  }

  /// The field's entry of the whole report (the CLI's shape, cut out of the report JSON
  /// the library writes), its checklist, every field's failures, and the checks that did not
  /// run (`checksNotRun`: left aside while typing, or asked for and unavailable).
  static func fieldFeedback(
    _ report: Report, policy: Policy, field: String, values: [String: String?], language: String,
    headers: [(String, String)]
  ) -> Response {
    let reportJSON = try? JSONParser().parse(report.json(locale: language))
    let entry = reportJSON?.objectValue?["fields"]?.objectValue?[field] ?? .null
    var plain: [String: String] = [:]
    for (key, value) in values { if let value { plain[key] = value } }
    var writer = JSONWriter()
    writer.raw("{\"field\":")
    writer.string(field)
    writer.raw(",\"valid\":")
    writer.bool(report.fields[field]?.isValid ?? true)
    writer.raw(",\"report\":")
    writer.value(entry)
    writer.raw(",\"checklist\":")
    // Named checks do not run here: their lines are "notChecked", never met.
    writer.checklist(policy.checklist(for: field, values: plain, locale: language))
    writeLiveFields(report, policy: policy, language: language, to: &writer)
    if !report.checksNotRun.isEmpty {
      writer.raw(",")
      Report.writeChecksNotRun(report.checksNotRun, to: &writer)
    }
    writer.raw("}")
    return Response(status: 200, contentType: Response.json, body: writer.bytes, headers: headers)
  }

  /// `formValid` and every field's failures with both message variants, so that a page
  /// validating live needs one request that answers 200 (a 422 is logged as an error by
  /// browsers): `message` (labeled, for a live region), `inlineMessage` (under the field) and,
  /// for `strength`, `suggestion` (the catalog's first useful suggestion). See docs/web.md.
  private static func writeLiveFields(_ report: Report, policy: Policy, language: String, to writer: inout JSONWriter) {
    writer.raw(",\"formValid\":")
    writer.bool(report.isValid)
    writer.raw(",\"fields\":{")
    for (i, field) in report.fields.enumerated() {
      if i > 0 { writer.raw(",") }
      writer.key(field.name)
      writer.raw("{\"valid\":")
      writer.bool(field.isValid)
      writer.raw(",\"failures\":[")
      for (j, failure) in field.failures.enumerated() {
        if j > 0 { writer.raw(",") }
        writer.raw("{\"code\":")
        writer.string(failure.code)
        writer.raw(",\"severity\":")
        writer.string(failure.severity.rawValue)
        writer.raw(",\"message\":")
        writer.string(policy.message(for: failure, field: field.name, locale: language, style: .labeled))
        writer.raw(",\"inlineMessage\":")
        writer.string(policy.message(for: failure, field: field.name, locale: language, style: .inline))
        if let suggestion = policy.catalog.firstUsefulSuggestion(for: failure, locale: language) {
          writer.raw(",\"suggestion\":")
          writer.string(suggestion)
        }
        writer.raw("}")
      }
      writer.raw("]}")
    }
    writer.raw("}")
  }

  static func malformedDetail(_ malformed: MalformedRecord) -> String {
    switch malformed.reason {
    case "notObject": return "the body must be a JSON object of field values"
    case "notString":
      return "the value of \"\(malformed.field ?? "")\" must be a string or null"
    default:
      var detail = "the body is not valid JSON (\(malformed.reason)"
      if let line = malformed.line, let column = malformed.column { detail += " at line \(line), column \(column)" }
      return detail + ")"
    }
  }
}

extension Request {
  /// The language of a response: `?locale=` first, then `Accept-Language` by q-value,
  /// then the rules file's `defaultLocale` — the library's one negotiation.
  func language(for policy: Policy) -> String {
    let locale = argument("locale").flatMap { $0.isEmpty ? nil : $0 }
    let accept = header("Accept-Language").flatMap { $0.isEmpty ? nil : $0 }
    switch (locale, accept) {
    case (nil, nil): return policy.negotiateLocale([])
    case (let one?, nil), (nil, let one?): return policy.negotiateLocale(acceptLanguage: one)
    case (let locale?, let accept?): return policy.negotiateLocale(acceptLanguage: locale + ", " + accept)
    }
  }
}

/// The padding's random source: SplitMix64 seeded from the system's generator once per
/// request, so a padded answer costs one `getrandom` instead of one per line. Padding hides
/// the answer's size; it holds no secret.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init() {
    var system = SystemRandomNumberGenerator()
    state = system.next()
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
