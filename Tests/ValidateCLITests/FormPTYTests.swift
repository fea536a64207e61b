import FormRulesTestSupport
import Foundation
import Glibc
import Testing

/// Drives `validate form` through a pseudo-terminal: keys in, screen and stdout out.
///
/// The test runs the built `validate` binary, found next to the test bundle in the build
/// folder (`.build/<triple>/debug/validate`), as a session leader whose controlling terminal
/// is a pseudo-terminal the test holds (see ``PseudoTerminal``).
@Suite("validate form through a pseudo-terminal", .serialized)
struct FormPTYTests {
  /// The `validate` executable the test target was built with.
  static var validate: String { ValidateBinary.executable?.path ?? "validate" }

  /// The shipped login screen, not a copy of it.
  let rulesFile = ShippedRules.url("login.json")

  func start(locale: String, columns: Int = 80) throws -> PseudoTerminal {
    let pty = try PseudoTerminal(columns: columns, rows: 24)
    try pty.spawn(Self.validate, ["form", "--rules", rulesFile.path, "--locale", locale])
    return pty
  }

  static func sameSettings(_ a: termios, _ b: termios) -> Bool {
    var a = a
    var b = b
    return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag
      && a.c_lflag == b.c_lflag
      && memcmp(&a.c_cc, &b.c_cc, MemoryLayout.size(ofValue: a.c_cc)) == 0
  }

  @Test("Email, Tab, password, Enter prints the values as JSON and restores the terminal")
  func submit() throws {
    let pty = try PseudoTerminal(columns: 80, rows: 24)
    let before = pty.attributes()
    try pty.spawn(Self.validate, ["form", "--rules", rulesFile.path, "--locale", "en"])
    try pty.waitForScreen { $0.text.contains("Email address") && $0.text.contains("[ Submit ]") }
    // The form switched the terminal to raw mode while it runs.
    #expect(pty.attributes().c_lflag & tcflag_t(ICANON) == 0)
    #expect(pty.screen.isAlternateScreen)

    pty.type(" taro@example.jp ")
    // Shown as typed, the leading space too; the JSON gets the trimmed value.
    try pty.waitForScreen { $0.text.contains("Email address   taro@example.jp") }
    pty.type("\t")
    pty.type("abc123")
    try pty.waitForScreen { $0.text.contains("Password       ••••••") }
    #expect(!pty.screen.text.contains("abc123"))
    pty.type("\r")

    let result = try pty.waitForExit()
    #expect(result.status == 0)
    #expect(result.stdout == #"{"email":"taro@example.jp","password":"abc123"}"# + "\n")
    #expect(result.stderr == "")
    #expect(Self.sameSettings(before, pty.attributes()))
    #expect(!pty.screen.isAlternateScreen)
    #expect(pty.screen.isCursorVisible)
  }

  @Test("Esc cancels with exit status 130, prints nothing and restores the terminal")
  func escape() throws {
    let pty = try PseudoTerminal()
    let before = pty.attributes()
    try pty.spawn(Self.validate, ["form", "--rules", rulesFile.path, "--locale", "en"])
    try pty.waitForScreen { $0.text.contains("Email address") }
    pty.type("taro")
    pty.type("\u{1B}")
    let result = try pty.waitForExit()
    #expect(result.status == 130)
    #expect(result.stdout == "")
    #expect(Self.sameSettings(before, pty.attributes()))
  }

  @Test("Ctrl-C cancels with exit status 130")
  func interrupt() throws {
    let pty = try start(locale: "en")
    try pty.waitForScreen { $0.text.contains("Email address") }
    pty.type("\u{03}")
    let result = try pty.waitForExit()
    #expect(result.status == 130)
    #expect(result.stdout == "")
  }

  @Test("Japanese input, backspace over a multi-byte character, reveal, a failed submit, then success")
  func japanese() throws {
    let pty = try start(locale: "ja")
    try pty.waitForScreen { $0.text.contains("メールアドレス") && $0.text.contains("[ 送信 ]") }
    pty.type("taro@example.jp\t")
    pty.type("パスワ")
    try pty.waitForScreen { $0.text.contains("パスワード      •••") }
    pty.type("\u{7F}")
    try pty.waitForScreen { $0.text.contains("パスワード      ••  ") }
    pty.type("\u{12}")  // Ctrl-R
    try pty.waitForScreen { $0.text.contains("パスワード      パス") && $0.text.contains("Ctrl-R 非表示") }
    // The cursor sits after "パス": column 3 + 14 + 2 + 4 (two full-width characters).
    #expect(pty.screen.cursor.column == 23)

    pty.type("\r")
    try pty.waitForScreen { $0.text.contains("6文字以上で入力してください。") && $0.isCursorVisible }
    pty.type("ード12\r")
    let result = try pty.waitForExit()
    #expect(result.status == 0)
    #expect(result.stdout == #"{"email":"taro@example.jp","password":"パスード12"}"# + "\n")
  }

