import FormRules

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads lines from a file descriptor in fixed-size chunks, so memory stays flat however
/// long the stream. A line longer than `maxLineBytes` is reported as too long and skipped
/// without being buffered.
///
/// A line's length is its bytes without the `\n` or `\r\n` that ends it; a last line without
/// `\n` is delivered and measured whole. Whether a line is too long never depends on where the
/// reads happen to split the stream.
package struct LineReader: ~Copyable {
  package enum Line {
    case line(ByteView)
    case tooLong
  }

  package static let defaultMaxLineBytes = 1 << 20

  let fd: Int32
  let maxLineBytes: Int
  /// The bytes read and not yet delivered are `buffer[start...]`; its capacity is fixed.
  private var buffer: ByteBuffer
  private var start = 0
  private var end: Int { buffer.count }
  private var eof = false
  private var discarding = false
  /// The error of the last failed `read`, if any.
  package private(set) var readError: Int32?

  /// Called before each read of the descriptor; returning `false` ends the input there.
  /// `validate --jsonl` writes its pending reports here when no more input is ready.
  package var waitForInput: ((Int32) -> Bool)?

  package init(fileDescriptor fd: Int32, maxLineBytes: Int = LineReader.defaultMaxLineBytes, chunkSize: Int = 1 << 16) {
    self.fd = fd
    self.maxLineBytes = max(maxLineBytes, 0)
    self.buffer = ByteBuffer(capacity: max(chunkSize, 1) + self.maxLineBytes + 1)
  }

  /// Calls `body` for each line, in order, without the trailing `\n` (or `\r\n`). An empty
  /// input has no lines.
  /// The buffer is valid only during the call.
  package mutating func forEachLine(_ body: (Line) throws -> Void) rethrows {
    while true {
      // Scan the buffered bytes for complete lines.
      var scanFrom = start
      while let newline = JSONLines.newline(in: buffer.view(0..<end), from: scanFrom) {
        let lineEnd = JSONLines.lineEnd(in: buffer.view(0..<end), from: start, newline: newline)
        if discarding {
          discarding = false
        } else if lineEnd - start > maxLineBytes {
          // A long line that happens to arrive whole is as long as one that does not.
          try body(.tooLong)
        } else {
          try body(.line(buffer.view(start..<lineEnd)))
        }
        start = newline + 1
        scanFrom = start
      }
      // A partial line may end in the "\r" of a "\r\n" still to come, which is not part of it.
      if end - start > maxLineBytes + 1 {
        if !discarding { try body(.tooLong) }
        discarding = true
        start = end
      }
      if eof {
        if start < end && !discarding {
          if end - start > maxLineBytes {
            try body(.tooLong)
          } else {
            try body(.line(buffer.view(start..<end)))
          }
        }
        return
      }
      compact()
      // The caller's chance to act before a read that may block: write what is pending, or
      // stop (a termination request), which ends the input here.
      if let waitForInput, !waitForInput(fd) {
        eof = true
        continue
      }
      let n = buffer.append(readingFrom: fd)
      if n < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          Self.waitUntilReadable(fd)
          continue
        }
        readError = errno
        eof = true
      } else if n == 0 {
        eof = true
      }
    }
  }

  /// Waits until `fd` has input (or end of input). A descriptor in `O_NONBLOCK` mode, as a
  /// parent process may leave stdin, answers `EAGAIN` when it is momentarily empty: that is
  /// "not yet", not an error.
  package static func waitUntilReadable(_ fd: Int32) {
    var polled = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while poll(&polled, 1, -1) < 0 && errno == EINTR {}
  }

  private mutating func compact() {
    guard start > 0 else { return }
    buffer.removeFirst(start)
    start = 0
  }
}
