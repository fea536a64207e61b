import Foundation
import Testing

@testable import FormRules
@testable import FormRulesPassword

/// The byte-level index behind `notCommon` must answer as the `Set<String>` lookups do.
@Suite("CommonPasswordIndex: byte lookups and the non-ASCII shortcut")
struct CommonPasswordIndexTests {
  @Test("every scalar the shortcut relies on is kept as it is by the canonical form")
  func keptScalars() {
    var changed: [UInt32] = []
    for range in CommonPasswordIndex.keptRanges {
      for value in range {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let text = String(scalar)
        if PasswordList.canonical("a" + text + "b") != "a" + text + "b" { changed.append(value) }
      }
    }
    for value in UInt32(0)...0x10FFFF {
      let listed = CommonPasswordIndex.keptRanges.contains { $0.contains(value) }
      if CommonPasswordIndex.keepsItself(value) != listed { changed.append(value) }
    }
    #expect(changed.isEmpty, "\(changed.prefix(10).map { String($0, radix: 16) })")
    #expect(!CommonPasswordIndex.keepsItself(0x41))
    #expect(!CommonPasswordIndex.keepsItself(0xFF41))
  }

  static let entries: Set<String> = ["password", "qwerty", "пароль", "パスワード", "日本", "a", "p@ss w0rd"]

  @Test("contains answers for bytes as Set<String>.contains answers for the string")
  func contains() {
    let index = CommonPasswordIndex([Self.entries])
    for candidate in Self.entries.sorted() + ["passwor", "passwords", "PASSWORD", "", "b", "パスワー", "日本語"] {
      ByteView.withUTF8(candidate) { bytes in
        #expect(index.contains(bytes) == Self.entries.contains(candidate), "\(candidate)")
      }
    }
    #expect(index.longest == "パスワード".utf8.count)
  }

  @Test("an entry of any length up to 24 is found, and a one-byte change at any position is not")
  func everyLengthAndPosition() {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
    let entries = (1...24).map { length in
      String(decoding: (0..<length).map { alphabet[($0 * 7 + length) % 36] }, as: UTF8.self)
    }
    let index = CommonPasswordIndex([Set(entries)])
    for entry in entries {
      ByteView.withUTF8(entry) { #expect(index.contains($0), "\(entry)") }
      let bytes = Array(entry.utf8)
      for position in bytes.indices {
        var changed = bytes
        changed[position] = UInt8(ascii: "#")
        ByteView.with(changed) { #expect(!index.contains($0), "\(entry) changed at \(position)") }
      }
      ByteView.with(bytes + [UInt8(ascii: "z")]) { #expect(!index.contains($0), "\(entry) + z") }
    }
  }

  @Test("the shipped list goes in from its bytes: exactly its first top canonical lines, and the sets")
  func defaultListFromBytes() {
    let lines = PasswordList.defaultLines
    for top in [nil, 3000, 1] as [Int?] {
      let kept = Set(top.map { lines.prefix($0) } ?? lines[...])
      let index = CommonPasswordIndex(defaultListTop: top, includesDefault: true, sets: [["kept-word", "123456"]])
      for line in lines {
        ByteView.withUTF8(line) { #expect(index.contains($0) == kept.contains(line), "\(line), top \(top ?? -1)") }
      }
      ByteView.withUTF8("kept-word") { #expect(index.contains($0)) }
      #expect(index.longest == (kept.union(["kept-word"]).map(\.utf8.count).max() ?? 0))
    }
  }

  @Test("rulesOut never rules out a value whose canonical form is an entry")
  func rulesOutIsSound() {
    let index = CommonPasswordIndex([Self.entries])
    let candidates = [
      "パスワード", "ﾊﾟｽﾜｰﾄﾞ", "パスワ\u{30FC}ド", "ハ\u{309A}スワード", "日本", "　日本　", "日本語です", "😀password", "password😀",
      "が", "か\u{3099}", "한국어", "ｐａｓｓｗｏｒｄ", "пароль", "ПАРОЛЬ", "👍🏽", "❤️",
    ]
    for candidate in candidates {
      let matches = Self.entries.contains(PasswordList.canonical(candidate))
      let ruledOut = ByteView.withUTF8(candidate) { index.rulesOut($0) }
      if matches { #expect(!ruledOut, "\(candidate)") }
    }
    #expect(ByteView.withUTF8("日本語です") { index.rulesOut($0) })
  }

  @Test("the notCommon rule fails exactly on the corpus passwords whose canonical form is listed")
  func ruleAgreesOnCorpus() throws {
    let policy = try BulkValidatorTests.benchPolicy()
    let list = try String(
      contentsOf: BulkValidatorTests.packageRoot.appendingPathComponent(
        "Rules/lists/common-passwords/common-passwords.txt"), encoding: .utf8)
    let entries = Set(list.split(whereSeparator: \.isNewline).map { PasswordList.canonical(String($0)) })
    let lines = try BulkValidatorTests.corpus.get().prefix(30_000)
    var checked = 0
    for line in lines {
      guard case .success(let values) = InputRecord.decode(line, knownFields: ["password"]),
        let password = values["password"] ?? nil
      else { continue }
      let codes = policy.validate(["password": password]).fields["password"]?.failures.map(\.code) ?? []
      let canonical = PasswordList.canonical(password)
      #expect(codes.contains("notCommon") == (!canonical.isEmpty && entries.contains(canonical)), "\(password)")
      checked += 1
    }
    #expect(checked > 25_000)
  }
}
