import Testing

@testable import FormRules

/// Integer loads from a `ByteView`, `WordView` and `ReadOnlyBytes` (issue 27, point 4): the
/// compiled word file is read through these.
@Suite("WordView and ByteView loads: checked reads of integers in place")
struct WordViewTests {
  /// 16 bytes: the little-endian words 1, 2, 3 and 0xAABBCCDD, 16-byte aligned.
  static let block = ReadOnlyBytes(copying: [1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0xDD, 0xCC, 0xBB, 0xAA])
  /// `block` and 16 zero bytes: 32 bytes.
  static let big = ReadOnlyBytes(
    copying: [1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0xDD, 0xCC, 0xBB, 0xAA] + Array(repeating: 0, count: 16))

  @Test("loads at any offset, words at aligned ones")
  func loads() {
    let bytes = Self.block.bytes
    #expect(bytes.count == 16)
    #expect(UInt32(littleEndian: bytes.loadUInt32(at: 0)) == 1)
    #expect(UInt32(littleEndian: bytes.loadUInt32(at: 12)) == 0xAABB_CCDD)
    #expect(UInt32(littleEndian: bytes.loadUInt32(at: 1)) == 0x0200_0000)
    #expect(UInt64(littleEndian: bytes.loadUInt64(at: 8)) == 0xAABB_CCDD_0000_0003)
    let four = Self.big.bytes.loadFourUInt64(at: 0)
    #expect(UInt64(littleEndian: four.0) == 0x0000_0002_0000_0001)
    #expect(UInt64(littleEndian: four.1) == 0xAABB_CCDD_0000_0003)
    #expect(four.2 == 0 && four.3 == 0)
    #expect(bytes.isWordAligned(at: 4))
    #expect(!bytes.isWordAligned(at: 2))
    let words = bytes.words(at: 4, count: 3)
    #expect(words.count == 3)
    #expect((0..<3).map { UInt32(littleEndian: words[$0]) } == [2, 3, 0xAABB_CCDD])
    #expect(bytes.words(at: 16, count: 0).count == 0)
    #expect(ReadOnlyBytes(copying: []).bytes.isEmpty)
  }

  @Test("a load, a word or a run of words past the end stops the process")
  func pastTheEnd() async {
    await #expect(processExitsWith: .failure) { _ = WordViewTests.block.bytes.loadUInt32(at: 13) }
    await #expect(processExitsWith: .failure) { _ = WordViewTests.block.bytes.loadUInt64(at: 9) }
    await #expect(processExitsWith: .failure) { _ = WordViewTests.block.bytes.loadUInt32(at: -1) }
    await #expect(processExitsWith: .failure) { _ = WordViewTests.big.bytes.loadFourUInt64(at: 1) }
    await #expect(processExitsWith: .failure) { _ = WordViewTests.block.bytes.words(at: 4, count: 4) }
    await #expect(processExitsWith: .failure) { _ = WordViewTests.block.bytes.words(at: 0, count: 4)[4] }
  }

  @Test("words at a misaligned offset stop the process")
  func misaligned() async {
    await #expect(processExitsWith: .failure) { _ = WordViewTests.block.bytes.words(at: 2, count: 1) }
  }
}
