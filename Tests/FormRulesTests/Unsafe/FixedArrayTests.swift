import Testing

@testable import FormRules

/// `FixedArray` (issue 27, point 4): an owned table with checked reads and writes.
@Suite("FixedArray: an owned table, checked in every build")
struct FixedArrayTests {
  @Test("filled, written and read back; byte views and copies")
  func readsAndWrites() {
    var table = FixedArray<Int32>(repeating: -1, count: 4)
    let count = table.count
    let last = table[3]
    table[2] = 7
    let values = (0..<4).map { table[$0] }
    #expect(count == 4)
    #expect(last == -1)
    #expect(values == [-1, -1, 7, -1])

    var bytes = FixedArray<UInt8>(repeating: 0, count: 8)
    ByteView.with(Array("abc".utf8)) { bytes.copy($0, to: 2) }
    let copied = bytes.view(2..<5).string
    let before = Array(bytes.view(0..<2))
    #expect(copied == "abc")
    #expect(before == [0, 0])
    let empty = FixedArray<Int>(repeating: 0, count: 0).count
    #expect(empty == 0)
  }

  @Test("an index, a range or a copy out of range stops the process")
  func outOfRange() async {
    await #expect(processExitsWith: .failure) {
      let table = FixedArray<Int>(repeating: 0, count: 2)
      _ = table[2]
    }
    await #expect(processExitsWith: .failure) {
      var table = FixedArray<Int>(repeating: 0, count: 2)
      table[-1] = 1
    }
    await #expect(processExitsWith: .failure) {
      let bytes = FixedArray<UInt8>(repeating: 0, count: 2)
      _ = bytes.view(1..<3)
    }
    await #expect(processExitsWith: .failure) {
      var bytes = FixedArray<UInt8>(repeating: 0, count: 2)
      ByteView.with([1, 2]) { bytes.copy($0, to: 1) }
    }
  }
}
