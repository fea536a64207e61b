import FormRules
import Foundation

/// The languages whose word lists the `strength` rule guesses with.
public enum StrengthLanguage: String, Sendable, CaseIterable, Comparable {
  /// English words, names and passwords.
  case en
  /// Japanese words and names in romaji and kana.
  case ja

  /// Orders by language code.
  public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// Which list a dictionary word came from; it decides the warning.
enum WordSource: UInt8 {
  case password = 1
  case word = 2
  case name = 3
  case serviceWord = 4
  case userInput = 5
}

/// The ranked dictionaries of the strength estimator (`Sources/FormRulesPassword/Resources/strength/`): leaked
/// passwords, diceware, and per language common words, Wikipedia words, first names,
/// last names and word sequences, plus the keypad graphs.
///
/// Loaded once per process per folder and language set, the first time a policy with a
/// `strength` rule compiles (``shared(directory:languages:)``), and shared by every
/// policy and thread from then on. A policy without a `strength` rule never loads them.
public final class StrengthDictionary: Sendable {
  /// Every list, spelled as listed (compared lower-cased and width-folded).
  let words: WordTrie
  /// The Japanese lists in one romaji spelling (``Romaji/reduce(_:)``); `nil` without `ja`.
  let romaji: WordTrie?
  /// Keypad graphs from `common/adjacencyGraphs.json`.
  let keypads: [KeyboardLayout.Graph]
  /// The languages loaded.
  public let languages: [StrengthLanguage]
  /// How many words were read (a word on two lists counts twice).
  public let wordCount: Int

  /// Bytes of the tries this language set reads (mapped from the file, so resident only
  /// as far as they are touched, and shared between processes).
  public var byteCount: Int { words.byteCount + (romaji?.byteCount ?? 0) }

  /// Where the folder lives below a `Rules/` folder.
  public static let relativePath = "lists/strength"

  init(
    words: WordTrie, romaji: WordTrie?, keypads: [KeyboardLayout.Graph], languages: [StrengthLanguage], wordCount: Int
  ) {
    self.words = words
    self.romaji = romaji
    self.keypads = keypads
    self.languages = languages
    self.wordCount = wordCount
  }

  /// A dictionary of passwords only, most common first (for tests and for apps with a
  /// list of their own); no keypad graphs, no Japanese variants.
  public convenience init(rankedPasswords: [String]) {
    var builder = WordTrie.Builder()
    for (i, word) in rankedPasswords.enumerated() {
      builder.insert(
        PasswordList.canonical(word).unicodeScalars.lazy.map(\.value), rank: i + 1, source: WordSource.password.rawValue
      )
    }
    self.init(
      words: WordTrie(block: builder.build()), romaji: nil, keypads: [], languages: [],
      wordCount: rankedPasswords.count)
  }

  /// Why the dictionaries could not be loaded: the file and what is wrong with it.
  public struct LoadError: Error, Sendable, CustomStringConvertible {
    public let description: String
  }

  private final class Cache: @unchecked Sendable {
    let lock = NSLock()
    /// Mapped files by path, shared by every language set.
    var files: [String: StrengthListsFile.Mapped] = [:]
    var keypads: [String: [KeyboardLayout.Graph]] = [:]
    var loaded: [String: StrengthDictionary] = [:]
  }

  private static let cache = Cache()

  /// The dictionaries in `directory` for `languages`, loaded on the first call and
  /// shared by every later one (and every thread) in this process.
  /// - Throws: ``LoadError`` naming the file that is missing or malformed.
  public static func shared(directory: URL, languages: Set<StrengthLanguage>) throws(LoadError) -> StrengthDictionary {
    let sorted = languages.sorted()
    let path = directory.standardizedFileURL.path
    let key = path + "|" + sorted.map(\.rawValue).joined(separator: ",")
    cache.lock.lock()
    defer { cache.lock.unlock() }
    if let loaded = cache.loaded[key] { return loaded }
    let file: StrengthListsFile.Mapped
    if let mapped = cache.files[path] {
      file = mapped
    } else {
      file = try StrengthListsFile.Mapped(path: directory.appendingPathComponent(StrengthListsFile.name).path)
      cache.files[path] = file
    }
    let keypads: [KeyboardLayout.Graph]
    if let graphs = cache.keypads[path] {
      keypads = graphs
    } else {
      keypads = try readKeypads(directory.appendingPathComponent("common/adjacencyGraphs.json"))
      cache.keypads[path] = keypads
    }
    let dictionary = dictionary(file, keypads: keypads, languages: sorted)
    cache.loaded[key] = dictionary
    return dictionary
  }

  /// Maps the precompiled lists (``StrengthListsFile``, `words.bin`) and reads the keypad
  /// graphs (no caching; ``shared(directory:languages:)`` is the way in).
  static func load(directory: URL, languages: [StrengthLanguage]) throws(LoadError) -> StrengthDictionary {
    let file = try StrengthListsFile.Mapped(path: directory.appendingPathComponent(StrengthListsFile.name).path)
    let keypads = try readKeypads(directory.appendingPathComponent("common/adjacencyGraphs.json"))
    return dictionary(file, keypads: keypads, languages: languages.sorted())
  }

  private static func dictionary(
    _ file: StrengthListsFile.Mapped, keypads: [KeyboardLayout.Graph], languages: [StrengthLanguage]
  ) -> StrengthDictionary {
    let tries = file.tries(for: languages)
    let count = zip(StrengthListsFile.lists, file.parsed.counts).reduce(0) { total, pair in
      total + ((pair.0.language.map(languages.contains) ?? true) ? pair.1 : 0)
    }
    return StrengthDictionary(
      words: tries.words, romaji: tries.romaji, keypads: keypads, languages: languages, wordCount: count)
  }

