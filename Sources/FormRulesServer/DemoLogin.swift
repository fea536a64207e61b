import FormRules
import FormRulesBulk
import FormRulesPassword
import Foundation

/// `POST /demo/login`: the login action of the demo pages in `Web/`, so that a failed login
/// shows the rules file's general error (`auth.invalidCredentials`) in the page's language.
///
/// It accepts exactly one documented account, `demo@example.jp` with `demo-pass-2024`,
/// creates no session and stores nothing: 200 `{"ok":true}` for the demo account, else 401 and
/// a problem document whose `code` is `auth.invalidCredentials` and whose `detail` is that
/// message from the catalog of the served `login` rules (a rules file's `messages` can
/// override it), in the language chosen as for the validate endpoint (`?locale=`, then
/// `Accept-Language`, then the file's `defaultLocale`). It exists only while the server
/// serves a web folder (`--no-web` removes it with the pages). The body is read like the
/// validate endpoint's: JSON, at most `--max-body-bytes`; no value reaches a response or log.
enum DemoLogin {
  static let path = "/demo/login"
  static let email = "demo@example.jp"
  static let password = "demo-pass-2024"

  static func plan(_ request: Request, routes: Routes) -> Plan {
    guard routes.server.web != nil else {
      return .respond(Response.problem(404, "no route \(path)"))
    }
    guard request.method == "POST" else {
      if request.method == "OPTIONS" { return .respond(Response(status: 204, headers: [("Allow", "POST, OPTIONS")])) }
      return .respond(
        Response.problem(405, "\(request.method) is not allowed here; use POST", headers: [("Allow", "POST, OPTIONS")]))
    }
    guard request.mediaType == "application/json" else {
      return .respond(Response.problem(415, "send the body as application/json"))
    }
    let limit = routes.configuration.maxBodyBytes
    if let length = request.header("Content-Length").flatMap({ Int($0) }), length > limit {
      return .respond(Response.problem(413, "the body has \(length) bytes; at most \(limit) are accepted here"))
    }
    let generation = routes.generation
    return .readBody(limit: limit, route: path, rulesName: nil) { body in
      .now(answer(request, body: body, generation: generation))
    }
  }

  static func answer(_ request: Request, body: [UInt8], generation: RulesGeneration) -> Response {
    let fields: Set<String> = ["email", "password"]
    guard case .success(let values) = InputRecord.decode(body, knownFields: fields) else {
      return Response.problem(400, "the body must be a JSON object of string values")
    }
    let noStore = [("Cache-Control", "no-store")]
    let email = (values["email"] ?? nil)?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    if email == Self.email, values["password"] == .some(Self.password) {
      return Response(status: 200, contentType: Response.json, body: Array("{\"ok\":true}".utf8), headers: noStore)
    }
    guard let served = generation.rules["login"] ?? generation.names.first.flatMap({ generation.rules[$0] }) else {
      return Response.problem(404, "no rules are served")
    }
    let language = request.language(for: served.policy)
    let code = "auth.invalidCredentials"
    var response = Response.problem(
      401, served.policy.catalog.render(code: code, locale: language), extra: [("code", .string(code))],
      headers: noStore + [("Content-Language", language), ("Vary", "Accept-Language")])
    response.rulesName = served.name
    return response
  }
}
