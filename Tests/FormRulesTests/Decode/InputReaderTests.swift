import Foundation
import Testing

@testable import FormRules
@testable import FormRulesBulk

/// One line as the reader hands it over, copied out of its buffer.
fileprivate enum ReadLine: Equatable, CustomStringConvertible {
  case line(String)
  case tooLong

  var description: String {
    switch self {
    case .line(let text): return "line(\(text.debugDescription))"
    case .tooLong: return "tooLong"
    }
  }
}

/// Feeds `bytes` to a `LineReader` through a file, with the given limits.
fileprivate func readLines(_ bytes: [UInt8], maxLineBytes: Int, chunkSize: Int) throws -> [ReadLine] {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("line-reader-\(UUID().uuidString)")
  try Data(bytes).write(to: url)
  defer { try? FileManager.default.removeItem(at: url) }
  let handle = try FileHandle(forReadingFrom: url)
  defer { try? handle.close() }
  var reader = LineReader(
    fileDescriptor: handle.fileDescriptor, maxLineBytes: maxLineBytes, chunkSize: chunkSize)
  var lines: [ReadLine] = []
  reader.forEachLine { line in
    switch line {
    case .line(let buffer): lines.append(.line(buffer.string))
    case .tooLong: lines.append(.tooLong)
    }
  }
  #expect(reader.readError == nil)
  return lines
}

/// The reader's contract written the slow way (the fuzz target's oracle): split at `\n` and drop
/// one `\r` before it; a last line without `\n` stays whole; over `maxLineBytes` is too long.
fileprivate func expectedLines(_ bytes: [UInt8], maxLineBytes: Int) -> [ReadLine] {
  var segments = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
  let terminated = bytes.isEmpty || bytes.last == UInt8(ascii: "\n")
  if terminated { segments.removeLast() }
  return segments.enumerated().map { i, segment in
    let isLast = i == segments.count - 1
    let content = (!isLast || terminated) && segment.last == UInt8(ascii: "\r") ? segment.dropLast() : segment
    return content.count > maxLineBytes ? .tooLong : .line(String(decoding: content, as: UTF8.self))
  }
}

@Suite("Input reader: LineReader and InputRecord on hostile input")
struct InputReaderTests {
  @Test(
    "Whether a line is too long never depends on where the reads split the stream",
    arguments: [1, 2, 3, 7, 8, 9, 16, 64])
  func chunkBoundaries(chunkSize: Int) throws {
    let text = "1234567\n12345678\n123456789\n\n" + String(repeating: "x", count: 30) + "\nend"
    let lines = try readLines(Array(text.utf8), maxLineBytes: 8, chunkSize: chunkSize)
    #expect(lines == [.line("1234567"), .line("12345678"), .tooLong, .line(""), .tooLong, .line("end")])
    #expect(lines == expectedLines(Array(text.utf8), maxLineBytes: 8))
  }

