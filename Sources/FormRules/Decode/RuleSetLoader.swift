import Foundation

/// Reads rules files, follows `extends`, and collects every problem with its file and
/// JSON path instead of stopping at the first.
struct RuleSetLoader {
  static let topLevelKeys = [
    "$schema", "version", "name", "title", "description", "defaultLocale", "extends", "fields", "messages", "tests",
    "limits",
  ]
  static let fieldKeys = ["label", "description", "trim", "normalize", "sensitive", "bail", "rules"]
  static let modifierKeys = ["message", "requirement", "severity", "when"]
  static let compositeNames = ["allOf", "anyOf", "not"]
  static let maxExtendsDepth = 16
  /// Rules files are hand-written; anything larger is a mistake (or `/dev/zero`), not a policy.
  static let maxFileBytes = 8 << 20
  /// Rules in one list (a field's `rules`, an `allOf`…). Neighbouring rules are checked against
  /// each other pairwise, so the bound keeps loading quick; no form needs more.
  static let maxRulesPerList = 1000
  /// Rules in a whole rules file with what it extends, for the same reason.
  static let maxRules = 10_000

  let registry: RuleRegistry
  var problems: [RuleSetProblem] = []
  var options = RuleSet.LoadOptions()
  /// With ``RuleSet/LoadOptions/confine``: the resolved folder of the rules file loaded, and
  /// its name for messages.
  private var confinement: (root: String, file: String)?
  /// The sibling `NAME.tests.json`, when there is one.
  private var siblingTestsFile: String?

  init(registry: RuleRegistry = .builtIn) {
    self.registry = registry
  }

  /// Canonical paths of the files being loaded, to detect `extends` cycles.
  private var chain: [String] = []

  /// What one file says, before merging with what it extends.
  struct FileContent {
    var version: Int?
    var name: String?
    var title: LocalizedText?
    var defaultLocale: String?
    var fields: [PartialField] = []
    var messages: [String: [String: MessageTemplate]] = [:]
    var tests: [PolicyTest] = []
    var limits: Limits?
    var locales: Set<String> = []
    /// Languages added from catalog files named in `messages`.
    var languages: [CatalogLanguage] = []
  }

  struct PartialField {
    var name: String
    var label: LocalizedText?
    var trim: Bool?
    var normalize: Normalization?
    var sensitive: Bool?
    var bail: Bool?
    var rules: [RuleNode]?
    var file: String
    var path: [JSONPathComponent]
  }

  mutating func load(url: URL) throws(RuleSetError) -> RuleSet {
    let file = url.relativePath.isEmpty ? url.path : url.relativePath
    if options.confine { confine(to: url.deletingLastPathComponent(), file: url.lastPathComponent) }
    guard let content = loadFile(url: url, displayName: file, referencedFrom: nil) else {
      throw RuleSetError(problems: problems)
    }
    var merged = content
    // A sibling NAME.tests.json adds examples without touching the policy file.
    let testsURL = url.deletingPathExtension().appendingPathExtension("tests.json")
    if FileManager.default.fileExists(atPath: testsURL.path) {
      let testsFile = testsURL.relativePath
      siblingTestsFile = testsFile
      if let bytes = read(testsURL, displayName: testsFile, referencedFrom: nil),
        let root = parseJSON(bytes, file: testsFile)
      {
        var fileDecoder = FileDecoder(
          file: testsFile, directory: testsURL.deletingLastPathComponent(), registry: registry)
        if let array = root.arrayValue {
          merged.tests += fileDecoder.decodeTests(array, at: [])
        } else if let object = root.objectValue, let array = object["tests"]?.arrayValue {
          merged.tests += fileDecoder.decodeTests(array, at: [.key("tests")])
        } else {
          fileDecoder.problem([], ProblemLine("cli.rules.test.notArray"))
        }
        problems += fileDecoder.problems
      }
    }
    return try finish(merged, file: file)
  }

  mutating func load(bytes: [UInt8], file: String, directory: URL) throws(RuleSetError) -> RuleSet {
    if options.confine { confine(to: directory, file: (file as NSString).lastPathComponent) }
    guard let content = decode(bytes: bytes, file: file, directory: directory) else {
      throw RuleSetError(problems: problems)
    }
    return try finish(content, file: file)
  }

