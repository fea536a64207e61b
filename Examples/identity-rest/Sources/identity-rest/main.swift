import FormRules
import FormRulesPassword
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// identity-rest sign-up|sign-in --rules FILE --email ADDRESS [--base-url URL] [--api-key KEY] [--locale ja|en]
///
/// Reads the password from standard input (never from the command line, where the process
/// list would show it), checks both fields with the rules file, then calls the Firebase Auth
/// REST API (`accounts:signUp` or `accounts:signInWithPassword`). Prints one JSON object:
/// `{"ok": true}` or `{"ok": false, "field": "email"|null, "code": "email.taken", "message": "…"}`.
/// Exit status: 0 signed up or in, 1 refused (by the rules or the provider), 2 usage error.

struct Usage: Error { var message: String }

func arguments() throws -> (action: String, options: [String: String]) {
  var args = Array(CommandLine.arguments.dropFirst())
  guard let action = args.first, ["sign-up", "sign-in"].contains(action) else {
    throw Usage(message: "expected sign-up or sign-in")
  }
  args.removeFirst()
  var options: [String: String] = [:]
  while let name = args.first, name.hasPrefix("--") {
    args.removeFirst()
    guard !args.isEmpty else { throw Usage(message: "\(name) needs a value") }
    options[String(name.dropFirst(2))] = args.removeFirst()
  }
  guard args.isEmpty else { throw Usage(message: "unexpected argument \(args[0])") }
  for required in ["rules", "email"] where options[required] == nil {
    throw Usage(message: "missing --\(required)")
  }
  return (action, options)
}

/// A JSON string literal, by Foundation: the library's JSON reader and writer are its own.
func quoted(_ text: String) -> String {
  let data = try? JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes])
  return data.map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
}

/// One result line, members in a fixed order: `{"ok":false,"field":…,"code":…,"message":…}`.
func printResult(field: String?, code: String?, message: String?) {
  guard let code else { return print(#"{"ok":true}"#) }
  print(
    #"{"ok":false,"field":\#(field.map(quoted) ?? "null"),"code":\#(quoted(code)),"message":\#(quoted(message ?? ""))}"#
  )
}

/// POSTs a JSON body and returns the status and the response body.
func post(_ url: URL, body: [UInt8]) async throws -> (Int, Data) {
  var request = URLRequest(url: url)
  request.httpMethod = "POST"
  request.setValue("application/json", forHTTPHeaderField: "Content-Type")
  request.httpBody = Data(body)
  request.timeoutInterval = 10
  return try await withCheckedThrowingContinuation { continuation in
    URLSession.shared.dataTask(with: request) { data, response, error in
      if let error {
        continuation.resume(throwing: error)
      } else {
        continuation.resume(returning: ((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data()))
      }
    }.resume()
  }
}

func run() async -> Int32 {
  let action: String
  let options: [String: String]
  do {
    (action, options) = try arguments()
  } catch let usage as Usage {
    FileHandle.standardError.write(
      Data(
        "Error: \(usage.message)\nusage: identity-rest sign-up|sign-in --rules FILE --email ADDRESS [--base-url URL] [--api-key KEY] [--locale ja|en] < password\n"
          .utf8))
    return 2
  } catch {
    return 2
  }
  let policy: Policy
  do {
    policy = try RuleSet(contentsOf: URL(fileURLWithPath: options["rules"] ?? ""), registry: .standard).compile()
  } catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    return 2
  }
  let locale = policy.negotiateLocale([options["locale"] ?? ProcessInfo.processInfo.environment["LANG"] ?? ""])
  var password = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
  if password.hasSuffix("\n") { password.removeLast() }
  var values = ["email": options["email"] ?? "", "password": password]
  if policy.field("password_confirmation") != nil { values["password_confirmation"] = password }

  // The rules first: the provider's policy was exported from them, so what passes here the
  // provider accepts; what fails never leaves the machine.
  let report = policy.validate(values)
  if let field = report.fields.first(where: { !$0.isValid }),
    let failure = field.failures.first(where: { $0.severity == .error })
  {
    printResult(
      field: field.name, code: failure.code, message: policy.message(for: failure, field: field.name, locale: locale))
    return 1
  }

  let base = options["base-url"] ?? "https://identitytoolkit.googleapis.com"
  let endpoint = action == "sign-up" ? "accounts:signUp" : "accounts:signInWithPassword"
  guard let url = URL(string: "\(base)/v1/\(endpoint)?key=\(options["api-key"] ?? "")") else {
    FileHandle.standardError.write(Data("Error: bad --base-url\n".utf8))
    return 2
  }
  let fields: [String: Any] = [
    "email": policy.transformedValue(values["email"] ?? "", for: "email"),
    "password": policy.transformedValue(password, for: "password"), "returnSecureToken": true,
  ]
  let body = (try? JSONSerialization.data(withJSONObject: fields)) ?? Data()

  let mapping = IdentityErrorMapping.standard
  do {
    let (status, data) = try await post(url, body: Array(body))
    if (200..<300).contains(status) {
      printResult(field: nil, code: nil, message: nil)
      return 0
    }
    let error =
      IdentityError.firebaseREST(body: Array(data)) ?? IdentityError(source: .firebaseREST, code: "HTTP_\(status)")
    let mapped = mapping.map(error)
    printResult(field: mapped.field, code: mapped.failure.code, message: policy.message(for: mapped, locale: locale))
    return 1
  } catch {
    let mapped = MappedIdentityError(field: nil, failure: Failure(code: "network.offline"))
    printResult(field: nil, code: "network.offline", message: policy.message(for: mapped, locale: locale))
    return 1
  }
}

exit(await run())
