import Foundation

/// `write(2)` from our own bytes.
enum Descriptor {
  /// Writes all of `bytes` to `fd`, retrying after signals and partial writes; stops at the
  /// first other failure (a log that cannot be written loses its lines, not the server).
  ///
  /// Why it is safe: each call reads `count - offset` bytes from `base + offset`, inside the
  /// array lent for the loop.
  static func writeAll(_ bytes: [UInt8], to fd: Int32) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let n = Glibc.write(fd, base + offset, buffer.count - offset)
        if n < 0, errno == EINTR { continue }
        if n <= 0 { break }
        offset += n
      }
    }
  }
}
