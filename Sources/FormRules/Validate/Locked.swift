import Foundation

/// A value that threads share, behind a lock: ``withLock(_:)`` runs a closure with the value
/// while it holds the lock. Every piece of shared mutable state in the package (caches,
/// counters, a server's connection table, a test's collected results) lives in one.
///
/// Not `Synchronization.Mutex`, although it is the standard type: on Linux that is a bare futex
/// which ThreadSanitizer does not model, so it reports every access the mutex guards as a race
/// (two threads appending to a `Mutex<[Int]>` is enough), and the sanitizer job could not tell
/// a real race from those. `NSLock` is a pthread mutex on Linux and on Apple platforms, which
/// ThreadSanitizer understands; uncontended, it costs a few nanoseconds more per use.
package final class Locked<Value> {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) { self.value = value }

  /// Runs `body` with the value while holding the lock; the lock is released when it returns
  /// or throws. `body` must not call `withLock` on the same instance (the lock is not recursive).
  package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

// The lock is what makes sharing safe: every access to `value` goes through `withLock`.
extension Locked: @unchecked Sendable where Value: Sendable {}
