import FormRules
import Foundation

/// Password lists read from text files: UTF-8, one entry per line, `\n` or `\r\n`, no
/// comments (a line `#1pimp` is a password), blank lines ignored.
///
/// Entries and candidates are compared in a canonical form (``canonical(_:)``), so a list
/// written in lower case matches `PassWord`, `ｐａｓｓｗｏｒｄ` and ` password `.
enum PasswordList {
  /// A path from a rules file: absolute, or relative to the folder of the file that
  /// declared the rule.
  static func resolve(_ path: String, in context: CompileContext) -> URL {
    let url =
      path.hasPrefix("/") ? URL(fileURLWithPath: path) : context.baseDirectory.appendingPathComponent(path)
    return url.standardizedFileURL
  }

  /// How many entries the list at `url` holds, read as compiling reads it; `nil` when it
  /// cannot be read (compiling reports why).
  static func entries(at url: URL, base: URL) -> Int? {
    try? lines(at: url, in: CompileContext(baseDirectory: base, rulesDirectory: nil), at: []).count
  }

  /// NFKC, then outer Unicode white space removed, then lower case.
  static func canonical(_ s: String) -> String {
    Transform.trimmingWhitespace(Transform.nfkc(s)).lowercased()
  }

  /// The largest list file read into memory. Common-password lists run to a few megabytes;
  /// larger corpora belong in a sorted SHA-1 file (`notBreached`), which is searched in place, not loaded.
  static let maxFileBytes = 128 << 20

  /// The entries of a list file, canonical, in file order, loaded once per policy.
  /// - Throws: a decoding error naming the path when the file cannot be read.
  static func lines(at url: URL, in context: CompileContext, at path: [JSONPathComponent]) throws(RuleDecodingError)
    -> [String]
  {
    let key = "passwordList.lines:" + url.standardizedFileURL.path
    return try context.shared(key) { () throws(RuleDecodingError) -> [String] in
      let data: [UInt8]
      // Bounded: a list named `/dev/zero` (or a runaway file) ends here, not in memory.
      switch BoundedFile.read(path: url.path, limit: maxFileBytes) {
      case .success(let bytes): data = bytes
      case .failure(.notFound):
        throw RuleDecodingError(ProblemLine("cli.rules.list.notFound", ["path": url.path]), at: path)
      case .failure(.notRegular(let kind)):
        throw RuleDecodingError(
          ProblemLine(
            "cli.rules.list.notRegular", ["path": url.path], valueKeys: ["kind": "cli.rules.file.kind.\(kind)"]),
          at: path)
      case .failure(.tooLarge):
        throw RuleDecodingError(
          ProblemLine("cli.rules.list.tooLarge", ["size": "\(maxFileBytes >> 20)", "path": url.path]), at: path)
      case .failure: throw RuleDecodingError(ProblemLine("cli.rules.list.unreadable", ["path": url.path]), at: path)
      }
      // A list that is not text (a binary file, UTF-16, a NUL) would silently match nothing.
      if data.contains(0) || String(validating: data, as: UTF8.self) == nil {
        throw RuleDecodingError(ProblemLine("cli.rules.list.notUTF8", ["path": url.path]), at: path)
      }
      let result = parseLines(data)
      // An empty list disables the rule without a word: refuse it.
      if result.isEmpty { throw RuleDecodingError(ProblemLine("cli.rules.list.empty", ["path": url.path]), at: path) }
      return result
    }
  }

  /// The entries of a list's bytes, canonical, in order; blank lines left out.
  static func parseLines(_ data: [UInt8]) -> [String] {
    var result: [String] = []
    result.reserveCapacity(data.count / 8)
    ByteView.with(data) { bytes in forEachEntry(in: bytes) { result.append($0.string) } }
    return result
  }

  /// Calls `body` with each entry of a list's bytes, canonical (``canonical(_:)``), in order;
  /// blank lines left out. The bytes lent are valid for the call only.
  ///
  /// An ASCII line needs no `String`: NFKC leaves ASCII alone and ASCII lower case is
  /// byte-wise, so its canonical form is its trimmed bytes in lower case (as `NotCommon` reads
  /// a value). The default list is ASCII: start-up reads its 20k lines without making one string.
  static func forEachEntry(in bytes: ByteView, _ body: (ByteView) -> Void) {
    var start = 0
    func emit(_ end: Int) {
      var e = end
      if e > start, bytes[e - 1] == 0x0D { e -= 1 }
      guard e > start else { return }
      let line = bytes[start..<e]
      if UTF8Text.isASCII(line) {
        let trimmed = Transform.trimmingWhitespace(line)
        if !trimmed.isEmpty { trimmed.withASCIILowercased(body) }
      } else {
        let entry = canonical(line.string)
        if !entry.isEmpty { ByteView.withUTF8(entry, body) }
      }
    }
    var i = 0
    while let newline = bytes.suffix(from: i).firstIndex(of: 0x0A) {
      emit(i + newline)
      i += newline + 1
      start = i
    }
    emit(bytes.count)
  }

  /// The shipped default list, compiled into the library (``defaultListText``), canonical and
  /// in order; parsed once per process, on first use. No file is read, so `{"notCommon": true}`
  /// works wherever the library runs: a server that copied only its rules file, an iOS app.
  static let defaultLines: [String] = parseLines(Array(defaultListText.utf8))

  /// Calls `body` with the first `top` entries of the default list (all when `nil`), canonical, in
  /// order, straight from its compiled-in bytes (``forEachEntry(in:_:)``).
  static func forEachDefaultEntry(top: Int?, _ body: (ByteView) -> Void) {
    var left = top ?? .max
    ByteView.withUTF8(defaultListText) { text in
      forEachEntry(in: text) { entry in
        guard left > 0 else { return }
        left -= 1
        body(entry)
      }
    }
  }

  /// How many lines the default list has: at least its entries.
  static let defaultLineBound = ByteView.withUTF8(defaultListText) { text in
    var lines = 1
    var i = 0
    while let newline = text.suffix(from: i).firstIndex(of: 0x0A) {
      lines += 1
      i += newline + 1
    }
    return lines
  }

  /// The first `top` entries (all when `nil`) as a set, for O(1) lookups.
  static func set(at url: URL, top: Int?, in context: CompileContext, at path: [JSONPathComponent])
    throws(RuleDecodingError) -> Set<String>
  {
    let key = "passwordList.set:\(top ?? -1):" + url.standardizedFileURL.path
    return try context.shared(key) { () throws(RuleDecodingError) -> Set<String> in
      let all = try lines(at: url, in: context, at: path)
      return Set(top.map { all.prefix($0) } ?? all[...])
    }
  }
}
