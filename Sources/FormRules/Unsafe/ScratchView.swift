/// A fixed number of elements in memory lent for one call (the stack where it fits), read and
/// written through checked subscripts: the per-call scratch arrays of code outside `Unsafe/`.
///
/// Every index is checked (`precondition`, kept in `-O` builds). `withScratch` makes one for a
/// call, and a ``FixedArray`` lends one over the memory it owns; the view must not be kept
/// after that closure returns, or after the array goes away.
@frozen @usableFromInline
package struct ScratchView<Element> {
  @usableFromInline var buffer: UnsafeMutableBufferPointer<Element>

  @inlinable @inline(__always)
  init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }

  @inlinable @inline(__always)
  package var count: Int { buffer.count }

  /// The element at `index`; traps unless `0 <= index < count`. Addressors, so reading one
  /// member of a large element (a plan's node) loads that member and copies nothing else.
  @inlinable @inline(__always)
  package subscript(index: Int) -> Element {
    unsafeAddress {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: buffer.count), "ScratchView index out of range")
      // Safe: checked just above.
      return UnsafePointer(buffer.baseAddress.unsafelyUnwrapped + index)
    }
    nonmutating unsafeMutableAddress {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: buffer.count), "ScratchView index out of range")
      // Safe: checked just above.
      return buffer.baseAddress.unsafelyUnwrapped + index
    }
  }

  /// Elements `range`, indexed from 0; traps unless the range lies inside `0..<count`.
  @inlinable @inline(__always)
  package subscript(range: Range<Int>) -> ScratchView {
    precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "ScratchView range out of range")
    // Safe: the range was checked above, so the new view lies inside this one.
    return ScratchView(UnsafeMutableBufferPointer(rebasing: buffer[range]))
  }
}

/// Calls `body` with `capacity` elements, each set to `initial`, valid for the call only (on
/// the stack where they fit, as `withUnsafeTemporaryAllocation`); they are deinitialized
/// afterwards (nothing to do for plain values). Always inlined: a call would box the closure's
/// context, and the estimator's closures capture the whole `Analysis` (measured: a copy of it
/// per call, +7 % on a `strength` policy).
@inlinable @inline(__always)
package func withScratch<Element, R>(
  of _: Element.Type, capacity: Int, initial: Element, _ body: (ScratchView<Element>) throws -> R
) rethrows -> R {
  try withUnsafeTemporaryAllocation(of: Element.self, capacity: capacity) { buffer in
    // Safe: every element is initialized before the view is lent, deinitialized after, and the
    // view dies with the call.
    buffer.initialize(repeating: initial)
    defer { buffer.deinitialize() }
    return try body(ScratchView(buffer))
  }
}

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
    unsafeAddress {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: buffer.count), "FixedArray index out of range")
      // Safe: checked just above.
      return UnsafePointer(buffer.baseAddress.unsafelyUnwrapped + index)
    }
    nonmutating unsafeMutableAddress {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: buffer.count), "FixedArray index out of range")
      // Safe: checked just above.
      return buffer.baseAddress.unsafelyUnwrapped + index
    }
  }

  /// A checked view of the elements, for a call; it must not outlive this array.
  @inlinable @inline(__always)
  package var view: ScratchView<Element> { ScratchView(buffer) }
}
