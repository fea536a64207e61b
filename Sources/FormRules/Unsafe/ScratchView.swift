/// A fixed number of elements in memory lent for one call (the stack where it fits), read and
/// written through checked subscripts: the per-call scratch arrays of code outside `Unsafe/`.
///
/// Every index is checked (`precondition`, kept in `-O` builds). `withScratch` is the only way
/// to make one, and the view must not be kept after that closure returns.
@frozen @usableFromInline
package struct ScratchView<Element> {
  @usableFromInline var buffer: UnsafeMutableBufferPointer<Element>

  @inlinable @inline(__always)
  init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }

  @inlinable @inline(__always)
  package var count: Int { buffer.count }

  /// The element at `index`; traps unless `0 <= index < count`.
  @inlinable @inline(__always)
  package subscript(index: Int) -> Element {
    get {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: buffer.count), "ScratchView index out of range")
      // Safe: checked just above.
      return buffer.baseAddress.unsafelyUnwrapped[index]
    }
    nonmutating set {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: buffer.count), "ScratchView index out of range")
      // Safe: checked just above.
      buffer.baseAddress.unsafelyUnwrapped[index] = newValue
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
/// the stack where they fit, as `withUnsafeTemporaryAllocation`). `Element` is trivial (plain
/// values), so nothing needs deinitializing. Always inlined: a call would box the closure's
/// context, and the estimator's closures capture the whole `Analysis` (measured: a copy of it
/// per call, +7 % on a `strength` policy).
///
/// Not a `memset` when `initial`'s bytes are all zero (tried twice): a struct's padding bytes
/// (`Romaji.Letter`'s 4 after its `UInt32`) are undefined, so testing them is undefined
/// behaviour, and -O took it: it deleted `withUnsafeTemporaryAllocation`'s stack branch, and
/// `romajiMatches` freed the byte count (0x240) as a pointer. Done with an opt-in type instead,
/// it is correct but costs more (callgrind, 20k `signup-strength` records: 1,827M instructions
/// against 1,755M; `memset` for a few hundred bytes costs more than the stores it replaces).
@inlinable @inline(__always)
package func withScratch<Element: BitwiseCopyable, R>(
  of _: Element.Type, capacity: Int, initial: Element, _ body: (ScratchView<Element>) throws -> R
) rethrows -> R {
  try withUnsafeTemporaryAllocation(of: Element.self, capacity: capacity) { buffer in
    // Safe: every element is initialized before the view is lent, and the view dies with the call.
    buffer.initialize(repeating: initial)
    return try body(ScratchView(buffer))
  }
}
