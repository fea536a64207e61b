import Foundation
import Glibc

/// Runs a program with a pseudo-terminal as its controlling terminal, the way a terminal
/// emulator does, so the program's `/dev/tty` is a terminal this test drives.
///
/// The child is started with `posix_spawn` (Swift cannot fork safely) with
/// `POSIX_SPAWN_SETSID`, which glibc applies before the file actions; the first file action
/// opens the pty's slave side without `O_NOCTTY`, so the new session leader acquires it as
/// its controlling terminal. stdin is that terminal too; stdout and stderr are pipes, so the
/// test sees exactly what a script capturing `$(validate form …)` would.
final class PseudoTerminal {
  let master: Int32
  /// Kept open so the test can read the terminal's settings after the child exits.
  let slave: Int32
  let slavePath: String
  private(set) var pid: pid_t = 0
  private var stdoutRead: Int32 = -1
  private var stderrRead: Int32 = -1
  private(set) var output: [UInt8] = []
  private(set) var screen: VirtualScreen

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  init(columns: Int = 80, rows: Int = 24) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0, let name = ttyname(slave) else {
      throw Failure(description: "openpty failed: \(String(cString: strerror(errno)))")
    }
    self.master = master
    self.slave = slave
    self.slavePath = String(cString: name)
    for fd in [master, slave] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    screen = VirtualScreen(columns: columns, rows: rows)
  }

  deinit {
    if pid > 0 {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    for fd in [master, slave, stdoutRead, stderrRead] where fd >= 0 { close(fd) }
  }

  /// The terminal's settings as seen from the slave side.
  func attributes() -> termios {
    var settings = termios()
    tcgetattr(slave, &settings)
    return settings
  }

  func spawn(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
    var outPipe: [Int32] = [-1, -1]
    var errPipe: [Int32] = [-1, -1]
    guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw Failure(description: "pipe failed") }
    for fd in [outPipe[0], errPipe[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    posix_spawn_file_actions_addclose(&actions, outPipe[1])
    posix_spawn_file_actions_addclose(&actions, errPipe[1])

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The test runner's threads block some signals and a child inherits that mask; start it
    // with none blocked, as a shell would. POSIX_SPAWN_SETSIGMASK is 0x08; POSIX_SPAWN_SETSID
    // (glibc 2.26+) is 0x80, a name the header hides behind _GNU_SOURCE.
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setflags(&attributes, Int16(0x80 | 0x08))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    var env = ProcessInfo.processInfo.environment
    env["TERM"] = "xterm-256color"
    env.merge(environment) { _, new in new }
    let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }

    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    close(outPipe[1])
    close(errPipe[1])
    stdoutRead = outPipe[0]
    stderrRead = errPipe[0]
    guard result == 0 else {
      throw Failure(description: "posix_spawn failed: \(String(cString: strerror(result)))")
    }
  }

  /// Types bytes as if on the keyboard.
  func type(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(master, &bytes, bytes.count)
  }

  /// Changes the window size; the kernel sends SIGWINCH to the foreground process group.
  func resize(columns: Int, rows: Int) {
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    screen.resize(columns: columns, rows: rows)
  }

  /// Reads what the program drew for up to `milliseconds`.
  private func pump(milliseconds: Int32) {
    var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
    guard poll(&fds, 1, milliseconds) > 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = read(master, &buffer, buffer.count)
    guard count > 0 else { return }
    output += buffer.prefix(count)
    screen.feed(Array(buffer.prefix(count)))
  }

  /// Waits until the screen satisfies `condition`. A program that ends first fails the wait at
  /// once, with its exit status and stderr (a crash or a sanitizer's report is not a timeout).
  func waitForScreen(timeout: Double = 10, _ condition: (VirtualScreen) -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition(screen) {
      if pid > 0 {
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
          pump(milliseconds: 0)
          pid = 0
          let stderr = String(readAll(stderrRead).suffix(4000))
          throw Failure(
            description: "the program ended (wait status \(status)) before the screen showed what was awaited; "
              + "it shows:\n\(screen.text)\nstderr:\n\(stderr)")
        }
      }
      guard Date() < deadline else {
        let tail = String(decoding: output.suffix(400), as: UTF8.self).debugDescription
        throw Failure(
          description: "timed out waiting for the screen; it shows:\n\(screen.text)\nlast output: \(tail)")
      }
      pump(milliseconds: 50)
    }
  }

  /// Waits for the program to exit and returns its status and its stdout and stderr.
  func waitForExit(timeout: Double = 10) throws -> (status: Int32, stdout: String, stderr: String) {
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
      guard Date() < deadline else {
        throw Failure(description: "timed out waiting for exit:\n\(screen.text)")
      }
      pump(milliseconds: 20)
    }
    pump(milliseconds: 0)
    pid = 0
    // Exited normally: the low 7 bits are 0 and the status is in the next byte.
    let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return (code, readAll(stdoutRead), readAll(stderrRead))
  }

  private func readAll(_ fd: Int32) -> String {
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(fd, &buffer, buffer.count)
      guard count > 0 else { break }
      data += buffer.prefix(count)
    }
    return String(decoding: data, as: UTF8.self)
  }
}
