import FormRulesUI
import Glibc

/// Runs a form on the terminal until it is submitted or cancelled.
///
/// ```swift
/// switch try TerminalSession.run(model: FormModel(policy: policy, locale: "ja")) {
/// case .submitted(let json): print(json)
/// case .cancelled: exit(130)
/// case .signalled(let number): exit(128 + number)
/// }
/// ```
@MainActor
public enum TerminalSession {
  public enum Result: Sendable, Equatable {
    /// The values as one JSON object.
    case submitted(String)
    case cancelled
    /// Ended by a signal (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1…); the terminal was
    /// restored first.
    case signalled(Int32)
  }

  /// How long a lone ESC waits for the rest of an escape sequence before it counts as the
  /// Escape key. Terminals send a sequence in one write, so 50 ms is plenty even over ssh.
  static let escapeTimeoutMilliseconds: Int32 = 50
  /// Signals whose default action ends the process: each ends the form through the
  /// input loop, which restores the terminal first. Crash signals (SIGSEGV…) restore it in
  /// their handler (see `CrashRestore`); SIGKILL cannot be caught.
  static let endingSignals: [Int32] = [
    SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
    SIGIO, SIGPWR, SIGSTKFLT,
  ]
  /// Frames per second of the shake.
  static let shakeFrameRate = 30.0

  /// Draws the form on `ttyPath` in raw mode and handles keys; the terminal's settings are
  /// restored on every way out.
  public static func run(model: FormModel, ttyPath: String = "/dev/tty") throws(TerminalError) -> Result {
    let terminal = try Terminal(path: ttyPath)
    let signals = try SignalPipe(signals: [SIGWINCH, SIGTSTP, SIGCONT] + endingSignals)
    try terminal.enterRawMode()
    defer { terminal.restore() }

    let controller = FormController(model: model)
    var decoder = KeyDecoder()
    var size = terminal.size()
    func draw(clearing: Bool = false, shaking: [String] = [], shakeColumns: Int = 0) {
      let screen = FormScreen(controller: controller, width: size.columns, height: size.rows)
      let frame = screen.frame(shaking: shaking, shakeColumns: shakeColumns)
      terminal.write((clearing ? "\u{1B}[2J" : "") + frame.ansi())
    }
    draw()

    while true {
      var polled = [
        pollfd(fd: terminal.fd, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
      ]
      let timeout = decoder.hasPending ? escapeTimeoutMilliseconds : -1
      let ready = poll(&polled, nfds_t(polled.count), timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        throw TerminalError("poll")
      }

      for number in signals.drain() {
        if number == SIGWINCH {
          size = terminal.size()
          // The terminal may have reflowed old rows; start from a clean screen.
          draw(clearing: true)
        } else if number == SIGTSTP {
          // As curses does: give the terminal back, stop, and take it again when continued.
          terminal.suspend()
          signals.stopNow(SIGTSTP)
          terminal.resume()
          size = terminal.size()
          draw(clearing: true)
        } else if number == SIGCONT {
          // Continued after a stop the form did not see (SIGSTOP): the shell has probably
          // put its own settings back, and echo on would show the password as it is typed.
          terminal.resume()
          size = terminal.size()
          draw(clearing: true)
        } else {
          return .signalled(number)
        }
      }

      var keys: [Key] = []
      if ready == 0 {
        keys = decoder.flush()
      } else if polled[0].revents != 0 {
        let bytes = terminal.read()
        // End of input: the terminal went away, so nobody is there to finish the form.
        if bytes.isEmpty { return .cancelled }
        keys = decoder.decode(bytes)
      }

      var needsDraw = false
      for key in keys {
        switch controller.handle(key) {
        case .unchanged: break
        case .redraw: needsDraw = true
        case .cancel: return .cancelled
        case .submit: return .submitted(controller.valuesJSON())
        case .shake(let fields):
          playShake(fields) { columns in draw(shaking: fields, shakeColumns: columns) }
          needsDraw = true
        }
      }
      if needsDraw { draw() }
    }
  }

  /// Plays ``ShakeAnimation/standard`` in real time. Keys typed meanwhile wait in the
  /// terminal's buffer and are handled afterwards.
  static func playShake(_ fields: [String], draw: (Int) -> Void) {
    let animation = ShakeAnimation.standard
    let clock = ContinuousClock()
    let start = clock.now
    var lastColumns: Int?
    for sample in animation.samples(every: 1 / shakeFrameRate) {
      let due = start + .milliseconds(Int(sample.time * 1000))
      let wait = clock.now.duration(to: due)
      if wait > .zero {
        let nanoseconds =
          wait.components.attoseconds / 1_000_000_000 + wait.components.seconds * 1_000_000_000
        var request = timespec(tv_sec: 0, tv_nsec: Int(nanoseconds))
        _ = nanosleep(&request, nil)
      }
      let columns = FormScreen.columns(forOffset: sample.offset)
      // Only frames that move the line are drawn; a terminal has whole columns only.
      if columns != lastColumns { draw(columns) }
      lastColumns = columns
    }
  }
}
