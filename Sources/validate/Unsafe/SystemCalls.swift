import FormRules

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `read(2)` into an array.
enum Descriptor {
  /// Reads at most `buffer.count` bytes from `fd` into the start of `buffer`; the count, 0 at
  /// the end of input, or -1 with `errno` set, as `read(2)`.
  ///
  /// Why it is safe: the kernel writes at most `count` bytes into the array's own storage,
  /// lent for the call.
  static func read(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
    buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
  }
}

extension Console {
  static func write(_ bytes: [UInt8], to fd: Int32 = STDOUT_FILENO) {
    bytes.withUnsafeBytes { write($0, to: fd) }
  }

  /// Writes the bytes of `view` (the bulk pipeline's output).
  static func write(_ view: ByteView, to fd: Int32) {
    view.withUnsafeBytes { write(UnsafeRawBufferPointer($0), to: fd) }
  }

  /// Writes everything, retrying after signals; on a failure, ``failedWriting(to:)`` says what
  /// happens.
  ///
  /// Why it is safe: each call reads `count - offset` bytes from `base + offset`, inside the
  /// buffer the caller lends for the call.
  static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let n = Glibc.write(fd, base + offset, bytes.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        failedWriting(to: fd)
        return
      }
      offset += n
    }
  }
}

/// The process's arguments as the kernel gave them.
enum RawArguments {
  /// The index of the first argument (after the program's name) whose bytes are not UTF-8.
  ///
  /// Why it is safe: `argv` holds `argc` NUL-terminated strings that live as long as the
  /// process; each is read for its `strlen` bytes. CChar and UInt8 may alias.
  static func firstNonUTF8() -> Int? {
    let argv = CommandLine.unsafeArgv
    for i in 1..<Int(CommandLine.argc) {
      guard let pointer = argv[i] else { continue }
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
      if String(validating: bytes, as: UTF8.self) == nil { return i }
    }
    return nil
  }
}
