import FormRules

/// SHA-1 as FIPS 180-4 defines it.
///
/// It is here only because Have I Been Pwned publishes its breached passwords keyed by
/// the SHA-1 of their UTF-8 bytes; it is not a choice for anything new.
///
/// ```swift
/// SHA1.hex("abc")  // "A9993E364706816ABA3E25717850C26C9CD0D89D"
/// ```
package struct SHA1: Sendable {
  private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
    0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
  )
  /// Bytes that do not yet fill a 64-byte block.
  private var pending: [UInt8] = []
  private var length: UInt64 = 0

  package init() {
    pending.reserveCapacity(64)
  }

  /// Adds bytes to the message.
  package mutating func update(_ bytes: ByteView) {
    length &+= UInt64(bytes.count)
    var offset = 0
    if !pending.isEmpty {
      let take = min(64 - pending.count, bytes.count)
      pending.append(bytes[0..<take])
      offset = take
      guard pending.count == 64 else { return }
      let block = pending
      ByteView.with(block) { compress($0) }
      pending.removeAll(keepingCapacity: true)
    }
    while bytes.count - offset >= 64 {
      compress(bytes[offset..<offset + 64])
      offset += 64
    }
    pending.append(bytes.suffix(from: offset))
  }

  package mutating func update(_ bytes: some Sequence<UInt8>) {
    let array = Array(bytes)
    ByteView.with(array) { update($0) }
  }

  /// Pads the message and returns the 20-byte digest.
  package consuming func finalize() -> [UInt8] {
    let bitLength = length &* 8
    var tail = pending
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    ByteView.with(tail) { buffer in
      var offset = 0
      while offset < buffer.count {
        compress(buffer[offset..<offset + 64])
        offset += 64
      }
    }
    var digest: [UInt8] = []
    digest.reserveCapacity(20)
    for word in [state.0, state.1, state.2, state.3, state.4] {
      digest.append(UInt8(truncatingIfNeeded: word >> 24))
      digest.append(UInt8(truncatingIfNeeded: word >> 16))
      digest.append(UInt8(truncatingIfNeeded: word >> 8))
      digest.append(UInt8(truncatingIfNeeded: word))
    }
    return digest
  }

  private mutating func compress(_ block: ByteView) {
    // The schedule is kept as a 16-word ring (FIPS 180-4 §6.1.3), so no 80-word array is allocated.
    withScratch(of: UInt32.self, capacity: 16, initial: 0) { words in
      for i in 0..<16 {
        let b = 4 * i
        words[i] =
          UInt32(block[b]) << 24 | UInt32(block[b + 1]) << 16 | UInt32(block[b + 2]) << 8 | UInt32(block[b + 3])
      }
      var (a, b, c, d, e) = state
      for t in 0..<80 {
        let s = t & 15
        if t >= 16 {
          let x = words[(t - 3) & 15] ^ words[(t - 8) & 15] ^ words[(t - 14) & 15] ^ words[s]
          words[s] = x << 1 | x >> 31
        }
        let f: UInt32
        let k: UInt32
        switch t {
        case 0..<20:
          f = (b & c) | (~b & d)
          k = 0x5A82_7999
        case 20..<40:
          f = b ^ c ^ d
          k = 0x6ED9_EBA1
        case 40..<60:
          f = (b & c) | (b & d) | (c & d)
          k = 0x8F1B_BCDC
        default:
          f = b ^ c ^ d
          k = 0xCA62_C1D6
        }
        let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ words[s]
        e = d
        d = c
        c = b << 30 | b >> 2
        b = a
        a = temp
      }
      state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }
  }

  /// The digest of a whole message.
  package static func digest(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    var hasher = SHA1()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// The digest of a string's UTF-8 bytes as 40 upper-case hexadecimal digits, the form
  /// Have I Been Pwned uses.
  package static func hex(_ string: String) -> String {
    let digest = digest(string.utf8)
    let digits = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(40)
    for byte in digest {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 15)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}

// A hash in progress holds up to 63 bytes of the message (a password) not yet hashed.
extension SHA1: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  package var description: String { "SHA1(<redacted>)" }
  package var debugDescription: String { description }
  package var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
