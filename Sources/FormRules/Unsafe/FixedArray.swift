/// A fixed number of plain values on the heap, owned, and read and written through checked
/// subscripts: the tables a long-lived object builds once (a hash table, a direct lookup
/// table) without the reference count and uniqueness checks of an `Array` in its hot loops.
///
/// It owns its memory, so it cannot be copied (`~Copyable`): the storage is freed once, by
/// `deinit`. Every element is initialized when it is made; every index is checked
/// (`precondition`, kept in `-O` builds).
@frozen @usableFromInline
package struct FixedArray<Element: BitwiseCopyable>: ~Copyable {
  @usableFromInline let base: UnsafeMutablePointer<Element>
  @usableFromInline let storedCount: Int

  /// `count` elements, each `value`.
  @inlinable
  package init(repeating value: Element, count: Int) {
    precondition(count >= 0, "FixedArray count must not be negative")
    storedCount = count
    base = .allocate(capacity: max(count, 1))
    base.initialize(repeating: value, count: max(count, 1))
  }

  deinit { base.deallocate() }

  @inlinable @inline(__always)
  package var count: Int { storedCount }

  /// The element at `index`; traps unless `0 <= index < count`.
  @inlinable @inline(__always)
  package subscript(index: Int) -> Element {
    get {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: storedCount), "FixedArray index out of range")
      // Safe: checked just above.
      return base[index]
    }
    set {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: storedCount), "FixedArray index out of range")
      // Safe: checked just above.
      base[index] = newValue
    }
  }
}

extension FixedArray where Element == UInt8 {
  /// A view of the bytes in `range`, valid while the array lives and is not written; traps
  /// unless the range lies inside `0..<count`.
  @inlinable @inline(__always)
  package func view(_ range: Range<Int>) -> ByteView {
    precondition(range.lowerBound >= 0 && range.upperBound <= storedCount, "FixedArray range out of range")
    // Safe: checked above; the caller reads it while the array is alive and unchanged.
    return ByteView(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
  }

  /// Copies `bytes` to `offset...`; traps unless they fit inside `0..<count`.
  @inlinable
  package mutating func copy(_ bytes: ByteView, to offset: Int) {
    precondition(offset >= 0 && bytes.count <= storedCount - offset, "FixedArray copy out of range")
    guard let source = bytes.buffer.baseAddress else { return }
    // Safe: checked above; the source is another owner's memory, so they do not overlap.
    (base + offset).update(from: source, count: bytes.count)
  }
}
