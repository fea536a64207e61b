import Testing

@testable import FormRules

/// The checked views of `Unsafe/` (issue 27, point 4): reads in range, empty views, slices, and a
/// read out of range stopping the process (exit tests run the closure in a child process).
@Suite("ByteView and ScratchView: checked reads in every build")
struct ByteViewTests {
  @Test("reads, count and iteration of a view")
  func reads() {
    ByteView.with(Array("héllo".utf8)) { view in
      #expect(view.count == 6)
      #expect(!view.isEmpty)
      #expect(view[0] == UInt8(ascii: "h"))
      #expect(view[5] == UInt8(ascii: "o"))
      #expect(Array(view) == Array("héllo".utf8))
      #expect(view.string == "héllo")
      #expect(view.firstIndex(of: UInt8(ascii: "l")) == 3)
      #expect(view.firstIndex(of: UInt8(ascii: "z")) == nil)
      #expect(view.withSpan { $0.count } == 6)
    }
  }

  @Test("an empty view: no bytes, nothing found, equal to .empty")
  func empty() {
    ByteView.with([]) { view in
      #expect(view.isEmpty)
      #expect(view.count == 0)
      #expect(Array(view).isEmpty)
      #expect(view == .empty)
      #expect(view.firstIndex(of: 0) == nil)
      #expect(view[0..<0].isEmpty)
    }
    #expect(ByteView.empty.isASCII)
    #expect(ByteView.empty.continuationByteCount == 0)
    #expect(!ByteView.empty.needsJSONEscaping)
  }

