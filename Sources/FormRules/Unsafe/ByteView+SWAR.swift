/// Word-at-a-time scans over a ``ByteView``: eight bytes per load, the rest one at a time.
///
/// Why it is safe: every load reads bytes `i..<i + 8` only while `i + 8 <= count`, and the
/// tail loop reads `i` only while `i < count`; `loadUnaligned` has no alignment requirement.
extension ByteView {
  /// The bytes that continue a UTF-8 sequence (`10xxxxxx`): bit 7 set and bit 6 clear.
  ///
  /// The bytes after the last whole word are read as the view's last word (or, below eight bytes,
  /// its first and last four) with the bytes already counted shifted out, so no byte is counted
  /// twice and none is read one at a time from 4 bytes up.
  @inlinable
  package var continuationByteCount: Int {
    guard let base = buffer.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    let count = buffer.count
    let high: UInt64 = 0x8080_8080_8080_8080
    var continuations = 0
    var i = 0
    while count - i >= 8 {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      continuations += (word & ~(word << 1) & high).nonzeroBitCount
      i += 8
    }
    let rest = count - i  // 0...7
    if rest == 0 { return continuations }
    let word: UInt64
    if count >= 8 {
      // Bytes count - 8 ..< i were counted above: shift them out of the bottom.
      word = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) >> UInt64(8 * (8 - rest))
    } else if count >= 4 {
      // The first four, then the last `count - 4` (the top of the word at `count - 4`).
      let last = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) >> UInt64(8 * (8 - count))
      word = UInt64(raw.loadUnaligned(as: UInt32.self)) | last << 32
    } else {
      for j in 0..<count where base[j] & 0xC0 == 0x80 { continuations += 1 }
      return continuations
    }
    return continuations + (word & ~(word << 1) & high).nonzeroBitCount
  }

  /// Whether a JSON string of these bytes needs an escape: a quote, a backslash or a
  /// control character. The usual "some byte is zero" trick per word.
  @inlinable
  package var needsJSONEscaping: Bool {
    guard let base = buffer.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let count = buffer.count
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    var i = 0
    while i + 8 <= count {
      let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      // Bytes of 0x80 and above are plain here, so the control test masks them out.
      let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
      if special & high != 0 { break }
      i += 8
    }
    while i < count {
      let byte = base[i]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C { return true }
      i += 1
    }
    return false
  }

  /// Whether every byte is below 0x80. Whole words, the last one overlapping the one before it
  /// (a byte tested twice gives the same answer): no byte loop from 4 bytes up.
  @inlinable
  package var isASCII: Bool {
    guard let base = buffer.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    let count = buffer.count
    if count >= 8 {
      var i = 0
      while count - i > 8 {
        if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
        i += 8
      }
      return raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
    }
    if count >= 4 {
      return (raw.loadUnaligned(as: UInt32.self) | raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        & 0x8080_8080 == 0
    }
    for i in 0..<count where base[i] >= 0x80 { return false }
    return true
  }

  /// The end of the plain run of a JSON string from `start`: the index of the first byte that is
  /// a quote, a backslash, a control character or above 0x7F, or `count` when there is none. A
  /// view shorter than eight bytes is not read: `start` comes back, and the caller goes on byte
  /// by byte. Traps unless `0 <= start <= count`.
  ///
  /// Why it is safe: whole words are loaded at `index` only while `index + 8 <= count`; the last
  /// few bytes are read as the view's last word (`count - 8 ..< count`), only when `count >= 8`,
  /// and the bytes of it before `index` are shifted out.
  @inlinable @inline(__always)
  package func plainJSONRunEnd(from start: Int) -> Int {
    precondition(start >= 0 && start <= buffer.count, "ByteView index out of range")
    guard let base = buffer.baseAddress else { return start }
    let raw = UnsafeRawPointer(base)
    let end = buffer.count
    var index = start
    while end - index >= 8 {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let special = Self.jsonSpecialBytes(word)
      // The lowest flagged byte is a real one (false positives only follow a real one).
      if special != 0 { return index + special.trailingZeroBitCount >> 3 }
      index += 8
    }
    // The tail in one step: the last word, its bytes before `index` shifted out and the top filled
    // with plain `A`s (a line's last string ends a few bytes before the line does).
    guard index < end, end >= 8 else { return index }
    let shift = UInt64(truncatingIfNeeded: index - (end - 8)) &* 8  // 8...56: 1 to 7 bytes are left
    let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
    let special = Self.jsonSpecialBytes(last >> shift | 0x4141_4141_4141_4141 << (64 &- shift))
    return special != 0 ? index + special.trailingZeroBitCount >> 3 : end
  }

  /// Bit 7 of each byte of `word` that is a quote, a backslash, a control character or above 0x7F,
  /// exact up to the lowest flagged byte (a borrow may flag bytes after it).
  @inlinable @inline(__always)
  static func jsonSpecialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    return (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (word &- ones &* 0x20) | word) & high
  }
}

