import FormRulesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `validate` with stdout on a pseudo-terminal, to see what a person at a terminal sees.
enum Terminal {
  /// Returns everything written to the terminal, with the terminal's `\r\n` turned back into `\n`.
  static func run(_ arguments: [String], stdin: String, environment: [String: String] = [:]) throws -> (
    status: Int32, stdout: String
  ) {
    // Glibc's module hides posix_openpt and friends, and the _IOW/_IOR ioctl macros do not
    // import; these two ioctls (TIOCSPTLCK, TIOCGPTN) are what unlockpt and ptsname do on Linux.
    let TIOCSPTLCK: UInt = 0x4004_5431
    let TIOCGPTN: UInt = 0x8004_5430
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard master >= 0 else { throw TerminalError.noPseudoTerminal }
    defer { close(master) }
    var unlock: CInt = 0
    var number: CUnsignedInt = 0
    guard ioctl(master, TIOCSPTLCK, &unlock) == 0, ioctl(master, TIOCGPTN, &number) == 0 else {
      throw TerminalError.noPseudoTerminal
    }
    let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw TerminalError.noPseudoTerminal }

    let input = Pipe()
    let error = Pipe()
    let process = try ValidateBinary.process(arguments, environment: environment)
    process.standardInput = input
    // Closed once, here, by the handle: tests run in parallel, and a second close could hit
    // a descriptor another test has just opened with the same number.
    let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.standardOutput = terminal
    process.standardError = error
    try process.run()
    try terminal.close()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()

    // The output is far below the terminal's buffer, so the child never waits for this read.
    // Once it has exited and the slave is closed, a read drains what is left, then fails with EIO.
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      output += buffer[0..<n]
    }
    let text = String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    return (process.terminationStatus, text)
  }
}

enum TerminalError: Error {
  case noPseudoTerminal
}

@Suite("validate on a terminal", .enabled(if: FileManager.default.fileExists(atPath: "/dev/ptmx")))
struct TerminalTests {
  static let input = #"{"email":"taro@example.jp","password":"abc"}"#

  @Test("text is the default on a terminal, in colour")
  func colour() throws {
    let result = try Terminal.run(["--rules", "Rules/login.json", "--locale", "en"], stdin: Self.input)
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        \u{1B}[32m✓\u{1B}[0m \u{1B}[1mEmail address\u{1B}[0m
        \u{1B}[31m✗\u{1B}[0m \u{1B}[1mPassword\u{1B}[0m: Must be at least 6 characters.

        """)
  }

  @Test("NO_COLOR turns colour off on a terminal")
  func noColor() throws {
    let result = try Terminal.run(
      ["--rules", "Rules/login.json", "--locale", "en"], stdin: Self.input, environment: ["NO_COLOR": "1"])
    #expect(result.status == 1)
    #expect(result.stdout == "✓ Email address\n✗ Password: Must be at least 6 characters.\n")
  }

  @Test("--format json on a terminal is plain JSON")
  func json() throws {
    let result = try Terminal.run(["--rules", "Rules/login.json", "--format", "json"], stdin: Self.input)
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix(#"{"valid":false,"#))
    #expect(!result.stdout.contains("\u{1B}"))
  }
}
