extension Unmanaged {
  /// Calls `body` with the instance, neither retained nor released: for the hot loops' boxed
  /// rules and the plan behind a subject, which their owner (the plan's `boxes`, the policy)
  /// keeps alive for longer than any call.
  ///
  /// Why it is safe: only used where the owner above outlives the call (`_withUnsafeGuaranteedRef`'s
  /// contract).
  @inlinable @inline(__always)
  package func borrow<R>(_ body: (Instance) throws -> R) rethrows -> R {
    try _withUnsafeGuaranteedRef(body)
  }
}
