#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file, but never more than a limit: a path to `/dev/zero` or a runaway pipe
/// ends with an error instead of filling memory.
package enum BoundedFile {
  package enum Failure: Error, Equatable {
    case notFound
    case isDirectory
    case tooLarge(limit: Int)
    /// A FIFO, a device, a socket: reading one can block forever or never end.
    case notRegular(String)
    case unreadable(String)

    /// ``message`` as a `cli.rules.file.*` line, for a rules-file problem in the tool's language.
    var line: ProblemLine {
      switch self {
      case .notFound: return ProblemLine("cli.rules.file.notFound")
      case .isDirectory: return ProblemLine("cli.rules.file.isDirectory")
      case .tooLarge(let limit):
        return limit % (1 << 20) == 0
          ? ProblemLine("cli.rules.file.tooLargeMiB", ["size": "\(limit >> 20)"])
          : ProblemLine("cli.rules.file.tooLargeBytes", ["size": "\(limit)"])
      case .notRegular(let kind):
        return ProblemLine("cli.rules.file.notRegular", valueKeys: ["kind": "cli.rules.file.kind.\(kind)"])
      case .unreadable(let reason): return ProblemLine("cli.rules.file.unreadable", ["reason": reason])
      }
    }

    /// What went wrong, in the words an `Error:` line uses.
    package var message: String {
      switch self {
      case .notFound: return "no such file"
      case .isDirectory: return "cannot read the file (it is a directory)"
      case .tooLarge(let limit):
        return limit % (1 << 20) == 0 ? "larger than \(limit >> 20) MiB" : "larger than \(limit) bytes"
      case .notRegular(let kind): return "not a regular file (\(kind))"
      case .unreadable(let reason): return "cannot read the file (\(reason))"
      }
    }
  }

  /// Reads a regular file. The file is opened without blocking and without becoming the
  /// controlling terminal, then its type is checked: a FIFO (whose `open` waits for a writer
  /// that may never come), `/dev/tty`, `/dev/zero` or a socket is refused with
  /// ``Failure/notRegular(_:)`` before a byte is read.
  package static func read(path: String, limit: Int) -> Result<[UInt8], Failure> {
    switch openRegular(path: path) {
    case .failure(let failure): return .failure(failure)
    case .success(let (fd, size)):
      defer { close(fd) }
      if size > limit { return .failure(.tooLarge(limit: limit)) }
      return read(fileDescriptor: fd, limit: limit)
    }
  }

  /// Opens `path` for reading if it is a regular file: the descriptor (blocking again) and
  /// the file's size.
  package static func openRegular(path: String) -> Result<(Int32, Int), Failure> {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard fd >= 0 else {
      return .failure(errno == ENOENT || errno == ENOTDIR ? .notFound : .unreadable(describe(errno)))
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let code = errno
      close(fd)
      return .failure(.unreadable(describe(code)))
    }
    let type = info.st_mode & S_IFMT
    guard type == S_IFREG else {
      close(fd)
      return .failure(type == S_IFDIR ? .isDirectory : .notRegular(kind(of: type)))
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return .success((fd, Int(info.st_size)))
  }

  /// The kind of a file that is not regular, in words: `a FIFO`, `a character device`…
  static func kind(of type: mode_t) -> String {
    switch type {
    case S_IFIFO: return "a FIFO"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFDIR: return "a directory"
    default: return "not a file"
    }
  }

  /// Reads `fd` to its end; more than `limit` bytes is `.tooLarge`.
  static func read(fileDescriptor fd: Int32, limit: Int) -> Result<[UInt8], Failure> {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        return .failure(errno == EISDIR ? .isDirectory : .unreadable(describe(errno)))
      }
      if n == 0 { return .success(bytes) }
      if bytes.count + n > limit { return .failure(.tooLarge(limit: limit)) }
      bytes.append(contentsOf: chunk[0..<n])
    }
  }

  static func describe(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text).lowercased()
  }
}

extension BoundedFile {
  /// `pread(2)`: reads up to `count` bytes from `fileOffset` of `fd` into `bytes[offset...]`;
  /// traps unless those bytes lie inside the array. Returns what `pread` returns (the bytes
  /// read, 0 at the end of the file, -1 with `errno` set).
  ///
  /// Why it is safe: the range is checked against the array, which `pread` writes only inside.
  package static func read(
    _ fd: Int32, into bytes: inout [UInt8], at offset: Int, count: Int, fileOffset: Int
  ) -> Int {
    precondition(offset >= 0 && count >= 0 && count <= bytes.count - offset, "BoundedFile.read out of range")
    return bytes.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      return pread(fd, base + offset, count, off_t(fileOffset))
    }
  }
}
