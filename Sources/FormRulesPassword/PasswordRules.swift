import FormRules

extension RuleRegistry {
  /// The password rules that need data: `notCommon` (with the common-password list compiled
  /// in), `notBreached` (a SHA-1 breach file) and `strength` (the estimator and its
  /// dictionaries), in the order docs/rules.md lists them.
  public static let passwordRules: [any Rule.Type] = [NotCommon.self, NotBreached.self, Strength.self]

  /// The core's rules and the password rules: what the shipped rules files, the `validate`
  /// tool and the server use. The password rules are registered through
  /// ``RuleRegistry/register(_:)``, as an app registers its own.
  ///
  /// ```swift
  /// import FormRulesPassword
  /// let policy = try RuleSet(contentsOf: url, registry: .standard).compile()
  /// ```
  public static let standard: RuleRegistry = builtIn.addingPasswordRules()

  /// This registry with the password rules added, for an app that registers rules of its own:
  /// `var registry = RuleRegistry.builtIn.addingPasswordRules(); try registry.register(MyRule.self)`.
  public func addingPasswordRules() -> RuleRegistry {
    addingPasswordRules(breachRange: NoBreachRangeClient.self)
  }

  /// This registry with the password rules added, `notBreached` fetching ranges with `client`
  /// (FormRulesBreachRange's `URLSessionRangeClient`, or a test's stub).
  public func addingPasswordRules<Client: BreachRangeClient>(breachRange client: Client.Type) -> RuleRegistry {
    var registry = self
    let types: [any Rule.Type] = [NotCommon.self, NotBreachedRule<Client>.self, Strength.self]
    for type in types {
      do {
        try registry.register(type)
      } catch {
        // The conformance test registers each password rule; failing here is a build defect.
        preconditionFailure(error.description)
      }
    }
    return registry
  }
}

extension MessageCatalog {
  /// The catalog of ``RuleRegistry/standard``: the core's messages and the password rules'.
  public static var standard: MessageCatalog { RuleRegistry.standard.catalog }
}

extension MessageCatalog {
  /// Every key of ``standard``: ``builtInKeys``, then the password rules' own messages.
  public static var standardKeys: [String] {
    var seen = Set(builtInKeys)
    let passwordKeys = RuleRegistry.passwordRules.flatMap { $0.messages }.map(\.key)
    return builtInKeys + passwordKeys.filter { seen.insert($0).inserted }
  }
}
