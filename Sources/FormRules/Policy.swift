import Foundation

/// A compiled rules file: patterns JIT-compiled, lists loaded, ready to validate.
///
/// A policy only reads its own data while validating, so one instance can be shared
/// by every thread of a server.
///
/// ```swift
/// let policy = try RuleSet(contentsOf: url).compile()
/// let report = policy.validate(["email": " taro@example.jp ", "password": "abc123"])
/// report.isValid
/// ```
public final class Policy: Sendable {
  public let ruleSet: RuleSet
  public let catalog: MessageCatalog
  let fields: [FieldSpec]
  let fieldIndex: [String: Int]
  let knownFieldSet: Set<String>
  /// The byte-level form of the rules, when every rule has one (see ``UTF8CheckableRule``).
  let fastPlan: FastPlan?

  init(ruleSet: RuleSet, fields: [FieldSpec]) {
    self.ruleSet = ruleSet
    self.fields = fields
    var index: [String: Int] = [:]
    for (i, field) in fields.enumerated() { index[field.name] = i }
    self.fieldIndex = index
    self.knownFieldSet = Set(index.keys)
    self.catalog = MessageCatalog.builtIn.overridden(by: ruleSet.messages)
    self.fastPlan = FastPlan(fields: fields, limits: ruleSet.limits)
  }

  /// The field names in rules-file order.
  public var fieldNames: [String] { fields.map(\.name) }

  public func field(_ name: String) -> FieldSpec? { fieldIndex[name].map { fields[$0] } }

  /// Chooses the language for messages from the caller's preferences (`ja-JP` → `ja`),
  /// falling back to the rules file's `defaultLocale`, then English.
  public func negotiateLocale(_ preferred: [String]) -> String {
    MessageCatalog.negotiate(preferred, default: ruleSet.defaultLocale)
  }

  /// Validates every field and collects every failure.
  public func validate(_ values: [String: String]) -> Report {
    validate { values[$0] }
  }

  /// Validates every field; `nil` means the field is absent.
  public func validate(_ values: [String: String?]) -> Report {
    validate { values[$0] ?? nil }
  }

  /// Validates with values supplied by a lookup, the form bulk readers use.
  public func validate(lookup: (String) -> String?) -> Report {
    if let fastPlan, let report = fastPlan.validate(self, lookup: lookup) { return report }
    return validateInGeneral(lookup: lookup)
  }

  /// The general evaluator, which every rule supports; the fast plan must agree with it.
  func validateInGeneral(lookup: (String) -> String?) -> Report {
    let values = prepare(lookup)
    var reports: [FieldReport] = []
    reports.reserveCapacity(fields.count)
    for i in fields.indices { reports.append(evaluate(field: i, values: values)) }
    return Report(fields: FieldReports(reports), formErrors: [], policy: self)
  }

  /// Validates one field against the others, for live feedback while a user types.
  public func validate(field name: String, in values: [String: String]) -> FieldReport? {
    guard let i = fieldIndex[name] else { return nil }
    return evaluate(field: i, values: prepare { values[$0] })
  }

  /// A report holding only form-level failures (malformed input, a general error).
  public func report(formErrors: [Failure]) -> Report {
    Report(fields: FieldReports([]), formErrors: formErrors, policy: self)
  }

  /// Applies each field's transforms; values over the size limit are not transformed.
  func prepare(_ lookup: (String) -> String?) -> FieldValues {
    var transformed: [String?] = []
    var oversized: [Bool] = []
    transformed.reserveCapacity(fields.count)
    oversized.reserveCapacity(fields.count)
    let limit = ruleSet.limits.maxValueBytes
    for field in fields {
      guard let raw = lookup(field.name) else {
        transformed.append(nil)
        oversized.append(false)
        continue
      }
      if raw.utf8.count > limit {
        transformed.append(nil)
        oversized.append(true)
      } else {
        transformed.append(Transform.apply(to: raw, trim: field.trim, normalize: field.normalize))
        oversized.append(false)
      }
    }
    return FieldValues(values: transformed, oversized: oversized, index: fieldIndex, fields: fields)
  }