extension ByteView {
  /// Whether the bytes at `index...` start with `prefix`'s; `false` when they run past the end.
  /// Compares eight bytes at a time inline: field names are a few bytes long, and a `memcmp`
  /// call costs more than the comparison (bulk's record scanner asks for every key).
  @inlinable @inline(__always)
  package func hasPrefix(_ prefix: ByteView, at index: Int) -> Bool {
    let count = prefix.buffer.count
    guard index >= 0, count <= buffer.count - index else { return false }
    guard count > 0 else { return true }
    // Safe: `index..<index + count` lies inside this view (checked above) and `0..<count`
    // inside `prefix`; loads are unaligned.
    let a = UnsafeRawPointer(prefix.buffer.baseAddress.unsafelyUnwrapped)
    let b = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped + index)
    // Whole words, the last one overlapping the one before it (the same bytes compared twice
    // are still equal): no byte loop for a name of 4 bytes or more.
    if count >= 8 {
      var i = 0
      while count - i > 8 {
        if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
          return false
        }
        i += 8
      }
      return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
    if count >= 4 {
      return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
        && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
          == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }
    for i in 0..<count where a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) {
      return false
    }
    return true
  }

  /// Calls `body` with a copy of the bytes in which the ASCII capitals `A`–`Z` are small letters
  /// (every other byte as it is), in scratch memory lent for the call (the stack where it fits),
  /// eight bytes per step.
  ///
  /// Why it is safe: the copy has exactly `count` bytes, each written before the view is lent
  /// (whole words at `i` while `i + 8 < count`, then the word at `count - 8`; from 4 to 7 bytes
  /// the 4-byte words at 0 and `count - 4`; below 4 single bytes), every load and store lies
  /// inside `0..<count`, and the view dies with the call.
  @inlinable
  package func withASCIILowercased<R>(_ body: (ByteView) throws -> R) rethrows -> R {
    let count = buffer.count
    guard let source = buffer.baseAddress, count > 0 else { return try body(.empty) }
    return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { copy in
      let target = copy.baseAddress.unsafelyUnwrapped
      let ones: UInt64 = 0x0101_0101_0101_0101
      let high: UInt64 = 0x8080_8080_8080_8080
      var i = 0
      // Per byte below 0x80: bit 7 of `b + 0x3F` is set from `A` up, of `b + 0x25` from `[`
      // up; no carry crosses a byte, as the 7-bit values stay below 0x80.
      func lowered(_ word: UInt64) -> UInt64 {
        let low = word & ~high
        let capitals = (low &+ ones &* 0x3F) & ~(low &+ ones &* 0x25) & ~word & high
        return word | capitals >> 2
      }
      if count >= 8 {
        while count - i > 8 {
          let word = UnsafeRawPointer(source).loadUnaligned(fromByteOffset: i, as: UInt64.self)
          UnsafeMutableRawPointer(target).storeBytes(of: lowered(word), toByteOffset: i, as: UInt64.self)
          i += 8
        }
        // The last word overlaps the one before it: those bytes are written again, the same.
        let word = UnsafeRawPointer(source).loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        UnsafeMutableRawPointer(target).storeBytes(of: lowered(word), toByteOffset: count - 8, as: UInt64.self)
      } else if count >= 4 {
        // The first and last four bytes, as the low half of a word each.
        let first = UInt64(UnsafeRawPointer(source).loadUnaligned(as: UInt32.self))
        let last = UInt64(UnsafeRawPointer(source).loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        UnsafeMutableRawPointer(target).storeBytes(of: UInt32(truncatingIfNeeded: lowered(first)), as: UInt32.self)
        UnsafeMutableRawPointer(target).storeBytes(
          of: UInt32(truncatingIfNeeded: lowered(last)), toByteOffset: count - 4, as: UInt32.self)
      } else {
        while i < count {
          let byte = source[i]
          target[i] = byte &- 0x41 < 26 ? byte | 0x20 : byte
          i += 1
        }
      }
      return try body(ByteView(UnsafeBufferPointer(copy)))
    }
  }
}