  private mutating func confine(to directory: URL, file: String) {
    confinement = (directory.standardizedFileURL.resolvingSymlinksInPath().path, file)
  }

  /// With confinement, `nil` when `relative` (from a file in `directory`) stays inside the
  /// root, else the problem's message. Decided from the path and the symbolic links on it,
  /// before the file is opened.
  private func confinementProblem(_ relative: String, from directory: URL) -> ProblemLine? {
    guard let (root, file) = confinement else { return nil }
    let message = ProblemLine("cli.rules.outsideConfinement", ["path": relative, "file": file])
    if relative.hasPrefix("/") || relative.split(separator: "/").contains("..") { return message }
    let resolved = URL(fileURLWithPath: relative, relativeTo: directory).standardizedFileURL
      .resolvingSymlinksInPath().path
    return resolved.hasPrefix(root + "/") ? nil : message
  }

  /// With confinement, the files every rule names (``Rule/files(in:)``).
  private mutating func checkConfinement(_ nodes: [RuleNode]) {
    for node in nodes {
      switch node.kind {
      case .allOf(let inner), .anyOf(let inner), .not(let inner): checkConfinement(inner)
      case .rule(let rule):
        let context = CompileContext(baseDirectory: node.directory, rulesDirectory: nil)
        let paths: [(String, [JSONPathComponent])] = rule.files(in: context).compactMap { file in
          guard case .declared(let path, _) = file.location else { return nil }
          return (path, file.subpath)
        }
        for (path, at) in paths {
          if let message = confinementProblem(path, from: node.directory) {
            problems.append(RuleSetProblem(file: node.file, path: node.path + at, message))
          }
        }
      }
    }
  }

  /// The fields that confirm another with `sameAs`, anywhere in their rules.
  private static func confirmedFields(_ nodes: [RuleNode]) -> [String] {
    nodes.flatMap { node -> [String] in
      switch node.kind {
      case .rule(let rule): return (rule as? SameAs).map { [$0.other] } ?? []
      case .allOf(let inner), .anyOf(let inner), .not(let inner): return confirmedFields(inner)
      }
    }
  }

  /// Which fields are sensitive: those marked so, and every field that confirms (`sameAs`) a
  /// sensitive one, which holds the same secret. A confirmation marked `"sensitive": false`
  /// is a problem, not a way to print the password.
  private mutating func sensitiveFields(_ partials: [PartialField]) -> Set<String> {
    var sensitive = Set(partials.filter { $0.sensitive == true }.map(\.name))
    var changed = true
    while changed {
      changed = false
      for partial in partials where !sensitive.contains(partial.name) {
        guard let confirmed = Self.confirmedFields(partial.rules ?? []).first(where: sensitive.contains) else {
          continue
        }
        if partial.sensitive == false {
          problems.append(
            RuleSetProblem(
              file: partial.file, path: partial.path + [.key("sensitive")],
              ProblemLine("cli.rules.confirmationSensitive", ["name": partial.name, "confirmed": confirmed])))
        }
        sensitive.insert(partial.name)
        changed = true
      }
    }
    return sensitive
  }

