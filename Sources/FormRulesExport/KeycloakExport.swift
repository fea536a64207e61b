import FormRules

/// Writes a Keycloak realm's password policy string (`passwordPolicy` in the realm
/// representation): `length(8) and maxLength(128) and specialChars(1)`.
///
/// Keycloak's policies (server administration guide, "Password policies"; the providers
/// in `org.keycloak.policy`) count Java `char`s, that is UTF-16 units: `length` and
/// `maxLength` compare `String.length()`, `digits`, `lowerCase` and `upperCase` count
/// `char`s for which `Character.isDigit`, `isLowerCase`, `isUpperCase` hold, and
/// `specialChars` counts `char`s that are not `Character.isLetterOrDigit`. A realm has no
/// password policy until one is set, so Keycloak has no floor of its own.
///
/// What is never stricter than the rules: the lengths (converted to UTF-16), and
/// `specialChars(1)` for a required `symbol` class (every symbol the rules count is a
/// non-letter, non-digit `char`, or a surrogate, which also counts). `digits`, `lowerCase`
/// and `upperCase` are not written: a digit or letter outside the Basic Multilingual
/// Plane (`𝟙`, `𝐚`) is two surrogates that do not count, and `isUpperCase` is false for
/// titlecase letters (`ǅ`), which the rules count as upper.
enum KeycloakExporter {
  static let format = "Keycloak"

  static func export(_ ruleSet: RuleSet, field name: String?) throws(ExportError) -> Export {
    let field = try IdentityProviderExport.passwordField(in: ruleSet, named: name, format: format)
    var notes: [ExportNote] = []
    var special = false
    let lengths = IdentityProviderExport.lengths(
      of: field, counting: .utf16, limits: ruleSet.limits, format: format, notes: &notes
    ) { node, rule in
      switch rule {
      case is Required: return nil  // Keycloak refuses an empty password on registration.
      case let rule as CharacterClasses:
        let requiresAll = rule.min == rule.classes.count
        if requiresAll, rule.classes.contains(.symbol) { special = true }
        let left = requiresAll ? rule.classes.filter { $0 != .symbol } : rule.classes
        if !left.isEmpty {
          let why =
            requiresAll
            ? "\(left.map(\.rawValue).joined(separator: ", ")): Keycloak counts UTF-16 units, so a digit or "
              + "letter outside the BMP (𝟙, 𝐚) does not count, and upperCase misses titlecase letters (ǅ); "
              + "not exported (the server checks it)"
            : "\"at least \(rule.min) of\" has no \(format) policy; not exported (the server checks it)"
          return field.note(node, why)
        }
        return nil
      default:
        return field.note(node, "has no \(format) policy; not exported (the server checks it)")
      }
    }
    var policies: [String] = []
    if lengths.min > 1 { policies.append("length(\(lengths.min))") }
    if let max = lengths.max { policies.append("maxLength(\(max))") }
    if special { policies.append("specialChars(1)") }
    notes += ExportCommonNotes.transforms(of: field, format: format)
    return Export(format: .keycloak, text: policies.joined(separator: " and ") + "\n", notes: notes)
  }
}
