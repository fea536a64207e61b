import Testing

@testable import FormRules

@Suite("JSON parser")
struct JSONParserTests {
  let parser = JSONParser()

  @Test("parses objects in document order with nested values")
  func parsesObjects() throws {
    let value = try parser.parse(#"{"b": 1, "a": [true, false, null, "x", -2.5e1], "c": {"d": "é"}}"#)
    let object = try #require(value.objectValue)
    #expect(object.keys == ["b", "a", "c"])
    #expect(object["a"] == .array([.bool(true), .bool(false), .null, .string("x"), .number(-25)]))
    #expect(object["c"]?.objectValue?["d"] == .string("é"))
  }

  @Test(
    "decodes escapes and surrogate pairs",
    arguments: [
      (#""a\nb""#, "a\nb"), (#""\u00e9""#, "é"), (#""\ud83d\udc4d""#, "👍"), (#""\"\\\/""#, "\"\\/"),
      (#""\u3000""#, "\u{3000}"), (#""日本語""#, "日本語"),
    ])
  func decodesEscapes(text: String, expected: String) throws {
    #expect(try parser.parse(text) == .string(expected))
  }

  @Test(
    "rejects malformed input with a reason",
    arguments: [
      ("", JSONSyntaxError.Reason.unexpectedEnd), ("{", .unexpectedEnd), ("{\"a\" 1}", .unexpectedCharacter),
      ("[1,]", .unexpectedCharacter), ("01", .trailingData), ("1.", .invalidNumber), ("-", .unexpectedEnd),
      ("\"\\ud800\"", .loneSurrogate), ("\"\\udc00\"", .loneSurrogate), ("\"\\ud800\\u0041\"", .loneSurrogate),
      ("\"\\u0000\"", .nulCharacter), ("\"a\tb\"", .controlCharacter), ("\"\\x\"", .invalidEscape),
      ("{\"a\":1,\"a\":2}", .duplicateKey), ("{} {}", .trailingData), ("tru", .unexpectedEnd), ("nul", .unexpectedEnd),
      ("1e400", .invalidNumber),
    ])
  func rejectsMalformed(text: String, reason: JSONSyntaxError.Reason) {
    #expect(throws: JSONSyntaxError.self) { try parser.parse(text) }
    do {
      _ = try parser.parse(text)
    } catch {
      #expect(error.reason == reason)
    }
  }

  @Test("rejects invalid UTF-8 byte sequences", arguments: [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE3, 0x81]])
  func rejectsInvalidUTF8(bytes: [UInt8]) {
    let document: [UInt8] = [0x22] + bytes + [0x22]
    do {
      _ = try parser.parse(document)
      Issue.record("accepted invalid UTF-8 \(bytes)")
    } catch {
      #expect(error.reason == .invalidUTF8)
    }
  }

  @Test("reports the line and column of an error")
  func reportsPosition() {
    do {
      _ = try parser.parse("{\n  \"a\": 1,\n  \"b\": ?\n}")
      Issue.record("accepted a bad document")
    } catch {
      #expect(error.line == 3)
      #expect(error.column == 8)
    }
  }

  @Test("bounds nesting depth instead of overflowing the stack")
  func boundsDepth() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    do {
      _ = try parser.parse(deep)
      Issue.record("accepted 100,000 levels")
    } catch {
      #expect(error.reason == .tooDeep)
    }
    #expect((try? JSONParser(maxDepth: 3).parse("[[[1]]]")) != nil)
  }

  @Test("skips a UTF-8 byte order mark")
  func skipsBOM() throws {
    #expect(try parser.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)) == .object(JSONObject()))
  }

  @Test("the writer escapes what the parser reads back")
  func roundTrip() throws {
    let original = "quote\" backslash\\ newline\n tab\t bell\u{7} 日本 👍"
    var writer = JSONWriter()
    writer.string(original)
    #expect(try parser.parse(writer.bytes) == .string(original))
  }

  /// The error of `document`, or `nil` when it parses.
  static func failure(_ document: [UInt8]) -> JSONSyntaxError? {
    do {
      _ = try JSONParser().parse(document)
      return nil
    } catch {
      return error
    }
  }

  @Test("a bad byte is found at every position of strings of 1 to 24 bytes, eight-byte steps included")
  func badByteAtEveryPosition() {
    for length in 1...24 {
      for position in 0..<length {
        for (bad, reason) in [
          ([UInt8(0x01)], JSONSyntaxError.Reason.controlCharacter), ([0x00], .nulCharacter),
          ([0x1F], .controlCharacter),
          ([0xFF], .invalidUTF8), ([0xC3], .invalidUTF8), ([0xED, 0xA0, 0x80], .invalidUTF8),
          ([0x5C, 0x71], .invalidEscape),
        ] {
          var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
          text.replaceSubrange(position..<(position + 1), with: bad)
          // Two spaces first: a NUL in the first two bytes would read as UTF-16.
          let error = Self.failure(Array("  \"".utf8) + text + [0x22])
          #expect(error?.reason == reason, "length \(length), position \(position), \(bad)")
          #expect(error?.column == position + 4, "length \(length), position \(position), \(bad)")
        }
        // The same byte after an escape, where the string is decoded as it is read.
        var escaped = Array(#"\n"#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: length)
        escaped[2 + position] = 0x01
        #expect(Self.failure(Array("  \"".utf8) + escaped + [0x22])?.column == position + 6)
      }
    }
  }

  @Test(
    "where a bad escape is reported",
    arguments: [
      (#""\u12""#, JSONSyntaxError.Reason.invalidEscape, 6), (#""\u12"#, .unexpectedEnd, 6),
      (#""\u12x4""#, .invalidEscape, 6), (#""ab\ud83d\u12""#, .invalidEscape, 14),
      (#""ab\ud83dx""#, .loneSurrogate, 4), (#""ab\ud83d\n""#, .loneSurrogate, 4),
      (#""ab\ud83d\ud83d""#, .loneSurrogate, 4),
      (#""ab\ude00\ud83d""#, .loneSurrogate, 4), (#""ab\u0000""#, .nulCharacter, 4), (#""ab\""#, .unexpectedEnd, 6),
      (#""abc"#, .unexpectedEnd, 5), (#""abc\n"#, .unexpectedEnd, 7),
    ])
  func badEscapePosition(text: String, reason: JSONSyntaxError.Reason, column: Int) {
    let error = Self.failure(Array(text.utf8))
    #expect(error?.reason == reason)
    #expect(error?.column == column)
  }

  @Test("the string reader hands out the literal's bytes, or decoded bytes that stay where they were written")
  func stringReader() throws {
    let line = Array(#""plain" "a\u00e9\ud83d\ude00\"" "日本語" "x\ty""#.utf8)
    var buffer = ByteBuffer(capacity: line.count)
    let base = buffer.base
    var texts: [String] = []
    try ByteView.with(contentsOf: line) { bytes throws(JSONString.Failure) in
      var index = 0
      var reads: [JSONString.Read] = []
      while index < bytes.count {
        if bytes[index] == 0x20 { index += 1 }
        reads.append(try JSONString.read(bytes, at: &index, into: &buffer))
      }
      #expect(reads == [.plain(1..<6), .decoded(0..<8), .plain(33..<42), .decoded(8..<11)])
      for read in reads {
        switch read {
        case .plain(let range):
          texts.append(bytes[range].string)
        case .decoded(let range):
          texts.append(buffer.view(range).string)
        }
      }
    }
    #expect(texts == ["plain", "aé😀\"", "日本語", "x\ty"])
    // Room for the whole line was made first, so decoding never moved the buffer.
    #expect(buffer.base == base)
  }
}
