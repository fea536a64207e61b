#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A read-only view of bytes someone else owns (a field value, a subject, a JSON string, a
/// line), checked on every read in every build: code outside `Unsafe/` reads bytes through it
/// instead of an `UnsafeBufferPointer`, whose reads are checked in debug builds only.
///
/// Indices run from 0 to `count - 1`; a slice starts again at 0 (as `Span.extracting` does).
/// A read out of range stops the program (`precondition`, kept in `-O` builds) instead of
/// reading a neighbour's memory.
///
/// It does not own the bytes: whoever makes one keeps them alive and unchanged while it is in
/// use, as for a `Span`. Only fenced code (`Unsafe/` folders) makes one from a pointer.
///
/// Why `@usableFromInline` with `@inlinable` members: FormRulesBulk and FormRulesPassword read
/// bytes in their hot loops; members of a plain `package` type are calls across modules, which
/// cost 42% on bulk in a measured attempt.
@frozen @usableFromInline
package struct ByteView {
  @usableFromInline let buffer: UnsafeBufferPointer<UInt8>

  /// A view of `buffer`, whose memory the caller keeps alive and unchanged while it is used.
  @inlinable @inline(__always)
  package init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

  /// The UTF-8 of a string literal.
  ///
  /// Why it is safe: a `StaticString`'s bytes are part of the binary and live as long as the
  /// program; one that holds a single scalar instead of bytes traps in `utf8Start`.
  @inlinable @inline(__always)
  package init(_ text: StaticString) {
    self.buffer = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
  }

  /// No bytes.
  @inlinable @inline(__always)
  package static var empty: ByteView { ByteView(UnsafeBufferPointer(start: nil, count: 0)) }

  @inlinable @inline(__always)
  package var count: Int { buffer.count }

  @inlinable @inline(__always)
  package var isEmpty: Bool { buffer.count == 0 }

  /// The byte at `index`; traps unless `0 <= index < count`.
  @inlinable @inline(__always)
  package subscript(index: Int) -> UInt8 {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: buffer.count), "ByteView index out of range")
    // Safe: checked just above against the buffer's own count.
    return buffer.baseAddress.unsafelyUnwrapped[index]
  }

  /// The byte at `index`, or `end` when `index` is outside `0..<count`: one comparison for a
  /// scanner that would otherwise test its index and then have the subscript test it again.
  @inlinable @inline(__always)
  package func byte(at index: Int, orElse end: UInt8 = 0) -> UInt8 {
    // Safe: read only when the index is inside the view.
    UInt(bitPattern: index) < UInt(bitPattern: buffer.count) ? buffer.baseAddress.unsafelyUnwrapped[index] : end
  }

  /// The bytes in `range`, indexed from 0; traps unless the range lies inside `0..<count`.
  @inlinable @inline(__always)
  package subscript(range: Range<Int>) -> ByteView {
    precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "ByteView range out of range")
    guard let base = buffer.baseAddress else { return .empty }
    // Safe: the range was checked above, so the new view lies inside this one.
    return ByteView(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
  }

  /// The bytes from `start` to the end; traps unless `0 <= start <= count`.
  @inlinable @inline(__always)
  package func suffix(from start: Int) -> ByteView { self[start..<buffer.count] }

  /// The bytes up to `end`; traps unless `0 <= end <= count`.
  @inlinable @inline(__always)
  package func prefix(upTo end: Int) -> ByteView { self[0..<end] }

  /// The first index of `byte`, found with `memchr`.
  @inlinable
  package func firstIndex(of byte: UInt8) -> Int? {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return nil }
    // Safe: memchr reads at most `count` bytes from the view's start.
    guard let found = memchr(base, Int32(byte), buffer.count) else { return nil }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }

  /// The bytes as a `String` (ill-formed UTF-8 repaired with U+FFFD).
  @inlinable
  package var string: String { String(decoding: buffer, as: UTF8.self) }

  /// The bytes as an array.
  @inlinable
  package var array: [UInt8] { Array(buffer) }

  /// Calls `body` with a `Span` of the bytes: checked reads, and it cannot escape the call.
  @inlinable @inline(__always)
  package func withSpan<R, E: Error>(_ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R {
    // Safe: a Span checks every read and cannot outlive the call.
    try body(Span(_unsafeElements: buffer))
  }

  /// The pointer underneath, for fenced code only (`Unsafe/` folders: C calls, SWAR loads);
  /// `scripts/unsafe-fence.sh` counts every use outside them.
  @inlinable @inline(__always)
  package func withUnsafeBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
    try body(buffer)
  }
}