  @Test("A failed submit shakes the field line sideways")
  func shake() throws {
    let pty = try start(locale: "en")
    try pty.waitForScreen { $0.text.contains("Email address") }
    let still = pty.screen.lines[2]
    pty.type("\r\r")  // Enter on the first field moves on; on the last it submits.
    var offsets: Set<Int> = []
    try pty.waitForScreen { screen in
      if let line = screen.lines.first(where: { $0.contains("Email address") }),
        let start = line.range(of: "Email")
      {
        offsets.insert(line.distance(from: line.startIndex, to: start.lowerBound))
      }
      return offsets.contains(1) && offsets.contains(5) && screen.isCursorVisible
        && screen.text.contains("This field is required.")
    }
    #expect(still.hasPrefix("›  Email address"))
    pty.type("\u{1B}")
    #expect(try pty.waitForExit().status == 130)
  }

  @Test("A resize redraws the form for the new width")
  func resize() throws {
    let pty = try start(locale: "ja")
    try pty.waitForScreen { $0.text.contains("[ 送信 ]") }
    #expect(pty.screen.lines[3].hasPrefix("   パスワード      "))
    pty.resize(columns: 30, rows: 24)
    // Too narrow for labels and values side by side: each value moves under its label.
    try pty.waitForScreen { $0.lines.contains("›  メールアドレス") }
    pty.type("abc")
    try pty.waitForScreen { $0.lines.contains("   abc") }
    pty.type("\u{1B}")
    #expect(try pty.waitForExit().status == 130)
  }

  @Test("The shipped sign-up form: three fields, a full-width label, captured like $(validate form …)")
  func signup() throws {
    let pty = try PseudoTerminal()
    let rules = ValidateBinary.packageRoot.appendingPathComponent("Rules/signup.json").path
    try pty.spawn(Self.validate, ["form", "--rules", rules], environment: ["LANG": "ja_JP.UTF-8"])
    try pty.waitForScreen { $0.text.contains("[ 送信 ]") }
    // Labels line up by display width: "パスワード（確認）" is 18 columns wide.
    #expect(pty.screen.lines[2] == "›  メールアドレス")
    #expect(pty.screen.lines[4].hasPrefix("   パスワード（確認）  "))
    pty.type("hanako@example.co.jp\tcorrect horse\tcorrect horse")
    try pty.waitForScreen { $0.lines[4] == "›  パスワード（確認）  •••••••••••••                             Ctrl-R 表示" }
    pty.type("\r")
    let result = try pty.waitForExit()
    #expect(result.status == 0)
    #expect(
      result.stdout
        == #"{"email":"hanako@example.co.jp","password":"correct horse","password_confirmation":"correct horse"}"#
        + "\n")
  }

  @Test("SIGTERM restores the terminal before ending with 128 + 15")
  func terminate() throws {
    let pty = try PseudoTerminal()
    let before = pty.attributes()
    try pty.spawn(Self.validate, ["form", "--rules", rulesFile.path, "--locale", "en"])
    try pty.waitForScreen { $0.text.contains("Email address") }
    kill(pty.pid, SIGTERM)
    let result = try pty.waitForExit()
    #expect(result.status == 143)
    #expect(Self.sameSettings(before, pty.attributes()))
    #expect(!pty.screen.isAlternateScreen)
  }

  /// Every signal whose default action ends the process, sent from outside: the terminal
  /// is restored, then the process ends with 128 + N (or by the signal itself for the crash
  /// signals, which are handled in the signal handler and raised again).
  static let endingSignals: [Int32] = [
    SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGHUP, SIGTERM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
    SIGIO, SIGPWR, SIGSTKFLT, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTRAP, SIGSYS,
  ]

  @Test("H05a: every catchable signal that ends the form restores the terminal first", arguments: endingSignals)
  func endingSignal(_ number: Int32) throws {
    let pty = try PseudoTerminal()
    let before = pty.attributes()
    try pty.spawn(Self.validate, ["form", "--rules", rulesFile.path, "--locale", "en"])
    try pty.waitForScreen { $0.text.contains("Email address") }
    kill(pty.pid, number)
    let result = try pty.waitForExit()
    #expect(result.status == 128 + number)
    #expect(Self.sameSettings(before, pty.attributes()))
    #expect(!pty.screen.isAlternateScreen)
    #expect(pty.screen.isCursorVisible)
  }

  /// The process state letter from /proc (`T` when stopped).
  static func state(_ pid: pid_t) -> Character? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(close, offsetBy: 2)...].first
  }

  static func isRaw(_ settings: termios) -> Bool {
    settings.c_lflag & tcflag_t(ICANON | ECHO) == 0
  }

  @Test(
    "H05b: after SIGSTOP, a shell resetting the terminal and SIGCONT, the form is raw again: the password is not echoed"
  )
  func stopAndContinue() throws {
    let pty = try PseudoTerminal()
    let before = pty.attributes()
    try pty.spawn(Self.validate, ["form", "--rules", rulesFile.path, "--locale", "en"])
    try pty.waitForScreen { $0.text.contains("Email address") }
    pty.type("taro@example.jp\t")
    try pty.waitForScreen { $0.text.contains("taro@example.jp") }
    kill(pty.pid, SIGSTOP)
    let deadline = Date().addingTimeInterval(10)
    while Self.state(pty.pid) != "T", Date() < deadline { usleep(10_000) }
    // What a shell does when a job stops: it puts its own (cooked, echoing) settings back.
    var cooked = before
    tcsetattr(pty.slave, TCSANOW, &cooked)
    kill(pty.pid, SIGCONT)
    let rawDeadline = Date().addingTimeInterval(10)
    while !Self.isRaw(pty.attributes()), Date() < rawDeadline { usleep(10_000) }
    #expect(Self.isRaw(pty.attributes()), "the form put the terminal back in raw mode")
    pty.type("hunter2")
    try pty.waitForScreen { $0.text.contains("Password       •••••••") }
    #expect(!pty.screen.text.contains("hunter2"))
    pty.type("\u{1B}")
    #expect(try pty.waitForExit().status == 130)
    #expect(Self.sameSettings(before, pty.attributes()))
  }

  @Test("H05c: SIGTSTP leaves the alternate screen and the raw mode before stopping, and the form comes back after")
  func suspend() throws {
    let pty = try PseudoTerminal()
    let before = pty.attributes()
    try pty.spawn(Self.validate, ["form", "--rules", rulesFile.path, "--locale", "en"])
    try pty.waitForScreen { $0.text.contains("Email address") }
    let mark = pty.output.count
    kill(pty.pid, SIGTSTP)
    // The test's child leads an orphaned process group, where the kernel discards a stop
    // raised by SIGTSTP (a shell's job would stop here); either way the form must have
    // restored the terminal, then taken it back.
    try pty.waitForScreen { _ in
      let after = String(decoding: pty.output[mark...], as: UTF8.self)
      guard let left = after.range(of: "\u{1B}[?1049l") else { return false }
      return after[left.upperBound...].contains("\u{1B}[?1049h")
    }
    if Self.state(pty.pid) == "T" { kill(pty.pid, SIGCONT) }
    try pty.waitForScreen { $0.isAlternateScreen && $0.text.contains("Email address") }
    #expect(Self.isRaw(pty.attributes()))
    pty.type("\u{1B}")
    #expect(try pty.waitForExit().status == 130)
    #expect(Self.sameSettings(before, pty.attributes()))
  }

  @Test("Without --rules it is a usage error on stderr with exit status 2")
  func usage() throws {
    let pty = try PseudoTerminal()
    try pty.spawn(Self.validate, ["form"])
    let result = try pty.waitForExit()
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("Error: missing --rules"))
    #expect(result.stdout == "")
  }
}

