import FormRulesTestSupport
import Foundation
import Testing

@testable import FormRules

// MARK: - html against the WHATWG pattern

@Suite("EmailSyntax html profile against the WHATWG pattern")
struct EmailSyntaxHTMLPatternTests {
  static let localGood = ["a", "Z", "0", ".", ".", "!", "~", "'", "`", "-", "_", "{"]
  static let bad = ["é", " ", "\"", "(", "\\", "\n", "_", "＠", "[", "\u{0}"]
  static let labelGood = ["a", "Z", "9", "-"]

  /// Mostly valid input with a sprinkling of mistakes, so both outcomes come up often and the
  /// mistakes sit at the interesting places: label ends, label lengths 62–64, dots and the "@".
  static func generate(_ random: inout SeededRandom) -> String {
    func maybeBad(_ good: [String], oneIn odds: UInt64) -> String {
      random.next() % odds == 0 ? random.pick(bad) : random.pick(good)
    }
    var text = ""
    for _ in 0..<(1 + random.next() % 5) { text += maybeBad(localGood, oneIn: 25) }
    text += random.next() % 10 == 0 ? random.pick(["", "@@", "＠", "@a@"]) : "@"
    for index in 0..<(1 + random.next() % 3) {
      if index > 0 { text += random.next() % 20 == 0 ? random.pick(["..", "-", ""]) : "." }
      let length = random.pick([1, 1, 2, 3, 5, 61, 62, 63, 64])
      for position in 0..<length {
        let atEnd = position == 0 || position == length - 1
        text +=
          atEnd
          ? maybeBad(random.next() % 6 == 0 ? ["-"] : ["a", "Z", "7"], oneIn: 30)
          : maybeBad(labelGood, oneIn: 200)
      }
    }
    if random.next() % 15 == 0 { text += random.pick([".", "\n", "-", " ", "\r\n"]) }
    return text
  }

  @Test("html accepts exactly what the WHATWG pattern accepts")
  func differential() throws {
    let pattern = try Regex(
      #"[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*"#
    ).matchingSemantics(.unicodeScalar)
    let html = EmailSyntax(profile: .html)
    var random = SeededRandom(seed: 0x00C0_FFEE)
    var matched = 0
    for _ in 0..<3000 {
      let text = Self.generate(&random)
      let expected = text.wholeMatch(of: pattern) != nil
      if expected { matched += 1 }
      #expect((html.check(text) == nil) == expected, "\(String(reflecting: text))")
    }
    // Make sure the generator reaches both sides of the grammar.
    #expect(matched > 300 && matched < 2700, "\(matched) matched")
  }
}
