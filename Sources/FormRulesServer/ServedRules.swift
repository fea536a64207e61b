import FormRules
import FormRulesBreachRange
import FormRulesBulk
import FormRulesPassword
import Foundation

/// One compiled rules file as the server serves it, with the description document that
/// `GET /v1/rules/{name}` returns (built once per load, so it costs nothing per request).
final class ServedRules: Sendable {
  let name: String
  let policy: Policy
  let knownFields: Set<String>
  /// `GET /v1/rules/{name}`: the same bytes for every locale, so one `ETag`.
  let description: [UInt8]
  let etag: String
  /// The engines of `POST …/validate` and `…/validate-batch`, kept between requests.
  let validators: ValidatorPool
  /// Whether the rules name a check (`{"check": NAME}`) that the server has a closure or an
  /// endpoint for: a validation then runs the checks (asynchronously, the connection suspended).
  let runsChecks: Bool

  init(name: String, policy: Policy, runsChecks: Bool = false) {
    self.name = name
    self.policy = policy
    self.runsChecks = runsChecks
    knownFields = Set(policy.fieldNames)
    description = RuleDescription.document(name: name, policy: policy)
    etag = "\"" + RuleDescription.hash(description) + "\""
    validators = ValidatorPool(policy: policy)
  }
}

/// The library's ``BulkValidator``s of one policy, by language, lent to one request at a
/// time: a validator keeps its buffers and its memoised failure objects (the rendered
/// messages) from one request to the next, so a request pays for none of them. A
/// validator is not thread-safe; the pool hands each to one thread at a time and keeps at
/// most ``maxIdle`` per language (about one per serving thread). It goes away with its
/// rules generation.
final class ValidatorPool: Sendable {
  static let maxIdle = 16
  let policy: Policy

  /// A validator between two requests: only ever used by the thread that took it.
  private struct Idle: @unchecked Sendable {
    let validator: BulkValidator
  }

  /// Idle validators by language; a policy speaks two or three, so a list beats a dictionary.
  private let idle = Locked<[(language: String, validators: [Idle])]>([])

  init(policy: Policy) {
    self.policy = policy
  }

  /// Takes an idle validator for `language` (or makes one).
  func take(language: String) -> BulkValidator {
    let taken = idle.withLock { idle -> Idle? in
      guard let i = idle.firstIndex(where: { $0.language == language }) else { return nil }
      return idle[i].validators.popLast()
    }
    return taken?.validator ?? BulkValidator(policy: policy, locale: language)
  }

  /// Returns a validator taken with ``take(language:)``, its output emptied.
  func give(back validator: BulkValidator) {
    validator.removeOutput()
    let returned = Idle(validator: validator)
    idle.withLock { idle in
      guard let i = idle.firstIndex(where: { $0.language == validator.locale }) else {
        idle.append((validator.locale, [returned]))
        return
      }
      if idle[i].validators.count < ValidatorPool.maxIdle { idle[i].validators.append(returned) }
    }
  }

  /// Runs `body` with a validator for `language`, then returns it to the pool.
  func with<R>(language: String, _ body: (BulkValidator) -> R) -> R {
    let validator = take(language: language)
    defer { give(back: validator) }
    return body(validator)
  }
}

/// Every rules file under the rules path, loaded and compiled together: the unit a reload swaps.
final class RulesGeneration: Sendable {
  let number: Int
  let rules: [String: ServedRules]
  let names: [String]
  /// Checks the rules name that no closure or endpoint decides, as `rules: check`: their fields
  /// always fail with `check.unavailable` (logged at start and on reload).
  let checksWithoutClosure: [String]

  init(number: Int, rules: [String: ServedRules], checksWithoutClosure: [String] = []) {
    self.number = number
    self.rules = rules
    names = rules.keys.sorted()
    self.checksWithoutClosure = checksWithoutClosure
  }

  /// The check names a rules file uses (`{"check": NAME}`, at any depth).
  static func checkNames(of ruleSet: RuleSet) -> Set<String> {
    var names: Set<String> = []
    func visit(_ node: RuleNode) {
      switch node.kind {
      case .rule(let rule): if let check = rule as? CheckRule { names.insert(check.check) }
      case .allOf(let nodes), .anyOf(let nodes), .not(let nodes): nodes.forEach(visit)
      }
    }
    for field in ruleSet.fields { field.rules.forEach(visit) }
    return names
  }

