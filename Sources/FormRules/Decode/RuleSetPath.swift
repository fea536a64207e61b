import Foundation

extension RuleSet {
  /// Loads a rules file by path, relative to the working directory or absolute, and the
  /// files it extends. The same as ``init(contentsOf:registry:)`` without building a `URL`:
  ///
  /// ```swift
  /// let policy = try RuleSet(path: "Rules/login.json").compile()
  /// ```
  ///
  /// - Throws: ``RuleSetError`` listing every problem with its file and JSON path.
  /// - Parameters:
  ///   - path: the rules file, relative to the working directory or absolute.
  ///   - registry: the rules the file may use; the app's own are added to it.
  public init(path: String, registry: RuleRegistry = .builtIn) throws(RuleSetError) {
    try self.init(contentsOf: URL(fileURLWithPath: path), registry: registry)
  }
}
