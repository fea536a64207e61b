#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A growable byte buffer for bulk output: appends are a capacity check and a `memcpy`,
/// where `Array.append(contentsOf:)` pays for generic iteration and uniqueness checks
/// on every call.
///
/// It owns its memory, so it cannot be copied (`~Copyable`): a copy that grew would free the
/// storage the original still points to, and a copy freed by hand would be freed twice. The
/// storage is freed once, by `deinit`, when the owner goes away.
///
/// The appends are `@inlinable` (and what they touch `@usableFromInline`): they are the inner
/// loop of every report, and the bulk and server targets write reports too.
@usableFromInline
package struct ByteBuffer: ~Copyable {
  @usableFromInline package private(set) var base: UnsafeMutablePointer<UInt8>
  @usableFromInline package private(set) var count = 0
  @usableFromInline private(set) var capacity: Int

  package init(capacity: Int) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

  package mutating func removeAll() { count = 0 }

  /// Forgets the bytes from `newCount` on.
  package mutating func truncate(to newCount: Int) { count = min(count, max(newCount, 0)) }

  /// Replaces `count` bytes at `offset` with `bytes`, moving what follows.
  package mutating func replace(at offset: Int, count removed: Int, with bytes: UnsafeRawBufferPointer) {
    precondition(offset >= 0 && removed >= 0 && offset + removed <= count, "ByteBuffer.replace out of bounds")
    let tail = count - offset - removed
    reserve(bytes.count - removed)
    memmove(base + offset + bytes.count, base + offset + removed, tail)
    if let source = bytes.baseAddress { memcpy(base + offset, source, bytes.count) }
    count += bytes.count - removed
  }

  /// A non-negative integer in decimal, without a `String`.
  package mutating func append(decimal value: Int) {
    var n = UInt64(max(value, 0))
    var length = 1
    var probe = n
    while probe >= 10 {
      probe /= 10
      length += 1
    }
    reserve(length)
    var i = count + length - 1
    repeat {
      base[i] = UInt8(ascii: "0") + UInt8(n % 10)
      n /= 10
      i -= 1
    } while n > 0
    count += length
  }

  /// Shrinks the buffer back to `capacity` when a huge record grew it, so memory stays flat.
  package mutating func shrink(to limit: Int) {
    guard capacity > limit, count <= limit else { return }
    let smaller = UnsafeMutablePointer<UInt8>.allocate(capacity: limit)
    smaller.update(from: base, count: count)
    base.deallocate()
    base = smaller
    capacity = limit
  }

  /// Reads once from `fd` into the spare capacity and keeps what came: `read(2)`'s result.
  package mutating func append(readingFrom fd: Int32) -> Int {
    let n = read(fd, base + count, capacity - count)
    if n > 0 { count += n }
    return n
  }

  /// Forgets the first `n` bytes, moving the rest to the front.
  package mutating func removeFirst(_ n: Int) {
    let n = min(max(n, 0), count)
    memmove(base, base + n, count - n)
    count -= n
  }

  @inlinable @inline(__always)
  package mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(count + extra) }
  }

  /// Keeps `n` bytes the caller wrote at `base + count`, after a ``reserve(_:)`` made room.
  @inline(__always)
  package mutating func didWrite(_ n: Int) {
    count += n
  }

  @usableFromInline
  mutating func grow(_ needed: Int) {
    let newCapacity = max(needed, capacity * 2)
    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    bigger.update(from: base, count: count)
    base.deallocate()
    base = bigger
    capacity = newCapacity
  }

  @inlinable @inline(__always)
  package mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  @inlinable @inline(__always)
  package mutating func append(_ source: UnsafeRawPointer, count n: Int) {
    reserve(n)
    memcpy(base + count, source, n)
    count += n
  }

  @inlinable @inline(__always)
  package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    append(source, count: bytes.count)
  }

  @inlinable @inline(__always)
  package mutating func append(_ text: StaticString) {
    append(text.utf8Start, count: text.utf8CodeUnitCount)
  }

  package mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  @inline(__always)
  package mutating func append(bool value: Bool) {
    if value { append("true") } else { append("false") }
  }

  /// Bytes between quotes, for a value known to need no escaping.
  @inlinable @inline(__always)
  package mutating func appendQuoted(_ value: ByteView) {
    reserve(value.count + 2)
    base[count] = 0x22
    if let source = value.buffer.baseAddress { memcpy(base + count + 1, source, value.count) }
    base[count + 1 + value.count] = 0x22
    count += value.count + 2
  }

  /// A JSON string literal of UTF-8 bytes, escaped exactly as ``JSONWriter/string(utf8:)``.
  @usableFromInline
  package mutating func appendJSONString(_ value: ByteView) {
    if !UTF8Text.needsEscaping(value) {
      appendQuoted(value)
      return
    }
    var writer = JSONWriter()
    writer.string(utf8: value)
    append(writer.bytes)
  }
}
