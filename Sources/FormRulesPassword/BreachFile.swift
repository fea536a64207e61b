import FormRules
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Have I Been Pwned password file: lines `SHA1HEX:COUNT` (40 hexadecimal digits, either
/// case, `\n` or `\r\n`) sorted by hash, as the HIBP downloader writes them. Lookups
/// binary-search the file with `pread(2)`, so a 30 GB file costs only the blocks a search
/// touches; nothing is read up front.
///
/// ```swift
/// let file = try BreachFile(path: "pwned-passwords-sha1-ordered-by-hash.txt")
/// file.count(ofPassword: "password")  // 10434004 in the 2024 file
/// ```
///
/// The file stays open as long as the object, and that open file is a snapshot: a new file
/// renamed over the path (`mv new.txt pwned.txt`) is seen by the next `BreachFile`, while
/// this one keeps answering from the file it opened. The file is read, not memory-mapped: a
/// file truncated or rewritten in place while a lookup runs gives short reads, which end the
/// lookup as "not found", where a mapping would kill the process with `SIGBUS`.
///
/// `pread` keeps no position, so one instance can be searched from every thread at once
/// (hence `@unchecked Sendable`).
public final class BreachFile: @unchecked Sendable {
  /// The file's path as given.
  public let path: String
  /// The size of the file in bytes when it was opened.
  public let size: Int
  private let fd: Int32

  /// Opens the file.
  /// - Throws: ``BreachFileError`` when the file cannot be opened, is not a regular file,
  ///   or does not start with a `SHA1HEX:COUNT` line.
  public init(path: String) throws(BreachFileError) {
    self.path = path
    // Without blocking: a FIFO would wait in open(2) for a writer that never comes.
    switch BoundedFile.openRegular(path: path) {
    case .success(let (opened, size)):
      fd = opened
      self.size = size
    case .failure(.notFound): throw BreachFileError(path: path, reason: String(cString: strerror(ENOENT)))
    case .failure(let failure): throw BreachFileError(path: path, reason: failure.message)
    }
    guard size > 0 else { return }
    // Lookups jump around: read-ahead would only fetch blocks no search needs.
    _ = posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM)
    var window = Window(fd: fd, size: size)
    // No close here: every stored property is set, so `deinit` runs when this throws and
    // closes the file; a second close would close whatever reused the number meanwhile.
    guard Self.isRecord(&window, at: 0) else {
      throw BreachFileError(
        path: path, reason: "the first line is not SHA1HEX:COUNT (40 hexadecimal digits, a colon, a count)")
    }
  }

  deinit { close(fd) }

  /// How often the password appears in the file (0 when it does not).
  public func count(ofPassword password: String) -> Int {
    count(ofDigest: SHA1.digest(password.utf8))
  }

  /// How often the SHA-1 digest (20 bytes) appears in the file (0 when it does not, or when
  /// the file shrank under the search).
  ///
  /// - Complexity: O(log n) line comparisons; each step reads one block near its midpoint.
  public func count(ofDigest digest: [UInt8]) -> Int {
    guard size > 0, digest.count == 20 else { return 0 }
    var bytes = Window(fd: fd, size: size)
    // Invariant: `low` is the start of a line; the key, if present, starts in [low, high).
    var low = 0
    var high = size
    while low < high {
      let middle = low + (high - low) / 2
      var start = middle
      while start > low && bytes[start - 1] != 0x0A {
        guard !bytes.failed else { return 0 }
        start -= 1
      }
      switch Self.compare(digest, &bytes, at: start) {
      case .equal: return bytes.failed ? 0 : Self.count(&bytes, at: start + 41)
      case .less: high = start
      case .greater:
        var next = middle
        while next < high && bytes[next] != 0x0A {
          guard !bytes.failed else { return 0 }
          next += 1
        }
        low = next + 1
      }
      if bytes.failed { return 0 }
    }
    return 0
  }

  /// The most lines ``suffixes(underPrefix:)`` returns: a range of the 2024 HIBP file has
  /// about 2,000, so a file with more under one prefix is not a downloader's file.
  public static let maxLinesPerPrefix = 100_000

  /// The lines whose hash starts with `prefix` (5 upper-case hexadecimal digits), as
  /// (35-digit upper-case suffix, count), in file order: what `GET /range/{prefix}` answers.
  /// Empty when none does or the file shrank under the search.
  ///
  /// - Complexity: one binary search (O(log n) line comparisons), then the lines under the
  ///   prefix, at most ``maxLinesPerPrefix``.
  package func suffixes(underPrefix prefix: [UInt8]) -> [(suffix: [UInt8], count: Int)] {
    guard size > 0, prefix.count == BreachRange.prefixLength else { return [] }
    var bytes = Window(fd: fd, size: size)
    func upper(_ c: UInt8) -> UInt8 { (0x61...0x66).contains(c) ? c - 0x20 : c }
    /// Whether the line at `start` sorts before the prefix (a malformed line sorts last).
    func before(_ start: Int) -> Bool {
      guard start + 40 <= size else { return false }
      for i in 0..<prefix.count {
        let c = upper(bytes[start + i])
        if c != prefix[i] { return c < prefix[i] }
      }
      return false
    }
    // Invariant: `low` is the start of a line, and every line before it sorts before the
    // prefix; the first line that does not starts in [low, high].
    var low = 0
    var high = size
    while low < high {
      let middle = low + (high - low) / 2
      var start = middle
      while start > low && bytes[start - 1] != 0x0A {
        guard !bytes.failed else { return [] }
        start -= 1
      }
      if before(start) {
        var next = middle
        while next < size && bytes[next] != 0x0A {
          guard !bytes.failed else { return [] }
          next += 1
        }
        low = next + 1
      } else {
        high = start
      }
      if bytes.failed { return [] }
    }
    var found: [(suffix: [UInt8], count: Int)] = []
    var line = low
    while line + 41 <= size, found.count < Self.maxLinesPerPrefix {
      var matches = true
      for i in 0..<prefix.count where upper(bytes[line + i]) != prefix[i] { matches = false }
      guard matches, Self.isRecord(&bytes, at: line) else { break }
      var suffix = [UInt8](repeating: 0, count: BreachRange.suffixLength)
      for i in 0..<BreachRange.suffixLength { suffix[i] = upper(bytes[line + prefix.count + i]) }
      found.append((suffix, Self.count(&bytes, at: line + 41)))
      var next = line + 41
      while next < size && bytes[next] != 0x0A { next += 1 }
      line = next + 1
      if bytes.failed { return [] }
    }
    return found
  }

  /// A block of the file read on demand, for one lookup on one thread. A read that comes
  /// back short (the file was truncated after it was opened) sets `failed` and reads as `\n`.
  struct Window {
    static let blockSize = 4096
    let fd: Int32
    let size: Int
    var start = -1
    var count = 0
    var block = [UInt8](repeating: 0, count: Window.blockSize)
    var failed = false

    init(fd: Int32, size: Int) {
      self.fd = fd
      self.size = size
    }

    subscript(offset: Int) -> UInt8 {
      mutating get {
        if offset < start || offset >= start + count { load(offset) }
        guard offset >= start, offset < start + count else {
          failed = true
          return 0x0A
        }
        return block[offset - start]
      }
    }

    private mutating func load(_ offset: Int) {
      start = offset - offset % Self.blockSize
      let wanted = min(Self.blockSize, size - start)
      var got = 0
      while got < wanted {
        let n = BoundedFile.read(fd, into: &block, at: got, count: wanted - got, fileOffset: start + got)
        if n < 0, errno == EINTR { continue }
        if n <= 0 { break }
        got += n
      }
      count = got
    }
  }

  private enum Order { case less, equal, greater }

  /// Compares the digest with the 40 hex digits at `offset` (a malformed line sorts last).
  private static func compare(_ digest: [UInt8], _ bytes: inout Window, at offset: Int) -> Order {
    guard offset + 40 <= bytes.size else { return .less }
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

  private static func count(_ bytes: inout Window, at offset: Int) -> Int {
    var n = 0
    var i = offset
    while i < bytes.size, n < Int.max / 10 - 9 {
      let c = bytes[i]
      guard c >= 0x30, c <= 0x39 else { break }
      n = n * 10 + Int(c - 0x30)
      i += 1
    }
    // A hash without a count still means "seen".
    return max(n, 1)
  }

  private static func isRecord(_ bytes: inout Window, at offset: Int) -> Bool {
    guard offset + 41 <= bytes.size else { return false }
    for i in 0..<40 where nibble(bytes[offset + i]) == nil { return false }
    return bytes[offset + 40] == UInt8(ascii: ":") && !bytes.failed
  }
}

/// A breach file that cannot be used, with the path and the reason.
public struct BreachFileError: Error, Sendable, CustomStringConvertible {
  /// The file's path as given.
  public let path: String
  /// Why it cannot be used (`not a multiple of 24 bytes`).
  public let reason: String

  public var description: String { "\(path): \(reason)" }
}

extension BreachFileError: LocalizedError {
  /// What `localizedDescription` shows (an alert, a log line, Vapor's error middleware):
  /// ``description``, in English.
  public var errorDescription: String? { description }
}
