import Testing

@testable import FormRules
@testable import FormRulesPassword

@Suite("SHA1")
struct SHA1Tests {
  /// FIPS 180-2 Appendix A examples and the NIST CAVP short messages.
  @Test(
    "FIPS 180 vectors",
    arguments: [
      ("abc", "A9993E364706816ABA3E25717850C26C9CD0D89D"),
      ("", "DA39A3EE5E6B4B0D3255BFEF95601890AFD80709"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "84983E441C3BD26EBAAE4AA1F95129E5E54670F1"
      ),
      (
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        "A49B2446A02C645BF419F995B67091253A04A259"
      ),
      ("The quick brown fox jumps over the lazy dog", "2FD4E1C67A2D28FCED849EE1BB76E7391B93EB12"),
      ("password", "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8"),
    ])
  func vectors(message: String, expected: String) {
    #expect(SHA1.hex(message) == expected)
  }

  @Test("one million a (FIPS 180-2 A.3), fed in uneven pieces")
  func millionA() {
    var hasher = SHA1()
    let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 997)
    var remaining = 1_000_000
    while remaining > 0 {
      let n = min(remaining, chunk.count - remaining % 7)
      hasher.update(chunk[0..<n])
      remaining -= n
    }
    let hex = hasher.finalize().map { String($0, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }
    #expect(hex.joined() == "34AA973CD4C4DAA4F61EEB2BDBAD27316534016F")
  }

  @Test("block boundaries: 55, 56, 63, 64 and 65 bytes", arguments: [55, 56, 63, 64, 65, 119, 120, 128])
  func boundaries(count: Int) {
    let message = [UInt8](repeating: 0x61, count: count)
    var oneByOne = SHA1()
    for byte in message { oneByOne.update([byte]) }
    #expect(oneByOne.finalize() == SHA1.digest(message))
  }

  /// Expected values from Python's `hashlib.sha1(s.encode()).hexdigest().upper()`.
  @Test(
    "UTF-8 of Japanese and emoji",
    arguments: [
      ("パスワード", "A9694DC2E83BF1D3DD839259EAEB984FBBD86B31"),
      ("👍🏽", "3CE5B3E0E9CED702C20FF272FFEFFF04DA738C35"),
    ])
  func unicode(message: String, expected: String) {
    #expect(SHA1.hex(message) == expected)
  }
}
