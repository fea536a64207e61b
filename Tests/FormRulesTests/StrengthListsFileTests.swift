import Foundation
import Testing

@testable import FormRules

/// `Rules/lists/strength/words.bin` is what the JSON lists compile to, and holds exactly
/// their words and ranks. With `FORMRULES_WRITE_STRENGTH_LISTS=1` (what
/// `scripts/compile-strength-lists.sh` sets) the first test rewrites the file instead.
@Suite("strength lists file", .serialized)
struct StrengthListsFileTests {
  static let directory = StrengthTests.directory
  static let file = directory.appendingPathComponent(StrengthListsFile.name)

  static func committed() throws -> [UInt8] { Array(try Data(contentsOf: file)) }

  @Test("the committed words.bin is byte for byte what the JSON lists compile to")
  func upToDate() throws {
    let compiled = try StrengthListsFile.compile(directory: Self.directory)
    if ProcessInfo.processInfo.environment["FORMRULES_WRITE_STRENGTH_LISTS"] == "1" {
      try Data(compiled).write(to: Self.file)
    }
    let committed = try Self.committed()
    #expect(
      committed == compiled,
      "Rules/lists/strength/words.bin is stale: run scripts/compile-strength-lists.sh and commit it")
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

  @Test("every list's words with their ranks, no more and no fewer, sorted; the romaji section likewise")
  func sameWordsAndRanks() throws {
    let contents = try StrengthListsFile.contents(of: try Self.committed(), file: Self.file.path)
    let expected = try Self.jsonLists()
    var found = [[String: Int]](repeating: [:], count: StrengthListsFile.lists.count)
    for entry in contents.words {
      let word = String(String.UnicodeScalarView(entry.word.compactMap(Unicode.Scalar.init)))
      #expect(found[entry.list][word] == nil, "\(word) twice in list \(entry.list)")
      found[entry.list][word] = entry.rank
    }
    for (i, list) in StrengthListsFile.lists.enumerated() {
      #expect(found[i].count == expected[i].count, "\(list.file)")
      #expect(found[i] == expected[i], "\(list.file)")
    }
    #expect(contents.words.count > 260_000)
    for section in [contents.words, contents.romaji] {
      for (a, b) in zip(section, section.dropFirst()) {
        #expect(a.word.lexicographicallyPrecedes(b.word) || (a.word == b.word && a.list < b.list))
      }
    }
    var romaji = [[[UInt32]: Int]](repeating: [:], count: StrengthListsFile.lists.count)
    for (i, list) in StrengthListsFile.lists.enumerated() where list.language == .ja {
      for (word, rank) in expected[i] {
        let reduced = Romaji.reducedWord(word)
        if !reduced.isEmpty { romaji[i][reduced] = min(romaji[i][reduced] ?? .max, rank) }
      }
    }
    var foundRomaji = [[[UInt32]: Int]](repeating: [:], count: StrengthListsFile.lists.count)
    for entry in contents.romaji { foundRomaji[entry.list][entry.word] = entry.rank }
    #expect(foundRomaji == romaji)
    // Strings read per list (repeats and all), what wordCount adds up.
    for (i, list) in StrengthListsFile.lists.enumerated() where list.kind != .sequences {
      let value = try JSONParser().parse(Array(try Data(contentsOf: Self.directory.appendingPathComponent(list.file))))
      #expect(contents.counts[i] == value.arrayValue?.count, "\(list.file)")
    }
  }

  @Test(
    "the tries built from the file give every word its best rank over the loaded lists",
    arguments: [
      [StrengthLanguage.en, .ja], [.en], [.ja],
    ])
  func triesMatchLists(languages: [StrengthLanguage]) throws {
    let dictionary = try StrengthDictionary.load(directory: Self.directory, languages: languages)
    let expected = try Self.jsonLists()
    var best: [String: (rank: Int, source: WordSource)] = [:]
    var all: Set<String> = []
    for (i, list) in StrengthListsFile.lists.enumerated() {
      let loaded = list.language.map(languages.contains) ?? true
      for (word, rank) in expected[i] {
        all.insert(word)
        guard loaded else { continue }
        if let old = best[word], old.rank <= rank { continue }
        best[word] = (rank, list.source)
      }
    }
    for word in all {
      let scalars = word.unicodeScalars.map(\.value)
      var node = WordTrie.root
      for c in scalars {
        guard let next = dictionary.words.child(node, c) else {
          node = -1
          break
        }
        node = next
      }
      let rank = node < 0 ? 0 : dictionary.words.rank(node)
      #expect(rank == (best[word]?.rank ?? 0), "\(word)")
      if let b = best[word], node >= 0 { #expect(dictionary.words.source(node) == b.source.rawValue, "\(word)") }
    }
    let counts = try StrengthListsFile.contents(of: try Self.committed(), file: Self.file.path).counts
    let loadedCount = zip(StrengthListsFile.lists, counts).reduce(0) { total, pair in
      total + ((pair.0.language.map(languages.contains) ?? true) ? pair.1 : 0)
    }
    #expect(dictionary.wordCount == loadedCount)
    #expect((dictionary.romaji != nil) == languages.contains(.ja))
    if let romaji = dictionary.romaji { #expect(romaji.rank(of: Romaji.reducedWord("toukyou")) > 0) }
  }

  @Test("a damaged or stale file is an error naming it and the way to regenerate it")
  func damaged() throws {
    let bytes = try Self.committed()
    let cases: [[UInt8]] = [
      [], Array("[\"password\"]".utf8), Array(bytes.prefix(100)), Array(bytes.dropLast()), bytes + [0],
      Array(bytes.prefix(8)) + [3] + Array(bytes.dropFirst(9)),
    ]
    for damaged in cases {
      do {
        _ = try StrengthListsFile.read(damaged, file: "/x/words.bin") { _, _, _, _, _ in }
        Issue.record("accepted \(damaged.count) damaged bytes")
      } catch {
        #expect(error.description.hasPrefix("/x/words.bin: "))
        #expect(error.description.contains("scripts/compile-strength-lists.sh"))
      }
    }
  }
}
