import Foundation

/// Where `notBreached`'s range mode gets a range from: one HTTP `GET`.
///
/// This library has no HTTP client, so an app that does not use range mode links none:
/// FormRulesBreachRange gives one over URLSession (`RuleRegistry.standardWithBreachRange`),
/// and a test can give a stub. ``NoBreachRangeClient`` is the one ``NotBreached`` uses: with
/// it, a rules file in range mode is a load error that names the library to add.
public protocol BreachRangeClient: Sendable {
  /// Whether this client can fetch at all; `false` makes range mode a load error.
  static var canFetch: Bool { get }
  /// `GET url` with `Add-Padding: true`, no cookies, no cache and no redirects, within `timeout`.
  /// - Returns: the body of a `200` answer, at most `maxBytes` long.
  /// - Throws: anything else (another status, a longer body, a network error, no answer
  ///   within `timeout`, cancellation).
  static func fetch(_ url: URL, maxBytes: Int, timeout: Duration) async throws -> [UInt8]
}

/// No client: `notBreached` reads files only (see ``BreachRangeClient``).
public enum NoBreachRangeClient: BreachRangeClient {
  public static var canFetch: Bool { false }
  public static func fetch(_ url: URL, maxBytes: Int, timeout: Duration) async throws -> [UInt8] {
    throw BreachRangeError.noClient
  }
}

/// The k-anonymity range protocol of Have I Been Pwned's Pwned Passwords API, both sides:
/// what a client sends (``prefix(of:)``), how it reads an answer (``count(ofSuffix:in:)``),
/// and how `validate serve --breach-file` writes one (``answer(prefix:from:padTo:random:)``).
///
/// Only the first 5 of the 40 hexadecimal digits of a password's SHA-1 leave the process: the
/// answer is every suffix under that prefix (about a thousand with padding), and the client
/// looks for its own suffix among them.
public enum BreachRange {
  /// The hexadecimal digits sent: `GET {range}{PREFIX}`.
  public static let prefixLength = 5
  /// The hexadecimal digits of a suffix in an answer line (`SUFFIX:COUNT`).
  public static let suffixLength = 35
  /// The largest answer a client reads (1 MiB; a padded HIBP answer is about 40 KB).
  public static let maxAnswerBytes = 1 << 20
  /// The fewest lines a padded answer has; ``answer(prefix:from:padTo:random:)`` pads to a
  /// random count from here to ``paddedLines``.upperBound, as HIBP does (800–1,000).
  public static let paddedLines = 800...1000

  /// The upper-case SHA-1 of a value's UTF-8 bytes split into the 5-digit prefix that is sent
  /// and the 35-digit suffix that is not.
  package static func split(_ value: some Sequence<UInt8>) -> (prefix: String, suffix: [UInt8]) {
    let digits = Array("0123456789ABCDEF".utf8)
    var hex: [UInt8] = []
    hex.reserveCapacity(40)
    for byte in SHA1.digest(value) {
      hex.append(digits[Int(byte >> 4)])
      hex.append(digits[Int(byte & 0xF)])
    }
    return (String(decoding: hex[..<prefixLength], as: UTF8.self), Array(hex[prefixLength...]))
  }

  /// Whether `text` is a range prefix: exactly 5 hexadecimal digits, either case.
  public static func isPrefix(_ text: some Collection<UInt8>) -> Bool {
    text.count == prefixLength && text.allSatisfy { nibble($0) != nil }
  }

  /// How often the suffix appears in a range answer (0 when it does not).
  ///
  /// The answer is lines `SUFFIX:COUNT` (35 hexadecimal digits, either case, a colon, a
  /// decimal count), separated by `\r\n` or `\n`; padding lines have the count 0. Every line
  /// is read and compared whole, with no early exit and no branch on the comparison, so the
  /// time taken says nothing about where, or whether, the suffix matched.
  ///
  /// - Throws: ``BreachRangeError/malformedAnswer(line:)`` for an answer with no lines or
  ///   any line of another shape (an HTML error page, JSON, a truncated body): a wrong answer
  ///   is not "not breached".
  public static func count(ofSuffix suffix: [UInt8], in answer: [UInt8]) throws(BreachRangeError) -> Int {
    guard suffix.count == suffixLength, suffix.allSatisfy({ nibble($0) != nil }) else {
      throw .malformedAnswer(line: 0)
    }
    let wanted = suffix.map { $0 & 0xDF }
    var found = 0
    var lines = 0
    var start = 0
    while start < answer.count {
      var end = start
      while end < answer.count, answer[end] != 0x0A { end += 1 }
      var last = end
      if last > start, answer[last - 1] == 0x0D { last -= 1 }
      if last > start {
        lines += 1
        guard let count = line(answer, start, last) else { throw .malformedAnswer(line: lines) }
        var difference: UInt8 = 0
        for i in 0..<suffixLength { difference |= (answer[start + i] & 0xDF) ^ wanted[i] }
        // All ones when the suffix matched, else zero: no branch on the comparison.
        let mask = 0 &- Int((UInt(difference) &- 1) >> UInt(UInt.bitWidth - 1))
        found = max(found, count & mask)
      }
      start = end + 1
    }
    guard lines > 0 else { throw .malformedAnswer(line: 0) }
    return found
  }

