import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Have I Been Pwned password file, memory-mapped: lines `SHA1HEX:COUNT` (40
/// hexadecimal digits, either case, `\n` or `\r\n`) sorted by hash, as the HIBP
/// downloader writes them. Lookups binary-search the mapping, so a 30 GB file costs
/// only the pages a search touches; nothing is read up front.
///
/// ```swift
/// let file = try BreachFile(path: "pwned-passwords-sha1-ordered-by-hash.txt")
/// file.count(ofPassword: "password")  // 10434004 in the 2024 file
/// ```
///
/// The mapping is read-only and lives as long as the object, so one instance can be
/// searched from every thread at once (hence `@unchecked Sendable`).
public final class BreachFile: @unchecked Sendable {
  public let path: String
  /// The size of the file in bytes.
  public let size: Int
  private let base: UnsafeRawPointer?

  /// Maps the file read-only.
  /// - Throws: ``BreachFileError`` when the file cannot be opened or mapped, or does
  ///   not start with a `SHA1HEX:COUNT` line.
  public init(path: String) throws(BreachFileError) {
    self.path = path
    // Without blocking: a FIFO would wait in open(2) for a writer that never comes.
    let fd: Int32
    switch BoundedFile.openRegular(path: path) {
    case .success(let (opened, _)): fd = opened
    case .failure(.notFound): throw BreachFileError(path: path, reason: "no such file")
    case .failure(let failure): throw BreachFileError(path: path, reason: failure.message)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw BreachFileError(path: path, reason: String(cString: strerror(errno))) }
    size = Int(info.st_size)
    guard size > 0 else {
      base = nil
      return
    }
    guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
      throw BreachFileError(path: path, reason: String(cString: strerror(errno)))
    }
    // Lookups jump around: read-ahead would only fetch pages no search needs.
    _ = madvise(mapped, size, MADV_RANDOM)
    base = UnsafeRawPointer(mapped)
    let bytes = UnsafeBufferPointer(start: base?.assumingMemoryBound(to: UInt8.self), count: size)
    guard Self.isRecord(bytes, at: 0) else {
      munmap(mapped, size)
      throw BreachFileError(
        path: path, reason: "the first line is not SHA1HEX:COUNT (40 hexadecimal digits, a colon, a count)")
    }
  }

  deinit {
    if let base { munmap(UnsafeMutableRawPointer(mutating: base), size) }
  }

  /// How often the password appears in the file (0 when it does not).
  public func count(ofPassword password: String) -> Int {
    count(ofDigest: SHA1.digest(password.utf8))
  }

  /// How often the SHA-1 digest (20 bytes) appears in the file (0 when it does not).
  ///
  /// - Complexity: O(log n) line comparisons; each step reads one line near its midpoint.
  public func count(ofDigest digest: [UInt8]) -> Int {
    guard let base, digest.count == 20 else { return 0 }
    let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)
    // Invariant: `low` is the start of a line; the key, if present, starts in [low, high).
    var low = 0
    var high = size
    while low < high {
      let middle = low + (high - low) / 2
      var start = middle
      while start > low && bytes[start - 1] != 0x0A { start -= 1 }
      switch Self.compare(digest, bytes, at: start) {
      case .equal: return Self.count(bytes, at: start + 41)
      case .less: high = start
      case .greater:
        var next = middle
        while next < high && bytes[next] != 0x0A { next += 1 }
        low = next + 1
      }
    }
    return 0
  }

  private enum Order { case less, equal, greater }

  /// Compares the digest with the 40 hex digits at `offset` (a malformed line sorts last).
  private static func compare(_ digest: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Order {
    guard offset + 40 <= bytes.count else { return .less }
    for i in 0..<20 {
      guard let hi = nibble(bytes[offset + 2 * i]), let lo = nibble(bytes[offset + 2 * i + 1]) else { return .less }
      let byte = hi << 4 | lo
      if digest[i] != byte { return digest[i] < byte ? .less : .greater }
    }
    return .equal
  }

  private static func nibble(_ c: UInt8) -> UInt8? {
    switch c {
    case 0x30...0x39: return c - 0x30
    case 0x41...0x46: return c - 0x37
    case 0x61...0x66: return c - 0x57
    default: return nil
    }
  }

  private static func count(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
    var n = 0
    var i = offset
    while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39, n < Int.max / 10 - 9 {
      n = n * 10 + Int(bytes[i] - 0x30)
      i += 1
    }
    // A hash without a count still means "seen".
    return max(n, 1)
  }

  private static func isRecord(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    guard offset + 41 <= bytes.count else { return false }
    for i in 0..<40 where nibble(bytes[offset + i]) == nil { return false }
    return bytes[offset + 40] == UInt8(ascii: ":")
  }
}

/// A breach file that cannot be used, with the path and the reason.
public struct BreachFileError: Error, Sendable, CustomStringConvertible {
  public let path: String
  public let reason: String

  public var description: String { "\(path): \(reason)" }
}
