import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one run of the built `validate` printed and how it ended.
public struct ValidateRun: Sendable {
  /// The exit status, or the signal number when ``endedBySignal``; -1 when the run was killed at its deadline.
  public var status: Int32
  public var endedBySignal: Bool
  public var timedOut: Bool
  public var stdoutBytes: [UInt8]
  public var stderrBytes: [UInt8]

  public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
  public var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }
  /// Lines of stdout without their `\n`; a final newline adds no empty line.
  public var stdoutLines: [String] { Self.lines(stdout) }
  public var stderrLines: [String] { Self.lines(stderr) }

  static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

/// Why the binary could not be run.
public enum ValidateBinaryError: Error, CustomStringConvertible {
  case notBuilt

  public var description: String {
    "the validate binary was not found next to the test bundle or at .build/debug/validate; "
      + "build it first: swift build --product validate"
  }
}

/// The one way tests run the built `validate` binary, as a user or a script would: arguments,
/// bytes on stdin, a working directory, an environment free of the caller's locale, and
/// stdout, stderr and the exit status captured (swift-argument-parser's
/// `ArgumentParserTestHelpers` does the same for its examples).
///
/// Streams go through temporary files, not pipes, so a large input or output can never
/// deadlock a test against the child. Tests that drive the streams themselves (a closed pipe,
/// a terminal, signals) start ``process(_:in:environment:)`` instead.
public enum ValidateBinary {
  /// The package root: the working directory of every run unless a test gives another.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The built executable: next to the running test bundle (so a build with its own
  /// `--scratch-path`, a sanitizer build, tests its own binary), else `.build/debug/validate`.
  public static let executable: URL? = {
    var candidates: [URL] = []
    #if os(Linux)
      candidates.append(
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
          .appendingPathComponent("validate"))
    #endif
    if let bundle = Bundle.main.executableURL?.deletingLastPathComponent() {
      candidates.append(bundle.appendingPathComponent("validate"))
    }
    candidates.append(
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("validate"))
    candidates.append(packageRoot.appendingPathComponent(".build/debug/validate"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// Variables that change what `validate` prints: the locale, colour, the shipped rules'
  /// folder and the crash reporter. A run starts without them unless the test sets them.
  public static let influentialVariables = [
    "LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR", "FORM_RULES_DIR", "SWIFT_BACKTRACE",
  ]

  /// The environment of a run: the test process's own (`PATH`, sanitizer options) without
  /// ``influentialVariables``, then `extra`.
  public static func environment(_ extra: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for name in influentialVariables { environment[name] = nil }
    environment.merge(extra) { _, new in new }
    return environment
  }

  /// A `validate` process, configured and not yet started, for tests that wire its streams.
  /// - Throws: ``ValidateBinaryError/notBuilt``.
  public static func process(
    _ arguments: [String], in directory: URL? = nil, environment extra: [String: String] = [:]
  ) throws -> Process {
    guard let executable else { throw ValidateBinaryError.notBuilt }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? packageRoot
    process.environment = environment(extra)
    return process
  }

  /// Runs `validate arguments…` to its end and captures what it printed.
  /// - Parameters:
  ///   - stdin: the bytes of its standard input.
  ///   - directory: its working directory (default: the package root).
  ///   - environment: variables added to ``environment(_:)``.
  ///   - timeout: seconds after which the run is killed and reported with ``ValidateRun/timedOut``.
  public static func run(
    _ arguments: [String], stdin: [UInt8] = [], in directory: URL? = nil, environment: [String: String] = [:],
    timeout: Double = 120
  ) throws -> ValidateRun {
    let process = try process(arguments, in: directory, environment: environment)
    return try run(process, stdin: stdin, timeout: timeout)
  }

  /// ``run(_:stdin:in:environment:timeout:)`` with text on stdin.
  public static func run(
    _ arguments: [String], stdin: String, in directory: URL? = nil, environment: [String: String] = [:],
    timeout: Double = 120
  ) throws -> ValidateRun {
    try run(arguments, stdin: Array(stdin.utf8), in: directory, environment: environment, timeout: timeout)
  }

  /// Runs `command` with `/bin/sh -c` in the package root, `$VALIDATE` naming the binary: for
  /// recipes the docs give as shell pipelines (`split … | xargs … "$VALIDATE" …`).
  public static func shell(_ command: String, timeout: Double = 300) throws -> ValidateRun {
    guard let executable else { throw ValidateBinaryError.notBuilt }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = packageRoot
    process.environment = environment(["VALIDATE": executable.path])
    return try run(process, stdin: [], timeout: timeout)
  }

  private static func run(_ process: Process, stdin: [UInt8], timeout: Double) throws -> ValidateRun {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let inURL = folder.url.appendingPathComponent("stdin")
    let outURL = folder.url.appendingPathComponent("stdout")
    let errURL = folder.url.appendingPathComponent("stderr")
    try Data(stdin).write(to: inURL)
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let input = try FileHandle(forReadingFrom: inURL)
    let output = try FileHandle(forWritingTo: outURL)
    let errors = try FileHandle(forWritingTo: errURL)
    defer {
      try? input.close()
      try? output.close()
      try? errors.close()
    }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // A hang is a failed run with a status of -1, not a stuck test suite.
    let deadline = Date().addingTimeInterval(timeout)
    var timedOut = false
    while process.isRunning {
      if Date() > deadline {
        kill(process.processIdentifier, SIGKILL)
        timedOut = true
        break
      }
      usleep(5_000)
    }
    process.waitUntilExit()
    return ValidateRun(
      status: timedOut ? -1 : process.terminationStatus,
      endedBySignal: process.terminationReason == .uncaughtSignal, timedOut: timedOut,
      stdoutBytes: Array(try Data(contentsOf: outURL)), stderrBytes: Array(try Data(contentsOf: errURL)))
  }
}
