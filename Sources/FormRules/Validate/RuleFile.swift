import Foundation

/// A file a rule reads: a list or hash file the rules file names, or data the rule's own
/// library ships (the strength dictionaries, a list compiled into the binary).
///
/// A rule declares its files once (``Rule/files(in:)``); `validate lint` lists them,
/// `--confine` and the server's rules path check the ones the rules file names, so no
/// caller keeps a second list of which rule reads what.
public struct RuleFile: Sendable {
  /// Where the file is.
  public enum Location: Sendable, Equatable {
    /// Named by the rules file: the path as written, and where it resolves.
    case declared(String, URL)
    /// Data that ships with the rule's library, outside the rules file's folder.
    case shipped(URL)
    /// Data compiled into the library: no file on disk.
    case compiledIn(bytes: Int)
  }

  /// Where the file is.
  public var location: Location
  /// The JSON path below the rule object that names the file (`["lists", 0]`), or the rule's key.
  public var subpath: [JSONPathComponent]
  /// How many entries the file holds, counted when `lint` asks; `nil` for a file that is not
  /// a list (its size in bytes is shown instead).
  public var entries: (@Sendable () -> Int?)?

  /// - Parameters:
  ///   - location: where the file is.
  ///   - subpath: the JSON path below the rule object that names it.
  ///   - entries: counts a list's entries, for `lint`.
  public init(_ location: Location, at subpath: [JSONPathComponent], entries: (@Sendable () -> Int?)? = nil) {
    self.location = location
    self.subpath = subpath
    self.entries = entries
  }

  /// The resolved file; `nil` for data compiled into the library.
  public var url: URL? {
    switch location {
    case .declared(_, let url), .shipped(let url): url
    case .compiledIn: nil
    }
  }
}

extension CompileContext {
  /// A path as a rules file writes it, resolved against the folder of that file.
  public func resolve(_ path: String) -> URL {
    let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : baseDirectory.appendingPathComponent(path)
    return url.standardizedFileURL
  }
}