extension FormPTYTests {
  @Test("H11b: a label and a message with terminal controls are drawn escaped, never sent to the terminal")
  func hostileLabel() throws {
    let rules = FileManager.default.temporaryDirectory.appendingPathComponent(
      "form-pty-hostile-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: rules) }
    try Data(
      #"{"fields": {"a": {"label": "A\u001b]52;c;SGVsbG8=\u0007\u001b]0;pwned\u0007", "rules": [{"required": true, "message": "M\u001b[2J"}]}}}"#
        .utf8
    ).write(to: rules)
    let pty = try PseudoTerminal()
    try pty.spawn(Self.validate, ["form", "--rules", rules.path, "--locale", "en"])
    try pty.waitForScreen { $0.text.contains(#"A\x1B]52;c;SGVsbG8=\x07"#) }
    pty.type("\r")
    try pty.waitForScreen { $0.text.contains(#"M\x1B[2J"#) }
    let output = String(decoding: pty.output, as: UTF8.self)
    #expect(!output.contains("\u{1B}]52;"))
    #expect(!output.contains("\u{1B}]0;"))
    pty.type("\u{1B}")
    #expect(try pty.waitForExit().status == 130)
  }
}

extension FormPTYTests {
  @Test("H13h: OSC, DCS, APC and C1 control strings typed or pasted into a field are dropped whole, never text")
  func controlStringsTyped() throws {
    let pty = try start(locale: "en")
    try pty.waitForScreen { $0.text.contains("Email address") }
    // The shipped login screen checks the address, so the pieces between the controls make one.
    pty.type("t\u{1B}]52;c;SGVsbG8=\u{07}a\u{1B}]0;title\u{1B}\\r\u{1B}P1$r0m\u{1B}\\o\u{1B}_apc\u{07}")
    pty.type("@\u{9D}8;;https://x\u{07}example\u{9B}31m.jp")
    try pty.waitForScreen { $0.text.contains("Email address  taro@example.jp") }
    pty.type("\t")
    pty.type("abc123")
    pty.type("\r")
    let result = try pty.waitForExit()
    #expect(result.status == 0)
    #expect(result.stdout == #"{"email":"taro@example.jp","password":"abc123"}"# + "\n")
  }
}