  /// Whether a rules file has a rule that brings its own asynchronous check (`notBreached`
  /// in range mode), at any depth: the server then runs its checks, as for `--check`.
  static func hasOwnAsyncChecks(_ ruleSet: RuleSet) -> Bool {
    func visit(_ node: RuleNode) -> Bool {
      switch node.kind {
      case .rule(let rule): return (rule as? any AsyncCheckRule)?.asyncCheck?.run != nil
      case .allOf(let nodes), .anyOf(let nodes), .not(let nodes): return nodes.contains(where: visit)
      }
    }
    return ruleSet.fields.contains { $0.rules.contains(where: visit) }
  }

  /// Loads every rules file under `path` (a file, or a folder searched recursively for
  /// `*.json` other than `*.tests.json` and `*.schema.json`), refusing any file, `extends`
  /// or list that lies outside it. With `confine` (the server's default) each file is loaded
  /// with ``RuleSet/LoadOptions/confine``: its `extends`, `lists` and `notBreached` must be
  /// relative paths without `..` below its own folder, refused before anything is opened, so
  /// the rules-path check below only has the file itself and the default list left to judge.
  /// Collects every problem of every file.
  ///
  /// Each file is compiled over `registry` (the app's rules, and every check the server runs,
  /// registered in it). A name in `givenChecks` (`--check`, ``ServerConfiguration/checks``) that
  /// no file names is a problem: a misspelt check would otherwise leave the real one unrun.
  static func load(
    path: String, number: Int, confine: Bool = true, registry: RuleRegistry = .standard,
    givenChecks: [String] = []
  ) throws(RulesLoadError) -> RulesGeneration {
    let fm = FileManager.default
    var isDirectory: ObjCBool = false
    guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw RulesLoadError(problems: ["\(path): no such file or folder"])
    }
    let files: [String]
    let root: String
    if isDirectory.boolValue {
      root = Confinement.realPath(path) ?? path
      files = RulesGeneration.rulesFiles(in: path)
      if files.isEmpty { throw RulesLoadError(problems: ["\(path): no *.json rules files in this folder"]) }
    } else {
      root = Confinement.realPath(URL(fileURLWithPath: path).deletingLastPathComponent().path) ?? "."
      files = [path]
    }
    var problems: [String] = []
    var loaded: [String: ServedRules] = [:]
    var origin: [String: String] = [:]
    var named: Set<String> = []
    var withoutClosure: [String] = []
    for file in files {
      let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
      if let other = origin[name] {
        problems.append("\(file): the rules name \"\(name)\" is taken by \(other); rename one of them")
        continue
      }
      origin[name] = file
      let confinement = Confinement(root: root)
      // Confined, the library refuses every path out of the file's folder before opening it;
      // walking the `extends` chain here would open what it refuses.
      let escapes = confine ? confinement.checkFile(file) : confinement.checkBeforeLoading(file)
      if !escapes.isEmpty {
        problems += escapes
        continue
      }
      do throws(RuleSetError) {
        let ruleSet = try RuleSet(
          contentsOf: URL(fileURLWithPath: file), options: .init(siblingTests: .required, confine: confine),
          registry: registry)
        let listEscapes = confinement.checkLists(of: ruleSet)
        if !listEscapes.isEmpty {
          problems += listEscapes
          continue
        }
        let checks = checkNames(of: ruleSet)
        named.formUnion(checks)
        withoutClosure += checks.filter { registry.checks[$0] == nil }.sorted().map { "\(name): \($0)" }
        // A rule with its own async check (notBreached's range mode) runs too: served
        // synchronously it could only ever be check.unavailable.
        loaded[name] = ServedRules(
          name: name, policy: try ruleSet.compile(),
          runsChecks: checks.contains { registry.checks[$0] != nil } || hasOwnAsyncChecks(ruleSet))
      } catch {
        problems += error.problems.map(\.description)
      }
    }
    for check in givenChecks where !named.contains(check) && problems.isEmpty {
      var problem = "\(path): no rules file names the check \"\(check)\" ({\"check\": \"\(check)\"})"
      if let guess = Suggestion.closest(to: check, in: named.sorted()) { problem += "; did you mean \"\(guess)\"?" }
      problems.append(problem)
    }
    if !problems.isEmpty { throw RulesLoadError(problems: problems) }
    return RulesGeneration(number: number, rules: loaded, checksWithoutClosure: withoutClosure)
  }

  static func rulesFiles(in folder: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    var files: [String] = []
    while let relative = walker.nextObject() as? String {
      let last = (relative as NSString).lastPathComponent
      // Hidden folders, and the data folders beside the rules (`lists/`: word lists, some of
      // them JSON; `schema/`; `messages/`: catalog files of more languages), hold no rules files.
      if last.hasPrefix(".") || ((last == "lists" || last == "schema" || last == "messages") && walker.level == 1) {
        walker.skipDescendants()
        continue
      }
      guard last.hasSuffix(".json"), !last.hasSuffix(".tests.json"), !last.hasSuffix(".schema.json") else { continue }
      files.append((folder as NSString).appendingPathComponent(relative))
    }
    return files.sorted()
  }
}

