#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file, but never more than a limit: a path to `/dev/zero` or a runaway pipe
/// ends with an error instead of filling memory.
enum BoundedFile {
  enum Failure: Error, Equatable {
    case notFound
    case isDirectory
    case tooLarge(limit: Int)
    case unreadable(String)

    /// What went wrong, in the words an `Error:` line uses.
    var message: String {
      switch self {
      case .notFound: return "no such file"
      case .isDirectory: return "cannot read the file (it is a directory)"
      case .tooLarge(let limit):
        return limit % (1 << 20) == 0 ? "larger than \(limit >> 20) MiB" : "larger than \(limit) bytes"
      case .unreadable(let reason): return "cannot read the file (\(reason))"
      }
    }
  }

  static func read(path: String, limit: Int) -> Result<[UInt8], Failure> {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      return .failure(errno == ENOENT || errno == ENOTDIR ? .notFound : .unreadable(describe(errno)))
    }
    defer { close(fd) }
    return read(fileDescriptor: fd, limit: limit)
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
