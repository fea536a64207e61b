import Foundation
import Testing

@testable import FormRules
@testable import FormRulesBulk

@Suite("LineReader")
struct LineReaderTests {
  /// What the reader yields for `bytes`: a line's text, or nil for a line that is too long.
  func lines(_ bytes: [UInt8], maxLineBytes: Int, chunkSize: Int) throws -> [String?] {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("line-reader-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let fd = open(url.path, O_RDONLY)
    #expect(fd >= 0)
    defer { close(fd) }
    var reader = LineReader(fileDescriptor: fd, maxLineBytes: maxLineBytes, chunkSize: chunkSize)
    var result: [String?] = []
    reader.forEachLine { line in
      switch line {
      case .line(let buffer): result.append(buffer.string)
      case .tooLong: result.append(nil)
      }
    }
    #expect(reader.readError == nil)
    return result
  }

  @Test(
    "the length limit holds wherever a line falls in the chunks",
    arguments: [
      ("12345678\n", ["12345678"]),
      ("123456789\n", [nil]),
      ("12345678\r\n", ["12345678"]),
      ("123456789\r\n", [nil]),
      ("12345678", ["12345678"]),
      ("123456789", [nil]),
      ("abc\n1234567890123\n\nxyz\r\n12345678", ["abc", nil, "", "xyz", "12345678"]),
      ("", []),
      ("\n", [""]),
    ] as [(String, [String?])])
  func limit(_ input: String, expected: [String?]) throws {
    for chunkSize in 1...12 {
      #expect(
        try lines(Array(input.utf8), maxLineBytes: 8, chunkSize: chunkSize) == expected, "chunk size \(chunkSize)")
    }
  }
}
