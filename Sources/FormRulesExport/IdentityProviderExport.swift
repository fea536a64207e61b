import FormRules

/// What the identity-provider exports (Firebase, Cognito, Keycloak) share: the password
/// field they configure, and the length bounds that are safe whatever the provider counts.
///
/// The contract is the web exports' one, made stricter in one way: a provider enforces
/// its policy itself and refuses the user outright, so a setting that would refuse a
/// password the rules accept is not written silently. It goes to ``Export/stricter``,
/// and `validate export` refuses to print the export unless `--allow-stricter` is given.
enum IdentityProviderExport {
  /// A provider's way of counting a password's length. Where its documentation does not
  /// say, the exporter assumes it may count either code points or UTF-16 code units and
  /// keeps both counts within the rules.
  enum Counting {
    /// Java's `String.length()`: UTF-16 code units (Keycloak).
    case utf16
    /// Unicode code points or UTF-16 code units, whichever the service uses (Firebase, Cognito).
    case codePointsOrUTF16

    var units: [LengthUnit] {
      switch self {
      case .utf16: [.utf16]
      case .codePointsOrUTF16: [.characters, .utf16]
      }
    }
  }

  /// The least length in `counted` of a value at least `min` long in `unit`.
  ///
  /// A code point is 1 or 2 UTF-16 units and 1 to 4 UTF-8 bytes; a UTF-16 unit is 1 to 3
  /// bytes (a surrogate pair is 4 bytes for 2 units); a grapheme is one or more code points.
  static func lowerBound(_ min: Int, in unit: LengthUnit, counted: LengthUnit) -> Int {
    func ceilDiv(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }
    switch (unit, counted) {
    case (.characters, _), (.graphemes, _): return min
    case (.utf16, .utf16): return min
    case (.utf16, _): return ceilDiv(min, 2)
    case (.utf8, .utf16): return ceilDiv(min, 3)
    case (.utf8, _): return ceilDiv(min, 4)
    }
  }

  /// The greatest length in `counted` of a value at most `max` long in `unit`; `nil` when
  /// there is none (a grapheme may hold any number of code points).
  static func upperBound(_ max: Int, in unit: LengthUnit, counted: LengthUnit) -> Int? {
    switch (unit, counted) {
    case (.graphemes, _): return nil
    case (.characters, .utf16): return 2 * max
    default: return max
    }
  }

  /// The length bounds a provider may be given for `field`, and the notes on how they
  /// were derived.
  struct Lengths {
    /// The least length the rules allow for a non-empty password, in the provider's
    /// counting (1 when no rule sets a minimum: an empty password is never sent).
    var min = 1
    /// The greatest length a `maxLength` rule allows, in the provider's counting.
    var max: Int?
    /// The greatest length any accepted value can have, counting `limits.maxValueBytes`.
    var hardMax: Int
  }

  /// Reads the field's top-level, unconditional, error-severity length rules; every other
  /// rule goes to `other`, the provider's own switch, whose note (if any) is kept in order.
  static func lengths(
    of field: FieldSpec, counting: Counting, limits: Limits, format: String, notes: inout [ExportNote],
    other: (RuleNode, any Rule) -> ExportNote?
  ) -> Lengths {
    var lengths = Lengths(hardMax: limits.maxValueBytes)
    for node in field.rules {
      if let skipped = ExportCommonNotes.skipped(node, in: field, format: format) {
        notes.append(skipped)
        continue
      }
      guard case .rule(let rule) = node.kind else {
        notes.append(field.note(node, "composite rules have no \(format) setting; not exported (the server checks it)"))
        continue
      }
      switch rule {
      case let rule as MinLength:
        let bound = counting.units.map { lowerBound(rule.min, in: rule.unit, counted: $0) }.min() ?? rule.min
        if bound != rule.min {
          notes.append(
            field.note(
              node,
              "\(rule.min) counted in \(rule.unit.rawValue) is at least \(bound) as \(format) may count; exported as \(bound)"
            ))
        }
        lengths.min = Swift.max(lengths.min, bound)
      case let rule as MaxLength:
        let bounds = counting.units.map { upperBound(rule.max, in: rule.unit, counted: $0) }
        guard let bound = bounds.contains(where: { $0 == nil }) ? nil : bounds.compactMap({ $0 }).max() else {
          notes.append(
            field.note(node, "a grapheme can hold any number of code points; \(format) cannot bound it, not exported"))
          continue
        }
        if bound != rule.max {
          notes.append(
            field.note(
              node,
              "\(rule.max) counted in \(rule.unit.rawValue) may be \(bound) as \(format) counts "
                + "(an emoji is 2 UTF-16 units); exported as \(bound) so no accepted password is refused"))
        }
        lengths.max = Swift.min(lengths.max ?? Int.max, bound)
      default:
        if let note = other(node, rule) { notes.append(note) }
      }
    }
    // A UTF-16 unit and a code point are each at least one UTF-8 byte.
    lengths.hardMax = Swift.min(lengths.hardMax, lengths.max ?? Int.max)
    return lengths
  }

  /// The new-password field: `field` when named, else the first sensitive field that is
  /// not a confirmation.
  static func passwordField(in ruleSet: RuleSet, named name: String?, format: String) throws(ExportError)
    -> FieldSpec
  {
    let spec = name.flatMap { ruleSet.field($0) } ?? ruleSet.fields.first { $0.sensitive && !$0.isConfirmation }
    guard let spec else {
      throw ExportError(
        message: "no password field: \(format) needs a sensitive field that is not a confirmation (use --field)")
    }
    return spec
  }

  /// A note that the provider would refuse passwords the rules accept.
  static func stricter(_ field: FieldSpec, _ reason: String) -> ExportNote {
    ExportNote(file: field.file, path: field.path, field: field.name, rule: "field", reason: reason)
  }

  /// A note for a character-class rule: the providers count ASCII classes, the rules count
  /// Unicode categories, so requiring the class at the provider would refuse valid users.
  static func asciiClasses(_ field: FieldSpec, _ node: RuleNode, format: String, example: String) -> ExportNote {
    field.note(
      node,
      "\(format)'s character requirements count only ASCII (\(example)); the rule also counts letters, digits "
        + "and symbols outside ASCII (é, Ａ, ７, 。), so requiring them there would refuse passwords the rules accept; "
        + "not exported (the server checks it)")
  }
}