  private static func readBytes(_ url: URL) throws(LoadError) -> [UInt8] {
    switch BoundedFile.read(path: url.path, limit: 16 << 20) {
    case .success(let bytes): return bytes
    case .failure(let failure): throw LoadError(description: "\(url.path): \(failure)")
    }
  }

  /// Calls `body` with each string of a JSON array, canonical (NFKC, lower case), as
  /// scalar values in one reused buffer. The shipped lists are plain ASCII in the main, so
  /// strings are scanned, not parsed into values; one with an escape or a non-ASCII byte
  /// goes through the JSON parser.
  static func forEachWord(in url: URL, _ body: ([UInt32]) -> Void) throws(LoadError) {
    let bytes = try readBytes(url)
    var buffer: [UInt32] = []
    buffer.reserveCapacity(64)
    var k = 0
    let n = bytes.count
    while k < n, bytes[k] == 0x20 || bytes[k] == 0x0A || bytes[k] == 0x0D || bytes[k] == 0x09 { k += 1 }
    guard k < n, bytes[k] == UInt8(ascii: "[") else {
      throw LoadError(description: "\(url.path): expected a JSON array of words")
    }
    while k < n {
      guard bytes[k] == UInt8(ascii: "\"") else {
        k += 1
        continue
      }
      let start = k + 1
      var end = start
      var plain = true
      while end < n, bytes[end] != UInt8(ascii: "\"") {
        if bytes[end] == UInt8(ascii: "\\") {
          plain = false
          end += 1
        } else if bytes[end] >= 0x80 {
          plain = false
        }
        end += 1
      }
      guard end < n else { throw LoadError(description: "\(url.path): unterminated string at byte \(start - 1)") }
      buffer.removeAll(keepingCapacity: true)
      if plain {
        for b in bytes[start..<end] { buffer.append(UInt32(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)) }
      } else {
        guard case .string(let word) = try? JSONParser().parse(bytes[(start - 1)...end]) else {
          throw LoadError(description: "\(url.path): malformed string at byte \(start - 1)")
        }
        buffer.append(contentsOf: PasswordList.canonical(word).unicodeScalars.map(\.value))
      }
      body(buffer)
      k = end + 1
    }
  }

  static func readSequences(_ url: URL) throws(LoadError) -> [[String]] {
    guard let object = (try? JSONParser().parse(try readBytes(url)))?.objectValue else {
      throw LoadError(description: "\(url.path): expected an object of named word sequences")
    }
    return object.keys.sorted().compactMap { object[$0]?.arrayValue?.compactMap(\.stringValue) }
  }

  /// The keypad graphs (`keypad`, `keypadMac`) of a zxcvbn adjacency file: each key maps to
  /// its neighbours, `null` where there is none.
  private static func readKeypads(_ url: URL) throws(LoadError) -> [KeyboardLayout.Graph] {
    guard let object = (try? JSONParser().parse(try readBytes(url)))?.objectValue else {
      throw LoadError(description: "\(url.path): expected an object of keyboard graphs")
    }
    var graphs: [KeyboardLayout.Graph] = []
    for name in ["keypad", "keypadMac"] {
      guard let graph = object[name]?.objectValue else {
        throw LoadError(description: "\(url.path): no \"\(name)\" graph")
      }
      let keys = graph.keys.sorted()
      var index: [UInt32: Int] = [:]
      for (i, key) in keys.enumerated() {
        if let scalar = key.unicodeScalars.first { index[scalar.value] = i }
      }
      var neighbours: [[Int]] = []
      var edges = 0
      for key in keys {
        let around: [Int] = (graph[key]?.arrayValue ?? []).map { entry in
          guard let s = entry.stringValue?.unicodeScalars.first, let i = index[s.value] else { return -1 }
          return i
        }
        edges += around.count { $0 >= 0 }
        neighbours.append(around)
      }
      var locations: [UInt32: KeyboardLayout.Graph.Location] = [:]
      for (scalar, i) in index { locations[scalar] = .init(key: i, shifted: false) }
      graphs.append(
        KeyboardLayout.Graph(
          locations: locations, neighbours: neighbours, keyCount: keys.count,
          averageDegree: Double(edges) / Double(Swift.max(keys.count, 1))))
    }
    return graphs
  }

  /// The name of the data folder an app may set instead of the bundled dictionaries:
  /// `RuleSet.LoadOptions(dataFolders: ["strength": url])`.
  public static let dataFolderName = "strength"

  /// Where the dictionaries are, first found of: the folder the app named
  /// (``dataFolderName``), `lists/strength` under `FORM_RULES_DIR` (an override for the
  /// command line and containers), and FormRulesPassword's own resource bundle
  /// (`Bundle.module`). `nil` when the named folder has no `words.bin`.
  static func directoryURL(in context: CompileContext) -> URL? {
    let fm = FileManager.default
    func holdsLists(_ folder: URL) -> Bool {
      fm.fileExists(atPath: folder.appendingPathComponent(StrengthListsFile.name).path)
    }
    if let named = context.dataFolder(dataFolderName) { return holdsLists(named) ? named : nil }
    if ProcessInfo.processInfo.environment["FORM_RULES_DIR"] != nil, let rules = context.rulesDirectory {
      let candidate = rules.appendingPathComponent(relativePath)
      if holdsLists(candidate) { return candidate }
    }
    return bundledDirectory
  }

  /// The dictionaries that ship with FormRulesPassword, a SwiftPM resource.
  package static let bundledDirectory: URL? = Bundle.module.url(forResource: "strength", withExtension: nil)

}

extension StrengthDictionary.LoadError: LocalizedError {
  /// What `localizedDescription` shows: ``description``, in English.
  public var errorDescription: String? { description }
}
