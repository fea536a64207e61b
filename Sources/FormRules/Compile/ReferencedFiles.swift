import Foundation

/// A file a rules file's rules read (``Rule/files(in:)``), as it resolves on this machine: a
/// list or hash file the rules file names, or data the rule's library ships.
public struct ReferencedFile: Sendable, Equatable {
  /// The rules file that declares the rule, as the user named it.
  public var file: String
  /// The JSON path of the rule's key (`fields.password.rules[2].notCommon`).
  public var path: [JSONPathComponent]
  /// The resolved file; `nil` for data compiled into the library.
  public var url: URL?
  /// The entries of a list; `nil` for a file that is not one.
  public var entries: Int?
  /// The size of the file in bytes.
  public var bytes: Int
}

extension RuleSet {
  /// Every file the rules read (``Rule/files(in:)``), resolved as compiling resolves them, so
  /// that `validate lint` can say which files a policy really uses. Declared files that cannot
  /// be read are left out: compiling reports them.
  public func referencedFiles() -> [ReferencedFile] {
    var found: [ReferencedFile] = []
    let cache = ResourceCache()
    func visit(_ nodes: [RuleNode]) {
      for node in nodes {
        switch node.kind {
        case .allOf(let inner), .anyOf(let inner), .not(let inner): visit(inner)
        case .rule(let rule):
          let context = CompileContext(
            baseDirectory: node.directory, rulesDirectory: RuleSet.shippedRulesDirectory, dataFolders: dataFolders,
            cache: cache)
          for file in rule.files(in: context) {
            let bytes: Int
            switch file.location {
            case .compiledIn(let size): bytes = size
            case .declared(_, let url), .shipped(let url):
              guard let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int else {
                continue
              }
              bytes = size
            }
            var entries: Int?
            if let count = file.entries {
              guard let counted = count() else { continue }
              entries = counted
            }
            found.append(
              ReferencedFile(
                file: node.file, path: node.path + [.key(node.name)], url: file.url, entries: entries, bytes: bytes))
          }
        }
      }
    }
    for field in fields { visit(field.rules) }
    return found
  }
}