  @Test("CRLF endings lose their \\r; a last line without \\n is delivered whole, as the parallel reader does")
  func lineEndings() throws {
    let lines = try readLines(Array("a\r\nb\r\nc\r".utf8), maxLineBytes: 16, chunkSize: 4)
    #expect(lines == [.line("a"), .line("b"), .line("c\r")])
    // "1234567\r\n" is 7 bytes long, under a limit of 7, at every chunk size.
    for chunk in 1...10 {
      #expect(
        try readLines(Array("1234567\r\n12345678\r\n".utf8), maxLineBytes: 7, chunkSize: chunk) == [
          .line("1234567"), .tooLong,
        ])
    }
  }

  @Test("An empty input has no lines; a lone newline is one empty line")
  func emptyInput() throws {
    #expect(try readLines([], maxLineBytes: 16, chunkSize: 4) == [])
    #expect(try readLines([0x0A], maxLineBytes: 16, chunkSize: 4) == [.line("")])
    #expect(try readLines(Array("a".utf8), maxLineBytes: 16, chunkSize: 4) == [.line("a")])
  }

  @Test("A long run of over-long lines gives one tooLong per line and memory stays at the limit")
  func manyLongLines() throws {
    let long = String(repeating: "y", count: 1000)
    let text = Array(repeating: long, count: 50).joined(separator: "\n") + "\nshort\n"
    let lines = try readLines(Array(text.utf8), maxLineBytes: 10, chunkSize: 7)
    #expect(lines == Array(repeating: .tooLong, count: 50) + [.line("short")])
  }

  @Test("A negative or zero limit is clamped, not a crash: only empty lines fit")
  func zeroLimit() throws {
    #expect(try readLines(Array("\na\n".utf8), maxLineBytes: -5, chunkSize: 1) == [.line(""), .tooLong])
    #expect(try readLines(Array("\na\n".utf8), maxLineBytes: 0, chunkSize: 0) == [.line(""), .tooLong])
  }

  static let regressions = repositoryRoot.appendingPathComponent("Fuzz/regressions/jsonl")

  @Test(
    "Fuzz regressions (JSONL reader): each saved crash input now reads as the contract says",
    arguments: ["line-over-limit-in-one-read", "last-line-ends-in-cr"])
  func fuzzRegression(name: String) throws {
    let data = Array(try Data(contentsOf: Self.regressions.appendingPathComponent(name)))
    try #require(data.count >= 2)
    // The fuzz target's framing: two bytes choose the limits, the rest is the stream.
    let maxLineBytes = Int(data[0]) * 4
    let chunkSize = Int(data[1] % 64) + 1
    let input = Array(data[2...])
    let lines = try readLines(input, maxLineBytes: maxLineBytes, chunkSize: chunkSize)
    #expect(lines == expectedLines(input, maxLineBytes: maxLineBytes))
  }

  // MARK: - InputRecord

  static let knownFields: Set<String> = ["email", "password"]

  @Test(
    "Each malformed record has a stable reason and a position, never a value",
    arguments: [
      (#"{"email": "a"#, "unexpectedEnd", 13),
      (#"{"email": tru}"#, "unexpectedCharacter", 14),
      (#"{"email": "\x"}"#, "invalidEscape", 12),
      (#"{"email": "\ud83d"}"#, "loneSurrogate", 12),
      (#"{"email": "\udc4d\ud83d"}"#, "loneSurrogate", 12),
      (#"{"email": "\u0000"}"#, "nulCharacter", 12),
      ("{\"email\": \"a\tb\"}", "controlCharacter", 13),
      (#"{"n": 01}"#, "unexpectedCharacter", 8),
      (#"{"n": 1e999}"#, "invalidNumber", 7),
      (#"{"email": "a", "email": "b"}"#, "duplicateKey", 16),
      (#"{} {}"#, "trailingData", 4),
    ])
  func syntax(text: String, reason: String, column: Int) {
    let result = InputRecord.decode(Array(text.utf8), knownFields: Self.knownFields)
    #expect(result == .failure(MalformedRecord(reason: reason, line: 1, column: column)))
  }

  @Test("Invalid UTF-8 anywhere in a record is malformed, in a known field or not")
  func invalidUTF8() {
    for bytes: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE3, 0x81], [0x80]] {
      let record = Array(#"{"other": ""#.utf8) + bytes + Array(#""}"#.utf8)
      guard case .failure(let malformed) = InputRecord.decode(record, knownFields: Self.knownFields) else {
        Issue.record("accepted \(bytes)")
        continue
      }
      #expect(malformed.reason == "invalidUTF8")
    }
  }

  @Test("Numbers, booleans, arrays and objects where a known field's string belongs are notString")
  func wrongTypes() {
    for value in ["5", "true", "[\"x\"]", "{\"a\": \"x\"}", "-0.5e3"] {
      let result = InputRecord.decode(Array(#"{"email": \#(value)}"#.utf8), knownFields: Self.knownFields)
      #expect(result == .failure(MalformedRecord(reason: "notString", field: "email")))
    }
    // Unknown fields may hold anything.
    let extra = InputRecord.decode(Array(#"{"email": "a", "x": [1, {"y": null}]}"#.utf8), knownFields: Self.knownFields)
    #expect(extra == .success(["email": "a"]))
  }

  @Test("Nesting is bounded at 32 levels")
  func depth() {
    let ok = "{\"x\":" + String(repeating: "[", count: 31) + String(repeating: "]", count: 31) + "}"
    let deep = "{\"x\":" + String(repeating: "[", count: 32) + String(repeating: "]", count: 32) + "}"
    #expect(InputRecord.decode(Array(ok.utf8), knownFields: []) == .success([:]))
    #expect(
      InputRecord.decode(Array(deep.utf8), knownFields: []).failureReason == "tooDeep")
  }

  @Test("A record of 100 000 keys is decoded, and a duplicate at its end is still found")
  func wideObject() {
    let keys = (0..<100_000).map { #""k\#($0)":"v""# }.joined(separator: ",")
    #expect(InputRecord.decode(Array("{\(keys)}".utf8), knownFields: ["k99999"]) == .success(["k99999": "v"]))
    let duplicated = InputRecord.decode(Array("{\(keys),\"k17\":\"w\"}".utf8), knownFields: [])
    #expect(duplicated.failureReason == "duplicateKey")
  }

  @Test("A malformed JSONL record becomes an input.malformed report with its line number")
  func malformedReport() throws {
    let policy = try RuleSet(
      data: Array(#"{"fields": {"email": {"rules": [{"required": true}]}}}"#.utf8), registry: .standard
    ).compile()
    let report = policy.validate(jsonRecord: Array(#"{"email": 5}"#.utf8), line: 42)
    #expect(!report.isValid)
    #expect(report.fields.isEmpty)
    #expect(report.formErrors.map(\.code) == ["input.malformed"])
    #expect(report.formErrors.first?.params == ["line": 42, "reason": "notString", "field": "email"])
  }
}

extension Result where Success == [String: String?], Failure == MalformedRecord {
  fileprivate var failureReason: String? {
    if case .failure(let malformed) = self { return malformed.reason }
    return nil
  }
}
