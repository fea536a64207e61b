/// Checked reads of fixed-width integers inside a ``ByteView``, and ``WordView``, a checked view
/// of 32-bit words in place: the compiled word file's tries (`words.bin`, mapped read-only) and
/// the common-password hash read their integers through these instead of raw pointers.
extension ByteView {
  /// The 4 bytes at `offset` as a `UInt32` in the machine's order, at any alignment; traps
  /// unless `0 <= offset` and `offset + 4 <= count`.
  @inlinable @inline(__always)
  package func loadUInt32(at offset: Int) -> UInt32 {
    precondition(offset >= 0 && offset <= buffer.count - 4, "ByteView load out of range")
    // Safe: the 4 bytes were checked above; `loadUnaligned` has no alignment requirement.
    return UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).loadUnaligned(
      fromByteOffset: offset, as: UInt32.self)
  }

  /// The 8 bytes at `offset` as a `UInt64` in the machine's order, at any alignment; traps
  /// unless `0 <= offset` and `offset + 8 <= count`.
  @inlinable @inline(__always)
  package func loadUInt64(at offset: Int) -> UInt64 {
    precondition(offset >= 0 && offset <= buffer.count - 8, "ByteView load out of range")
    // Safe: the 8 bytes were checked above; `loadUnaligned` has no alignment requirement.
    return UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).loadUnaligned(
      fromByteOffset: offset, as: UInt64.self)
  }

  /// The 32 bytes at `offset` as four `UInt64`s in the machine's order, at any alignment (one
  /// check for the four: a checksum's inner loop); traps unless `0 <= offset` and
  /// `offset + 32 <= count`.
  @inlinable @inline(__always)
  package func loadFourUInt64(at offset: Int) -> (UInt64, UInt64, UInt64, UInt64) {
    precondition(offset >= 0 && offset <= buffer.count - 32, "ByteView load out of range")
    // Safe: the 32 bytes were checked above; `loadUnaligned` has no alignment requirement.
    let raw = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped) + offset
    return (
      raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
      raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self), raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
    )
  }

  /// Whether the byte at `offset` lies at an address that is a multiple of 4, so
  /// ``words(at:count:)`` can read 32-bit words from there.
  @inlinable
  package func isWordAligned(at offset: Int) -> Bool {
    guard let base = buffer.baseAddress else { return false }
    return (Int(bitPattern: base) &+ offset) % 4 == 0
  }

  /// The `count` 32-bit words from byte `offset`, read in place; traps unless the words lie
  /// inside the view and start at an aligned address (``isWordAligned(at:)``).
  @inlinable
  package func words(at offset: Int, count: Int) -> WordView {
    precondition(
      offset >= 0 && count >= 0 && count <= (buffer.count - offset) / 4, "ByteView words out of range")
    precondition(isWordAligned(at: offset) || count == 0, "ByteView words misaligned")
    guard let base = buffer.baseAddress, count > 0 else { return WordView(start: nil, count: 0) }
    // Safe: the words lie inside the view (checked above), at an address aligned for UInt32;
    // they are read as raw memory (`load`), which needs no binding of the mapped bytes to
    // `UInt32`, and `UInt32` has no invalid bit pattern.
    return WordView(start: UnsafeRawPointer(base + offset), count: count)
  }
}

/// A read-only view of 32-bit words someone else owns (a mapped file, a heap block), checked on
/// every read in every build, like ``ByteView``: indices run from 0 to `count - 1`. The words
/// are as stored; a little-endian file's reader converts them (`UInt32(littleEndian:)`).
///
/// Only ``ByteView/words(at:count:)`` makes one, and whoever owns the bytes keeps them alive
/// and unchanged while it is used.
@frozen @usableFromInline
package struct WordView: @unchecked Sendable {
  @usableFromInline let start: UnsafeRawPointer?
  @usableFromInline let storedCount: Int

  @inlinable @inline(__always)
  init(start: UnsafeRawPointer?, count: Int) {
    self.start = start
    storedCount = count
  }

  @inlinable @inline(__always)
  package var count: Int { storedCount }

  /// The word at `index`; traps unless `0 <= index < count`.
  @inlinable @inline(__always)
  package subscript(index: Int) -> UInt32 {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: storedCount), "WordView index out of range")
    // Safe: checked just above against the view's own count; an aligned raw load (the bytes
    // were never bound to `UInt32`, so no typed pointer reads them).
    return start.unsafelyUnwrapped.load(fromByteOffset: index &* 4, as: UInt32.self)
  }
}
