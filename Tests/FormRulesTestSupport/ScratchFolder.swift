import Foundation

/// A fresh folder under the temporary directory for one test's files; the test removes it.
///
/// ```swift
/// let folder = try ScratchFolder(["rules.json": rules, "lists/words.txt": "a\nb\n"])
/// defer { folder.remove() }
/// ```
public struct ScratchFolder: Sendable {
  public let url: URL

  /// Creates the folder and writes `files` (a relative path → its bytes) into it.
  public init(_ files: [String: [UInt8]] = [:]) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("form-rules-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, bytes) in files { try write(name, bytes) }
  }

  /// Creates the folder and writes `files` (a relative path → its text as UTF-8) into it.
  public init(_ files: [String: String]) throws {
    try self.init(files.mapValues { Array($0.utf8) })
  }

  /// Creates a folder with `files` and returns its URL, for tests that remove it themselves.
  public static func create(_ files: [String: [UInt8]] = [:]) throws -> URL { try ScratchFolder(files).url }

  /// Writes (or replaces) one file, creating the folders on its path.
  public func write(_ name: String, _ bytes: [UInt8]) throws {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: file)
  }

  public func write(_ name: String, _ text: String) throws { try write(name, Array(text.utf8)) }

  /// The path of a file in the folder.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  public func remove() { try? FileManager.default.removeItem(at: url) }
}
