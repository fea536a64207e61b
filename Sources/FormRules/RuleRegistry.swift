/// The rules a rules file may name. Adding a rule means adding its type here.
enum RuleRegistry {
  static let types: [any Rule.Type] = [
    Required.self, MinLength.self, MaxLength.self, PatternRule.self, NotPattern.self, Email.self, SameAs.self,
    Trimmed.self,
    // Password rules (issue 4).
    CharacterClasses.self, NotCommon.self, NotContainsField.self, MaxRepeat.self, NoSequence.self, NotBreached.self,
    Strength.self,
  ]

  static let byName: [String: any Rule.Type] = {
    var table: [String: any Rule.Type] = [:]
    for type in types { table[type.name] = type }
    return table
  }()

  static var names: [String] { types.map { $0.name } }

  static func type(named name: String) -> (any Rule.Type)? { byName[name] }
}