  @Test("a slice starts again at 0 and compares by its bytes")
  func slicing() {
    ByteView.with(Array("user@example.jp".utf8)) { view in
      let domain = view.suffix(from: 5)
      #expect(domain.string == "example.jp")
      #expect(domain[0] == UInt8(ascii: "e"))
      #expect(view.prefix(upTo: 4).string == "user")
      #expect(view[5..<12][0..<7].string == "example")
      #expect(view[15..<15].isEmpty)
      ByteView.withUTF8("example.jp") { #expect($0 == domain) }
      #expect(view[0..<4] != domain)
    }
  }

  @Test(
    "the word-at-a-time scans agree with a byte loop",
    arguments: ["", "a", "abcdefgh", "abcdefghi", "日本語のパスワード", "say \"hi\"\\", "tab\there", "long ascii text!"])
  func scans(_ s: String) {
    let bytes = Array(s.utf8)
    ByteView.with(bytes) { view in
      #expect(view.isASCII == bytes.allSatisfy { $0 < 0x80 })
      #expect(view.continuationByteCount == bytes.filter { $0 & 0xC0 == 0x80 }.count)
      #expect(view.needsJSONEscaping == bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C })
      #expect(UTF8Text.scalarCount(view) == s.unicodeScalars.count)
    }
  }

  @Test(
    "an ASCII lower-case copy agrees with a byte loop",
    arguments: [
      "", "A", "PassWord", "@AZ[`az{", "ABCDEFGHIJKLMNOPQRSTUVWXYZ!", "ÄÖÜ日本 ＡＢ", "\u{7F}\u{80}\u{C1}\u{DA}AbC",
    ])
  func asciiLowercased(_ s: String) {
    let bytes = Array(s.utf8)
    let expected = bytes.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
    ByteView.with(bytes) { view in
      #expect(view.withASCIILowercased { Array($0) } == expected)
    }
  }

  @Test("an ASCII lower-case copy is right for every length up to 24 and every byte at every position")
  func asciiLowercasedEveryLength() {
    // The bytes next to the capitals' range, capitals, small letters and bytes above 0x7F.
    let kinds: [UInt8] = [0x40, 0x41, 0x5A, 0x5B, 0x60, 0x61, 0x7A, 0x00, 0x80, 0xC1, 0xDA, 0xFF]
    for count in 0...24 {
      for position in 0..<max(count, 1) {
        for kind in kinds {
          var bytes = (0..<count).map { UInt8(ascii: "A") + UInt8($0 % 26) }
          if count > 0 { bytes[position] = kind }
          let expected = bytes.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
          ByteView.with(bytes) { view in
            #expect(view.withASCIILowercased { Array($0) } == expected, "\(count): \(kind) at \(position)")
          }
        }
      }
    }
  }

  @Test("a scratch view reads back what was written, and slices share its memory")
  func scratch() {
    let sum = withScratch(of: Int.self, capacity: 6, initial: 0) { scratch in
      for i in 0..<scratch.count { scratch[i] = i * i }
      let tail = scratch[3..<6]
      tail[0] += 100
      #expect(scratch[3] == 109)
      return (0..<scratch.count).reduce(0) { $0 + scratch[$1] }
    }
    #expect(sum == 0 + 1 + 4 + 109 + 16 + 25)
  }

  @Test("scratch made element by element holds what was made, in order, and ends their lives after")
  func scratchInitializingWith() {
    final class Counter { var alive = 0 }
    final class Token {
      let n: Int
      let counter: Counter
      init(_ n: Int, _ counter: Counter) {
        self.n = n
        self.counter = counter
        counter.alive += 1
      }
      deinit { counter.alive -= 1 }
    }
    let counter = Counter()
    var made: [Int] = []
    let seen = withScratch(
      of: Token?.self, capacity: 4,
      initializingWith: { i in
        made.append(i)
        return i == 2 ? nil : Token(i * 10, counter)
      }
    ) { scratch in
      #expect(counter.alive == 3)
      return (0..<scratch.count).map { scratch[$0]?.n ?? -1 }
    }
    #expect(made == [0, 1, 2, 3])
    #expect(seen == [0, 10, -1, 30])
    #expect(counter.alive == 0)
    let filled = withScratch(of: String?.self, capacity: 3, initial: "x") { scratch in
      scratch[1] = nil
      return (0..<scratch.count).map { scratch[$0] ?? "-" }
    }
    #expect(filled == ["x", "-", "x"])
  }

  @Test("a read past the end, or before the start, stops the process")
  func readPastEnd() async {
    await #expect(processExitsWith: .failure) {
      ByteView.with([1, 2, 3]) { _ = $0[3] }
    }
    await #expect(processExitsWith: .failure) {
      ByteView.with([1, 2, 3]) { _ = $0[-1] }
    }
  }

  @Test("a slice beyond the end stops the process")
  func sliceOutOfRange() async {
    await #expect(processExitsWith: .failure) {
      ByteView.with([1, 2, 3]) { _ = $0[1..<4] }
    }
    await #expect(processExitsWith: .failure) {
      ByteView.with([1, 2, 3]) { _ = $0.suffix(from: 4) }
    }
    await #expect(processExitsWith: .failure) {
      ByteView.with([1, 2, 3]) { _ = $0[1..<4][0] }
    }
  }

  @Test("byte(at:) reads inside the view and answers the sentinel outside it; hasPrefix stays inside")
  func byteAtAndPrefix() {
    ByteView.with(Array("{\"a\":1}".utf8)) { view in
      #expect(view.byte(at: 0) == UInt8(ascii: "{"))
      #expect(view.byte(at: 6) == UInt8(ascii: "}"))
      #expect(view.byte(at: 7) == 0)
      #expect(view.byte(at: -1, orElse: 0xFF) == 0xFF)
      #expect(view.byte(at: .max) == 0)
      #expect(view.byte(at: .min) == 0)
      #expect(view.hasPrefix(ByteView("\"a\""), at: 1))
      #expect(!view.hasPrefix(ByteView("1}x"), at: 5))
      #expect(!view.hasPrefix(ByteView("{"), at: -1))
      #expect(view.hasPrefix(.empty, at: 7))
      #expect(!view.hasPrefix(.empty, at: 8))
    }
    ByteView.with(Array("abcdefghijklmnop".utf8)) { view in
      #expect(view.hasPrefix(view[3..<16], at: 3))
      #expect(!view.hasPrefix(ByteView("defghijklmnoq"), at: 3))
    }
  }

  @Test("hasPrefix finds a difference at any position of a prefix of any length up to 24")
  func hasPrefixEveryLength() {
    let line = Array("{\"password_confirmation_and_more\":1}".utf8)
    ByteView.with(line) { view in
      for count in 0...24 {
        let at = 2
        let same = Array(line[at..<(at + count)])
        ByteView.with(same) { #expect(view.hasPrefix($0, at: at), "\(count)") }
        for position in 0..<count {
          var different = same
          different[position] ^= 0x20
          ByteView.with(different) { #expect(!view.hasPrefix($0, at: at), "\(count) at \(position)") }
        }
        ByteView.with(same) { #expect(!view.hasPrefix($0, at: line.count - count + 1) || count == 0) }
      }
    }
  }

  @Test("isASCII finds a byte above 0x7F at any position of a view of any length up to 24")
  func isASCIIEveryLength() {
    for count in 0...24 {
      let plain = [UInt8](repeating: UInt8(ascii: "a"), count: count)
      ByteView.with(plain) { #expect($0.isASCII, "\(count)") }
      for position in 0..<count {
        for high: UInt8 in [0x80, 0xE3, 0xFF] {
          var bytes = plain
          bytes[position] = high
          ByteView.with(bytes) { #expect(!$0.isASCII, "\(count) at \(position): \(high)") }
        }
      }
    }
  }

  @Test("continuationByteCount counts every byte once, for every length up to 24 and mix of bytes")
  func continuationCountEveryLength() {
    // Continuation bytes, lead bytes, ASCII: the count must match a byte loop however they fall.
    let kinds: [UInt8] = [0x80, 0xBF, 0xC3, 0xE3, 0xF0, 0x41, 0x7F, 0x00]
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    for count in 0...24 {
      for _ in 0..<64 {
        let bytes = (0..<count).map { _ -> UInt8 in
          seed ^= seed << 13
          seed ^= seed >> 7
          seed ^= seed << 17
          return kinds[Int(seed % UInt64(kinds.count))]
        }
        ByteView.with(bytes) { view in
          #expect(view.continuationByteCount == bytes.filter { $0 & 0xC0 == 0x80 }.count, "\(bytes)")
        }
      }
      ByteView.with([UInt8](repeating: 0x80, count: count)) { #expect($0.continuationByteCount == count) }
    }
  }

  @Test("plainJSONRunEnd stops at the first special byte from any start, in the tail word too")
  func plainRunEveryPosition() {
    // A quote, a backslash, controls, DEL is plain, bytes above 0x7F are not.
    let specials: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x0A, 0x80, 0xE3, 0xFF]
    for count in 0...24 {
      let plain = [UInt8](repeating: UInt8(ascii: "A") &+ UInt8(count % 26), count: count)
      for start in 0...count {
        ByteView.with(plain) { view in
          let end = view.plainJSONRunEnd(from: start)
          #expect(end == (count < 8 ? start : count), "\(count) from \(start)")
        }
        for position in start..<count {
          for special in specials {
            var bytes = plain
            bytes[position] = special
            // Bytes after the special one may be anything, even special themselves.
            if position + 1 < count { bytes[count - 1] = 0x22 }
            ByteView.with(bytes) { view in
              let end = view.plainJSONRunEnd(from: start)
              #expect(end == (count < 8 ? start : position), "\(count) from \(start), \(special) at \(position)")
            }
          }
        }
      }
    }
    ByteView.with(Array("ab~\u{7F}cdefgh".utf8)) { #expect($0.plainJSONRunEnd(from: 1) == 10) }
  }

  @Test("a fixed array owns its elements, reads them checked and lends scratch views of them")
  func fixedArray() async {
    let array = FixedArray(["a", "b", "c"])
    array[1] = "β"
    #expect((0..<array.count).map { array[$0] } == ["a", "β", "c"])
    #expect(array.view[2] == "c")
    let empty = FixedArray(repeating: 0, count: 0)
    #expect(empty.count == 0)
    await #expect(processExitsWith: .failure) {
      let array = FixedArray(repeating: 0, count: 3)
      _ = array[3]
    }
  }

  @Test("a scratch write past the end stops the process")
  func scratchPastEnd() async {
    await #expect(processExitsWith: .failure) {
      withScratch(of: Int.self, capacity: 2, initial: 0) { $0[2] = 1 }
    }
    await #expect(processExitsWith: .failure) {
      withScratch(of: Int.self, capacity: 4, initial: 0) { $0[2..<4][2] = 1 }
    }
  }
}
