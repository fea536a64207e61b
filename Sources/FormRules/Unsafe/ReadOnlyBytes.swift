#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bytes that stay where they are, unchanged, for as long as their owner lives: a file mapped
/// read-only, or a copy on the heap aligned for word reads (``ByteView/words(at:count:)``).
/// Readers hold the owner and read through ``bytes``; the memory is unmapped or freed once, by
/// `deinit`, after the last reader lets go.
package final class ReadOnlyBytes: @unchecked Sendable {
  private let storage: UnsafeMutableRawBufferPointer
  private let isMapped: Bool
  /// Bytes in the file or the copy (a copy of nothing still allocates one byte).
  package let count: Int

  /// Why a file could not be mapped.
  package struct MapFailure: Error, Equatable {
    package let errno: Int32
  }

  /// Maps `size` bytes of the open file `fd` read-only and shared (`size` above 0). The
  /// descriptor can be closed afterwards: the mapping keeps the file.
  package init(mapping fd: Int32, size: Int) throws(MapFailure) {
    precondition(size > 0, "nothing to map")
    guard let base = mmap(nil, size, PROT_READ, MAP_SHARED, fd, 0), base != MAP_FAILED else {
      throw MapFailure(errno: errno)
    }
    storage = UnsafeMutableRawBufferPointer(start: base, count: size)
    isMapped = true
    count = size
  }

  /// A copy of `bytes` at an address that is a multiple of `alignment` (a power of two).
  package init(copying bytes: [UInt8], alignment: Int = 16) {
    storage = .allocate(byteCount: max(bytes.count, 1), alignment: alignment)
    storage.copyBytes(from: bytes)
    isMapped = false
    count = bytes.count
  }

  deinit {
    if isMapped {
      munmap(storage.baseAddress, storage.count)
    } else {
      storage.deallocate()
    }
  }

  /// The bytes, valid while this owner is alive.
  package var bytes: ByteView {
    // Safe: the memory lives and stays unchanged until deinit; bytes need no other binding.
    ByteView(UnsafeBufferPointer(start: storage.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
  }
}
