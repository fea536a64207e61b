import FormRules

/// Writes Apple's `passwordrules` (`minlength: 8; maxlength: 64;`), which iOS and Safari
/// password managers read to generate a password the policy accepts.
///
/// Generated passwords are ASCII, where characters, graphemes, UTF-16 units and UTF-8
/// bytes all count the same, so every `minLength` and `maxLength` applies whatever its
/// unit: `maxLength: 72` in bytes and `maxLength: 64` in characters give `maxlength: 64`.
///
/// `characterClasses` becomes `required:` classes (`symbol` is Apple's `special`); for
/// "at least n of" it requires the first n ASCII classes listed, which a generated password
/// can always meet and which satisfies the rule. `maxRepeat` becomes `max-consecutive`.
enum PasswordRulesExporter {
  static let format = "passwordrules"

  static func rules(for field: FieldSpec, notes: inout [ExportNote]) -> String {
    var minimum: Int?
    var maximum: Int?
    var required: [CharacterClass] = []
    var maxConsecutive: Int?
    for node in field.rules {
      if let skipped = ExportCommonNotes.skipped(node, in: field, format: format) {
        notes.append(skipped)
        continue
      }
      guard case .rule(let rule) = node.kind else {
        notes.append(field.note(node, "composite rules have no \(format) equivalent"))
        continue
      }
      switch rule {
      case let rule as MinLength: minimum = max(minimum ?? 0, rule.min)
      case let rule as MaxLength: maximum = min(maximum ?? Int.max, rule.max)
      case let rule as MaxRepeat: maxConsecutive = min(maxConsecutive ?? Int.max, rule.max)
      case let rule as CharacterClasses:
        let ascii = rule.classes.filter { $0 != .nonAscii }
        if ascii.count < rule.min {
          notes.append(field.note(node, "asks for non-ASCII characters, which generated passwords do not have"))
        }
        for c in ascii.prefix(rule.min) where !required.contains(c) { required.append(c) }
      // A generated password is never empty, never starts or ends with a space, and is
      // copied into the confirmation: these rules hold without being said.
      case is Required, is Trimmed, is SameAs: break
      default: notes.append(field.note(node, "has no \(format) equivalent"))
      }
    }
    var properties: [String] = []
    if let minimum, minimum > 0 { properties.append("minlength: \(minimum);") }
    if let maximum { properties.append("maxlength: \(maximum);") }
    for c in CharacterClass.allCases where required.contains(c) {
      properties.append("required: \(c == .symbol ? "special" : c.rawValue);")
    }
    if let maxConsecutive { properties.append("max-consecutive: \(maxConsecutive);") }
    return properties.joined(separator: " ")
  }
}