/// Why a set of rules files could not be served: every problem, each naming its file.
public struct RulesLoadError: Error, Sendable, CustomStringConvertible {
  public var problems: [String]
  public var description: String { problems.joined(separator: "\n") }
}

/// Keeps the served rules inside the rules path: a rules file, everything it `extends` and
/// every list it reads must lie under the root (after resolving symbolic links), so a
/// rules folder mounted into a server cannot make it read other files.
struct Confinement {
  let root: String

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  func contains(_ path: String) -> Bool {
    guard let real = Self.realPath(path) else { return false }
    return real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/")
  }

  /// The rules file itself (a symbolic link in the folder may point out of it).
  func checkFile(_ file: String) -> [String] {
    contains(file) ? [] : ["\(file): \(file) is outside the rules path \(root); only files under it are served"]
  }

  /// The file and its `extends` chain, read as JSON before the library loads anything.
  func checkBeforeLoading(_ file: String) -> [String] {
    var current = file
    for _ in 0..<32 {
      guard contains(current) else {
        return ["\(file): \(current) is outside the rules path \(root); only files under it are served"]
      }
      guard let data = FileManager.default.contents(atPath: current), data.count <= 8 << 20,
        let value = try? JSONParser().parse(Array(data)), let parent = value.objectValue?["extends"]?.stringValue
      else { return [] }  // the loader reports unreadable or malformed files itself
      let directory = URL(fileURLWithPath: current).deletingLastPathComponent()
      let next = parent.hasPrefix("/") ? parent : directory.appendingPathComponent(parent).path
      guard FileManager.default.fileExists(atPath: next) else { return [] }
      if !contains(next) {
        return ["\(current): extends: \(parent) is outside the rules path \(root); only files under it are served"]
      }
      current = next
    }
    return []
  }

  /// The files the rules name (``Rule/files(in:)``); data a rule's library ships is not the
  /// rules file's to place.
  func checkLists(of ruleSet: RuleSet) -> [String] {
    var problems: [String] = []
    func visit(_ node: RuleNode) {
      let here = "\(node.file): \(jsonPathString(node.path))"
      switch node.kind {
      case .rule(let rule):
        let context = CompileContext(baseDirectory: node.directory, rulesDirectory: nil)
        for file in rule.files(in: context) {
          guard case .declared(let path, _) = file.location, !contains(resolve(path, in: node.directory)) else {
            continue
          }
          problems.append("\(here): the file \(path) is outside the rules path \(root)")
        }
      case .allOf(let nodes), .anyOf(let nodes), .not(let nodes):
        nodes.forEach(visit)
      }
    }
    for field in ruleSet.fields { field.rules.forEach(visit) }
    return problems
  }

  private func resolve(_ path: String, in directory: URL) -> String {
    path.hasPrefix("/") ? path : directory.appendingPathComponent(path).path
  }
}

extension RulesLoadError: LocalizedError {
  /// What `localizedDescription` shows (an alert, a log line, Vapor's error middleware):
  /// every problem, one a line, in English.
  public var errorDescription: String? { description }
}