  private mutating func finish(_ content: FileContent, file: String) throws(RuleSetError) -> RuleSet {
    for field in content.fields { checkConfinement(field.rules ?? []) }
    let sensitiveNames = sensitiveFields(content.fields)
    var fields: [FieldSpec] = []
    for partial in content.fields {
      let sensitive = sensitiveNames.contains(partial.name)
      fields.append(
        FieldSpec(
          name: partial.name, label: partial.label ?? LocalizedText([:]),
          trim: partial.trim ?? !sensitive, normalize: partial.normalize ?? .none, sensitive: sensitive,
          bail: partial.bail ?? false, rules: partial.rules ?? [], file: partial.file, path: partial.path))
    }
    let ruleCount = fields.reduce(0) { $0 + Self.count($1.rules) }
    guard ruleCount <= Self.maxRules else {
      problems.append(
        RuleSetProblem(
          file: file, path: [.key("fields")],
          ProblemLine("cli.rules.tooManyRulesInAll", ["count": "\(ruleCount)", "max": "\(Self.maxRules)"])))
      throw RuleSetError(problems: problems)
    }
    let names = Set(fields.map(\.name))
    for field in fields {
      checkReferences(field.rules, fieldNames: names)
      checkConflicts(field.rules)
    }
    for test in content.tests {
      for key in test.input.keys where !names.contains(key) {
        problems.append(
          RuleSetProblem(
            file: test.file, path: test.path + [.key("input"), .key(key)],
            ProblemLine("cli.rules.noSuchField", ["name": key]),
            suggestion: Suggestion.closest(to: key, in: Array(names))))
      }
      if case .errors(let expected) = test.expectation {
        for key in expected.keys where !names.contains(key) {
          problems.append(
            RuleSetProblem(
              file: test.file, path: test.path + [.key("errors"), .key(key)],
              ProblemLine("cli.rules.noSuchField", ["name": key]),
              suggestion: Suggestion.closest(to: key, in: Array(names))))
        }
      }
    }
    var content = content
    var warnings: [RuleSetProblem] = []
    if options.siblingTests == .optional, let sibling = siblingTestsFile,
      problems.contains(where: { $0.file == sibling })
    {
      // Only `validate test` and `lint` need the examples: the rest warn and go on without them.
      warnings = problems.filter { $0.file == sibling }
      problems.removeAll { $0.file == sibling }
      content.tests.removeAll { $0.file == sibling }
    }
    var locales = content.locales
    locales.formUnion(content.messages.keys)
    // A language from a catalog file may leave labels and a rule's own texts to its fallback.
    locales.subtract(content.languages.map(\.code))
    locales.subtract(registry.catalog.languages.dropFirst(RuleSet.supportedLocales.count))
    let defaultLocale = content.defaultLocale ?? "en"
    // Every language the file writes labels or messages in must be complete.
    for locale in locales.sorted() {
      for field in fields where field.label[locale] == nil && !field.label.texts.isEmpty {
        problems.append(
          RuleSetProblem(
            file: field.file, path: field.path + [.key("label")], ProblemLine("cli.rules.noLabel", ["locale": locale])))
      }
      for field in fields { checkMessageLocales(field.rules, locale: locale) }
    }
    guard problems.isEmpty else { throw RuleSetError(problems: problems) }
    let visible = Set(fields.filter { !$0.sensitive }.map(\.name))
    let tests = content.tests.map { test in
      var test = test
      test.visibleFields = visible
      return test
    }
    var ruleSet = RuleSet(
      version: content.version ?? 1, name: content.name, defaultLocale: defaultLocale, fields: fields,
      messages: content.messages, tests: tests, limits: content.limits ?? Limits(), file: file,
      locales: locales.sorted())
    ruleSet.title = content.title
    ruleSet.languages = content.languages
    ruleSet.warnings = warnings
    ruleSet.registry = registry
    return ruleSet
  }

  private static func count(_ nodes: [RuleNode]) -> Int {
    nodes.reduce(nodes.count) { total, node in
      switch node.kind {
      case .rule: return total
      case .allOf(let inner), .anyOf(let inner), .not(let inner): return total + count(inner)
      }
    }
  }

  private mutating func checkReferences(_ nodes: [RuleNode], fieldNames: Set<String>) {
    for node in nodes {
      if let condition = node.condition, !fieldNames.contains(condition.field) {
        problems.append(
          RuleSetProblem(
            file: node.file, path: node.path + [.key("when"), .key("field")],
            ProblemLine("cli.rules.notAField", ["name": condition.field]),
            suggestion: Suggestion.closest(to: condition.field, in: Array(fieldNames))))
      }
      switch node.kind {
      case .rule(let rule):
        for name in rule.referencedFields where !fieldNames.contains(name) {
          problems.append(
            RuleSetProblem(
              file: node.file, path: node.path + [.key(node.name)],
              ProblemLine("cli.rules.notAField", ["name": name]),
              suggestion: Suggestion.closest(to: name, in: Array(fieldNames))))
        }
      case .allOf(let inner), .anyOf(let inner), .not(let inner):
        checkReferences(inner, fieldNames: fieldNames)
      }
    }
  }

