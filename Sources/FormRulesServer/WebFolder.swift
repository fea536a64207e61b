import Foundation

/// The static files of the web front end (`Web/`): `/` is `index.html`, every other path a
/// file under the folder. Only regular files inside the folder (after resolving symbolic
/// links) are served; hidden names (`.git`) and `..` are refused; each response carries a
/// Content-Security-Policy that allows only the server's own origin.
struct WebFolder: Sendable {
  let root: String

  static let contentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    + "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

  static let maxFileBytes = 8 << 20

  init?(path: String) {
    guard let real = Confinement.realPath(path) else { return nil }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), isDirectory.boolValue else {
      return nil
    }
    root = real
  }

  static func contentType(_ path: String) -> String {
    switch (path as NSString).pathExtension.lowercased() {
    case "html", "htm": return "text/html; charset=utf-8"
    case "js", "mjs": return "text/javascript; charset=utf-8"
    case "css": return "text/css; charset=utf-8"
    case "json": return "application/json"
    case "svg": return "image/svg+xml"
    case "png": return "image/png"
    case "ico": return "image/x-icon"
    case "txt", "md": return "text/plain; charset=utf-8"
    case "woff2": return "font/woff2"
    default: return "application/octet-stream"
    }
  }

  /// Editor and merge leftovers, never served: `name~`, `*.bak`, `*.orig`, `*.swp` (and `.swo`, `.tmp`, `.rej`).
  static func isBackup(_ name: Substring) -> Bool {
    let lower = name.lowercased()
    return lower.hasSuffix("~")
      || [".bak", ".orig", ".swp", ".swo", ".tmp", ".rej", ".old"].contains { lower.hasSuffix($0) }
  }

  func serve(_ path: String) -> Response {
    let notFound = Response.problem(404, "no file \(Routes.printable(path))")
    var relative = path == "/" ? "/index.html" : path
    if relative.hasSuffix("/") { relative += "index.html" }
    let parts = relative.split(separator: "/", omittingEmptySubsequences: true)
    guard !parts.isEmpty, !parts.contains(where: { $0.hasPrefix(".") || $0.contains("\\") || $0.contains("\0") }),
      let last = parts.last, !WebFolder.isBackup(last)
    else { return notFound }
    let candidate = root + "/" + parts.joined(separator: "/")
    guard let real = Confinement.realPath(candidate), real.hasPrefix(root + "/") else { return notFound }
    var info = stat()
    guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= Self.maxFileBytes,
      let data = FileManager.default.contents(atPath: real)
    else { return notFound }
    return Response(
      status: 200, contentType: Self.contentType(real), body: Array(data),
      headers: [
        ("Content-Security-Policy", Self.contentSecurityPolicy), ("Cache-Control", "no-cache"),
        ("Referrer-Policy", "no-referrer"),
      ])
  }
}
