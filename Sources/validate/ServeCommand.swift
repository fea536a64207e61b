import FormRules
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

  static let help = """
    OVERVIEW: Serve rules files over HTTP: one policy server for web pages and backends in any language.

    USAGE: validate serve --rules <path> [--listen <host:port>] [--threads <n>] [options]

    OPTIONS:
      --rules <path>              A rules file, or a folder: every *.json rules file under it is served by
                                  its file name without .json (Rules/signup.json → /v1/rules/signup). Required.
      --listen <host:port>        Where to listen (default 127.0.0.1:8080; port 0 picks a free port).
      --threads <n>               Serving threads (default: one per processor).
      --admin-listen <host:port>  Also serve POST /admin/reload and GET /admin/status there (default: off).
      --allow-origin <origin>     Let a web page from this origin call the API (CORS); repeatable. Default: none.
      --web <dir>                 Serve the static files of this folder at / (default: the Web folder next to
                                  the rules folder, else ./Web, if there is one).
      --no-web                    Serve no static files.
      --trusted-rules             Allow extends, lists and notBreached paths with .. or absolute ones, as long
                                  as they stay under --rules (default: confined, as validate --confine).
      --max-body-bytes <n>        Largest body of a validation (default 65536).
      --max-batch-bytes <n>       Largest body of validate-batch (default 8388608).
      --max-uri-bytes <n>         Longest path and query (default 8192).
      --max-header-bytes <n>      Most bytes of request headers (default 16384).
      --idle-timeout <s>          Close a connection silent this long (default 15).
      --request-timeout <s>       Close a connection whose request body takes longer (default 30).
      --max-connections <n>       Open connections at most (default 4096).
      --max-connections-per-ip <n>  Per client address (default 256; 0: no limit, for behind a proxy).
      --drain-timeout <s>         On SIGTERM, wait this long for requests in flight (default 10).
      --access-log <on|off>       One JSON line per request on stderr (default on).
      -h, --help                  Show this help.

    SIGHUP reloads the rules (a set that fails to load keeps the old one); SIGTERM or SIGINT
    stops accepting, finishes requests in flight and exits 0. TLS is terminated by a reverse
    proxy in front (see docs/server.md). Exit status: 0 after a drain, 2 usage or rules error.

    EXAMPLES:
      validate serve --rules Rules
      validate serve --rules Rules --listen 0.0.0.0:8080 --allow-origin https://shop.example
    """

  static func run(_ arguments: [String]) -> Int32 {
    runCommand("serve", spec: spec, help: help, arguments: arguments) { (options) throws(UsageError) -> Int32 in
      let rulesPath = try options.required("rules", example: "validate serve --rules Rules")
      if options.value("tls-cert") != nil || options.value("tls-key") != nil {
        throw UsageError(
          message: "validate serve does not terminate TLS",
          hint: "Put a reverse proxy (nginx, Caddy, a load balancer) in front; see docs/server.md, \"TLS\".")
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
          throw UsageError(message: "--\(name) must be a whole number of at least \(minimum); got '\(text)'")
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
        throw UsageError(message: "--allow-origin takes an origin such as https://shop.example, not '*'")
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
        Console.printError("validate serve: the rules in \(rulesPath) did not load; nothing is served")
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
