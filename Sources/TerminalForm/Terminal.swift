import Glibc

/// The controlling terminal, opened on `/dev/tty` so that stdin and stdout stay free for
/// pipes: the form is drawn on the terminal while the result goes to stdout (as `fzf` does).
///
/// Raw system calls on the terminal live here and in ``SignalPipe`` only; those that take
/// pointers, and the crash handler, in `Unsafe/`.
public final class Terminal {
  public let fd: Int32
  private var original: termios?

  /// Opens the terminal. Fails when the process has no controlling terminal.
  public init(path: String = "/dev/tty") throws(TerminalError) {
    let fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { throw TerminalError("open \(path)") }
    self.fd = fd
  }

  deinit {
    restore()
    close(fd)
  }

  /// The terminal's current settings.
  public func attributes() throws(TerminalError) -> termios {
    var settings = termios()
    guard tcgetattr(fd, &settings) == 0 else { throw TerminalError("tcgetattr") }
    return settings
  }

  /// Switches to raw mode (every key is delivered at once, nothing is echoed, Ctrl-C is a
  /// byte and not a signal) and to the alternate screen, remembering the settings to
  /// restore.
  public func enterRawMode() throws(TerminalError) {
    let saved = try attributes()
    var raw = Self.raw(from: saved)
    guard tcsetattr(fd, TCSAFLUSH, &raw) == 0 else { throw TerminalError("tcsetattr") }
    original = saved
    CrashRestore.arm(fd: fd, settings: saved)
    write("\u{1B}[?1049h\u{1B}[H\u{1B}[2J")
  }

  static func raw(from settings: termios) -> termios {
    var raw = settings
    cfmakeraw(&raw)
    // Keep output processing, so a stray "\n" written by anyone still returns the carriage.
    raw.c_oflag |= tcflag_t(OPOST)
    return raw
  }

  /// Gives the terminal back for a stop (SIGTSTP): the saved settings and the main screen,
  /// keeping the saved settings for ``resume()`` and ``restore()``.
  public func suspend() {
    guard var saved = original else { return }
    write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    _ = tcsetattr(fd, TCSADRAIN, &saved)
  }

  /// Takes the terminal again after a stop: raw mode from the settings saved before the
  /// form started (not from the current ones, which the shell may have changed while the
  /// process was stopped) and the alternate screen. The caller redraws.
  public func resume() {
    guard let saved = original else { return }
    var raw = Self.raw(from: saved)
    _ = tcsetattr(fd, TCSAFLUSH, &raw)
    write("\u{1B}[?1049h\u{1B}[H\u{1B}[2J")
  }

  /// Leaves the alternate screen and puts the saved settings back. Safe to call twice.
  public func restore() {
    guard var saved = original else { return }
    original = nil
    CrashRestore.disarm()
    write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    // TCSADRAIN: the escape sequences above reach the terminal before the mode changes.
    _ = tcsetattr(fd, TCSADRAIN, &saved)
  }

  /// Columns and rows; 80×24 when the terminal does not say.
  public func size() -> (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes all of `text`, retrying after interruptions and partial writes.
  public func write(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = Descriptor.write(fd, bytes, from: offset)
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      offset += written
    }
  }

  /// Reads what is available; an empty array means end of input (the terminal hung up).
  public func read() -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = Descriptor.read(fd, into: &buffer)
      if count >= 0 { return Array(buffer.prefix(count)) }
      if errno != EINTR && errno != EAGAIN { return [] }
    }
  }
}
