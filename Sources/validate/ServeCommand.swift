import FormRules
import FormRulesBulk
import FormRulesExport
import FormRulesHTTP
import FormRulesPassword
import FormRulesServer
import Foundation

/// `validate serve --rules PATH`: the HTTP policy server (FormRulesServer) in the foreground.
enum ServeCommand {
  static let spec = ArgumentSpec(
    valued: [
      "rules", "listen", "admin-listen", "threads", "web", "max-body-bytes", "max-batch-bytes", "max-uri-bytes",
      "max-header-bytes", "idle-timeout", "request-timeout", "max-connections", "max-connections-per-ip",
      "drain-timeout", "access-log", "tls-cert", "tls-key", "header-timeout", "max-buffered-bytes", "max-batch-lines",
      "max-query-arguments", "check-timeout", "breach-file",
    ],
    flags: ["no-web", "trusted-rules"], repeatable: ["allow-origin", "check"])

  /// `validate serve --help`: the words from the catalog (`cli.help.*`), options and examples as typed.
  static let help = HelpPage([
    .headed("cli.help.overview", "cli.help.serve.overview"), .blank,
    .usage([
      "validate serve --rules <path> [--listen <host:port>] [--threads <n>] [options]"
    ]), .blank,
    .heading("cli.help.options"),
    .row(.init(syntax: "--rules <path>", key: "cli.help.serve.rules", column: 28)),
    .row(.init(syntax: "--listen <host:port>", key: "cli.help.serve.listen", column: 28)),
    .row(.init(syntax: "--threads <n>", key: "cli.help.serve.threads", column: 28)),
    .row(.init(syntax: "--admin-listen <host:port>", key: "cli.help.serve.adminListen", column: 28)),
    .row(.init(syntax: "--allow-origin <origin>", key: "cli.help.serve.allowOrigin", column: 28)),
    .row(.init(syntax: "--web <dir>", key: "cli.help.serve.web", column: 28)),
    .row(.init(syntax: "--no-web", key: "cli.help.serve.noWeb", column: 28)),
    .row(.init(syntax: "--trusted-rules", key: "cli.help.serve.trustedRules", column: 28)),
    .row(.init(syntax: "--check <name>=<url>", key: "cli.help.serve.check", column: 28)),
    .row(.init(syntax: "--check-timeout <s>", key: "cli.help.serve.checkTimeout", column: 28)),
    .row(.init(syntax: "--breach-file <file>", key: "cli.help.serve.breachFile", column: 28)),
    .row(.init(syntax: "--max-body-bytes <n>", key: "cli.help.serve.maxBodyBytes", column: 28)),
    .row(.init(syntax: "--max-batch-bytes <n>", key: "cli.help.serve.maxBatchBytes", column: 28)),
    .row(.init(syntax: "--max-batch-lines <n>", key: "cli.help.serve.maxBatchLines", column: 28)),
    .row(.init(syntax: "--max-buffered-bytes <n>", key: "cli.help.serve.maxBufferedBytes", column: 28)),
    .row(.init(syntax: "--max-uri-bytes <n>", key: "cli.help.serve.maxURIBytes", column: 28)),
    .row(.init(syntax: "--max-query-arguments <n>", key: "cli.help.serve.maxQueryArguments", column: 28)),
    .row(.init(syntax: "--max-header-bytes <n>", key: "cli.help.serve.maxHeaderBytes", column: 28)),
    .row(.init(syntax: "--header-timeout <s>", key: "cli.help.serve.headerTimeout", column: 28)),
    .row(.init(syntax: "--idle-timeout <s>", key: "cli.help.serve.idleTimeout", column: 28)),
    .row(.init(syntax: "--request-timeout <s>", key: "cli.help.serve.requestTimeout", column: 28)),
    .row(.init(syntax: "--max-connections <n>", key: "cli.help.serve.maxConnections", column: 28)),
    .row(
      .init(
        syntax: "--max-connections-per-ip <n>", key: "cli.help.serve.maxConnectionsPerIP", column: 28, sameLine: true)),
    .row(.init(syntax: "--drain-timeout <s>", key: "cli.help.serve.drainTimeout", column: 28)),
    .row(.init(syntax: "--access-log <on|off>", key: "cli.help.serve.accessLog", column: 28)),
    .row(.init(syntax: "-h, --help", key: "cli.help.help", column: 28)),
    .blank,
    .text("cli.help.serve.notes"), .blank,
    .heading("cli.help.examples"),
    .typed("  validate serve --rules Rules"),
    .typed("  validate serve --rules Rules --listen 0.0.0.0:8080 --allow-origin https://shop.example"),
    .typed("  validate serve --rules Rules/app --check emailAvailable=http://127.0.0.1:3000/checks/email"),
  ])

