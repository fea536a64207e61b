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
}