extension ByteView: Equatable {
  /// The same bytes (`memcmp`).
  @inlinable
  package static func == (a: ByteView, b: ByteView) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.buffer.baseAddress, let y = b.buffer.baseAddress else { return true }
    // Safe: both views hold `count` bytes.
    return memcmp(x, y, a.count) == 0
  }
}

extension ByteView: Sequence {
  /// Reads each byte once, in order; the bound is the view's own count, so no check per byte.
  @frozen @usableFromInline
  package struct Iterator: IteratorProtocol {
    @usableFromInline let buffer: UnsafeBufferPointer<UInt8>
    @usableFromInline var position = 0

    @inlinable @inline(__always)
    init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    @inlinable @inline(__always)
    package mutating func next() -> UInt8? {
      guard position < buffer.count else { return nil }
      // Safe: `position < count` was checked on the line above.
      let byte = buffer.baseAddress.unsafelyUnwrapped[position]
      position += 1
      return byte
    }
  }

  @inlinable @inline(__always)
  package func makeIterator() -> Iterator { Iterator(buffer) }

  @inlinable @inline(__always)
  package var underestimatedCount: Int { buffer.count }
}

extension ByteView {
  /// Calls `body` with a view of the UTF-8 bytes of `string` (made contiguous if need be).
  @inlinable
  package static func withUTF8<R>(_ string: String, _ body: (ByteView) throws -> R) rethrows -> R {
    var copy = string
    return try copy.withUTF8 { try body(ByteView($0)) }
  }

  /// Calls `body` with a view of `bytes`.
  @inlinable
  package static func with<R>(_ bytes: [UInt8], _ body: (ByteView) throws -> R) rethrows -> R {
    try bytes.withUnsafeBufferPointer { try body(ByteView($0)) }
  }

  /// Calls `body` with a view of any collection of bytes: its own storage when contiguous,
  /// else a copy.
  @inlinable
  package static func with<Bytes: Collection, R, E: Error>(
    contentsOf bytes: Bytes, _ body: (ByteView) throws(E) -> R
  ) throws(E) -> R where Bytes.Element == UInt8 {
    let result: Result<R, E>? = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(E) -> R in try body(ByteView(buffer)) }
    }
    if let result { return try result.get() }
    return try Array(bytes).withUnsafeBufferPointer { buffer throws(E) -> R in try body(ByteView(buffer)) }
  }
}

extension ByteBuffer {
  /// Appends the bytes of `view`.
  @inlinable @inline(__always)
  package mutating func append(_ view: ByteView) { append(view.buffer) }
}

extension Array where Element == UInt8 {
  /// Appends the bytes of `view` (one copy, as from a buffer pointer).
  @inlinable @inline(__always)
  package mutating func append(_ view: ByteView) { append(contentsOf: view.buffer) }
}

extension ByteBuffer {
  /// A view of the bytes in `range`, valid until the buffer next changes; traps unless the
  /// range lies inside `0..<count`.
  @inlinable @inline(__always)
  package func view(_ range: Range<Int>) -> ByteView {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "ByteBuffer range out of range")
    // Safe: checked above; the caller reads it before the buffer grows or is freed.
    return ByteView(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
  }
}

extension ByteView {
  /// Whether these bytes lie inside `whole`'s (an empty view without memory: whether this one
  /// is empty). It compares addresses only and reads nothing.
  @inlinable @inline(__always)
  package func lies(within whole: ByteView) -> Bool {
    guard let p = buffer.baseAddress, let w = whole.buffer.baseAddress else { return isEmpty }
    return p >= w && p + buffer.count <= w + whole.buffer.count
  }
}

extension ScratchView where Element == UInt8 {
  /// Copies the UTF-8 of `string` to `offset...` and views the copy; traps unless it fits.
  @inlinable
  package func copy(utf8 string: String, at offset: Int) -> ByteView {
    let n = string.utf8.count
    precondition(offset >= 0 && n <= buffer.count - offset, "ScratchView copy out of range")
    // Safe: the range was checked above, and the copy lives as long as the scratch memory.
    let target = UnsafeMutableBufferPointer(rebasing: buffer[offset..<(offset + n)])
    _ = target.initialize(from: string.utf8)
    return ByteView(UnsafeBufferPointer(target))
  }

  /// A read-only view of the bytes in `range`; traps unless it lies inside `0..<count`.
  @inlinable @inline(__always)
  package func bytes(_ range: Range<Int>) -> ByteView {
    precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "ScratchView range out of range")
    // Safe: checked above; valid as long as the scratch memory.
    return ByteView(UnsafeBufferPointer(rebasing: buffer[range]))
  }
}
