import Foundation
import Testing

/// What one run of the built `validate` printed and how it ended.
struct CLIResult {
  var status: Int32
  var stdout: String
  var stderr: String
  /// The raw bytes of stdout, for checks on invalid UTF-8 or escape sequences.
  var stdoutBytes: [UInt8]

  var stdoutLines: [String] { lines(stdout) }
  var stderrLines: [String] { lines(stderr) }

  private func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

/// Runs the real `validate` binary the way a script would: arguments, bytes on stdin, an
/// explicit environment, and stdout, stderr and the exit status captured.
///
/// Streams go through temporary files rather than pipes so that a large input or output
/// can never deadlock the test against the child.
enum CLI {
  /// The package root, for `Rules/` and as the working directory of every run.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let fixtures = "Tests/ValidateCLITests/Fixtures"

  /// The path of a fixture relative to the package root, as a user would type it.
  static func fixture(_ name: String) -> String { "\(fixtures)/\(name)" }

  /// The built executable: next to the test bundle (whatever the build path or
  /// configuration), else `.build/debug/validate` in the package.
  static let executable: URL? = {
    let fm = FileManager.default
    var candidates: [URL] = []
    if let bundle = Bundle.main.executableURL?.deletingLastPathComponent() {
      candidates.append(bundle.appendingPathComponent("validate"))
    }
    let argument0 = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    candidates.append(argument0.appendingPathComponent("validate"))
    candidates.append(packageRoot.appendingPathComponent(".build/debug/validate"))
    return candidates.first { fm.isExecutableFile(atPath: $0.path) }
  }()

  /// The environment of every run: no locale, no colour preference, unless a test sets one.
  static let baseEnvironment = ["PATH": "/usr/bin:/bin"]

  /// Runs `validate` with `arguments`, `stdin` as its standard input and `environment`
  /// added to a minimal, locale-free environment.
  static func run(
    _ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CLIResult {
    guard let executable else {
      Issue.record(
        """
        The validate binary was not found next to the test bundle or at .build/debug/validate. \
        Build it first: swift build --product validate
        """, sourceLocation: sourceLocation)
      throw CLIError.noExecutable
    }
    let fm = FileManager.default
    let directory = fm.temporaryDirectory.appendingPathComponent("validate-cli-\(UUID().uuidString)")
    try fm.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: directory) }
    let inURL = directory.appendingPathComponent("stdin")
    let outURL = directory.appendingPathComponent("stdout")
    let errURL = directory.appendingPathComponent("stderr")
    try Data(stdin).write(to: inURL)
    _ = fm.createFile(atPath: outURL.path, contents: nil)
    _ = fm.createFile(atPath: errURL.path, contents: nil)
    let input = try FileHandle(forReadingFrom: inURL)
    let output = try FileHandle(forWritingTo: outURL)
    let error = try FileHandle(forWritingTo: errURL)
    defer {
      try? input.close()
      try? output.close()
      try? error.close()
    }

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    process.environment = baseEnvironment.merging(environment) { _, new in new }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    process.waitUntilExit()

    let out = try Data(contentsOf: outURL)
    let err = try Data(contentsOf: errURL)
    return CLIResult(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self), stdoutBytes: Array(out))
  }

  static func run(
    _ arguments: [String], stdin: String, environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> CLIResult {
    try run(arguments, stdin: Array(stdin.utf8), environment: environment, sourceLocation: sourceLocation)
  }
}

enum CLIError: Error {
  case noExecutable
}

/// Checks a run's exit status and, when given, its exact stdout and stderr.
func expectRun(
  _ result: CLIResult, status: Int32, stdout: String? = nil, stderr: String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    result.status == status, "exit status; stderr was: \(result.stderr)", sourceLocation: sourceLocation)
  if let stdout { #expect(result.stdout == stdout, sourceLocation: sourceLocation) }
  if let stderr { #expect(result.stderr == stderr, sourceLocation: sourceLocation) }
}

/// Checks the shape every failing command shares: exit 2, nothing on stdout, an
/// `Error: …` line that contains `message`, and a hint on the next line.
func expectUsageError(
  _ result: CLIResult, contains message: String, hint: String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(result.status == 2, "exit status; stderr was: \(result.stderr)", sourceLocation: sourceLocation)
  #expect(result.stdout.isEmpty, "stdout should be empty, was: \(result.stdout)", sourceLocation: sourceLocation)
  let lines = result.stderrLines
  #expect(lines.first?.hasPrefix("Error: ") == true, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
  #expect(lines.first?.contains(message) == true, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
  #expect(lines.count >= 2, "a hint should follow the error: \(result.stderr)", sourceLocation: sourceLocation)
  if let hint {
    #expect(
      lines.dropFirst().contains { $0.contains(hint) }, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
  }
}

/// Checks that `secret` appears in neither stream.
func expectNoSecret(_ result: CLIResult, _ secret: String, sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(!result.stdout.contains(secret), "stdout shows the secret: \(result.stdout)", sourceLocation: sourceLocation)
  #expect(!result.stderr.contains(secret), "stderr shows the secret: \(result.stderr)", sourceLocation: sourceLocation)
}

/// A top-level JSON object from one line of output, for checks that do not compare text.
func jsonObject(_ text: some StringProtocol, sourceLocation: SourceLocation = #_sourceLocation) -> [String: Any] {
  guard let data = String(text).data(using: .utf8),
    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
  else {
    Issue.record("not a JSON object: \(text)", sourceLocation: sourceLocation)
    return [:]
  }
  return object
}
