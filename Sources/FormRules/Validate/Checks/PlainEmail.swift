/// A one-pass acceptance test for the plain ASCII addresses nearly every form receives
/// (`taro.yamada@example.co.jp`), used by ``Email``'s byte-level check before the full
/// ``EmailSyntax`` scan.
///
/// It answers `true` only for a dot-atom local part of ASCII atext and a hostname of
/// letters, digits and inner hyphens that meet every limit of the `practical` and `rfc`
/// profiles, which treat such addresses alike; then `EmailSyntax.check(utf8:)` returns
/// `nil` as well. Anything else — including every invalid address, which needs its
/// reason — goes to the full scan. A test compares both on the benchmark corpus and the
/// isemail suites.
enum PlainEmail {
  private static let atext: UInt8 = 1
  private static let hostname: UInt8 = 2
  private static let digit: UInt8 = 4
  private static let letter: UInt8 = 8

  /// Character classes of the ASCII bytes; bytes from 0x80 have none.
  private static let classes: ByteTable = {
    var table = [UInt8](repeating: 0, count: 256)
    for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = atext | hostname | letter }
    for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = atext | hostname | letter }
    for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = atext | hostname | digit }
    for byte in "!#$%&'*+-/=?^_`{|}~".utf8 { table[Int(byte)] |= atext }
    table[Int(UInt8(ascii: "-"))] |= hostname
    return ByteTable(table)
  }()

  /// - Parameter allowSpecialUse: the profile's ``EmailSyntax/allowSpecialUse``.
  static func accepts(_ bytes: ByteView, allowSpecialUse: Bool) -> Bool {
    let count = bytes.count
    guard count > 0, count <= 254 else { return false }
    do {
      let table = classes
      // The local part: atext with single inner dots.
      var i = 0
      var afterDot = true
      while i < count {
        let byte = bytes[i]
        if byte == UInt8(ascii: "@") { break }
        if byte == UInt8(ascii: ".") {
          if afterDot { return false }
          afterDot = true
        } else {
          if table[byte] & atext == 0 { return false }
          afterDot = false
        }
        i += 1
      }
      guard i < count, i > 0, i <= 64, !afterDot else { return false }
      // The domain: two or more labels of 1 to 63 characters, no hyphen at either end and none
      // in positions 3 and 4 (A-labels, and the labels UTS #46 refuses, take the full scan), a
      // top-level label of two or more letters, at most 253 bytes.
      let domainStart = i + 1
      guard count - domainStart >= 1, count - domainStart <= 253 else { return false }
      var labelStart = domainStart
      var labels = 0
      var letters = true
      var j = domainStart
      while true {
        // Past the end reads as a dot: the last label ends there like the others.
        let byte = bytes.byte(at: j, orElse: UInt8(ascii: "."))
        if byte == UInt8(ascii: ".") {
          let length = j - labelStart
          guard length > 0, length <= 63, bytes[labelStart] != UInt8(ascii: "-"), bytes[j - 1] != UInt8(ascii: "-")
          else { return false }
          if length >= 4 && bytes[labelStart + 2] == UInt8(ascii: "-") && bytes[labelStart + 3] == UInt8(ascii: "-") {
            return false
          }
          labels += 1
          if j >= count { break }
          j += 1
          labelStart = j
          letters = true
          continue
        }
        let kind = table[byte]
        if kind & hostname == 0 { return false }
        if kind & letter == 0 { letters = false }
        j += 1
      }
      guard labels >= 2, letters, count - labelStart >= 2 else { return false }
      return allowSpecialUse || !TopLevelDomain.isSpecialUse(bytes.suffix(from: labelStart))
    }
  }
}
