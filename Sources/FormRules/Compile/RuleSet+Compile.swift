import Foundation

extension RuleSet {
  /// Compiles the rules: loads the lists and files rules refer to.
  /// - Throws: ``RuleSetError`` naming the file and JSON path of each rule that failed.
  public func compile() throws(RuleSetError) -> Policy {
    let cache = ResourceCache()
    var problems: [RuleSetProblem] = []
    var compiled = fields
    for f in compiled.indices {
      compiled[f].rules = compile(compiled[f].rules, cache: cache, problems: &problems)
    }
    guard problems.isEmpty else { throw RuleSetError(problems: problems) }
    return Policy(ruleSet: self, fields: compiled, catalog: registry.catalog)
  }

  private func compile(_ nodes: [RuleNode], cache: ResourceCache, problems: inout [RuleSetProblem]) -> [RuleNode] {
    nodes.map { node in
      var node = node
      switch node.kind {
      case .rule(let rule):
        let context = CompileContext(
          baseDirectory: node.directory, rulesDirectory: RuleSet.shippedRulesDirectory, dataFolders: dataFolders,
          cache: cache)
        do throws(RuleDecodingError) {
          node.kind = .rule(try Self.compiled(rule, in: context))
        } catch {
          var problem = RuleSetProblem(
            file: node.file, path: node.path + error.subpath, message: error.message, suggestion: error.suggestion)
          problem.messageKey = error.messageKey
          problem.messageValues = error.messageValues
          problem.messageValueKeys = error.messageValueKeys
          problems.append(problem)
        }
      case .allOf(let inner): node.kind = .allOf(compile(inner, cache: cache, problems: &problems))
      case .anyOf(let inner): node.kind = .anyOf(compile(inner, cache: cache, problems: &problems))
      case .not(let inner): node.kind = .not(compile(inner, cache: cache, problems: &problems))
      }
      return node
    }
  }

  private static func compiled<R: Rule>(_ rule: R, in context: CompileContext) throws(RuleDecodingError) -> R {
    var rule = rule
    try rule.compile(in: context)
    return rule
  }

  /// Where the shipped `Rules/` folder is, for default lists: `FORM_RULES_DIR` if set,
  /// else `Rules/` in the working directory.
  static var shippedRulesDirectory: URL? {
    let fm = FileManager.default
    if let dir = ProcessInfo.processInfo.environment["FORM_RULES_DIR"] { return URL(fileURLWithPath: dir) }
    let cwd = URL(fileURLWithPath: fm.currentDirectoryPath).appendingPathComponent("Rules")
    if fm.fileExists(atPath: cwd.path) { return cwd }
    return nil
  }
}
