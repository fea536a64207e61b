import Foundation
import Testing

@testable import FormRules
@testable import FormRulesPassword

/// `Sources/FormRulesPassword/Resources/strength/words.bin` is what the JSON lists compile to, and holds exactly
/// their words and ranks. `scripts/regenerate.sh` writes it; these tests only compare.
@Suite("strength lists file", .serialized)
struct StrengthListsFileTests {
  static let directory = StrengthTests.directory
  static let file = directory.appendingPathComponent(StrengthListsFile.name)

  static func committed() throws -> [UInt8] { Array(try Data(contentsOf: file)) }

  @Test("the committed words.bin is byte for byte what the JSON lists compile to")
  func upToDate() throws {
    let compiled = try StrengthListsFile.compile(directory: Self.directory)
    let committed = try Self.committed()
    #expect(
      committed == compiled,
      "Sources/FormRulesPassword/Resources/strength/words.bin is stale: run scripts/regenerate.sh and commit it"
    )
  }

  /// Reads the JSON lists independently of the compiler (the plain JSON parser, every
  /// string canonical) into list → word → best rank.
  static func jsonLists() throws -> [[String: Int]] {
    try StrengthListsFile.lists.map { list in
      let url = directory.appendingPathComponent(list.file)
      let value = try JSONParser().parse(Array(try Data(contentsOf: url)))
      var best: [String: Int] = [:]
      func add(_ word: String, _ rank: Int) {
        let canonical = PasswordList.canonical(word)
        guard !canonical.isEmpty else { return }
        best[canonical] = min(best[canonical] ?? .max, rank)
      }
      switch list.kind {
      case .ranked:
        for (i, word) in try #require(value.arrayValue).enumerated() { add(try #require(word.stringValue), i + 1) }
      case .unranked:
        let words = try #require(value.arrayValue)
        for word in words { add(try #require(word.stringValue), words.count) }
      case .sequences:
        let object = try #require(value.objectValue)
        let sequences = try object.keys.map { try #require(object[$0]?.arrayValue) }
        let total = sequences.reduce(0) { $0 + $1.count }
        for word in sequences.joined() { add(try #require(word.stringValue), total) }
      }
      return best
    }
  }

  static let languageSets: [[StrengthLanguage]] = [[.en, .ja], [.en], [.ja]]

  /// Per word, its best rank over the lists a language set loads and the source of the
  /// first list with that rank.
  static func best(
    _ expected: [[String: Int]], languages: [StrengthLanguage], romaji: Bool
  ) -> [[UInt32]: Int] {
    var best: [[UInt32]: Int] = [:]
    for (i, list) in StrengthListsFile.lists.enumerated() {
      if romaji { guard list.language == .ja else { continue } }
      guard list.language.map(languages.contains) ?? true else { continue }
      for (word, rank) in expected[i] {
        let key = romaji ? Romaji.reducedWord(word) : word.unicodeScalars.map(\.value)
        guard !key.isEmpty else { continue }
        let value = rank << 3 | Int(list.source.rawValue)
        if let old = best[key], old >> 3 <= rank { continue }
        best[key] = value
      }
    }
    return best
  }

  @Test(
    "each language set reads every word of its lists at its best rank and source, no more and no fewer",
    arguments: languageSets)
  func triesMatchLists(languages: [StrengthLanguage]) throws {
    let dictionary = try StrengthDictionary.load(directory: Self.directory, languages: languages)
    let expected = try Self.jsonLists()
    for (trie, romaji) in [(dictionary.words, false), (dictionary.romaji, true)] {
      guard let trie else {
        #expect(romaji && !languages.contains(.ja))
        continue
      }
      let want = Self.best(expected, languages: languages, romaji: romaji)
      var found: [[UInt32]: Int] = [:]
      trie.forEachWord { word, rank, source in
        #expect(found[word] == nil)
        found[word] = rank << 3 | Int(source)
      }
      #expect(found.count == want.count, "romaji: \(romaji)")
      #expect(found == want, "romaji: \(romaji)")
      // The lookups the estimator makes find the same.
      for (word, value) in want {
        var node = WordTrie.root
        for c in word { node = trie.child(node, c) ?? -1; if node < 0 { break } }
        #expect(node >= 0 && trie.rank(node) == value >> 3 && Int(trie.source(node)) == value & 7)
      }
      if romaji { #expect(trie.rank(of: Romaji.reducedWord("toukyou")) > 0) }
      // Every node's word-end flag (what the estimator reads first) agrees with its column.
      var disagreeing = 0
      for node in 0..<trie.nodeCount {
        let end = trie.wordEnd(node)
        if end.flagged != (end.value != 0) { disagreeing += 1 }
      }
      #expect(disagreeing == 0, "romaji: \(romaji)")
    }
    #expect((dictionary.romaji != nil) == languages.contains(.ja))
    // Strings read per list (repeats and all), what wordCount adds up.
    let counts = try StrengthListsFile.Mapped(path: Self.file.path).parsed.counts
    for (i, list) in StrengthListsFile.lists.enumerated() where list.kind != .sequences {
      let value = try JSONParser().parse(Array(try Data(contentsOf: Self.directory.appendingPathComponent(list.file))))
      #expect(counts[i] == value.arrayValue?.count, "\(list.file)")
    }
    let loadedCount = zip(StrengthListsFile.lists, counts).reduce(0) { total, pair in
      total + ((pair.0.language.map(languages.contains) ?? true) ? pair.1 : 0)
    }
    #expect(dictionary.wordCount == loadedCount)
    if languages.count == 2 { #expect(dictionary.wordCount > 260_000) }
  }

  /// The committed file with `edit` applied, the checksum recomputed when `resum`.
  static func edited(_ edit: (inout [UInt8], StrengthListsFile.Parsed) -> Void, resum: Bool) throws -> [UInt8] {
    var bytes = try committed()
    let parsed = try ByteView.with(contentsOf: bytes) { view throws(StrengthDictionary.LoadError) in
      try StrengthListsFile.parse(view, file: "x")
    }
    edit(&bytes, parsed)
    if resum {
      let sum = ByteView.with(contentsOf: bytes) { StrengthListsFile.checksum($0) }
      for i in 0..<8 { bytes[16 + i] = UInt8(truncatingIfNeeded: sum >> (8 * UInt64(i))) }
    }
    return bytes
  }

  static func put(_ value: Int32, at offset: Int, in bytes: inout [UInt8]) {
    for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * Int32(i))) }
  }

  @Test("a damaged, truncated or stale file is an error naming it and the way to regenerate it, never a crash")
  func damaged() throws {
    let bytes = try Self.committed()
    let middle = bytes.count / 2
    let cases: [(String, [UInt8])] = [
      ("empty", []), ("JSON", Array("[\"password\"]".utf8)), ("100 bytes", Array(bytes.prefix(100))),
      ("one byte short", Array(bytes.dropLast())), ("one byte more", bytes + [0]),
      ("half", Array(bytes.prefix(middle))),
      ("old format", Array("FRSTRW1\n".utf8) + Array(bytes.dropFirst(8))),
      ("the previous format", Array("FRSTRW2\n".utf8) + Array(bytes.dropFirst(8))),
      ("a flipped byte", try Self.edited({ b, _ in b[middle] ^= 0x40 }, resum: false)),
      ("another list count", try Self.edited({ b, _ in b[StrengthListsFile.headerSize] = 3 }, resum: true)),
      (
        "a child out of range",
        try Self.edited({ b, p in Self.put(Int32.max, at: p.words.nodes + 8 * 1000, in: &b) }, resum: true)
      ),
      (
        "starts going back",
        try Self.edited({ b, p in Self.put(2, at: p.romaji.nodes + 8 * 500, in: &b) }, resum: true)
      ),
      (
        "a root entry out of range",
        try Self.edited(
          { b, p in Self.put(Int32(p.words.nodeCount), at: p.words.rootASCII + 4 * 97, in: &b) }, resum: true)
      ),
      (
        "a huge node count",
        try Self.edited({ b, p in Self.put(1 << 29, at: p.romaji.rootASCII - 12, in: &b) }, resum: true)
      ),
    ]
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strength-damaged-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, damaged) in cases {
      let path = folder.appendingPathComponent("words.bin").path
      try Data(damaged).write(to: URL(fileURLWithPath: path))
      do {
        _ = try StrengthListsFile.Mapped(path: path)
        Issue.record("accepted: \(name)")
      } catch {
        #expect(error.description.hasPrefix("\(path): "), "\(name)")
        #expect(error.description.contains("scripts/regenerate.sh"), "\(name): \(error.description)")
      }
    }
  }

  @Test("a policy over a damaged file fails to compile with the file named")
  func damagedPolicy() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strength-policy-\(getpid())")
    let lists = folder.appendingPathComponent("lists/strength")
    try FileManager.default.createDirectory(
      at: lists.appendingPathComponent("common"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(try Self.committed().dropLast(1000)).write(to: lists.appendingPathComponent("words.bin"))
    try FileManager.default.copyItem(
      at: Self.directory.appendingPathComponent("common/adjacencyGraphs.json"),
      to: lists.appendingPathComponent("common/adjacencyGraphs.json"))
    let rules = folder.appendingPathComponent("rules.json")
    try Data(#"{"version": 1, "fields": {"password": {"rules": [{"strength": 3}]}}}"#.utf8).write(to: rules)
    do {
      _ = try RuleSet(contentsOf: rules, options: .init(dataFolders: ["strength": lists]), registry: .standard)
        .compile()
      Issue.record("compiled over a truncated words.bin")
    } catch {
      let text = "\(error)"
      #expect(text.contains(lists.appendingPathComponent("words.bin").path), "\(text)")
      #expect(text.contains("truncated"), "\(text)")
    }
  }
}
