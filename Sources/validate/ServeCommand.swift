import FormRules
import FormRulesBulk
import FormRulesExport
import FormRulesPassword
import FormRulesServer
import Foundation

/// `validate serve --rules PATH`: the HTTP policy server (FormRulesServer) in the foreground.
enum ServeCommand {
  static let spec = ArgumentSpec(
    valued: [
      "rules", "listen", "admin-listen", "threads", "web", "max-body-bytes", "max-batch-bytes", "max-uri-bytes",
      "max-header-bytes", "idle-timeout", "request-timeout", "max-connections", "max-connections-per-ip",
      "drain-timeout", "access-log", "tls-cert", "tls-key",
    ],
    flags: ["no-web", "trusted-rules"], repeatable: ["allow-origin"])

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
    .row(.init(syntax: "--max-body-bytes <n>", key: "cli.help.serve.maxBodyBytes", column: 28)),
    .row(.init(syntax: "--max-batch-bytes <n>", key: "cli.help.serve.maxBatchBytes", column: 28)),
    .row(.init(syntax: "--max-uri-bytes <n>", key: "cli.help.serve.maxURIBytes", column: 28)),
    .row(.init(syntax: "--max-header-bytes <n>", key: "cli.help.serve.maxHeaderBytes", column: 28)),
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
      if !options.has("no-web") {
        configuration.webDirectory = options.value("web") ?? defaultWebDirectory(rulesPath: rulesPath)
      }

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

  /// `Web` beside the rules folder (the repository layout: Rules/ and Web/ side by side),
  /// else `Web` in the working directory; `nil` when neither exists.
  static func defaultWebDirectory(rulesPath: String) -> String? {
    var rules = URL(fileURLWithPath: rulesPath).standardizedFileURL
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: rules.path, isDirectory: &isDirectory), !isDirectory.boolValue {
      rules = rules.deletingLastPathComponent()
    }
    for candidate in [rules.deletingLastPathComponent().appendingPathComponent("Web").path, "Web"] {
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue {
        return candidate
      }
    }
    return nil
  }
}
