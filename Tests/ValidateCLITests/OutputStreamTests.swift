import FormRulesTestSupport
import Foundation
import Testing

/// What happens when stdout cannot take the output: a reader that stops early, a full disk.
@Suite("validate when stdout fails")
struct OutputStreamTests {
  /// A JSON Lines input far larger than a pipe's buffer.
  static func manyRecords(_ count: Int) -> Data {
    Data(String(repeating: #"{"email":"taro@example.jp","password":"abc123"}"# + "\n", count: count).utf8)
  }

  /// Starts `validate` with the given stdout and the input in a file; returns the process and its stderr pipe.
  static func start(_ arguments: [String], input: Data, stdout: Any) throws -> (Process, Pipe, URL) {
    let inputURL = FileManager.default.temporaryDirectory.appendingPathComponent("validate-out-\(UUID().uuidString)")
    try input.write(to: inputURL)
    let error = Pipe()
    let process = try ValidateBinary.process(arguments + ["--input", inputURL.path])
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stdout
    process.standardError = error
    try process.run()
    return (process, error, inputURL)
  }

  @Test("a reader that goes away (validate … | head -1) ends the run at once, quietly")
  func closedPipe() throws {
    let output = Pipe()
    let (process, error, inputURL) = try Self.start(
      ["--rules", "Rules/login.json", "--jsonl"], input: Self.manyRecords(200_000), stdout: output)
    defer { try? FileManager.default.removeItem(at: inputURL) }
    let first = output.fileHandleForReading.availableData
    #expect(String(decoding: first, as: UTF8.self).hasPrefix(#"{"valid":true,"#))
    try output.fileHandleForReading.close()
    let stderr = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // Killed by SIGPIPE like any filter, or, where SIGPIPE was inherited as ignored, exit 2 on EPIPE.
    let bySignal = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE
    let byStatus = process.terminationReason == .exit && process.terminationStatus == 2
    #expect(bySignal || byStatus, "\(process.terminationReason) \(process.terminationStatus)")
    // Stopping early means no summary of 200000 records that nobody read.
    #expect(String(decoding: stderr, as: UTF8.self) == "")
  }

  @Test("a full disk is an error on stderr with status 2, not a silent success")
  func fullDisk() throws {
    guard let full = FileHandle(forWritingAtPath: "/dev/full") else { return }
    let (process, error, inputURL) = try Self.start(
      ["--rules", "Rules/login.json", "--jsonl", "--locale", "en"], input: Self.manyRecords(10), stdout: full)
    defer { try? FileManager.default.removeItem(at: inputURL) }
    let stderr = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(stderr.hasPrefix("Error: cannot write the output: No space left on device\n"), "stderr: \(stderr)")
  }
}
