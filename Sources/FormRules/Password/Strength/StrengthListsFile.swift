import Foundation

/// The strength lists precompiled into one file, `Rules/lists/strength/words.bin`, so a
/// process loads them without parsing JSON or hashing: every word of every list once per
/// list, canonical, sorted, with its rank, and the Japanese lists again in their reduced
/// romaji spelling (``Romaji/reducedWord(_:)``). The tries are built from the sorted words
/// in one pass (``WordTrie/Builder/appendSorted(_:shared:rank:source:)``).
///
/// The file is generated from the JSON lists by ``compile(directory:)``
/// (`scripts/compile-strength-lists.sh`); `StrengthListsFileTests` fails when the committed
/// file is not what the JSON lists compile to, and checks word for word and rank for rank
/// that it holds what the lists hold.
///
/// Layout (integers little-endian):
/// - the 8 bytes `FRSTRW1\n`;
/// - the number of lists (1 byte); per list its path (1 byte length, UTF-8) and how many
///   strings it holds (4 bytes, repeats included: ``StrengthDictionary/wordCount``);
/// - two sections, the words and the reduced romaji words, each: the number of entries
///   (4 bytes), then per entry the scalars it shares with the previous entry (1 byte), how
///   many follow (1 byte), those scalars in UTF-8, the list (1 byte, an index into
///   ``lists``) and the rank (LEB128). Entries are sorted by scalars, then list; a word
///   appears once per list, at its best rank.
enum StrengthListsFile {
  /// The file's name in the strength folder.
  static let name = "words.bin"
  static let magic = Array("FRSTRW1\n".utf8)

  /// How a list's strings turn into ranks.
  enum Kind {
    /// Most frequent first: rank = position.
    case ranked
    /// Alphabetical (gojūon) order, which says nothing about frequency: every entry costs
    /// the list's length (first names, diceware).
    case unranked
    /// An object of named sequences (weekdays, months): each entry costs the number of
    /// entries of the file.
    case sequences
  }

  struct List {
    let file: String
    let language: StrengthLanguage?
    let source: WordSource
    let kind: Kind
  }

  /// Every list, in the order a word's source is decided on a tie of ranks.
  static let lists: [List] = {
    var lists: [List] = [
      List(file: "common/passwords.json", language: nil, source: .password, kind: .ranked),
      List(file: "common/diceware.json", language: nil, source: .word, kind: .unranked),
    ]
    for language in StrengthLanguage.allCases.sorted() {
      let folder = language.rawValue
      lists += [
        List(file: "\(folder)/commonWords.json", language: language, source: .word, kind: .ranked),
        List(file: "\(folder)/wikipedia.json", language: language, source: .word, kind: .ranked),
        List(file: "\(folder)/firstnames.json", language: language, source: .name, kind: .unranked),
        List(file: "\(folder)/lastnames.json", language: language, source: .name, kind: .ranked),
        List(file: "\(folder)/wordSequences.json", language: language, source: .word, kind: .sequences),
      ]
    }
    return lists
  }()

  /// One word of one list at its best rank.
  struct Entry: Equatable {
    var word: [UInt32]
    var list: Int
    var rank: Int
  }

  /// The contents: per list the strings read, and the two sorted sections.
  struct Contents: Equatable {
    var counts: [Int]
    var words: [Entry]
    var romaji: [Entry]
  }

  // MARK: - From the JSON lists

  /// Reads the JSON lists in `directory` (canonical words, their ranks, each list's best
  /// rank per word) into what the file holds.
  static func contents(directory: URL) throws(StrengthDictionary.LoadError) -> Contents {
    var counts: [Int] = []
    var words: [Entry] = []
    var romaji: [Entry] = []
    for (index, list) in lists.enumerated() {
      let url = directory.appendingPathComponent(list.file)
      var best: [[UInt32]: Int] = [:]
      var count = 0
      switch list.kind {
      case .ranked, .unranked:
        var length = 0
        if list.kind == .unranked { try StrengthDictionary.forEachWord(in: url) { _ in length += 1 } }
        try StrengthDictionary.forEachWord(in: url) { word in
          count += 1
          guard !word.isEmpty else { return }
          let rank = list.kind == .ranked ? count : length
          if let old = best[word], old <= rank { return }
          best[word] = rank
        }
      case .sequences:
        let sequences = try StrengthDictionary.readSequences(url)
        let total = sequences.reduce(0) { $0 + $1.count }
        for word in sequences.joined() {
          count += 1
          let scalars = PasswordList.canonical(word).unicodeScalars.map(\.value)
          if !scalars.isEmpty { best[scalars] = total }
        }
      }
      counts.append(count)
      for (word, rank) in best {
        words.append(Entry(word: word, list: index, rank: rank))
      }
      if list.language == .ja {
        var reduced: [[UInt32]: Int] = [:]
        for (word, rank) in best {
          let r = Romaji.reducedWord(word)
          guard !r.isEmpty else { continue }
          if let old = reduced[r], old <= rank { continue }
          reduced[r] = rank
        }
        for (word, rank) in reduced { romaji.append(Entry(word: word, list: index, rank: rank)) }
      }
    }
    return Contents(counts: counts, words: sorted(words), romaji: sorted(romaji))
  }

  private static func sorted(_ entries: [Entry]) -> [Entry] {
    entries.sorted { a, b in
      a.word == b.word ? a.list < b.list : a.word.lexicographicallyPrecedes(b.word)
    }
  }

