import FormRules
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The strength lists precompiled into one file, `Sources/FormRulesPassword/Resources/strength/words.bin`: the
/// tries themselves, laid out as the estimator reads them, so a process maps the file
/// read-only (``Mapped``) and builds nothing. One trie holds every word of every list
/// (canonical), with one rank column per language set (`en`, `ja`, both); the other the
/// Japanese lists in their reduced romaji spelling (``Romaji/reducedWord(_:)``).
///
/// The file is generated from the JSON lists by ``compile(directory:)``
/// (written by `scripts/regenerate.sh`); `StrengthListsFileTests` fails when the committed
/// file is not what the JSON lists compile to, and checks word for word and rank for rank,
/// per language set, that the tries hold what the lists hold.
///
/// Layout (integers little-endian):
/// - the 8 bytes `FRSTRW3\n`; the file's length (4 bytes); 4 zero bytes; a checksum
///   (8 bytes, ``checksum(_:)``) of everything after it;
/// - the number of lists (1 byte); per list its path (1 byte length, UTF-8) and how many
///   strings it holds (4 bytes, repeats included: ``StrengthDictionary/wordCount``); zero
///   bytes up to a multiple of 4;
/// - the words trie, then the romaji trie, each a ``WordTrie`` block. The words trie's
///   columns are labelled with every non-empty set of languages, the romaji trie's with
///   `ja` alone; a language set reads the column labelled with the languages it shares
///   with the trie's (none: the trie is not used).
///
/// A file that is not this (truncated, damaged, from another version) is refused with an
/// error naming it, before anything reads it: the checksum covers every byte and the
/// tries' node numbers are checked to stay in range.
package enum StrengthListsFile {
  /// The file's name in the strength folder.
  package static let name = "words.bin"
  static let magic = Array("FRSTRW3\n".utf8)
  /// Where the lists start: after the magic, the length, 4 zero bytes and the checksum.
  static let headerSize = 24

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

  /// The bit of a language in a column label.
  static func bit(_ language: StrengthLanguage) -> UInt32 {
    UInt32(1) << UInt32(StrengthLanguage.allCases.sorted().firstIndex(of: language) ?? 0)
  }

  /// The label of a set of languages.
  static func label(_ languages: some Sequence<StrengthLanguage>) -> UInt32 {
    languages.reduce(0) { $0 | bit($1) }
  }

  /// The words trie's columns: every non-empty set of languages, by label.
  static var wordColumns: [UInt32] { Array(1..<(UInt32(1) << UInt32(StrengthLanguage.allCases.count))) }

  /// The file's bytes for the JSON lists in `directory`: what `scripts/regenerate.sh` writes
  /// (the same lists give the same bytes).
  package static func bytes(directory: URL) throws -> [UInt8] { try compile(directory: directory) }

  /// The file's bytes for the JSON lists in `directory`.
  static func compile(directory: URL) throws(StrengthDictionary.LoadError) -> [UInt8] {
    let contents = try contents(directory: directory)
    let columns = wordColumns
    var words = WordTrie.Builder(columns: columns.count)
    // Sorted by word, then list: on a tie of ranks the earlier list's source stays.
    for entry in contents.words {
      let language = lists[entry.list].language
      let into = columns.indices.filter { i in language.map { columns[i] & bit($0) != 0 } ?? true }
      words.insert(entry.word, rank: entry.rank, source: lists[entry.list].source.rawValue, columns: into)
    }
    var romaji = WordTrie.Builder(columns: 1)
    for entry in contents.romaji {
      romaji.insert(entry.word, rank: entry.rank, source: lists[entry.list].source.rawValue)
    }
    var out = magic + [UInt8](repeating: 0, count: headerSize - magic.count)
    func u32(_ v: Int) {
      for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: v >> shift)) }
    }
    out.append(UInt8(lists.count))
    for (list, count) in zip(lists, contents.counts) {
      out.append(UInt8(list.file.utf8.count))
      out += Array(list.file.utf8)
      u32(count)
    }
    while out.count % 4 != 0 { out.append(0) }
    out += words.build(labels: columns)
    out += romaji.build(labels: [bit(.ja)])
    let length = out.count
    for i in 0..<4 { out[8 + i] = UInt8(truncatingIfNeeded: length >> (8 * i)) }
    let sum = ByteView.with(out) { checksum($0) }
    for i in 0..<8 { out[16 + i] = UInt8(truncatingIfNeeded: sum >> (8 * UInt64(i))) }
    return out
  }

  /// A checksum of `bytes[headerSize...]`: four interleaved FNV-style lanes over 8-byte
  /// words (a changed word always changes its lane), folded with the length.
  static func checksum(_ bytes: ByteView) -> UInt64 {
    let prime: UInt64 = 0x100_0000_01b3
    var h0: UInt64 = 0xcbf2_9ce4_8422_2325
    var h1 = h0 ^ 1
    var h2 = h0 ^ 2
    var h3 = h0 ^ 3
    let n = bytes.count
    var k = headerSize
    while k + 32 <= n {
      let (w0, w1, w2, w3) = bytes.loadFourUInt64(at: k)
      h0 = (h0 ^ w0) &* prime
      h1 = (h1 ^ w1) &* prime
      h2 = (h2 ^ w2) &* prime
      h3 = (h3 ^ w3) &* prime
      k += 32
    }
    while k < n {
      h0 = (h0 ^ UInt64(bytes[k])) &* prime
      k += 1
    }
    var h = UInt64(n)
    for lane in [h0, h1, h2, h3] { h = (h ^ lane) &* prime }
    return h
  }

  // MARK: - Reading the file

  /// A checked file: each list's string count and where the two tries are.
  struct Parsed {
    let counts: [Int]
    let words: WordTrie.Layout
    let romaji: WordTrie.Layout
  }

  /// Checks a compiled file (magic, length, checksum, lists, the tries' layouts).
  static func parse(_ bytes: ByteView, file: String) throws(StrengthDictionary.LoadError) -> Parsed {
    func fail(_ what: String) -> StrengthDictionary.LoadError {
      StrengthDictionary.LoadError(
        description: "\(file): \(what); regenerate it from the JSON lists with scripts/regenerate.sh")
    }
    let n = bytes.count
    func u32(_ at: Int) -> Int? {
      guard at + 4 <= n else { return nil }
      return Int(UInt32(littleEndian: bytes.loadUInt32(at: at)))
    }
    guard n >= headerSize, bytes.prefix(magic.count).elementsEqual(magic) else {
      throw fail(
        n >= 7 && bytes.prefix(7).elementsEqual(magic.prefix(7))
          ? "written by another version of the format" : "not a compiled word file")
    }
    guard let length = u32(8), length == n else {
      throw fail("truncated or extended: \(n) bytes, the header says \(u32(8) ?? 0)")
    }
    let stored = bytes.loadUInt64(at: 16)
    guard UInt64(littleEndian: stored) == checksum(bytes) else { throw fail("damaged (its checksum differs)") }
    var k = headerSize
    guard Int(bytes[k]) == lists.count else { throw fail("lists differ from this version's") }
    k += 1
    var counts: [Int] = []
    for list in lists {
      guard k < n else { throw fail("truncated header") }
      let length = Int(bytes[k])
      k += 1
      guard k + length <= n, bytes[k..<(k + length)].elementsEqual(list.file.utf8) else {
        throw fail("lists differ from this version's")
      }
      k += length
      guard let count = u32(k) else { throw fail("truncated header") }
      counts.append(count)
      k += 4
    }
    k = (k + 3) / 4 * 4
    do throws(WordTrie.LayoutError) {
      let words = try WordTrie.Layout(bytes, at: k)
      let romaji = try WordTrie.Layout(bytes, at: words.end)
      guard romaji.end == n else { throw WordTrie.LayoutError("\(n - romaji.end) bytes after the tries") }
      guard Set(words.labels) == Set(wordColumns), romaji.labels == [bit(.ja)] else {
        throw WordTrie.LayoutError("its language sets differ from this version's")
      }
      return Parsed(counts: counts, words: words, romaji: romaji)
    } catch {
      throw fail(error.description)
    }
  }

  /// The file mapped read-only and checked, shared by every language set and thread.
  final class Mapped: @unchecked Sendable {
    let bytes: ReadOnlyBytes
    let parsed: Parsed

    init(path: String) throws(StrengthDictionary.LoadError) {
      #if _endian(big)
        throw StrengthDictionary.LoadError(description: "\(path): the file is little-endian; this machine is not")
      #endif
      let fd: Int32
      let size: Int
      switch BoundedFile.openRegular(path: path) {
      case .failure(let failure): throw StrengthDictionary.LoadError(description: "\(path): \(failure.message)")
      case .success(let opened): (fd, size) = opened
      }
      defer { close(fd) }
      guard size > 0, size < 1 << 30 else {
        throw StrengthDictionary.LoadError(
          description: "\(path): \(size) bytes is not a compiled word file; "
            + "regenerate it from the JSON lists with scripts/regenerate.sh")
      }
      let mapped: ReadOnlyBytes
      do throws(ReadOnlyBytes.MapFailure) {
        mapped = try ReadOnlyBytes(mapping: fd, size: size)
      } catch {
        throw StrengthDictionary.LoadError(description: "\(path): cannot map the file (errno \(error.errno))")
      }
      // A file that fails the checks is unmapped when `mapped` goes away.
      parsed = try StrengthListsFile.parse(mapped.bytes, file: path)
      bytes = mapped
    }

    /// The tries for a set of languages: the words trie's column for the set, and the romaji
    /// trie when the set includes Japanese.
    func tries(for languages: [StrengthLanguage]) -> (words: WordTrie, romaji: WordTrie?) {
      let label = StrengthListsFile.label(languages)
      let column = parsed.words.labels.firstIndex(of: label) ?? 0
      let words = WordTrie(owner: bytes, layout: parsed.words, column: column)
      let romajiLabel = label & parsed.romaji.labels.reduce(0, |)
      let romaji = parsed.romaji.labels.firstIndex(of: romajiLabel).map {
        WordTrie(owner: bytes, layout: parsed.romaji, column: $0)
      }
      return (words, romaji)
    }
  }
}