  /// The count of a well-formed line `answer[start..<end]`, else `nil`. Hex digits are
  /// compared with `& 0xDF`, which maps `a`–`f` onto `A`–`F` and the digits onto 0x10–0x19,
  /// so no digit meets a letter.
  private static func line(_ answer: [UInt8], _ start: Int, _ end: Int) -> Int? {
    guard end - start > suffixLength + 1, end - start <= suffixLength + 1 + 18,
      answer[start + suffixLength] == UInt8(ascii: ":")
    else { return nil }
    for i in start..<start + suffixLength where nibble(answer[i]) == nil { return nil }
    var count = 0
    for i in start + suffixLength + 1..<end {
      let c = answer[i]
      guard c >= 0x30, c <= 0x39 else { return nil }
      count = count * 10 + Int(c - 0x30)
    }
    return count
  }

  static func nibble(_ c: UInt8) -> UInt8? {
    switch c {
    case 0x30...0x39: return c - 0x30
    case 0x41...0x46: return c - 0x37
    case 0x61...0x66: return c - 0x57
    default: return nil
    }
  }

  /// The answer to `GET /range/{prefix}` from a downloader file: the file's lines under the
  /// prefix as `SUFFIX:COUNT\r\n`, in order, and with `padTo` (``paddedLines``) random suffixes
  /// of count 0 merged in until there are that many lines, as HIBP's `Add-Padding: true` does.
  ///
  /// - Parameters:
  ///   - prefix: 5 hexadecimal digits (``isPrefix(_:)``), either case.
  ///   - file: the downloader's file (``BreachFile``).
  ///   - padTo: the line count to pad to; `nil` for no padding.
  ///   - random: where the padding comes from.
  /// - Complexity: one binary search of the file, then the lines under the prefix.
  package static func answer(
    prefix: some Collection<UInt8>, from file: BreachFile, padTo: Int?, random: inout some RandomNumberGenerator
  ) -> [UInt8] {
    let upper = prefix.map { (0x61...0x66).contains($0) ? $0 - 0x20 : $0 }
    var real = file.suffixes(underPrefix: upper)
    real.sort { $0.suffix.lexicographicallyPrecedes($1.suffix) }
    var out: [UInt8] = []
    let total = max(real.count, padTo ?? 0)
    out.reserveCapacity(total * (suffixLength + 8))
    var padding: [[UInt8]] = []
    if total > real.count {
      let digits = Array("0123456789ABCDEF".utf8)
      let taken = Set(real.map(\.suffix))
      while padding.count < total - real.count {
        var suffix = [UInt8](repeating: 0, count: suffixLength)
        var bits = random.next()
        for i in 0..<suffixLength {
          if i % 16 == 0 { bits = random.next() }
          suffix[i] = digits[Int(bits & 0xF)]
          bits >>= 4
        }
        if !taken.contains(suffix) { padding.append(suffix) }
      }
      padding.sort { $0.lexicographicallyPrecedes($1) }
    }
    var i = 0
    var j = 0
    while i < real.count || j < padding.count {
      if j >= padding.count || (i < real.count && real[i].suffix.lexicographicallyPrecedes(padding[j])) {
        out += real[i].suffix
        out.append(UInt8(ascii: ":"))
        out += Array(String(real[i].count).utf8)
        i += 1
      } else {
        out += padding[j]
        out += Array(":0".utf8)
        j += 1
      }
      out += [0x0D, 0x0A]
    }
    return out
  }
}

/// Why a range answer could not be used; the check then fails closed (`check.unavailable`)
/// unless the rule says `"onUnavailable": "pass"`.
public enum BreachRangeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The rule's registry has no HTTP client (``NoBreachRangeClient``).
  case noClient
  /// The answer's status was not 200.
  case status(Int)
  /// The answer was longer than ``BreachRange/maxAnswerBytes``.
  case tooLarge
  /// The answer is not `SUFFIX:COUNT` lines; `line` is the first bad one (1-based; 0: no lines).
  case malformedAnswer(line: Int)

  public var description: String {
    switch self {
    case .noClient: return "no HTTP client for range mode (link FormRulesBreachRange)"
    case .status(let status): return "the range answered HTTP \(status)"
    case .tooLarge: return "the range answer is longer than \(BreachRange.maxAnswerBytes) bytes"
    case .malformedAnswer(let line):
      return line == 0 ? "the range answer has no lines" : "line \(line) of the range answer is not SUFFIX:COUNT"
    }
  }
}
