import Foundation

/// Password lists read from text files: UTF-8, one entry per line, `\n` or `\r\n`, no
/// comments (a line `#1pimp` is a password), blank lines ignored.
///
/// Entries and candidates are compared in a canonical form (``canonical(_:)``), so a list
/// written in lower case matches `PassWord`, `ｐａｓｓｗｏｒｄ` and ` password `.
enum PasswordList {
  /// Where the shipped default list lives below a `Rules/` folder.
  static let defaultRelativePath = "lists/common-passwords/common-passwords.txt"

  /// A path from a rules file: absolute, or relative to the folder of the file that
  /// declared the rule.
  static func resolve(_ path: String, in context: CompileContext) -> URL {
    let url =
      path.hasPrefix("/") ? URL(fileURLWithPath: path) : context.baseDirectory.appendingPathComponent(path)
    return url.standardizedFileURL
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
      case .failure(.notFound): throw RuleDecodingError("no such list file: \(url.path)", at: path)
      case .failure(.notRegular(let kind)):
        throw RuleDecodingError("list file is not a regular file (\(kind)): \(url.path)", at: path)
      case .failure(.tooLarge):
        throw RuleDecodingError(
          "list file larger than \(maxFileBytes >> 20) MiB: \(url.path); for a breach corpus use notBreached", at: path)
      case .failure: throw RuleDecodingError("cannot read the list: \(url.path)", at: path)
      }
      // A list that is not text (a binary file, UTF-16, a NUL) would silently match nothing.
      if data.contains(0) || String(validating: data, as: UTF8.self) == nil {
        throw RuleDecodingError("list file is not UTF-8 text: \(url.path)", at: path)
      }
      var result: [String] = []
      result.reserveCapacity(data.count / 8)
      data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
        var start = 0
        let bytes = raw.bindMemory(to: UInt8.self)
        func emit(_ end: Int) {
          var e = end
          if e > start, bytes[e - 1] == 0x0D { e -= 1 }
          if e > start {
            let entry = canonical(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<e]), as: UTF8.self))
            if !entry.isEmpty { result.append(entry) }
          }
        }
        for i in 0..<bytes.count where bytes[i] == 0x0A {
          emit(i)
          start = i + 1
        }
        emit(bytes.count)
      }
      // An empty list disables the rule without a word: refuse it.
      if result.isEmpty { throw RuleDecodingError("list file has no entries: \(url.path)", at: path) }
      return result
    }
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

  /// Finds the shipped common-password list: in `lists/common-passwords/` of the declaring
  /// file's folder and the folders above it up to the nearest one named `Rules` (so
  /// `Rules/login.json` and `Rules/policies/x.json` both find `Rules/lists/…`), then below the
  /// shipped `Rules/` folder (`FORM_RULES_DIR` or `./Rules`). A file outside any `Rules`
  /// folder looks only in its own folder: a list planted in `/tmp` or `$HOME` above it is
  /// never picked up.
  static func defaultListURL(in context: CompileContext, at path: [JSONPathComponent]) throws(RuleDecodingError)
    -> URL
  {
    let fm = FileManager.default
    for directory in searchedFolders(from: context.baseDirectory) {
      let candidate = directory.appendingPathComponent(defaultRelativePath)
      if fm.fileExists(atPath: candidate.path) { return candidate }
    }
    if let rules = context.rulesDirectory {
      let candidate = rules.appendingPathComponent(defaultRelativePath)
      if fm.fileExists(atPath: candidate.path) { return candidate }
    }
    throw RuleDecodingError(
      "the default common-password list \(defaultRelativePath) was not found in \(context.baseDirectory.path) "
        + "or a folder above it up to the nearest Rules folder, nor in \(context.rulesDirectory?.path ?? "./Rules"); set FORM_RULES_DIR to the "
        + "Rules folder or name a list with \"lists\"",
      at: path)
  }

  /// The folders searched for the default list: `start`, then each parent up to and
  /// including the nearest folder named `Rules`; only `start` when there is none.
  static func searchedFolders(from start: URL) -> [URL] {
    var folders: [URL] = []
    var directory = start.standardizedFileURL
    while folders.count < 64 {
      folders.append(directory)
      if directory.lastPathComponent == "Rules" { return folders }
      let parent = directory.deletingLastPathComponent()
      if parent.path == directory.path { break }
      directory = parent
    }
    return [start.standardizedFileURL]
  }
}
