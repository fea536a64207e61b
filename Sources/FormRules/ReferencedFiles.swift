import Foundation

/// A file a rules file's rules read: a password list of `notCommon` (the one compiled into
/// the library or one named in `lists`) or the breach file of `notBreached`, as it resolves on this machine.
public struct ReferencedFile: Sendable, Equatable {
  /// The rules file that declares the rule, as the user named it.
  public var file: String
  /// The JSON path of the rule's key (`fields.password.rules[2].notCommon`).
  public var path: [JSONPathComponent]
  /// The resolved file; `nil` for the common-password list compiled into the library.
  public var url: URL?
  /// The entries of a password list; `nil` for a breach file.
  public var entries: Int?
  /// The size of the file in bytes.
  public var bytes: Int
}

extension RuleSet {
  /// Every list and breach file the rules read, resolved as compiling resolves them, so that
  /// `validate lint` can say which files a policy really uses. Files that cannot be resolved
  /// or read are left out: compiling reports them.
  public func referencedFiles() -> [ReferencedFile] {
    var found: [ReferencedFile] = []
    let cache = ResourceCache()
    func visit(_ nodes: [RuleNode]) {
      for node in nodes {
        switch node.kind {
        case .allOf(let inner), .anyOf(let inner), .not(let inner): visit(inner)
        case .rule(let rule):
          let context = CompileContext(
            baseDirectory: node.directory, rulesDirectory: RuleSet.shippedRulesDirectory, cache: cache)
          let at = node.path + [.key(node.name)]
          var urls: [(URL, Bool)] = []
          if let common = rule as? NotCommon, common.isEnabled {
            if common.usesDefaultList {
              found.append(
                ReferencedFile(
                  file: node.file, path: at, url: nil, entries: PasswordList.defaultLines.count,
                  bytes: PasswordList.defaultListText.utf8.count))
            }
            urls += common.lists.map { (PasswordList.resolve($0, in: context), true) }
          } else if let breached = rule as? NotBreached {
            urls.append((PasswordList.resolve(breached.file, in: context), false))
          }
          for (url, isList) in urls {
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            let entries = isList ? (try? PasswordList.lines(at: url, in: context, at: []))?.count : nil
            if isList, entries == nil { continue }
            found.append(ReferencedFile(file: node.file, path: at, url: url, entries: entries, bytes: size))
          }
        }
      }
    }
    for field in fields { visit(field.rules) }
    return found
  }
}
