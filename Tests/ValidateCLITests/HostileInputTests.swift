import FormRulesTestSupport
import Foundation
import Glibc
import Testing

/// The holes of issue 14, each pinned by a run of the built binary: special files, a breach file
/// rewritten mid-run, stdin flags, untrusted rules files. The ids (H01…) are the ones in
/// `docs/bad-input.md`, section "Hostile input".
@Suite("Hostile input: special files, streams and untrusted rules files")
struct HostileInputTests {
  static func text(_ s: String) -> [UInt8] { Array(s.utf8) }

  /// Runs the binary with a deadline: a hang is a failure with the status -1, not a stuck test run.
  static func run(
    _ arguments: [String], stdin: [UInt8] = [], in directory: URL? = nil, environment: [String: String] = [:],
    timeout: Double = 10
  ) throws -> ValidateRun {
    try ValidateBinary.run(arguments, stdin: stdin, in: directory, environment: environment, timeout: timeout)
  }

  /// A folder with `files` and a FIFO named `fifo` that no one ever writes.
  static func folderWithFIFO(_ files: [String: [UInt8]], fifo: String) throws -> URL {
    let directory = try ScratchFolder.create(files)
    let path = directory.appendingPathComponent(fifo).path
    #expect(mkfifo(path, 0o600) == 0)
    return directory
  }

  // MARK: - H01 special files

  struct SpecialFileCase: Sendable, CustomTestStringConvertible {
    var id: String
    var files: [String: [UInt8]]
    var fifo: String
    var rules = "rules.json"
    var lint: [String]
    var testDescription: String { id }
  }

  static let password = #""password": {"sensitive": true, "rules": "#

