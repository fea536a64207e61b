import Glibc

/// `read(2)` and `write(2)` on the terminal and the signal pipe, into and from arrays.
enum Descriptor {
  /// Reads at most `buffer.count` bytes from `fd` into the start of `buffer`; the count, 0 at
  /// the end of input, or -1 with `errno` set, as `read(2)`.
  ///
  /// Why it is safe: the kernel writes at most `count` bytes into the array's own storage,
  /// lent for the call.
  static func read(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
    buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
  }

  /// Writes the bytes of `bytes` from `offset` on; the count written, or -1 with `errno` set,
  /// as `write(2)`. Traps unless `0 <= offset <= bytes.count`.
  ///
  /// Why it is safe: the offset is checked, and the kernel reads `count - offset` bytes from
  /// there, inside the array lent for the call.
  static func write(_ fd: Int32, _ bytes: [UInt8], from offset: Int) -> Int {
    precondition(offset >= 0 && offset <= bytes.count, "write offset out of range")
    return bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
  }
}
