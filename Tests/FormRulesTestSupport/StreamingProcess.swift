import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A started process with its three streams as pipes, for tests that drive the streams
/// themselves: input that stays open (`tail -f`), a signal in the middle, output read as it
/// comes. Every such test used to wire its own three pipes; this is the one place that does.
/// A watchdog kills the process after `killAfter` seconds, so a hang fails a test instead of
/// stalling the run. Tests that only need the outcome use ``ValidateBinary/run(_:stdin:in:environment:timeout:)``.
///
/// ```swift
/// let child = try ValidateBinary.streaming(["--rules", "Rules/login.json", "--jsonl"])
/// try child.write(Array("{}\n".utf8))
/// kill(child.pid, SIGTERM)
/// let result = try child.finish()      // closes stdin, reads both streams, waits
/// ```
public final class StreamingProcess: @unchecked Sendable {
  public let process: Process
  public let stdin = Pipe()
  public let stdout = Pipe()
  public let stderr = Pipe()

  /// The process identifier, for signals.
  public var pid: Int32 { process.processIdentifier }

  /// Starts `process` (configured, not started) with three pipes and the watchdog.
  public init(_ process: Process, killAfter seconds: Double = 120) throws {
    self.process = process
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let pid = process.processIdentifier
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [process] in
      if process.isRunning { kill(pid, SIGKILL) }
    }
  }

  /// Starts `executable` with `arguments` in `directory`, with `environment` if given.
  public convenience init(
    executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
    killAfter seconds: Double = 120
  ) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    try self.init(process, killAfter: seconds)
  }

  /// Writes bytes to the process's stdin (which stays open).
  public func write(_ bytes: [UInt8]) throws {
    try stdin.fileHandleForWriting.write(contentsOf: Data(bytes))
  }

  /// Writes `input` to stdin while reading stdout and stderr to their ends at the same time
  /// (so a full pipe cannot stall either side), closes stdin (after the exit instead, with
  /// `closingInput: false`: a test that signals the process does not want an end of input to
  /// race the signal), and waits for the exit. `stdoutPrefix` is output the test has already
  /// read and is put in front.
  public func finish(input: [UInt8] = [], stdoutPrefix: [UInt8] = [], closingInput: Bool = true) throws -> ValidateRun {
    nonisolated(unsafe) var output = Data()
    nonisolated(unsafe) var errors = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async { [stdout] in
      output = stdout.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    group.enter()
    DispatchQueue.global().async { [stderr] in
      errors = stderr.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    if !input.isEmpty { try write(input) }
    if closingInput { try? stdin.fileHandleForWriting.close() }
    group.wait()
    process.waitUntilExit()
    if !closingInput { try? stdin.fileHandleForWriting.close() }
    return ValidateRun(
      status: process.terminationStatus, endedBySignal: process.terminationReason == .uncaughtSignal,
      timedOut: false, stdoutBytes: stdoutPrefix + Array(output), stderrBytes: Array(errors))
  }
}

extension ValidateBinary {
  /// The built `validate`, started with its streams as pipes (``StreamingProcess``).
  /// - Throws: ``ValidateBinaryError/notBuilt``.
  public static func streaming(
    _ arguments: [String], in directory: URL? = nil, environment extra: [String: String] = [:],
    killAfter seconds: Double = 120
  ) throws -> StreamingProcess {
    try StreamingProcess(process(arguments, in: directory, environment: extra), killAfter: seconds)
  }
}
