import Testing

@testable import TerminalForm

@Suite("KeyDecoder")
struct KeyDecoderTests {
  static func decode(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes) + decoder.flush()
  }

  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test(
    "Single keys and escape sequences",
    arguments: [
      ("\t", Key.tab), ("\r", .enter), ("\n", .enter), ("\u{7F}", .backspace), ("\u{08}", .backspace),
      ("\u{03}", .interrupt), ("\u{12}", .control("r")), ("\u{15}", .control("u")),
      ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
      ("\u{1B}OA", .up), ("\u{1B}OH", .home), ("\u{1B}[H", .home), ("\u{1B}[F", .end),
      ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[3~", .delete), ("\u{1B}[Z", .backTab),
      ("\u{1B}[1;5C", .right), ("\u{1B}", .escape),
    ])
  func singleKeys(input: String, key: Key) {
    #expect(Self.decode(Self.bytes(input)) == [key])
  }

  @Test("A run of printable characters is one text key, cut by control keys")
  func textRuns() {
    #expect(Self.decode(Self.bytes("abc\tdef\r")) == [.text("abc"), .tab, .text("def"), .enter])
  }

  @Test("UTF-8 text from an IME arrives decoded, even split across reads")
  func utf8Split() {
    var decoder = KeyDecoder()
    let bytes = Self.bytes("パスワード👍")
    var keys: [Key] = []
    for byte in bytes { keys += decoder.decode([byte]) }
    #expect(!decoder.hasPending)
    #expect(keys.map { if case .text(let t) = $0 { t } else { "?" } }.joined() == "パスワード👍")
  }

  @Test("An escape sequence split across reads waits for its end")
  func splitEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.hasPending)
    #expect(decoder.decode(Self.bytes("[")) == [])
    #expect(decoder.decode(Self.bytes("Z")) == [.backTab])
    #expect(!decoder.hasPending)
  }

  @Test("A lone ESC becomes Escape only when input goes quiet")
  func loneEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.flush() == [.escape])
    #expect(decoder.decode([0x1B, 0x1B]) == [.escape])
    #expect(decoder.flush() == [.escape])
  }

  @Test("CRLF is one Enter; Alt-letter is ignored rather than cancelling")
  func crlfAndAlt() {
    #expect(Self.decode(Self.bytes("a\r\nb")) == [.text("a"), .enter, .text("b")])
    #expect(Self.decode(Self.bytes("\u{1B}x")) == [])
  }

  @Test(
    "Malformed UTF-8 becomes U+FFFD, one per bad byte",
    arguments: [
      ([0xFF], "\u{FFFD}"), ([0xC0, 0xAF], "\u{FFFD}\u{FFFD}"), ([0xE3, 0x81], "\u{FFFD}"),
      ([0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"), ([0x61, 0x80, 0x62], "a\u{FFFD}b"),
    ] as [([UInt8], String)])
  func malformed(bytes: [UInt8], text: String) {
    let keys = Self.decode(bytes)
    #expect(keys.map { if case .text(let t) = $0 { t } else { "?" } }.joined() == text)
  }
}

extension KeyDecoderTests {
  @Test(
    "H13h: control strings (OSC, DCS, SOS, PM, APC, and their C1 forms) are dropped whole, split or not",
    arguments: [
      "\u{1B}]52;c;SGVsbG8=\u{07}", "\u{1B}]0;title\u{1B}\\", "\u{1B}P1$r0m\u{1B}\\", "\u{1B}X sos \u{1B}\\",
      "\u{1B}^pm\u{07}", "\u{1B}_apc\u{9C}", "\u{9D}8;;https://example.com\u{07}", "\u{90}dcs\u{9C}",
      "\u{1B}]2;x\u{18}",
    ])
  func controlStrings(sequence: String) {
    let bytes = Self.bytes("a" + sequence + "b")
    #expect(Self.decode(bytes) == [.text("ab")])
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for byte in bytes { keys += decoder.decode([byte]) }
    keys += decoder.flush()
    #expect(keys.map { if case .text(let t) = $0 { t } else { "?" } }.joined() == "ab")
  }

  @Test("H13h: a control string ends at a control key (Alt+] then typing cannot swallow Enter) or when input is quiet")
  func controlStringEnds() {
    #expect(Self.decode(Self.bytes("\u{1B}]abc\rd")) == [.enter, .text("d")])
    var decoder = KeyDecoder()
    #expect(decoder.decode(Self.bytes("\u{1B}]abc")) == [])
    #expect(decoder.flush() == [])
    #expect(decoder.decode(Self.bytes("d")) == [.text("d")])
    #expect(Self.decode(Self.bytes("\u{9B}31mx\u{9B}A")) == [.text("x"), .up])
  }
}
