/// Writes Apple's `passwordrules` (`minlength: 8; maxlength: 64;`), which iOS and Safari
/// password managers read to generate a password the policy accepts.
///
/// Generated passwords are ASCII, where characters, graphemes, UTF-16 units and UTF-8
/// bytes all count the same, so every `minLength` and `maxLength` applies whatever its
/// unit: `maxLength: 72` in bytes and `maxLength: 64` in characters give `maxlength: 64`.
enum PasswordRulesExporter {
  static let format = "passwordrules"

  static func rules(for field: FieldSpec, notes: inout [ExportNote]) -> String {
    var minimum: Int?
    var maximum: Int?
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
      // A generated password is never empty, never starts or ends with a space, and is
      // copied into the confirmation: these rules hold without being said.
      case is Required, is Trimmed, is SameAs: break
      default: notes.append(field.note(node, "has no \(format) equivalent"))
      }
    }
    var properties: [String] = []
    if let minimum, minimum > 0 { properties.append("minlength: \(minimum);") }
    if let maximum { properties.append("maxlength: \(maximum);") }
    return properties.joined(separator: " ")
  }
}
