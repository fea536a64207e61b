import Glibc

/// A failed system call on the terminal, with the errno it left.
public struct TerminalError: Error, Sendable, CustomStringConvertible {
  /// What was being done (`open /dev/tty`, `tcsetattr`…).
  public var operation: String
  public var errno: Int32

  public init(_ operation: String, errno: Int32 = Glibc.errno) {
    self.operation = operation
    self.errno = errno
  }

  public var description: String {
    "\(operation): \(String(cString: strerror(errno)))"
  }
}
