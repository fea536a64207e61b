import FormRules

/// Seeded sign-up and login records for tests that need many inputs: the edges a validation
/// library meets (empty, whitespace only with U+3000, Japanese, emoji and combining
/// characters, long values, a confirmation that differs) mixed with ordinary values, and, when
/// asked, JSON Lines that are not records (malformed JSON, a number, a duplicate key, invalid
/// UTF-8). The same seed gives the same records, so a failing record can be replayed.
///
/// ```swift
/// var records = RecordGenerator(seed: 42)
/// let values = records.values()          // ["email": …, "password": …, …]
/// let line = records.jsonLine()          // a JSON Lines record, without "\n"
/// ```
public struct RecordGenerator: Sendable {
  public var random: SeededRandom
  /// One line in this many from ``jsonLine()`` is not a record; 0 for none.
  public var malformedOneIn: UInt64

  public init(seed: UInt64, malformedOneIn: UInt64 = 0) {
    random = SeededRandom(seed: seed)
    self.malformedOneIn = malformedOneIn
  }

  public static let emails = [
    "taro@example.jp", " taro@example.jp ", "\u{3000}hanako@example.co.jp\u{3000}", "taro@例え.jp", "a..b@example.com",
    "taro.example.jp", "", " \u{3000}\t", "TARO@EXAMPLE.JP", "user+tag@mail.example.org", "ｔａｒｏ@example.jp",
    "👍@example.jp", String(repeating: "a", count: 65) + "@example.jp",
  ]
  public static let passwords = [
    "abc123", "abc12", "correct horse battery staple", "パスワードです長い", "あいうえおか", "👍👍👍👍👍", "👍👍👍👍👍👍",
    "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}", "  ab  ", "", "\u{3000}\u{3000}\u{3000}", "password",
    "S3cr3t-Zebra-9417", String(repeating: "x", count: 300),
  ]
  public static let names = ["Taro", "ﾀﾛｳ", "e\u{301}", "👨‍👩‍👧 family", "山田 太郎", "", "\u{3000}"]
  static let notRecords: [[UInt8]] = [
    Array("not json".utf8), Array(#"{"email": 42}"#.utf8), Array(#"{"email": "a", "email": "b"}"#.utf8),
    [0x7B, 0x22, 0xFF, 0x22, 0x7D], Array("[]".utf8), Array(#"{"email": "taro@example.jp""#.utf8),
  ]

  /// The next record's values: `email`, `name`, `password` and `password_confirmation` (equal
  /// to the password three times in four), a field now and then absent or `null`.
  public mutating func values() -> [String: String?] {
    let password = random.pick(Self.passwords)
    var values: [String: String?] = [
      "email": random.pick(Self.emails), "name": random.pick(Self.names), "password": password,
      "password_confirmation": random.oneIn(4) ? password + "!" : password,
    ]
    if random.oneIn(16) { values["name"] = nil }
    if random.oneIn(32) { values["email"] = .some(nil) }
    return values
  }

  /// The next JSON Lines line (without `\n`): the JSON object of ``values()`` with its keys in
  /// a fixed order, or, one in ``malformedOneIn``, a line that is not a record.
  public mutating func jsonLine() -> [UInt8] {
    if malformedOneIn > 0, random.oneIn(malformedOneIn) { return random.pick(Self.notRecords) }
    let values = values()
    var writer = JSONWriter()
    writer.raw("{")
    var first = true
    for key in ["email", "name", "password", "password_confirmation"] {
      guard let value = values[key] else { continue }
      if !first { writer.raw(",") }
      first = false
      writer.key(key)
      if let value { writer.string(value) } else { writer.raw("null") }
    }
    writer.raw("}")
    return writer.bytes
  }

  /// `count` lines of ``jsonLine()``, each ending in `\n`.
  public mutating func jsonLines(_ count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<count {
      bytes += jsonLine()
      bytes.append(0x0A)
    }
    return bytes
  }
}
