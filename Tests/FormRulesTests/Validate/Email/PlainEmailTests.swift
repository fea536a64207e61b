import FormRulesTestSupport
import Foundation
import Testing

@testable import FormRules

/// `PlainEmail.accepts` is a shortcut: whatever it accepts, the full scan must accept too.
@Suite("PlainEmail: the one-pass shortcut never accepts what EmailSyntax rejects")
struct PlainEmailTests {
  static let profiles = [EmailSyntax(profile: .practical), EmailSyntax(profile: .rfc)]

  /// Checks the implication for one address; returns whether the shortcut accepted it.
  @discardableResult
  static func expectSound(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    ByteView.with(bytes) { address in
      let strict = PlainEmail.accepts(address, allowSpecialUse: false)
      if PlainEmail.accepts(address, allowSpecialUse: true) {
        let reason = EmailSyntax(profile: .rfc).check(utf8: address)
        #expect(reason == nil, "rfc: \(String(describing: reason))", sourceLocation: sourceLocation)
      }
      guard strict else { return false }
      for syntax in profiles {
        let reason = syntax.check(utf8: address)
        #expect(
          reason == nil, "\(String(decoding: bytes, as: UTF8.self)): \(String(describing: reason))",
          sourceLocation: sourceLocation)
      }
      return true
    }
  }

  @Test("the isemail suites")
  func isemail() throws {
    var accepted = 0
    for c in try IsEmailCorpus.loaded.get() where Self.expectSound(c.bytes) { accepted += 1 }
    #expect(accepted > 50)
  }

  static let tricky = [
    "a@b.co", "a@b.c", "a.b@c.de", ".a@b.co", "a.@b.co", "a..b@c.de", "@b.co", "a@", "a@b", "a@.b.co", "a@b..co",
    "a@b.co.", "a@-b.co", "a@b-.co", "a@b.-co", "a@b.co-", "a@b.123", "a@1.2.3.4", "a@b.1a", "a@[1.2.3.4]",
    "\"a\"@b.co", "a b@c.de", "a@b c.de", "a@@b.co", "a@b@c.de", "a\u{7F}@b.co", "a\t@b.co", "a@b.co\n",
    "!#$%&'*+-/=?^_`{|}~@example.com", "a@" + String(repeating: "x", count: 63) + ".com",
    "a@b.test", "a@b.TEST", "a@b.localhost", "a@b.alt", "a@test.com", "a@b.c1", "a@b.xn--p1ai", "a@xn--bcher-kva.de",
    "a@xn--0.de", "a@ab--c.de", "a@c--n.de", "a@b.co-m", "a@b.museum",
    "a@" + String(repeating: "x", count: 64) + ".com", String(repeating: "x", count: 64) + "@b.co",
    String(repeating: "x", count: 65) + "@b.co",
    "a@" + Array(repeating: String(repeating: "x", count: 50), count: 5).joined(separator: ".") + ".com",
    "a@" + Array(repeating: String(repeating: "x", count: 60), count: 4).joined(separator: ".") + ".co",
    String(repeating: "x", count: 64) + "@"
      + Array(repeating: String(repeating: "y", count: 62), count: 3)
      .joined(separator: ".") + ".co",
  ]

  @Test("limits and shapes", arguments: tricky)
  func shapes(_ address: String) {
    Self.expectSound(Array(address.utf8))
  }

  /// The corpus's addresses and, from each, mutants with one byte replaced or inserted.
  @Test("benchmark corpus addresses and 200,000 mutants")
  func corpusAndMutants() throws {
    let lines = try BulkValidatorTests.corpus.get().prefix(20_000)
    var generator = SeededRandom(seed: 0x5EED)
    let alphabet = Array("aZ09.-_@+\"[] \t\u{7F}!~".utf8) + [0xC3, 0xA9, 0xE3]
    var accepted = 0
    for line in lines {
      guard case .success(let values) = InputRecord.decode(line, knownFields: ["email"]),
        let email = values["email"] ?? nil
      else { continue }
      let bytes = Array(Transform.trimmingWhitespace(email).utf8)
      if Self.expectSound(bytes) { accepted += 1 }
      for _ in 0..<10 where !bytes.isEmpty {
        var mutant = bytes
        let position = Int(generator.next() % UInt64(mutant.count))
        let byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
        if generator.next() & 1 == 0 { mutant[position] = byte } else { mutant.insert(byte, at: position) }
        Self.expectSound(mutant)
      }
    }
    // The shortcut is taken for most real addresses, or it would not be worth having.
    #expect(accepted > 10_000)
  }
}
