/// A constant table of 256 bytes indexed by a byte: a character-class table read once per input
/// byte in the hot loops (email syntax). The index is a `UInt8`, so every read is in range by
/// its type and needs no check at all.
///
/// Why it is safe: the storage holds exactly 256 bytes (checked when the table is made), is
/// never written after that, and is never freed: tables are made once, into `static let`s.
@frozen @usableFromInline
package struct ByteTable: @unchecked Sendable {
  @usableFromInline let storage: UnsafePointer<UInt8>

  /// A table of `entries`, which must be exactly 256; its memory lives as long as the process.
  package init(_ entries: [UInt8]) {
    precondition(entries.count == 256, "ByteTable needs 256 entries")
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    storage.initialize(from: entries, count: 256)
    self.storage = UnsafePointer(storage)
  }

  @inlinable @inline(__always)
  package subscript(byte: UInt8) -> UInt8 { storage[Int(byte)] }
}