  private mutating func checkConflicts(_ nodes: [RuleNode]) {
    let leaves: [(RuleNode, any Rule)] = nodes.compactMap { node in
      guard node.condition == nil, case .rule(let rule) = node.kind else { return nil }
      return (node, rule)
    }
    for (i, (node, rule)) in leaves.enumerated() {
      for (_, other) in leaves[..<i] {
        // A built-in conflict has its catalog line; an app's rule says its own words.
        let line =
          (rule as? any LocalizedConflicts)?.conflictLine(with: other)
          ?? (other as? any LocalizedConflicts)?.conflictLine(with: rule)
        if let line {
          problems.append(RuleSetProblem(file: node.file, path: node.path + [.key(node.name)], line))
        } else if let conflict = rule.conflicts(with: other) ?? other.conflicts(with: rule) {
          problems.append(RuleSetProblem(file: node.file, path: node.path + [.key(node.name)], message: conflict))
        }
      }
    }
    for node in nodes {
      switch node.kind {
      case .rule: break
      case .allOf(let inner), .anyOf(let inner), .not(let inner): checkConflicts(inner)
      }
    }
  }

  private mutating func checkMessageLocales(_ nodes: [RuleNode], locale: String) {
    for node in nodes {
      if let message = node.message, message[locale] == nil {
        problems.append(
          RuleSetProblem(
            file: node.file, path: node.path + [.key("message")], ProblemLine("cli.rules.noMessage", ["locale": locale])
          ))
      }
      switch node.kind {
      case .rule: break
      case .allOf(let inner), .anyOf(let inner), .not(let inner): checkMessageLocales(inner, locale: locale)
      }
    }
  }

  private mutating func read(_ url: URL, displayName: String, referencedFrom: (String, [JSONPathComponent])?)
    -> [UInt8]?
  {
    switch BoundedFile.read(path: url.path, limit: Self.maxFileBytes) {
    case .success(let bytes): return bytes
    case .failure(let failure):
      if let (file, path) = referencedFrom {
        var line = ProblemLine("cli.rules.file.at", failure.line.values.merging(["file": displayName]) { a, _ in a })
        line.valueKeys = failure.line.valueKeys.merging(["failure": failure.line.key]) { a, _ in a }
        problems.append(RuleSetProblem(file: file, path: path, line))
      } else {
        problems.append(RuleSetProblem(file: displayName, path: [], failure.line))
      }
      return nil
    }
  }

  private mutating func parseJSON(_ bytes: [UInt8], file: String) -> JSONValue? {
    do {
      return try JSONParser(maxDepth: 64).parse(bytes)
    } catch {
      var problem = RuleSetProblem(
        file: file, path: [],
        message: "malformed JSON: \(error.reason.message)"
          + (error.key.map { " \"\($0)\"" } ?? ""),
        line: error.reason == .utf16 ? nil : error.line, column: error.reason == .utf16 ? nil : error.column)
      problem.messageKey = error.key == nil ? "cli.rules.malformedJSON" : "cli.rules.malformedJSON.key"
      problem.messageValues = ["key": error.key ?? ""]
      problem.messageValueKeys = ["reason": "cli.json.\(error.reason.rawValue)"]
      problems.append(problem)
      return nil
    }
  }

