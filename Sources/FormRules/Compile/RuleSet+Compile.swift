import Foundation

extension RuleSet {
  /// Compiles the rules: loads the lists and files rules refer to.
  /// - Throws: ``RuleSetError`` naming the file and JSON path of each rule that failed.
  public func compile() throws(RuleSetError) -> Policy {
    try compile(checks: [], requiringChecks: false)
  }

  /// Compiles the rules with the closures of their named checks (`{"check": NAME}`), given
  /// once here rather than on every call.
  ///
  /// ```swift
  /// let policy = try RuleSet(contentsOf: url, registry: registry).compile(checks: [emailAvailable])
  /// let report = await policy.validate(values, checks: [])
  /// ```
  ///
  /// - Throws: ``RuleSetError`` naming the file and path of every named check that has no
  ///   closure here or in the registry (a forgotten or misspelt check is an error now, not a
  ///   silent pass later), and of each closure the rules never name.
  public func compile(checks: [AsyncCheck]) throws(RuleSetError) -> Policy {
    try compile(checks: checks, requiringChecks: true)
  }

  private func compile(checks given: [AsyncCheck], requiringChecks: Bool) throws(RuleSetError) -> Policy {
    var checks = registry.checks
    var catalog = registry.catalog
    var problems: [RuleSetProblem] = []
    for check in given {
      for problem in check.messageProblems {
        problems.append(RuleSetProblem(file: file, path: [], message: "check \"\(check.name)\": \(problem)"))
      }
      checks[check.name] = check
      catalog.add(check.messages)
    }
    if requiringChecks {
      var named: Set<String> = []
      func visit(_ nodes: [RuleNode]) {
        for node in nodes {
          switch node.kind {
          case .allOf(let inner), .anyOf(let inner), .not(let inner): visit(inner)
          case .rule(let any):
            guard let rule = any as? CheckRule else { continue }
            named.insert(rule.check)
            if checks[rule.check] == nil {
              problems.append(
                RuleSetProblem(
                  file: node.file, path: node.path,
                  message: "no closure for the check \"\(rule.check)\": give it to compile(checks:) or register it",
                  suggestion: Suggestion.closest(to: rule.check, in: Array(checks.keys))))
            }
          }
        }
      }
      for field in fields { visit(field.rules) }
      for check in given where !named.contains(check.name) {
        problems.append(
          RuleSetProblem(
            file: file, path: [], message: "the check \"\(check.name)\" is not named by any rule",
            suggestion: Suggestion.closest(to: check.name, in: Array(named))))
      }
    }
    problems += checksWithoutMessages(catalog: catalog)
    problems += testStubsNamingNoCheck()
    guard problems.isEmpty else { throw RuleSetError(problems: problems) }
    let policy = try compileRules(catalog: catalog)
    return Policy(ruleSet: self, fields: policy.fields, catalog: catalog, checks: checks)
  }

  /// Every `{"check": NAME}` whose failure message NAME is missing in Japanese or English
  /// (issue 28, M8): from the registry (``RuleRegistry/register(check:)``), the closures given
  /// to ``compile(checks:)``, the rules file's `messages`, or the rule's own `message`
  /// (or an enclosing `allOf`'s). Without one, a failure would read as the general
  /// 「入力された内容は使用できません。」 and the app's own words would be missing, so it is an
  /// error here, with the file and path, not a surprise in the checklist.
  func checksWithoutMessages(catalog: MessageCatalog) -> [RuleSetProblem] {
    var problems: [RuleSetProblem] = []
    func visit(_ node: RuleNode, message: LocalizedText?) {
      let message = message ?? node.message
      switch node.kind {
      case .allOf(let inner):
        for child in inner { visit(child, message: message) }
      case .anyOf(let inner), .not(let inner):
        for child in inner { visit(child, message: nil) }
      case .rule(let rule):
        guard let check = rule as? CheckRule else { return }
        let missing = RuleSet.supportedLocales.filter { language in
          message?[language] == nil && messages[language]?[check.check] == nil
            && catalog.templates[language]?[check.check] == nil
        }
        guard !missing.isEmpty else { return }
        var problem = RuleSetProblem(
          file: node.file, path: node.path,
          message: "the check \"\(check.check)\" has no message in \(missing.joined(separator: ", ")): register it "
            + "with its messages (RuleRegistry.register(check:) or compile(checks:)), or add \"\(check.check)\" "
            + "to the rules file's \"messages\"")
        problem.messageKey = "cli.rules.check.noMessage"
        problem.messageValues = ["check": check.check, "languages": missing.joined(separator: ", ")]
        problems.append(problem)
      }
    }
    for field in fields {
      for node in field.rules { visit(node, message: nil) }
    }
    return problems
  }

  /// A test case's `"checks"` stub for a name no `{"check": …}` of the file uses, nor any rule
  /// checked asynchronously (`notBreached` in range mode): a typo that would leave the real
  /// check without an answer, so refused with a suggestion.
  func testStubsNamingNoCheck() -> [RuleSetProblem] {
    guard tests.contains(where: { $0.checks?.isEmpty == false }) else { return [] }
    var named: Set<String> = []
    func visit(_ node: RuleNode) {
      switch node.kind {
      case .allOf(let inner), .anyOf(let inner), .not(let inner): for child in inner { visit(child) }
      case .rule(let rule): if let check = (rule as? any AsyncCheckRule)?.asyncCheck { named.insert(check.name) }
      }
    }
    for field in fields { for node in field.rules { visit(node) } }
    var problems: [RuleSetProblem] = []
    for test in tests {
      for name in (test.checks ?? [:]).keys.sorted() where !named.contains(name) {
        problems.append(
          RuleSetProblem(
            file: test.file, path: test.path + [.key("checks"), .key(name)],
            ProblemLine("cli.rules.test.unknownCheck", ["check": name]),
            suggestion: Suggestion.closest(to: name, in: Array(named))))
      }
    }
    return problems
  }

  private func compileRules(catalog: MessageCatalog) throws(RuleSetError) -> (fields: [FieldSpec], Void) {
    let cache = ResourceCache()
    var problems: [RuleSetProblem] = []
    var compiled = fields
    for f in compiled.indices {
      compiled[f].rules = compile(compiled[f].rules, cache: cache, problems: &problems)
    }
    guard problems.isEmpty else { throw RuleSetError(problems: problems) }
    return (compiled, ())
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
