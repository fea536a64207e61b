/// A fixed number of elements in memory this value owns, freed once by `deinit`
/// (`~Copyable`, so no copy can free it again): the long-lived tables of a plan and the
/// per-record slots of bulk. Every index is checked, as ``ScratchView``'s, which it lends for
/// calls that take one.
@frozen @usableFromInline
package struct FixedArray<Element>: ~Copyable {
  @usableFromInline let buffer: UnsafeMutableBufferPointer<Element>

  /// `count` elements set to `value`.
  @inlinable
  package init(repeating value: Element, count: Int) {
    precondition(count >= 0, "FixedArray count below 0")
    // Safe: allocated here, every element initialized, owned by this value alone.
    let memory = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(count, 1))
    buffer = UnsafeMutableBufferPointer(rebasing: memory[0..<count])
    buffer.initialize(repeating: value)
  }

  /// The elements of `array`, in order.
  @inlinable
  package init(_ array: [Element]) {
    let memory = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
    buffer = UnsafeMutableBufferPointer(rebasing: memory[0..<array.count])
    _ = buffer.initialize(from: array)
  }

  @inlinable
  deinit {
    buffer.deinitialize()
    // Safe: `buffer` starts where the allocation does (a rebased slice from 0).
    UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped).deallocate()
  }

  @inlinable @inline(__always)
  package var count: Int { buffer.count }

  /// The element at `index`; traps unless `0 <= index < count`.
  @inlinable @inline(__always)
  package subscript(index: Int) -> Element {
    unsafeAddress { UnsafePointer(checkedAddress(buffer.baseAddress, index, below: buffer.count, "FixedArray")) }
    nonmutating unsafeMutableAddress { checkedAddress(buffer.baseAddress, index, below: buffer.count, "FixedArray") }
  }

  /// A checked view of the elements, for a call; it must not outlive this array.
  @inlinable @inline(__always)
  package var view: ScratchView<Element> { ScratchView(buffer) }
}

extension FixedArray where Element == UInt8 {
  /// A view of the bytes in `range`, valid while the array lives and is not written; traps
  /// unless the range lies inside `0..<count`.
  @inlinable @inline(__always)
  package func view(_ range: Range<Int>) -> ByteView {
    precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "FixedArray range out of range")
    // Safe: checked above; the caller reads it while the array is alive and unchanged.
    return ByteView(UnsafeBufferPointer(rebasing: buffer[range]))
  }

  /// Copies `bytes` to `offset...`; traps unless they fit inside `0..<count`.
  @inlinable
  package mutating func copy(_ bytes: ByteView, to offset: Int) {
    precondition(offset >= 0 && bytes.count <= buffer.count - offset, "FixedArray copy out of range")
    guard let source = bytes.buffer.baseAddress else { return }
    // Safe: checked above; the source is another owner's memory, so they do not overlap.
    (buffer.baseAddress.unsafelyUnwrapped + offset).update(from: source, count: bytes.count)
  }
}
