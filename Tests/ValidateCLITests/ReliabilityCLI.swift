import Foundation
import Testing

/// Runs the built `validate` binary the way a user does, for the bad-input and secrets tests.
///
/// The binary is the one next to the running test bundle (so sanitizer builds with their own
/// `--scratch-path` test their own binary), else `.build/debug/validate` found from this file.
enum ReliabilityCLI {
  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: Data
  }

  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let binary: URL = {
    let candidates = [
      URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("validate"),
      packageRoot.appendingPathComponent(".build/debug/validate"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
  }()

  /// A fresh folder for one test's files.
  static func scratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("form-rules-rel-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Writes `files` (relative name → contents) into a fresh folder and returns it.
  static func files(_ files: [String: [UInt8]]) throws -> URL {
    let directory = try scratchDirectory()
    for (name, bytes) in files {
      let url = directory.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(bytes).write(to: url)
    }
    return directory
  }

  /// Runs `validate arguments…` in `directory` (default: the package root) with `stdin` as input.
  /// Output goes through files, so a large output never blocks the child.
  static func run(
    _ arguments: [String], stdin: [UInt8] = [], in directory: URL? = nil, environment: [String: String] = [:]
  ) throws -> Outcome {
    let scratch = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let inputURL = scratch.appendingPathComponent("stdin")
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    try Data(stdin).write(to: inputURL)
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let input = try FileHandle(forReadingFrom: inputURL)
    let output = try FileHandle(forWritingTo: outURL)
    let errors = try FileHandle(forWritingTo: errURL)
    defer {
      try? input.close()
      try? output.close()
      try? errors.close()
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? packageRoot
    var env = ProcessInfo.processInfo.environment
    for name in ["LC_ALL", "LC_MESSAGES", "LANG", "NO_COLOR"] { env[name] = nil }
    env.merge(environment) { _, new in new }
    process.environment = env
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    let stdoutBytes = try Data(contentsOf: outURL)
    return Outcome(
      status: process.terminationStatus, stdout: String(decoding: stdoutBytes, as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self), stdoutBytes: stdoutBytes)
  }
}