  /// The file's bytes for the JSON lists in `directory`.
  static func compile(directory: URL) throws(StrengthDictionary.LoadError) -> [UInt8] {
    let contents = try contents(directory: directory)
    var out = magic
    func u32(_ v: Int) {
      for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: v >> shift)) }
    }
    out.append(UInt8(lists.count))
    for (list, count) in zip(lists, contents.counts) {
      out.append(UInt8(list.file.utf8.count))
      out += Array(list.file.utf8)
      u32(count)
    }
    for section in [contents.words, contents.romaji] {
      u32(section.count)
      var previous: [UInt32] = []
      for entry in section {
        let word = entry.word
        guard word.count <= 255 else {
          throw StrengthDictionary.LoadError(
            description: "\(lists[entry.list].file): a word longer than 255 characters")
        }
        var shared = 0
        while shared < min(previous.count, word.count), previous[shared] == word[shared] { shared += 1 }
        out.append(UInt8(shared))
        out.append(UInt8(word.count - shared))
        for v in word[shared...] { out += Array(String(UnicodeScalar(v).map(Character.init) ?? "\u{FFFD}").utf8) }
        out.append(UInt8(entry.list))
        var rank = entry.rank
        repeat {
          let low = UInt8(rank & 0x7F)
          rank >>= 7
          out.append(rank > 0 ? low | 0x80 : low)
        } while rank > 0
        previous = word
      }
    }
    return out
  }

  // MARK: - Reading the file

  /// Reads a compiled file: checks its header against ``lists`` and calls `body` with each
  /// entry of the words section (`romaji: false`), then of the romaji section, as the
  /// current word (a reused buffer), the scalars it shares with the previous entry, its
  /// list and its rank. Returns each list's string count.
  static func read(
    _ bytes: [UInt8], file: String,
    _ body: (_ romaji: Bool, _ word: [UInt32], _ shared: Int, _ list: Int, _ rank: Int) -> Void
  ) throws(StrengthDictionary.LoadError) -> [Int] {
    func fail(_ what: String) -> StrengthDictionary.LoadError {
      StrengthDictionary.LoadError(
        description: "\(file): \(what); regenerate it from the JSON lists with scripts/compile-strength-lists.sh")
    }
    let result: Result<[Int], StrengthDictionary.LoadError> = bytes.withUnsafeBufferPointer { b in
      let n = b.count
      var k = 0
      func u32() -> Int? {
        guard k + 4 <= n else { return nil }
        let v = Int(b[k]) | Int(b[k + 1]) << 8 | Int(b[k + 2]) << 16 | Int(b[k + 3]) << 24
        k += 4
        return v
      }
      guard n >= magic.count, Array(b[0..<magic.count]) == magic else {
        return .failure(fail("not a compiled word file"))
      }
      k = magic.count
      guard k < n, Int(b[k]) == lists.count else { return .failure(fail("lists differ from this version's")) }
      k += 1
      var counts: [Int] = []
      for list in lists {
        guard k < n else { return .failure(fail("truncated header")) }
        let length = Int(b[k])
        k += 1
        guard k + length <= n, b[k..<(k + length)].elementsEqual(list.file.utf8) else {
          return .failure(fail("lists differ from this version's"))
        }
        k += length
        guard let count = u32() else { return .failure(fail("truncated header")) }
        counts.append(count)
      }
      var word: [UInt32] = []
      word.reserveCapacity(256)
      for romaji in [false, true] {
        guard let entries = u32() else { return .failure(fail("truncated")) }
        word.removeAll(keepingCapacity: true)
        for _ in 0..<entries {
          guard k + 2 <= n else { return .failure(fail("truncated at byte \(k)")) }
          let shared = Int(b[k])
          var remaining = Int(b[k + 1])
          k += 2
          guard shared <= word.count else { return .failure(fail("malformed entry at byte \(k - 2)")) }
          word.removeLast(word.count - shared)
          while remaining > 0 {
            guard k < n else { return .failure(fail("truncated at byte \(k)")) }
            let lead = b[k]
            var v = UInt32(lead)
            var extra = 0
            if lead >= 0xF0 {
              v = UInt32(lead & 0x07)
              extra = 3
            } else if lead >= 0xE0 {
              v = UInt32(lead & 0x0F)
              extra = 2
            } else if lead >= 0xC0 {
              v = UInt32(lead & 0x1F)
              extra = 1
            } else if lead >= 0x80 {
              return .failure(fail("malformed UTF-8 at byte \(k)"))
            }
            guard k + extra < n else { return .failure(fail("truncated at byte \(k)")) }
            for i in 0..<extra { v = v << 6 | UInt32(b[k + 1 + i] & 0x3F) }
            k += 1 + extra
            word.append(v)
            remaining -= 1
          }
          guard k < n, Int(b[k]) < lists.count else { return .failure(fail("malformed entry at byte \(k)")) }
          let list = Int(b[k])
          k += 1
          var rank = 0
          var shift = 0
          while true {
            guard k < n, shift < 35 else { return .failure(fail("malformed rank at byte \(k)")) }
            let byte = b[k]
            k += 1
            rank |= Int(byte & 0x7F) << shift
            shift += 7
            if byte < 0x80 { break }
          }
          body(romaji, word, shared, list, rank)
        }
      }
      guard k == n else { return .failure(fail("\(n - k) bytes after the last entry")) }
      return .success(counts)
    }
    return try result.get()
  }

  /// The file's contents as ``contents(directory:)`` gives them (for tests).
  static func contents(of bytes: [UInt8], file: String) throws(StrengthDictionary.LoadError) -> Contents {
    var words: [Entry] = []
    var romaji: [Entry] = []
    let counts = try read(bytes, file: file) { isRomaji, word, _, list, rank in
      let entry = Entry(word: word, list: list, rank: rank)
      if isRomaji { romaji.append(entry) } else { words.append(entry) }
    }
    return Contents(counts: counts, words: words, romaji: romaji)
  }
}
