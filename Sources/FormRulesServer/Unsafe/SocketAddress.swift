internal import CMicroHTTPD
import Foundation

/// The socket calls that take a `sockaddr` pointer: C's way to pass one of several address
/// structures through one parameter. Everything else about the listening socket is in
/// ``Daemon/bind(_:)``.
enum SocketAddress {
  /// Binds `fd` to an IPv4 address; 0 or -1 (`errno` set), as `bind(2)`.
  ///
  /// Why it is safe: `sockaddr_in` is one of the structures `bind` takes as a `sockaddr`, and the
  /// length passed is its own, so the kernel reads no byte beyond it.
  static func bind(_ fd: Int32, to address: sockaddr_in) -> Int32 {
    withUnsafePointer(to: address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }

  /// Binds `fd` to an IPv6 address; 0 or -1 (`errno` set), as `bind(2)`.
  ///
  /// Why it is safe: as for IPv4, with `sockaddr_in6` and its own length.
  static func bind(_ fd: Int32, to address: sockaddr_in6) -> Int32 {
    withUnsafePointer(to: address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
      }
    }
  }

  /// The port a bound socket got (the one the kernel chose when 0 was asked for); 0 when
  /// `getsockname` fails.
  ///
  /// Why it is safe: `sockaddr_storage` is large and aligned enough for every address family;
  /// `getsockname` writes at most `length` bytes into it, and the port is read through the
  /// structure of the family the socket was made with.
  static func port(boundTo fd: Int32, v6: Bool) -> Int {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return withUnsafePointer(to: &storage) {
      v6
        ? $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
        : $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
    }
  }

  /// The key a client's address is counted under, or nil for a family other than IPv4 and IPv6.
  ///
  /// Why it is safe: `address` is libmicrohttpd's, valid for the callback that passes it (or
  /// nil); `cmhd_address_key` reads it by its family and writes exactly two `UInt64`s, the
  /// size of `key`.
  static func clientKey(_ address: UnsafePointer<sockaddr>?) -> ClientAddress? {
    var key: (UInt64, UInt64) = (0, 0)
    let found = withUnsafeMutableBytes(of: &key) { bytes -> Int32 in
      guard let base = bytes.baseAddress else { return 0 }
      return cmhd_address_key(address, base.assumingMemoryBound(to: UInt64.self))
    }
    return found == 0 ? nil : ClientAddress(high: key.0, low: key.1)
  }
}
