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
    unsafeAddress { UnsafePointer(checkedAddress(buffer.baseAddress, index, below: buffer.count, "ScratchView")) }
    nonmutating unsafeMutableAddress { checkedAddress(buffer.baseAddress, index, below: buffer.count, "ScratchView") }
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
///
/// Not a `memset` when `initial`'s bytes are all zero (tried twice): a struct's padding bytes
/// (`Romaji.Letter`'s 4 after its `UInt32`) are undefined, so testing them is undefined
/// behaviour, and -O took it: it deleted `withUnsafeTemporaryAllocation`'s stack branch, and
/// `romajiMatches` freed the byte count (0x240) as a pointer. Done with an opt-in type instead,
/// it is correct but costs more (callgrind, 20k `signup-strength` records: 1,827M instructions
/// against 1,755M; `memset` for a few hundred bytes costs more than the stores it replaces).
@inlinable @inline(__always)
package func withScratch<Element, R>(
  of _: Element.Type, capacity: Int, initial: Element, _ body: (ScratchView<Element>) throws -> R
) rethrows -> R {
  try withUnsafeTemporaryAllocation(of: Element.self, capacity: capacity) { buffer in
    // Safe: every element is initialized before the view is lent, deinitialized after, and the
    // view dies with the call.
    buffer.initialize(repeating: initial)
    defer { deinitialize(buffer) }
    return try body(ScratchView(buffer))
  }
}

/// ``withScratch(of:capacity:initial:_:)`` with element `i` made by `make(i)`, in order: for
/// values that are not plain (a call's `String`s), moved in once instead of written over a
/// filler.
@inlinable @inline(__always)
package func withScratch<Element, R>(
  of _: Element.Type, capacity: Int, initializingWith make: (Int) -> Element,
  _ body: (ScratchView<Element>) throws -> R
) rethrows -> R {
  try withUnsafeTemporaryAllocation(of: Element.self, capacity: capacity) { buffer in
    // Safe: every element is initialized, in order, before the view is lent, deinitialized
    // after, and the view dies with the call.
    for i in 0..<buffer.count { (buffer.baseAddress.unsafelyUnwrapped + i).initialize(to: make(i)) }
    defer { deinitialize(buffer) }
    return try body(ScratchView(buffer))
  }
}

/// Ends every element's life one by one: for a known `Element` that is a release per element
/// (or nothing, for plain values) where `deinitialize()` calls the runtime's generic array
/// destroyer.
@inlinable @inline(__always)
func deinitialize<Element>(_ buffer: UnsafeMutableBufferPointer<Element>) {
  // Safe: called once, on elements initialized by the functions above.
  for i in 0..<buffer.count { _ = (buffer.baseAddress.unsafelyUnwrapped + i).move() }
}

extension ScratchView where Element == UInt8 {
  /// The bytes as a read-only ``ByteView``, valid for the `withScratch` call only, and only
  /// while nothing writes them.
  @inlinable @inline(__always)
  package var bytes: ByteView { ByteView(UnsafeBufferPointer(buffer)) }
}

/// Elements pushed one after another into memory lent for one call, up to a fixed capacity,
/// read and written through checked subscripts: a per-call stack or list that starts empty.
///
/// Only the elements pushed so far exist: every index is checked against ``count`` (not the
/// capacity), so nothing unwritten is ever read, and the memory needs no filling first (where
/// ``withScratch(of:capacity:initial:_:)`` writes every element before lending it). A push
/// beyond the capacity traps. `withScratchStack` is the only way to make one, and it must not
/// be kept after that closure returns.
@frozen @usableFromInline
package struct ScratchStack<Element> {
  @usableFromInline let buffer: UnsafeMutableBufferPointer<Element>
  @usableFromInline var storedCount = 0

  @inlinable @inline(__always)
  init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }

  /// The elements pushed and not removed.
  @inlinable @inline(__always)
  package var count: Int { storedCount }

  /// The most elements it can hold.
  @inlinable @inline(__always)
  package var capacity: Int { buffer.count }

  /// The element at `index`; traps unless `0 <= index < count`.
  @inlinable @inline(__always)
  package subscript(index: Int) -> Element {
    // Elements below `count` were written by `append`.
    unsafeAddress { UnsafePointer(checkedAddress(buffer.baseAddress, index, below: storedCount, "ScratchStack")) }
    unsafeMutableAddress { checkedAddress(buffer.baseAddress, index, below: storedCount, "ScratchStack") }
  }

  /// Pushes `element`; traps when the stack is full.
  @inlinable @inline(__always)
  package mutating func append(_ element: Element) {
    precondition(storedCount < buffer.count, "ScratchStack is full")
    // Safe: checked just above; the element is plain, so overwriting a removed one is fine.
    (buffer.baseAddress.unsafelyUnwrapped + storedCount).initialize(to: element)
    storedCount += 1
  }

  /// The elements in `range`, pushed already, as a ``ScratchView`` indexed from 0 (read and
  /// written in place); traps unless the range lies inside `0..<count`. Valid while those
  /// elements stay: until a `removeLast` reaches them, and for the call only.
  @inlinable @inline(__always)
  package func view(_ range: Range<Int>) -> ScratchView<Element> {
    precondition(range.lowerBound >= 0 && range.upperBound <= storedCount, "ScratchStack range out of range")
    // Safe: the range was checked above, so the view lies inside the written elements.
    return ScratchView(UnsafeMutableBufferPointer(rebasing: buffer[range]))
  }

  /// Forgets the last `k` elements; traps unless `0 <= k <= count`.
  @inlinable @inline(__always)
  package mutating func removeLast(_ k: Int) {
    precondition(k >= 0 && k <= storedCount, "ScratchStack removes more than it holds")
    storedCount -= k
  }
}

/// Calls `body` with an empty ``ScratchStack`` of room for `capacity` elements, valid for the
/// call only (on the stack where it fits). `Element` is trivial, so nothing needs
/// deinitializing. Always inlined, as ``withScratch(of:capacity:initial:_:)``.
@inlinable @inline(__always)
package func withScratchStack<Element: BitwiseCopyable, R>(
  of _: Element.Type, capacity: Int, _ body: (inout ScratchStack<Element>) throws -> R
) rethrows -> R {
  try withUnsafeTemporaryAllocation(of: Element.self, capacity: capacity) { buffer in
    // Safe: the stack reads only what it wrote, and dies with the call.
    var stack = ScratchStack(buffer)
    return try body(&stack)
  }
}

/// The address of element `index` of the `count` elements at `base`, after the one check every
/// checked view and owner shares (`ScratchView`, `ScratchStack`, `FixedArray`); traps unless
/// `0 <= index < count`, in every build.
@inlinable @inline(__always)
func checkedAddress<Element>(
  _ base: UnsafeMutablePointer<Element>?, _ index: Int, below count: Int, _ kind: StaticString
) -> UnsafeMutablePointer<Element> {
  precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "\(kind) index out of range")
  // Safe: checked just above; the callers' `count` elements lie at `base`.
  return base.unsafelyUnwrapped + index
}