  private mutating func loadFile(url: URL, displayName: String, referencedFrom: (String, [JSONPathComponent])?)
    -> FileContent?
  {
    let canonical = url.standardizedFileURL.resolvingSymlinksInPath().path
    if chain.contains(canonical) {
      let cycle = (chain + [canonical]).map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: " → ")
      if let (file, path) = referencedFrom {
        problems.append(RuleSetProblem(file: file, path: path, ProblemLine("cli.rules.extendsCycle", ["cycle": cycle])))
      }
      return nil
    }
    if chain.count >= Self.maxExtendsDepth {
      if let (file, path) = referencedFrom {
        problems.append(
          RuleSetProblem(
            file: file, path: path, ProblemLine("cli.rules.extendsTooDeep", ["max": "\(Self.maxExtendsDepth)"])))
      }
      return nil
    }
    guard let bytes = read(url, displayName: displayName, referencedFrom: referencedFrom) else { return nil }
    chain.append(canonical)
    defer { chain.removeLast() }
    return decode(bytes: bytes, file: displayName, directory: url.deletingLastPathComponent())
  }

  private mutating func decode(bytes: [UInt8], file: String, directory: URL) -> FileContent? {
    guard let root = parseJSON(bytes, file: file) else { return nil }
    guard let object = root.objectValue else {
      problems.append(
        RuleSetProblem(file: file, path: [], .expected("cli.rules.type.object", foundType: root)))
      return nil
    }
    var parent: FileContent?
    if let extends = object["extends"] {
      if let relative = extends.stringValue {
        if let message = confinementProblem(relative, from: directory) {
          problems.append(RuleSetProblem(file: file, path: [.key("extends")], message))
          return nil
        }
        let parentURL = URL(fileURLWithPath: relative, relativeTo: directory)
        let parentName =
          (file as NSString).deletingLastPathComponent.isEmpty || relative.hasPrefix("/")
          ? relative : ((file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(relative)
        parent = loadFile(url: parentURL, displayName: parentName, referencedFrom: (file, [.key("extends")]))
        if parent == nil { return nil }
      } else {
        problems.append(
          RuleSetProblem(
            file: file, path: [.key("extends")], .expected("cli.rules.type.string", foundType: extends)))
      }
    }
    var decoder = FileDecoder(file: file, directory: directory, registry: registry)
    var content = decoder.decodeFile(object)
    problems += decoder.problems
    for (language, relative, path) in decoder.languageFiles {
      if let message = confinementProblem(relative, from: directory) {
        problems.append(RuleSetProblem(file: file, path: path, message))
        continue
      }
      let url = URL(fileURLWithPath: relative, relativeTo: directory)
      let catalogName =
        (file as NSString).deletingLastPathComponent.isEmpty || relative.hasPrefix("/")
        ? relative : ((file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(relative)
      guard let bytes = read(url, displayName: catalogName, referencedFrom: (file, path)) else { continue }
      do {
        let catalogLanguage = try CatalogLanguage(bytes: bytes, file: catalogName, checkedAgainst: registry.catalog)
        if catalogLanguage.code != language {
          problems.append(
            RuleSetProblem(
              file: file, path: path,
              ProblemLine("cli.rules.catalog.otherLanguage", ["language": language, "found": catalogLanguage.code])))
        } else {
          content.languages.append(catalogLanguage)
        }
      } catch {
        problems += error.problems
      }
    }
    guard let parent else { return content }
    return merge(parent: parent, child: content)
  }

  /// The child wins: its top-level settings replace the parent's, a field it redefines
  /// keeps the parent's keys it does not set, and its messages override the parent's.
  private mutating func merge(parent: FileContent, child: FileContent) -> FileContent {
    var merged = parent
    var position: [String: Int] = [:]
    for (i, field) in merged.fields.enumerated() { position[field.name] = i }
    merged.version = child.version ?? parent.version
    merged.name = child.name ?? parent.name
    merged.title = child.title ?? parent.title
    merged.defaultLocale = child.defaultLocale ?? parent.defaultLocale
    merged.limits = child.limits ?? parent.limits
    merged.locales.formUnion(child.locales)
    merged.languages =
      parent.languages.filter { p in !child.languages.contains { $0.code == p.code } } + child.languages
    for field in child.fields {
      if let index = position[field.name], !merged.fields[index].name.utf8.elementsEqual(field.name.utf8) {
        problems.append(
          RuleSetProblem(
            file: field.file, path: field.path,
            ProblemLine(
              "cli.rules.normalizationTwinsOf",
              [
                "name": field.name, "other": merged.fields[index].name,
                "file": (merged.fields[index].file as NSString).lastPathComponent,
              ])))
      } else if let index = position[field.name] {
        var base = merged.fields[index]
        if base.sensitive == true, field.sensitive == false {
          // A child cannot expose what its parent keeps secret: change the parent instead.
          problems.append(
            RuleSetProblem(
              file: field.file, path: field.path + [.key("sensitive")],
              ProblemLine(
                "cli.rules.sensitiveInParent",
                ["name": field.name, "file": (base.file as NSString).lastPathComponent])))
        }
        base.label = field.label ?? base.label
        base.trim = field.trim ?? base.trim
        base.normalize = field.normalize ?? base.normalize
        base.sensitive = field.sensitive ?? base.sensitive
        base.bail = field.bail ?? base.bail
        base.rules = field.rules ?? base.rules
        base.file = field.file
        base.path = field.path
        merged.fields[index] = base
      } else {
        position[field.name] = merged.fields.count
        merged.fields.append(field)
      }
    }
    for (locale, templates) in child.messages {
      merged.messages[locale, default: [:]].merge(templates) { _, new in new }
    }
    // Examples belong to the file that states them: a child tests its own policy.
    merged.tests = child.tests
    return merged
  }
}
