import Foundation

/// The rules a rules file may name: the built-in ones and those an app registers.
///
/// ```swift
/// var registry = RuleRegistry.builtIn
/// try registry.register(NotDisposableDomain.self)
/// let policy = try RuleSet(contentsOf: url, registry: registry).compile()
/// ```
///
/// A rule's messages come with its type (``Rule/messages``); registering checks that
/// they are complete, so a rule can never render a raw code.
public struct RuleRegistry: Sendable {
  /// The core's rules, in the order docs/rules.md lists them. The password rules that need
  /// data (`notCommon`, `notBreached`, `strength`) are in FormRulesPassword:
  /// `RuleRegistry.standard` there is this registry with them added.
  public static let builtIn = RuleRegistry(
    builtIn: [
      Required.self, MinLength.self, MaxLength.self, PatternRule.self, NotPattern.self, Email.self, SameAs.self,
      Trimmed.self, Accepted.self,
      // Password rules (issue 4); `notCommon`, `notBreached` and `strength` come with
      // FormRulesPassword, which registers them as an app registers its own.
      CharacterClasses.self, NotContainsField.self, MaxRepeat.self, NoSequence.self,
      // Checks the app makes at run time (issue 11).
      CheckRule.self,
    ])

  /// The rules FormRulesPassword registers (`RuleRegistry.standard` there): a rules file that
  /// names one under a registry without them is told where the rule is, not that it is unknown.
  static let passwordRuleNames: Set<String> = ["notCommon", "notBreached", "strength"]

  /// The composite rules, which hold other rules and are evaluated by the plan itself.
  public static let composites: [any CompositeRule.Type] = [AllOf.self, AnyOf.self, Not.self]

  /// Every registered rule type, built-in first, then the app's in registration order.
  public private(set) var types: [any Rule.Type]
  private var byName: [String: any Rule.Type]
  /// The messages of every registered rule over the general built-in catalog.
  public private(set) var catalog: MessageCatalog
  /// The named checks registered with ``register(check:)``, by name: every policy compiled
  /// from this registry runs them.
  public private(set) var checks: [String: AsyncCheck] = [:]

  private init(builtIn types: [any Rule.Type]) {
    self.types = types
    var table: [String: any Rule.Type] = [:]
    for type in types { table[type.name] = type }
    byName = table
    var catalog = MessageCatalog.general
    for type in types { catalog.add(type) }
    for composite in Self.composites { catalog.add(composite.messages) }
    self.catalog = catalog
  }

  /// Installs a language from a catalog file (``add(_:)``).
  mutating func addLanguage(_ language: CatalogLanguage) { catalog.install(language) }

  /// Every rule key a rules file may use, composites included.
  public var names: [String] { types.map { $0.name } + Self.composites.map { $0.name } }

  /// The rule type for a key; `nil` for composites and unknown keys.
  public func type(named name: String) -> (any Rule.Type)? { byName[name] }

  /// Adds an app's rule, usable from rules files by its ``Rule/name`` like a built-in.
  ///
  /// - Throws: ``RuleRegistrationError`` when the name is taken or not a plain key, or
  ///   when the rule lacks its message (`<name>`) or requirement phrase
  ///   (`requirement.<name>`) in Japanese or English, with the label or inline.
  public mutating func register(_ type: any Rule.Type) throws(RuleRegistrationError) {
    let name = type.name
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
      name.first?.isLetter == true
    else { throw RuleRegistrationError(rule: name, problem: "a rule name is a letter followed by letters and digits") }
    guard byName[name] == nil, !Self.composites.contains(where: { $0.name == name }),
      !RuleSetLoader.modifierKeys.contains(name)
    else { throw RuleRegistrationError(rule: name, problem: "the name \"\(name)\" is already taken") }
    for problem in Self.messageProblems(of: type) { throw RuleRegistrationError(rule: name, problem: problem) }
    types.append(type)
    byName[name] = type
    catalog.add(type)
  }

  /// Adds a check the app provides (``AsyncCheck``), for rules files that say
  /// `{"check": NAME}`: its messages, and its closure, which every policy compiled from this
  /// registry runs in ``Policy/validate(_:checks:timeout:)-([String:String],_,_)``.
  ///
  /// - Throws: ``RuleRegistrationError`` when the messages are incomplete or the name is
  ///   taken by another check.
  public mutating func register(check: AsyncCheck) throws(RuleRegistrationError) {
    for problem in check.messageProblems { throw RuleRegistrationError(rule: check.name, problem: problem) }
    guard checks[check.name] == nil else {
      throw RuleRegistrationError(rule: check.name, problem: "the check \"\(check.name)\" is already registered")
    }
    catalog.add(check.messages)
    checks[check.name] = check
  }

  /// What is missing from a rule's messages: its code and its requirement phrase, in
  /// Japanese and English, both variants, non-empty. Registration and the conformance
  /// test use it.
  public static func messageProblems(of type: any Rule.Type) -> [String] {
    messageProblems(code: type.name, messages: type.messages)
  }

  static func messageProblems(code: String, messages: [RuleMessage]) -> [String] {
    var problems: [String] = []
    for key in [code, "requirement.\(code)"] {
      guard let message = messages.first(where: { $0.key == key }) else {
        problems.append("no message \"\(key)\" (give it in ja and en, labeled and inline)")
        continue
      }
      for (language, template) in [("ja", message.ja), ("en", message.en)] {
        if template.labeled.trimmingCharacters(in: .whitespaces).isEmpty {
          problems.append("message \"\(key)\" has no labeled \(language) text")
        }
        if template.inline.trimmingCharacters(in: .whitespaces).isEmpty {
          problems.append("message \"\(key)\" has no inline \(language) text")
        }
      }
    }
    return problems
  }
}

/// Why ``RuleRegistry/register(_:)`` refused a rule.
public struct RuleRegistrationError: Error, Sendable, CustomStringConvertible {
  /// The rule's name.
  public var rule: String
  /// What is wrong with the rule, in words.
  public var problem: String

  public var description: String { "cannot register rule \"\(rule)\": \(problem)" }
}

extension RuleRegistrationError: LocalizedError {
  /// What `localizedDescription` shows (an alert, a log line, Vapor's error middleware):
  /// ``description``, in English.
  public var errorDescription: String? { description }
}
