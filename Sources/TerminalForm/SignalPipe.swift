import Glibc

/// Written by the signal handler, read by nothing else: a handler may only touch state
/// that is safe to use asynchronously, and a pipe's file descriptor is.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Turns signals into bytes on a pipe that the input loop polls beside the terminal
/// (the self-pipe trick), so a resize or a termination request is handled between keys,
/// where redrawing or restoring the terminal is safe.
public final class SignalPipe {
  public let readEnd: Int32
  private let writeEnd: Int32
  private let signals: [Int32]

  /// Starts delivering `signals` to the pipe.
  public init(signals: [Int32]) throws(TerminalError) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw TerminalError("pipe") }
    // Non-blocking, so a handler never waits on a full pipe and draining stops when empty.
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
    self.signals = signals
    signalPipeWriteEnd = writeEnd
    // A blocked signal would never arrive; a parent may have left some blocked.
    var set = sigset_t()
    sigemptyset(&set)
    for number in signals { sigaddset(&set, number) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    for number in signals { install(number) }
  }

  /// Delivers `number` to the pipe (again, after ``stopNow(_:)``).
  public func install(_ number: Int32) {
    _ = signal(number) { received in
      var byte = UInt8(truncatingIfNeeded: received)
      _ = write(signalPipeWriteEnd, &byte, 1)
    }
  }

  /// Stops the process the way SIGTSTP's default action would, then takes SIGTSTP back:
  /// returns when the process is continued (or at once when the kernel discards the stop,
  /// as it does for an orphaned process group).
  public func stopNow(_ number: Int32 = SIGTSTP) {
    _ = signal(number, SIG_DFL)
    _ = raise(number)
    install(number)
  }

  deinit {
    for number in signals { _ = signal(number, SIG_DFL) }
    signalPipeWriteEnd = -1
    close(readEnd)
    close(writeEnd)
  }

  /// The signals received since the last call, oldest first.
  public func drain() -> [Int32] {
    var buffer = [UInt8](repeating: 0, count: 64)
    var received: [Int32] = []
    while true {
      let count = Descriptor.read(readEnd, into: &buffer)
      guard count > 0 else { return received }
      received += buffer.prefix(count).map(Int32.init)
    }
  }
}