  static func run(_ arguments: [String]) -> Int32 {
    runCommand("serve", spec: spec, help: help, arguments: arguments) { (options) throws(UsageError) -> Int32 in
      let rulesPath = try options.required("rules", example: "validate serve --rules Rules")
      if options.value("tls-cert") != nil || options.value("tls-key") != nil {
        throw UsageError(message: Words.text("cli.serve.noTLS"), hint: Words.text("cli.serve.noTLS.hint"))
      }
      var configuration = ServerConfiguration(rulesPath: rulesPath)
      do throws(ServerError) {
        if let listen = options.value("listen") { configuration.listen = try ListenAddress(listen) }
        if let admin = options.value("admin-listen") { configuration.adminListen = try ListenAddress(admin) }
      } catch {
        throw UsageError(message: error.message)
      }
      func number(_ name: String, _ keyPath: WritableKeyPath<ServerConfiguration, Int>, minimum: Int)
        throws(UsageError)
      {
        guard let text = options.value(name) else { return }
        guard let value = Int(text), value >= minimum else {
          throw UsageError(
            message: Words.text(
              "cli.serve.wholeNumber", ["option": "--\(name)", "minimum": String(minimum), "value": text]))
        }
        configuration[keyPath: keyPath] = value
      }
      try number("threads", \.threads, minimum: 1)
      try number("max-body-bytes", \.maxBodyBytes, minimum: 1)
      try number("max-batch-bytes", \.maxBatchBytes, minimum: 1)
      try number("max-batch-lines", \.maxBatchLines, minimum: 1)
      try number("max-buffered-bytes", \.maxBufferedBytes, minimum: 4 << 20)
      try number("max-query-arguments", \.maxQueryArguments, minimum: 1)
      try number("header-timeout", \.headerTimeout, minimum: 1)
      try number("max-uri-bytes", \.maxURIBytes, minimum: 16)
      try number("max-header-bytes", \.maxHeaderBytes, minimum: 256)
      try number("idle-timeout", \.idleTimeout, minimum: 1)
      try number("request-timeout", \.requestTimeout, minimum: 1)
      try number("max-connections", \.maxConnections, minimum: 1)
      try number("max-connections-per-ip", \.maxConnectionsPerIP, minimum: 0)
      try number("drain-timeout", \.drainTimeout, minimum: 0)
      if let log = try options.choice("access-log", ["on", "off"]) { configuration.accessLog = log == "on" }
      configuration.confineRules = !options.has("trusted-rules")
      configuration.allowedOrigins = options.all("allow-origin")
      if configuration.allowedOrigins.contains("*") {
        throw UsageError(message: Words.text("cli.serve.anyOrigin", ["example": "https://shop.example"]))
      }
      if let bad = configuration.allowedOrigins.first(where: { !isOrigin($0) }) {
        throw UsageError(
          message: Words.text("cli.serve.badOrigin", ["value": bad, "example": "https://shop.example"]))
      }
      if let text = options.value("check-timeout") {
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0.001, seconds <= 60 else {
          throw UsageError(message: Words.text("cli.serve.checkTimeout", ["value": text]))
        }
        configuration.checkTimeout = .milliseconds(Int((seconds * 1000).rounded()))
      }
      for given in options.all("check") {
        guard let equals = given.firstIndex(of: "="),
          given[..<equals].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
          equals != given.startIndex
        else {
          throw UsageError(
            message: Words.text(
              "cli.serve.checkEndpoint",
              ["value": given, "example": "emailAvailable=http://127.0.0.1:3000/checks/email"]))
        }
        let name = String(given[..<equals])
        let url = String(given[given.index(after: equals)...])
        guard configuration.checkEndpoints[name] == nil else {
          throw UsageError(message: Words.text("cli.serve.checkTwice", ["check": name]))
        }
        guard (try? HTTPCheck(name: name, url: url, timeout: configuration.checkTimeout)) != nil else {
          throw UsageError(message: Words.text("cli.serve.checkURL", ["check": name]))
        }
        configuration.checkEndpoints[name] = url
      }
      // Static files (and the demo login that comes with them) only when asked for.
      if !options.has("no-web") { configuration.webDirectory = options.value("web") }
      configuration.breachFile = options.value("breach-file")

      PolicyServer.blockSignals()
      let server: PolicyServer
      do {
        server = try PolicyServer(configuration: configuration)
        try server.start()
      } catch let error as RulesLoadError {
        for problem in error.problems { Console.printError(problem) }
        Console.printError(Words.text("cli.serve.notLoaded", ["path": rulesPath]))
        return ExitCode.trouble
      } catch {
        Console.fail(String(describing: error))
        return ExitCode.trouble
      }
      return server.waitForSignals()
    }
  }

  /// Whether `text` is an origin as browsers send it: `http` or `https`, `://`, a host (a DNS
  /// name, an IPv4 address or an IPv6 address in brackets) and an optional port; no path, no
  /// `/` at the end, no user, no wildcard, and not `null`.
  static func isOrigin(_ text: String) -> Bool {
    let rest: Substring
    if text.hasPrefix("https://") {
      rest = text.dropFirst(8)
    } else if text.hasPrefix("http://") {
      rest = text.dropFirst(7)
    } else {
      return false
    }
    var host = rest
    if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
      let port = rest[rest.index(after: colon)...]
      guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber),
        let number = Int(port), number <= 65535
      else { return false }
      host = rest[..<colon]
    }
    if host.hasPrefix("["), host.hasSuffix("]") {
      return host.count > 2 && host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    return !host.isEmpty && host.count <= 253
      && labels.allSatisfy { label in
        !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
          && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
      }
  }
}