  func evaluate(field i: Int, values: FieldValues) -> FieldReport {
    let field = fields[i]
    if values.oversized[i] {
      let failure = Failure(
        code: "input.tooLong", params: ["max": .int(ruleSet.limits.maxValueBytes), "unit": "utf8"])
      return FieldReport(name: field.name, value: nil, failures: [failure], isSensitive: field.sensitive)
    }
    let value = values.values[i]
    let subject = Subject(value: value ?? "", field: field.name, isSensitive: field.sensitive, values: values)
    var failures: [Failure] = []
    for node in field.rules {
      let before = failures.count
      Evaluator.evaluate(node, subject, into: &failures)
      if field.bail, failures[before...].contains(where: { $0.severity == .error }) { break }
    }
    return FieldReport(
      name: field.name, value: field.sensitive ? nil : value, failures: failures, isSensitive: field.sensitive)
  }
}

/// The transformed values of every field of a policy, by position.
///
/// It does not know which fields are sensitive, so it never shows a value when printed.
struct FieldValues: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  let values: [String?]
  let oversized: [Bool]
  let index: [String: Int]
  /// The fields, for their transforms (`sameAs` compares after the confirmed field's).
  let fields: [FieldSpec]

  /// `value` after the transforms of the field `name`, as `sameAs` compares a confirmation:
  /// a confirmation without the password's `normalize` must still match the same keystrokes.
  func transformed(_ value: String, like name: String) -> String {
    guard let i = index[name] else { return value }
    return Transform.apply(to: value, trim: fields[i].trim, normalize: fields[i].normalize)
  }

  var description: String { "FieldValues(\(index.keys.sorted().joined(separator: ", ")): <redacted>)" }
  var debugDescription: String { description }
  var customMirror: Mirror { Mirror(self, children: ["fields": index.keys.sorted()], displayStyle: .struct) }

  subscript(name: String) -> String? {
    guard let i = index[name] else { return nil }
    return values[i]
  }
}

/// Runs rule nodes, composing results for `allOf`, `anyOf` and `not`.
enum Evaluator {
  static func evaluate(_ node: RuleNode, _ subject: Subject, into failures: inout [Failure]) {
    if let condition = node.condition, !condition.holds(in: subject.values) { return }
    switch node.kind {
    case .rule(let rule):
      guard !subject.value.isEmpty || type(of: rule).checksEmptyValue else { return }
      guard var failure = rule.check(subject) else { return }
      failure.severity = node.severity
      failure.messageOverride = node.message
      failures.append(failure)
    case .allOf(let nodes):
      let before = failures.count
      for inner in nodes { evaluate(inner, subject, into: &failures) }
      for i in failures.indices.dropFirst(before) {
        if node.severity == .warning { failures[i].severity = .warning }
        if let message = node.message { failures[i].messageOverride = message }
      }
    case .anyOf(let nodes):
      var codes: [String] = []
      for inner in nodes {
        var innerFailures: [Failure] = []
        evaluate(inner, subject, into: &innerFailures)
        if !innerFailures.contains(where: { $0.severity == .error }) { return }
        codes += innerFailures.map(\.code)
      }
      var failure = Failure(code: "anyOf", params: ["failures": .strings(codes)], severity: node.severity)
      failure.messageOverride = node.message
      failures.append(failure)
    case .not(let nodes):
      var innerFailures: [Failure] = []
      for inner in nodes { evaluate(inner, subject, into: &innerFailures) }
      // Skipped inner rules (an empty value) do not count as a match.
      guard !subject.value.isEmpty, !innerFailures.contains(where: { $0.severity == .error }) else { return }
      var failure = Failure(code: "not", severity: node.severity)
      failure.messageOverride = node.message
      failures.append(failure)
    }
  }
}

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
    return Policy(ruleSet: self, fields: compiled)
  }

  private func compile(_ nodes: [RuleNode], cache: ResourceCache, problems: inout [RuleSetProblem]) -> [RuleNode] {
    nodes.map { node in
      var node = node
      switch node.kind {
      case .rule(let rule):
        let context = CompileContext(
          baseDirectory: node.directory, rulesDirectory: RuleSet.shippedRulesDirectory, cache: cache)
        do throws(RuleDecodingError) {
          node.kind = .rule(try Self.compiled(rule, in: context))
        } catch {
          problems.append(
            RuleSetProblem(
              file: node.file, path: node.path + error.subpath, message: error.message,
              suggestion: error.suggestion))
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
  /// else `Rules/` in the working directory, else next to the executable's package.
  static var shippedRulesDirectory: URL? {
    let fm = FileManager.default
    if let dir = ProcessInfo.processInfo.environment["FORM_RULES_DIR"] { return URL(fileURLWithPath: dir) }
    let cwd = URL(fileURLWithPath: fm.currentDirectoryPath).appendingPathComponent("Rules")
    if fm.fileExists(atPath: cwd.path) { return cwd }
    return nil
  }
}