  static let specialFileCases: [SpecialFileCase] = [
    SpecialFileCase(
      id: "H01a --rules", files: [:], fifo: "rules.json",
      lint: ["rules.json: not a regular file (a FIFO)"]),
    SpecialFileCase(
      id: "H01b extends", files: ["rules.json": text(#"{"extends": "p.json"}"#)], fifo: "p.json",
      lint: ["rules.json: extends: not a regular file (a FIFO): p.json"]),
    SpecialFileCase(
      id: "H01c lists",
      files: [
        "rules.json": text(
          #"{"fields": {\#(password)[{"notCommon": true, "defaultList": false, "lists": "p.txt"}]}}}"#)
      ], fifo: "p.txt",
      lint: ["rules.json: fields.password.rules[0].lists: list file is not a regular file (a FIFO): {dir}/p.txt"]),
    SpecialFileCase(
      id: "H01d notBreached", files: ["rules.json": text(#"{"fields": {\#(password)[{"notBreached": "p.txt"}]}}}"#)],
      fifo: "p.txt",
      lint: [
        "rules.json: fields.password.rules[0].notBreached: cannot use the breach file {dir}/p.txt: not a regular file (a FIFO)"
      ]),
    SpecialFileCase(
      id: "H01e tests.json", files: ["rules.json": text(#"{"fields": {"a": {}}}"#)], fifo: "rules.tests.json",
      lint: ["rules.tests.json: not a regular file (a FIFO)"]),
  ]

  @Test(
    "H01: a FIFO as --rules, extends, list, breach file or tests.json is refused at once, naming it",
    arguments: specialFileCases)
  func specialFile(_ c: SpecialFileCase) throws {
    let directory = try Self.folderWithFIFO(c.files, fifo: c.fifo)
    defer { try? FileManager.default.removeItem(at: directory) }
    let lint = try Self.run(["lint", "--rules", c.rules], in: directory)
    #expect(lint.status == 2)
    let folder = directory.standardizedFileURL.path
    #expect(
      lint.stdout.split(separator: "\n").map(String.init)
        == c.lint.map { $0.replacingOccurrences(of: "{dir}", with: folder) })
    let test = try Self.run(["test", "--rules", c.rules], in: directory)
    #expect(test.status == 2)
  }
}

extension HostileInputTests {
  // MARK: - H02 a breach file rewritten during a run

  /// A sorted `SHA1HEX:COUNT` file of `lines` lines, with the SHA-1 of "password" among them.
  static func breachFile(lines: Int) -> [UInt8] {
    var entries = (0..<lines).map { i -> String in
      let hex = String(format: "%08X", i &* 2_654_435_761 & 0xFFFF_FFFF)
      return hex + String(repeating: "0", count: 32) + ":\(i + 1)"
    }
    entries.append("5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8:10434004")
    entries.sort()
    return Array((entries.joined(separator: "\r\n") + "\r\n").utf8)
  }

  /// Whether process `pid` has `path` open or mapped.
  static func holds(_ pid: Int32, _ path: String) -> Bool {
    if let maps = try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8), maps.contains(path) { return true }
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
    return fds.contains {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == path
    }
  }

  @Test("H02: a breach file truncated while --jsonl runs: no SIGBUS, every report written")
  func breachFileTruncatedMidRun() throws {
    let directory = try ScratchFolder.create([
      "rules.json": Self.text(
        #"{"fields": {"password": {"sensitive": true, "rules": [{"notBreached": "pwned.txt"}]}}}"#),
      "pwned.txt": Self.breachFile(lines: 50_000),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let breachPath = directory.appendingPathComponent("pwned.txt").standardizedFileURL.path
    let process = try ValidateBinary.process(
      ["--rules", "rules.json", "--jsonl", "--jobs", "1", "--format", "json"], in: directory)
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(10)
    while !Self.holds(process.processIdentifier, breachPath), Date() < deadline { usleep(10_000) }
    #expect(Self.holds(process.processIdentifier, breachPath), "the rules were loaded")
    // Rewritten in place, as `cat new > pwned.txt` or a downloader would.
    #expect(truncate(breachPath, 0) == 0)
    stdin.fileHandleForWriting.write(Data(#"{"password": "password"}"#.utf8 + [0x0A]))
    stdin.fileHandleForWriting.write(Data(#"{"password": "another one"}"#.utf8 + [0x0A]))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
    #expect(String(decoding: output, as: UTF8.self).split(separator: "\n").count == 2)
  }
}

extension HostileInputTests {
  // MARK: - H06 the blocklist replaced from outside

  static let commonRules = #"{"fields": {"password": {"sensitive": true, "rules": [{"notCommon": true}]}}}"#

  @Test("H06a: an empty common-password list in a folder above the rules file does not disable notCommon")
  func emptyListAbove() throws {
    let directory = try ScratchFolder.create([
      "lists/common-passwords/common-passwords.txt": [],
      "app/rules.json": Self.text(Self.commonRules),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let rulesDir = ValidateBinary.packageRoot.appendingPathComponent("Rules").path
    let outcome = try Self.run(
      ["--rules", "app/rules.json", "--format", "json"], stdin: Self.text(#"{"password": "password"}"#),
      in: directory, environment: ["FORM_RULES_DIR": rulesDir])
    #expect(outcome.status == 1)
    #expect(outcome.stdout.contains(#""code":"notCommon""#))
    // lint names the list it uses: the one compiled into the library, never a file above.
    let lint = try Self.run(
      ["lint", "--rules", "app/rules.json"], in: directory, environment: ["FORM_RULES_DIR": rulesDir])
    #expect(lint.status == 0)
    #expect(
      lint.stdout.split(separator: "\n").map(String.init) == [
        "app/rules.json: OK (1 field, 1 rule, 0 tests)",
        "app/rules.json: fields.password.rules[0].notCommon uses the built-in common-password list (19,640 entries)",
      ])
  }

  @Test("H06b: an empty list, and a list that is not UTF-8 text, are refused naming the file")
  func emptyOrBinaryList() throws {
    let rules =
      #"{"fields": {"password": {"sensitive": true, "rules": [{"notCommon": true, "defaultList": false, "lists": "mine.txt"}]}}}"#
    for (bytes, message) in [
      ([UInt8](), "list file has no entries"),
      ([0x00, 0xFF, 0x10, 0x0A, 0x89, 0x50, 0x4E, 0x47], "list file is not UTF-8 text"),
      (Self.text("\n \r\n\n"), "list file has no entries"),
    ] {
      let directory = try ScratchFolder.create(["rules.json": Self.text(rules), "mine.txt": bytes])
      defer { try? FileManager.default.removeItem(at: directory) }
      let lint = try Self.run(["lint", "--rules", "rules.json"], in: directory)
      #expect(lint.status == 2)
      let path = directory.appendingPathComponent("mine.txt").standardizedFileURL.path
      #expect(lint.stdout == "rules.json: fields.password.rules[0].lists: \(message): \(path)\n")
    }
  }

  @Test("H06c: the shipped rules use the compiled-in list from Rules/ and Rules/policies/, and lint names it")
  func shippedList() throws {
    for rules in ["Rules/signup.json", "Rules/policies/nist-800-63b.json"] {
      let here = try Self.run(["lint", "--rules", rules, "--locale", "en"])
      #expect(here.status == 0)
      #expect(here.stdout.contains("notCommon uses the built-in common-password list (19,640 entries)"))
    }
  }
}

extension HostileInputTests {
  // MARK: - H08 non-blocking stdin

  /// Runs `arguments` with stdin a pipe in O_NONBLOCK mode (as a parent may leave it), writing
  /// `chunks` with pauses, so the child's reads find the pipe empty and get EAGAIN.
  static func runNonBlocking(_ arguments: [String], chunks: [String]) throws -> (Int32, String, String) {
    let process = try ValidateBinary.process(arguments)
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    let fd = stdin.fileHandleForReading.fileDescriptor
    #expect(fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) == 0)
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    // The child may stop reading early (that is the bug): a write must then fail, not kill the tests.
    signal(SIGPIPE, SIG_IGN)
    try process.run()
    for chunk in chunks {
      usleep(200_000)
      var bytes = Array(chunk.utf8)
      _ = write(stdin.fileHandleForWriting.fileDescriptor, &bytes, bytes.count)
    }
    try stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
  }

  static let records = [
    #"{"email": "taro@example.jp", "password": "S3cr3t-Zebra-9417"}"# + "\n",
    #"{"email": "hanako@example.jp", "password": "another-long-one"}"# + "\n",
    #"{"email": "jiro@example.jp", "password": "and-a-third-one"}"# + "\n",
  ]

  @Test(
    "H08: stdin with O_NONBLOCK: the reader waits and retries on EAGAIN, for --jsonl on one and two jobs and a document",
    arguments: [["--jobs", "1"], ["--jobs", "2"]])
  func nonBlockingStdin(_ jobs: [String]) throws {
    let (status, stdout, stderr) = try Self.runNonBlocking(
      ["--rules", "Rules/login.json", "--jsonl", "--format", "json", "--locale", "en"] + jobs, chunks: Self.records)
    #expect(status == 0, "stderr: \(stderr)")
    #expect(stdout.split(separator: "\n").count == 3)
    #expect(stderr == "records: 3, valid: 3, invalid: 0, malformed: 0\n")
  }

  @Test("H08b: one document on a non-blocking stdin, written in two pieces")
  func nonBlockingDocument() throws {
    let (status, stdout, stderr) = try Self.runNonBlocking(
      ["--rules", "Rules/login.json", "--format", "json"],
      chunks: [#"{"email": "taro@example.jp", "#, #""password": "S3cr3t-Zebra-9417"}"#])
    #expect(status == 0, "stderr: \(stderr)")
    #expect(stdout.hasPrefix(#"{"valid":true"#))
  }
}

extension HostileInputTests {
  // MARK: - H09 a broken sibling NAME.tests.json

  @Test(
    "H09: a broken or unreadable rules.tests.json: validate, explain and export warn; test and lint fail",
    arguments: ["broken", "directory", "unknown field"])
  func brokenSiblingTests(_ kind: String) throws {
    var files: [String: [UInt8]] = ["rules.json": Self.text(#"{"fields": {"code": {"rules": [{"required": true}]}}}"#)]
    let warning: String
    switch kind {
    case "broken":
      files["rules.tests.json"] = Self.text("[{")
      warning = "Warning: rules.tests.json:1:3: malformed JSON: unexpected end of input"
    case "directory":
      files["rules.tests.json/x"] = []
      warning = "Warning: rules.tests.json: cannot read the file (it is a directory)"
    default:
      files["rules.tests.json"] = Self.text(#"[{"name": "t", "input": {"cod": "x"}, "valid": true}]"#)
      warning = #"Warning: rules.tests.json: [0].input.cod: no field named "cod" (did you mean "code"?)"#
    }
    let directory = try ScratchFolder.create(files)
    defer { try? FileManager.default.removeItem(at: directory) }
    let note = "Warning: the tests above are skipped; only 'validate test' and 'validate lint' need them."
    let validate = try Self.run(
      ["--rules", "rules.json", "--format", "json"], stdin: Self.text(#"{"code": "x"}"#), in: directory)
    #expect(validate.status == 0)
    #expect(validate.stdout.hasPrefix(#"{"valid":true"#))
    #expect(validate.stderr == warning + "\n" + note + "\n")
    let explain = try Self.run(["explain", "--rules", "rules.json"], in: directory)
    #expect(explain.status == 0)
    #expect(explain.stderr == warning + "\n" + note + "\n")
    let export = try Self.run(["export", "--rules", "rules.json", "--to", "json-schema"], in: directory)
    #expect(export.status == 0)
    let lint = try Self.run(["lint", "--rules", "rules.json"], in: directory)
    #expect(lint.status == 2)
    #expect(lint.stdout == String(warning.dropFirst("Warning: ".count)) + "\n")
    let test = try Self.run(["test", "--rules", "rules.json"], in: directory)
    #expect(test.status == 2)
  }
}

extension HostileInputTests {
  // MARK: - H10 file names that are not UTF-8

  /// Runs the binary with raw argument bytes (a Swift String cannot hold invalid UTF-8).
  static func runRaw(_ arguments: [[UInt8]], in directory: URL) throws -> (Int32, String, String) {
    guard let binary = ValidateBinary.executable?.path else { throw ValidateBinaryError.notBuilt }
    let out = directory.appendingPathComponent("out.txt").path
    let err = directory.appendingPathComponent("err.txt").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv: [UnsafeMutablePointer<CChar>?] =
      ([Array(binary.utf8)] + arguments).map { bytes in
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (i, b) in bytes.enumerated() { pointer[i] = CChar(bitPattern: b) }
        pointer[bytes.count] = 0
        return pointer
      } + [nil]
    defer { for pointer in argv { pointer?.deallocate() } }
    let cwd = FileManager.default.currentDirectoryPath
    FileManager.default.changeCurrentDirectoryPath(directory.path)
    var pid: pid_t = 0
    let result = posix_spawn(&pid, binary, &actions, nil, argv, environ)
    FileManager.default.changeCurrentDirectoryPath(cwd)
    #expect(result == 0)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return (
      (status >> 8) & 0xFF, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
      (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
    )
  }

  @Test("H10: a Shift_JIS file name is said to be not UTF-8, not 'no such file'")
  func shiftJISFileName() throws {
    let directory = try ScratchFolder.create()
    defer { try? FileManager.default.removeItem(at: directory) }
    // "ルール.json" in Shift_JIS.
    let name: [UInt8] = [0x83, 0x8B, 0x81, 0x5B, 0x83, 0x8B] + Array(".json".utf8)
    let fd = (Array(directory.path.utf8) + [0x2F] + name + [0]).withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        open($0, O_WRONLY | O_CREAT, 0o644)
      }
    }
    #expect(fd >= 0)
    _ = #"{"fields": {"a": {}}}"#.withCString { write(fd, $0, strlen($0)) }
    close(fd)
    for command in [[String](), ["lint"], ["test"], ["explain"], ["form"]] {
      let (status, stdout, stderr) = try Self.runRaw(
        command.map { Array($0.utf8) } + [Array("--rules".utf8), name], in: directory)
      #expect(status == 2)
      #expect(stdout == "")
      #expect(
        stderr
          == "Error: the value of --rules is not valid UTF-8 (a file name in a legacy encoding such as Shift_JIS or EUC-JP?)\n"
          + "Rename the file to a UTF-8 name, or point a symbolic link with a UTF-8 name at it.\n")
    }
    let (status, _, stderr) = try Self.runRaw(
      [Array("--rules".utf8), Array("x.json".utf8), Array("--input".utf8), name], in: directory)
    #expect(status == 2)
    #expect(stderr.hasPrefix("Error: the value of --input is not valid UTF-8"))
  }
}

extension HostileInputTests {
  // MARK: - H11 terminal control sequences inside a rules file

  /// A raw C0 control other than the newline, DEL, or a C1 control (U+0080–U+009F) in UTF-8.
  static func hasControls(_ bytes: some Collection<UInt8>) -> Bool {
    let bytes = Array(bytes)
    for (i, b) in bytes.enumerated() {
      if (b < 0x20 && b != 0x0A) || b == 0x7F { return true }
      if b == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) { return true }
    }
    return false
  }

  static let hostileRules = #"""
    {"fields": {"a": {"label": "A\u001b[2J\nB\u009b31m", "rules": [{"required": true, "message": "M\u001b]52;c;SGVsbG8=\u0007"}]}},
     "tests": [{"name": "T\u001b]0;title\u0007", "input": {}, "valid": true}]}
    """#

  @Test(
    "H11: controls in labels, messages, test names and keys are shown escaped by text output, test, explain and lint")
  func controlSequences() throws {
    let directory = try ScratchFolder.create([
      "rules.json": Self.text(Self.hostileRules),
      "bad.json": Self.text(#"{"fields": {}, "z\u001b[2J\u0085": 1}"#),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = try Self.run(["--rules", "rules.json", "--format", "text"], stdin: Self.text("{}"), in: directory)
    #expect(text.status == 1)
    #expect(!Self.hasControls(text.stdoutBytes))
    #expect(text.stdout == #"✗ A\x1B[2J\nB\u009B31m: M\x1B]52;c;SGVsbG8=\x07"# + "\n")
    let test = try Self.run(["test", "--rules", "rules.json"], in: directory)
    #expect(!Self.hasControls(test.stdoutBytes))
    #expect(test.stdout.hasPrefix(#"FAIL T\x1B]0;title\x07"# + "\n"))
    let explain = try Self.run(["explain", "--rules", "rules.json"], in: directory)
    #expect(explain.status == 0)
    #expect(!Self.hasControls(explain.stdoutBytes))
    #expect(explain.stdout.contains(#"A\x1B[2J\nB\u009B31m"#))
    let lint = try Self.run(["lint", "--rules", "bad.json"], in: directory)
    #expect(lint.status == 2)
    #expect(lint.stdout == #"bad.json: ["z\x1B[2J\u0085"]: unknown top-level key "z\x1B[2J\u0085""# + "\n")
    let validate = try Self.run(["--rules", "bad.json"], stdin: Self.text("{}"), in: directory)
    #expect(!Self.hasControls(Array(validate.stderr.utf8)))
  }
}

extension HostileInputTests {
  // MARK: - H12 confining untrusted rules files

  struct ConfineCase: Sendable, CustomTestStringConvertible {
    var id: String
    var rules: String
    var lint: String
    var testDescription: String { id }
  }

  static let confineCases: [ConfineCase] = [
    ConfineCase(
      id: "absolute extends", rules: #"{"extends": "/etc/passwd"}"#,
      lint:
        #"rules.json: extends: "/etc/passwd" is outside the folder of rules.json; --confine allows only relative paths below it"#
    ),
    ConfineCase(
      id: "dot-dot extends", rules: #"{"extends": "sub/../../outside.json"}"#,
      lint:
        #"rules.json: extends: "sub/../../outside.json" is outside the folder of rules.json; --confine allows only relative paths below it"#
    ),
    ConfineCase(
      id: "symlink extends", rules: #"{"extends": "link.json"}"#,
      lint:
        #"rules.json: extends: "link.json" is outside the folder of rules.json; --confine allows only relative paths below it"#
    ),
    ConfineCase(
      id: "lists", rules: #"{"fields": {"p": {"rules": [{"notCommon": true, "lists": ["ok.txt", "/etc/hostname"]}]}}}"#,
      lint:
        #"rules.json: fields.p.rules[0].lists[1]: "/etc/hostname" is outside the folder of rules.json; --confine allows only relative paths below it"#
    ),
    ConfineCase(
      id: "notBreached", rules: #"{"fields": {"p": {"rules": [{"notBreached": {"file": "../pwned.txt"}}]}}}"#,
      lint:
        #"rules.json: fields.p.rules[0].notBreached: "../pwned.txt" is outside the folder of rules.json; --confine allows only relative paths below it"#
    ),
  ]

  @Test(
    "H12: with --confine, extends, lists and notBreached outside the rules folder are refused without being opened",
    arguments: confineCases)
  func confine(_ c: ConfineCase) throws {
    let root = try ScratchFolder.create()
    defer { try? FileManager.default.removeItem(at: root) }
    let directory = root.appendingPathComponent("rules")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(c.rules.utf8).write(to: directory.appendingPathComponent("rules.json"))
    try Data("secret\n".utf8).write(to: directory.appendingPathComponent("ok.txt"))
    try Data(#"{"fields": {"x": {"normalize": "TOP-SECRET"}}}"#.utf8).write(
      to: root.appendingPathComponent("outside.json"))
    try FileManager.default.createSymbolicLink(
      atPath: directory.appendingPathComponent("link.json").path,
      withDestinationPath: root.appendingPathComponent("outside.json").path)
    for command in [["lint"], ["test"], [], ["explain"]] {
      let outcome = try Self.run(
        command + ["--confine", "--rules", "rules.json"], stdin: Self.text("{}"), in: directory)
      #expect(outcome.status == 2)
      #expect(!outcome.stdout.contains("TOP-SECRET") && !outcome.stderr.contains("TOP-SECRET"))
      if command == ["lint"] { #expect(outcome.stdout == c.lint + "\n") }
    }
  }

  @Test("H12b: without --confine a file's extends may leave its folder; with it, the same file is refused")
  func unconfined() throws {
    let root = try ScratchFolder.create()
    defer { try? FileManager.default.removeItem(at: root) }
    let base = root.deletingLastPathComponent().appendingPathComponent("base-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: base) }
    try Data(#"{"fields": {"a": {}}}"#.utf8).write(to: base)
    try Data(#"{"extends": "../\#(base.lastPathComponent)"}"#.utf8).write(to: root.appendingPathComponent("rules.json"))
    #expect(try Self.run(["lint", "--rules", "rules.json"], in: root).status == 0)
    #expect(try Self.run(["lint", "--confine", "--rules", "rules.json"], in: root).status == 2)
  }
}

extension HostileInputTests {
  // MARK: - H04 sensitivity lost through configuration

  @Test("H04a: a field that is sameAs a sensitive field is sensitive: its value is never in a report")
  func confirmationIsSensitive() throws {
    let directory = try ScratchFolder.create([
      "rules.json": Self.text(
        #"{"fields": {"password": {"sensitive": true, "rules": [{"required": true}]}, "confirm": {"rules": [{"sameAs": "password"}]}}}"#
      )
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let secret = "S3cr3t-Zebra-9417"
    for format in ["json", "text"] {
      let outcome = try Self.run(
        ["--rules", "rules.json", "--format", format],
        stdin: Self.text(#"{"password": "\#(secret)", "confirm": "\#(secret)"}"#), in: directory)
      #expect(outcome.status == 0)
      #expect(!outcome.stdout.contains(secret) && !outcome.stderr.contains(secret))
    }
    let field = try Self.run(["--rules", "rules.json", "--field", "confirm=x"], in: directory)
    #expect(field.status == 2)
    #expect(field.stderr.hasPrefix("Error: --field refuses the sensitive field 'confirm'"))
  }

  @Test("H04b: a child file cannot drop sensitive from an inherited field, nor mark a confirmation not sensitive")
  func childDropsSensitive() throws {
    let directory = try ScratchFolder.create([
      "base.json": Self.text(#"{"fields": {"password": {"sensitive": true}}}"#),
      "child.json": Self.text(#"{"extends": "base.json", "fields": {"password": {"sensitive": false}}}"#),
      "confirm.json": Self.text(
        #"{"fields": {"password": {"sensitive": true}, "confirm": {"sensitive": false, "rules": [{"sameAs": "password"}]}}}"#
      ),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let child = try Self.run(["lint", "--rules", "child.json"], in: directory)
    #expect(child.status == 2)
    #expect(
      child.stdout
        == #"child.json: fields.password.sensitive: "password" is sensitive in base.json; a file that extends it cannot make it visible"#
        + "\n")
    let confirm = try Self.run(["lint", "--rules", "confirm.json"], in: directory)
    #expect(confirm.status == 2)
    #expect(
      confirm.stdout
        == #"confirm.json: fields.confirm.sensitive: "confirm" confirms the sensitive field "password" and is sensitive too; remove "sensitive": false"#
        + "\n")
  }
}

extension HostileInputTests {
  // MARK: - H07 --jsonl holding reports back

  @Test(
    "H07: --jsonl writes each report when no more input is ready, and SIGTERM keeps them and the summary",
    arguments: ["1", "2"])
  func jsonlFlushesWhenIdle(_ jobs: String) throws {
    signal(SIGPIPE, SIG_IGN)
    // A process that ignores the request must not stall the test run: killed after 60 s.
    let child = try ValidateBinary.streaming(
      ["--rules", "Rules/login.json", "--jsonl", "--jobs", jobs, "--format", "json", "--locale", "en"], killAfter: 60)
    try child.write(Array((Self.records[0] + Self.records[1]).utf8))
    // Like `tail -f`: the input stays open. Both reports must arrive anyway.
    let out = child.stdout.fileHandleForReading.fileDescriptor
    var received: [UInt8] = []
    let deadline = Date().addingTimeInterval(10)
    while received.filter({ $0 == 0x0A }).count < 2, Date() < deadline {
      var polled = pollfd(fd: out, events: Int16(POLLIN), revents: 0)
      guard poll(&polled, 1, 100) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let n = read(out, &buffer, buffer.count)
      if n <= 0 { break }
      received += buffer[0..<n]
    }
    #expect(received.filter { $0 == 0x0A }.count == 2, "reports written while the input is still open")
    kill(child.pid, SIGTERM)
    let result = try child.finish(stdoutPrefix: received, closingInput: false)
    #expect(!result.endedBySignal)
    #expect(result.status == 143)
    #expect(result.stdoutBytes.filter { $0 == 0x0A }.count == 2)
    #expect(result.stderr == "records: 2, valid: 2, invalid: 0, malformed: 0\n")
  }
}

extension HostileInputTests {
  // MARK: - H03 sameAs across different transforms

  static let confirmRules = text(
    #"{"defaultLocale": "en", "fields": {"password": {"sensitive": true, "normalize": "nfkc", "trim": true, "rules": [{"required": true}]}, "confirm": {"rules": [{"sameAs": "password"}]}}}"#
  )

  @Test(
    "H03a: a confirmation without the password's trim and nfkc matches the same keystrokes, on every path",
    arguments: [["--format", "json"], ["--jsonl", "--jobs", "1"], ["--jsonl", "--jobs", "2"]])
  func sameAsAcrossTransforms(_ mode: [String]) throws {
    let directory = try ScratchFolder.create(["rules.json": Self.confirmRules])
    defer { try? FileManager.default.removeItem(at: directory) }
    // Half-width kana and full-width letters, decomposed accents, a trailing space; then ASCII
    // (the byte-level path), then a real mismatch.
    let records = [
      #"{"password": "ｶﾀｶﾅＡＢ", "confirm": "ｶﾀｶﾅＡＢ"}"#,
      #"{"password": "e\u0301te\u0301", "confirm": "\u00e9t\u00e9 "}"#,
      #"{"password": "abc", "confirm": "abc"}"#,
      #"{"password": "ｶﾀｶﾅＡＢ", "confirm": "ｶﾀｶﾅＡＣ"}"#,
    ]
    if mode.first == "--jsonl" {
      let outcome = try Self.run(
        ["--rules", "rules.json"] + mode, stdin: Self.text(records.joined(separator: "\n") + "\n"), in: directory)
      #expect(outcome.status == 1)
      #expect(
        outcome.stdout.split(separator: "\n").map { $0.hasPrefix(#"{"valid":true"#) } == [true, true, true, false],
        "\(outcome.stdout)")
    } else {
      for (record, valid) in zip(records, [true, true, true, false]) {
        let outcome = try Self.run(["--rules", "rules.json"] + mode, stdin: Self.text(record), in: directory)
        #expect(outcome.status == (valid ? 0 : 1), "\(record): \(outcome.stdout)")
      }
    }
  }

  @Test("H03b: lint warns when a confirmation's trim or normalize differs from the field it confirms")
  func sameAsTransformWarning() throws {
    let directory = try ScratchFolder.create([
      "rules.json": Self.confirmRules,
      "same.json": Self.text(
        #"{"fields": {"password": {"normalize": "nfkc", "trim": true}, "confirm": {"normalize": "nfkc", "trim": true, "rules": [{"sameAs": "password"}]}}}"#
      ),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let lint = try Self.run(["lint", "--rules", "rules.json"], in: directory)
    #expect(lint.status == 0)
    #expect(
      lint.stdout.contains(
        #"Warning: rules.json: fields.confirm.rules[0].sameAs: "confirm" (trim false, normalize none) confirms "password" (trim true, normalize nfkc); it is compared after the transforms of "password", but give both fields the same trim and normalize"#
      ), "\(lint.stdout)")
    let same = try Self.run(["lint", "--rules", "same.json"], in: directory)
    #expect(same.status == 0)
    #expect(!same.stdout.contains("Warning"))
  }
}
