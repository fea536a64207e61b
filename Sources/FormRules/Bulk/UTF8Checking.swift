#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A rule that can check a value's UTF-8 bytes without building a `String`.
///
/// ``BulkValidator`` reads values as byte ranges of the input line and uses this entry
/// point when every rule of the policy offers it. A failing check answers with a
/// *variant*: a number that, for this rule, fixes the whole failure (the `actual` length
/// of a `minLength`, the reason of an `email`). Bulk output renders each (rule, variant)
/// once and reuses the bytes, so a failure costs no allocation.
///
/// The contract: for every value, `check(utf8:)` is `nil` exactly when ``Rule/check(_:)``
/// is, and otherwise `failure(variant:)` equals what ``Rule/check(_:)`` returns. A test
/// compares both paths on a whole corpus.
///
/// ```swift
/// extension Required: UTF8CheckableRule {
///   public func check(utf8 subject: UTF8Subject) -> Int? {
///     isRequired && subject.value.isEmpty ? 0 : nil
///   }
///   public func failure(variant: Int) -> Failure { Failure(code: Self.name) }
/// }
/// ```
public protocol UTF8CheckableRule: Rule {
  /// Checks one value given as well-formed UTF-8: `nil` when it passes, else the variant
  /// of the failure.
  func check(utf8 subject: UTF8Subject) -> Int?

  /// The failure a variant returned by ``check(utf8:)`` stands for.
  func failure(variant: Int) -> Failure
}

/// What a ``UTF8CheckableRule`` sees: the value's bytes after the field's transforms,
/// valid only during the call.
public struct UTF8Subject {
  /// The transformed value; empty when the field is absent.
  public let value: UnsafeBufferPointer<UInt8>
  /// Whether the field is sensitive: its value must never appear in a failure.
  public let isSensitive: Bool
  let values: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>?>
  /// Unretained: the plan outlives every subject, and all threads share it.
  let plan: Unmanaged<FastPlan>

  /// Another field's transformed value; `nil` when absent.
  public func value(of field: String) -> UnsafeBufferPointer<UInt8>? {
    plan._withUnsafeGuaranteedRef { $0.index(of: field) }.flatMap { values[$0] }
  }

  /// Builds a `String` of the value, for the rare check that needs one (grapheme counts,
  /// canonical equivalence).
  public var string: String { String(decoding: value, as: UTF8.self) }
}

// Like ``Subject``: printed, dumped or summarised by a debugger, a sensitive value shows
// only its length.
extension UTF8Subject: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  public var description: String {
    isSensitive ? "UTF8Subject(<redacted>, \(value.count) bytes)" : "UTF8Subject(\(string.debugDescription))"
  }

  public var debugDescription: String { description }

  public var customMirror: Mirror {
    Mirror(
      self, children: ["value": isSensitive ? "<redacted>" : string, "isSensitive": isSensitive],
      displayStyle: .struct)
  }
}

/// Byte-level counterparts of the `String` operations the rules use. Each gives the same
/// answer as its `String` form on well-formed UTF-8.
enum UTF8Text {
  static var empty: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }

  /// Unicode scalars: every byte that does not continue a sequence (`10xxxxxx`) starts
  /// one. Eight bytes at a time: a continuation byte has bit 7 set and bit 6 clear.
  static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var continuations = 0
    var i = 0
    while i + 8 <= bytes.count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      continuations += (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
      i += 8
    }
    while i < bytes.count {
      if base[i] & 0xC0 == 0x80 { continuations += 1 }
      i += 1
    }
    return bytes.count - continuations
  }

  /// Whether a JSON string of these bytes needs an escape: a quote, a backslash or a
  /// control character. Eight bytes at a time with the usual "some byte is zero" trick.
  static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    var i = 0
    while i + 8 <= bytes.count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      // Bytes of 0x80 and above are plain here, so the control test masks them out.
      let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
      if special & high != 0 { break }
      i += 8
    }
    while i < bytes.count {
      let byte = base[i]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C { return true }
      i += 1
    }
    return false
  }

  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var i = 0
    while i + 8 <= bytes.count {
      if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
      i += 8
    }
    while i < bytes.count {
      if base[i] >= 0x80 { return false }
      i += 1
    }
    return true
  }

  /// The scalar starting at `i` and its length in bytes.
  static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
    let b0 = UInt32(bytes[i])
    var value: UInt32
    var length: Int
    switch b0 {
    case 0..<0x80: return (Unicode.Scalar(UInt8(b0)), 1)
    case 0xC0..<0xE0: value = b0 & 0x1F; length = 2
    case 0xE0..<0xF0: value = b0 & 0x0F; length = 3
    default: value = b0 & 0x07; length = 4
    }
    for k in 1..<length where i + k < bytes.count { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }

  /// The start of the scalar that ends just before `end`.
  static func scalarStart(in bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
    var i = end - 1
    while i > 0, bytes[i] & 0xC0 == 0x80 { i -= 1 }
    return i
  }

  /// Unicode's White_Space property, from its fixed list of 25 scalars; a test compares
  /// it with `Unicode.Scalar.Properties.isWhitespace` over every scalar. The property
  /// lookup costs a few hundred instructions, this a couple of comparisons.
  @inline(__always)
  static func isWhitespace(_ value: UInt32) -> Bool {
    if value < 0x80 { return value == 0x20 || (value >= 0x09 && value <= 0x0D) }
    switch value {
    case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
    default: return false
    }
  }

  /// The bytes without leading and trailing White_Space scalars, as
  /// `Transform.trimmingWhitespace` trims a `String`.
  static func trimmingWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard let first = bytes.first, let last = bytes.last else { return bytes }
    if first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return bytes }
    var start = 0
    while start < bytes.count {
      let (scalar, length) = scalar(in: bytes, at: start)
      guard isWhitespace(scalar.value) else { break }
      start += length
    }
    guard start < bytes.count else { return empty }
    var end = bytes.count
    while end > start {
      let scalarStart = scalarStart(in: bytes, before: end)
      guard isWhitespace(scalar(in: bytes, at: scalarStart).0.value) else { break }
      end = scalarStart
    }
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }

  /// Whether the first or the last scalar is White_Space, as `Transform.hasOuterWhitespace`.
  static func hasOuterWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = bytes.first, let last = bytes.last else { return false }
    if first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return false }
    if isWhitespace(scalar(in: bytes, at: 0).0.value) { return true }
    return isWhitespace(scalar(in: bytes, at: scalarStart(in: bytes, before: bytes.count)).0.value)
  }

  static func equalBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.baseAddress, let y = b.baseAddress else { return true }
    return memcmp(x, y, a.count) == 0
  }

  /// `String` equality (canonical equivalence) of two UTF-8 values, answered from the
  /// bytes unless both differ and one is not ASCII.
  static func equalStrings(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    if equalBytes(a, b) { return true }
    if isASCII(a) && isASCII(b) { return false }
    return String(decoding: a, as: UTF8.self) == String(decoding: b, as: UTF8.self)
  }
}

extension LengthUnit {
  /// The length of well-formed UTF-8 bytes in this unit, as ``length(of:)`` counts a `String`.
  public func length(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
    switch self {
    case .characters: return UTF8Text.scalarCount(bytes)
    case .utf8: return bytes.count
    case .utf16:
      var supplementary = 0
      for byte in bytes where byte >= 0xF0 { supplementary += 1 }
      return UTF8Text.scalarCount(bytes) + supplementary
    case .graphemes: return String(decoding: bytes, as: UTF8.self).count
    }
  }
}
