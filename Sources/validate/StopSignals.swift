import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

nonisolated(unsafe) private var stopSignalWriteEnd: Int32 = -1

/// SIGTERM, SIGINT and SIGHUP during `--jsonl` (a container stop, `timeout`, Ctrl-C) end the
/// input instead of the process: the signal is written to a pipe (the self-pipe trick) that
/// every wait for input polls beside the input, so the records read so far are validated
/// and written, the summary printed, and the exit status is 128 + N.
enum StopSignals {
  nonisolated(unsafe) private static var readEnd: Int32 = -1
  /// The signal that ended the input, or 0.
  nonisolated(unsafe) static var received: Int32 = 0

  /// Routes SIGTERM, SIGINT and SIGHUP to the pipe; a process that never calls it (a
  /// server) keeps its own handlers and its inputs end only at their end.
  static func install() {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    stopSignalWriteEnd = ends[1]
    // A blocked signal would never arrive; a parent may have left these blocked.
    var set = sigset_t()
    sigemptyset(&set)
    for number in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&set, number) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    for number in [SIGTERM, SIGINT, SIGHUP] {
      _ = signal(number) { received in
        var byte = UInt8(truncatingIfNeeded: received)
        _ = write(stopSignalWriteEnd, &byte, 1)
      }
    }
  }

  /// Waits until `fd` has input; `false` when a stop signal came first (or had come).
  static func waitForInput(_ fd: Int32) -> Bool {
    guard readEnd >= 0 else { return true }
    if received != 0 { return false }
    var polled = [
      pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0),
    ]
    while poll(&polled, 2, -1) < 0 && errno == EINTR {}
    if polled[1].revents != 0 {
      var byte: UInt8 = 0
      if read(readEnd, &byte, 1) == 1 { received = Int32(byte) }
      return false
    }
    return true
  }
}
