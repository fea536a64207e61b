import FormRules
import Foundation

/// A form a rules file can be exported to, for front ends that never run Swift.
public enum ExportFormat: String, Sendable, CaseIterable {
  /// A JSON Schema (2020-12) of the input document, for web validators such as Ajv.
  case jsonSchema = "json-schema"
  /// One `<input>` element per field with the attributes a browser enforces.
  case html
  /// Apple's `passwordrules` string, for password managers that generate passwords.
  case passwordRules = "passwordrules"
  /// Firebase Authentication / Identity Platform `passwordPolicyConfig` (JSON).
  case firebase
  /// Amazon Cognito user pool `PasswordPolicy` (JSON).
  case cognito
  /// Keycloak's realm password policy string.
  case keycloak
}

/// An exported rules file: the text, and what the format could not say.
///
/// A front end checks only what its format can express; the server still checks every
/// rule. ``notes`` lists each rule that was left out or approximated, so nothing is
/// dropped silently.
///
/// ```swift
/// let rules = try RuleSet(contentsOf: URL(fileURLWithPath: "Rules/signup.json"))
/// let export = try rules.export(.jsonSchema)
/// print(export.text)
/// for note in export.notes { print("warning:", note) }
/// ```
public struct Export: Sendable {
  /// The format of ``text``.
  public var format: ExportFormat
  /// The exported text, ending with a newline.
  public var text: String
  /// Rules the format cannot express, field by field.
  public var notes: [ExportNote]
  /// Where the target would refuse values the rules accept and cannot be configured
  /// looser (an identity provider's own minimum or maximum length). Empty for the web
  /// formats. ``text`` then holds the closest setting, which is stricter than the rules:
  /// apply it only on purpose; ``neverStricter()`` throws instead.
  public var stricter: [ExportNote] = []

  /// The export, or an error listing ``stricter`` when the target would refuse values
  /// the rules accept.
  public func neverStricter() throws(ExportError) -> Export {
    guard !stricter.isEmpty else { return self }
    throw ExportError(
      message: "\(format.rawValue) would refuse passwords the rules accept:\n"
        + stricter.map { "  \($0)" }.joined(separator: "\n"))
  }
}

/// A rule that an export left out or approximated, and why.
public struct ExportNote: Sendable, Equatable, CustomStringConvertible {
  /// The file that declares the rule, as the user named it.
  public var file: String
  /// The JSON path of the rule (or of the field) in that file.
  public var path: [JSONPathComponent]
  /// The field the rule belongs to.
  public var field: String
  /// The rule's name (`maxLength`), or `field` for what concerns the whole field.
  public var rule: String
  /// What the export could not carry over, in words (never a field value).
  public var reason: String

  public var description: String { "\(file): \(jsonPathString(path)): \(reason)" }
}

/// A request the rules file cannot satisfy, such as an unknown `--field`.
public struct ExportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was wrong with the request.
  public var message: String
  public var description: String { message }
}

extension RuleSet {
  /// Exports the rules, or one field's rules, to a format web front ends understand.
  ///
  /// - Parameters:
  ///   - format: the target format.
  ///   - field: only this field. For ``ExportFormat/passwordRules`` and the identity
  ///     providers the default is the new-password field: the first sensitive field that is
  ///     not a confirmation.
  /// - Returns: the text and the notes on what could not be expressed.
  /// - Throws: ``ExportError`` when `field` names no field, or no password field exists.
  public func export(_ format: ExportFormat, field: String? = nil) throws(ExportError) -> Export {
    if let field, self.field(field) == nil {
      throw ExportError(
        message: "no field named '\(field)'; fields: \(fields.map(\.name).joined(separator: ", "))")
    }
    switch format {
    case .jsonSchema:
      var exporter = JSONSchemaExporter(ruleSet: self)
      return exporter.export(field: field)
    case .html:
      var exporter = HTMLExporter(ruleSet: self)
      return exporter.export(field: field)
    case .passwordRules:
      let spec = field.flatMap { self.field($0) } ?? fields.first { $0.sensitive && !$0.isConfirmation }
      guard let spec else {
        throw ExportError(
          message: "no password field: passwordrules needs a sensitive field that is not a confirmation (use --field)")
      }
      var notes: [ExportNote] = []
      let rules = PasswordRulesExporter.rules(for: spec, notes: &notes)
      return Export(format: format, text: rules + "\n", notes: notes)
    case .firebase: return try FirebaseExporter.export(self, field: field)
    case .cognito: return try CognitoExporter.export(self, field: field)
    case .keycloak: return try KeycloakExporter.export(self, field: field)
    }
  }
}

extension FieldSpec {
  /// A confirmation field: one with a `sameAs` rule.
  var isConfirmation: Bool { rules.contains { node in node.leaves.contains { $0.rule is SameAs } } }

  /// A note about a rule of this field.
  func note(_ node: RuleNode, _ reason: String) -> ExportNote {
    ExportNote(file: node.file, path: node.path, field: name, rule: node.name, reason: "\(node.name): \(reason)")
  }

  /// A note about the field as a whole.
  func note(_ reason: String) -> ExportNote {
    ExportNote(file: file, path: path, field: name, rule: "field", reason: reason)
  }

  /// The top-level rules that always apply with error severity: what a front end can enforce.
  var enforcedRules: [(node: RuleNode, rule: any Rule)] {
    rules.compactMap { node in
      guard node.severity == .error, node.condition == nil, case .rule(let rule) = node.kind else { return nil }
      return (node, rule)
    }
  }

  /// Whether a `required: true` rule always applies.
  var isRequired: Bool { enforcedRules.contains { ($0.rule as? Required)?.isRequired == true } }

  /// Whether an `accepted: true` rule always applies: the field must be present and ticked.
  var mustBeAccepted: Bool { enforcedRules.contains { ($0.rule as? Accepted)?.isRequired == true } }
}

extension RuleNode {
  /// Every rule in this node, composites opened, with the node that holds it.
  var leaves: [(node: RuleNode, rule: any Rule)] {
    switch kind {
    case .rule(let rule): return [(self, rule)]
    case .allOf(let inner), .anyOf(let inner), .not(let inner): return inner.flatMap(\.leaves)
    }
  }
}

extension RuleSet {
  /// Whether any field confirms another with `sameAs`: the form sets a new password.
  var hasConfirmation: Bool { fields.contains(where: \.isConfirmation) }
}

/// Notes shared by the exports for rules that are not constraints, or that depend on more
/// than the field's own raw value.
enum ExportCommonNotes {
  /// Rules the export skips wholesale, with the note; `nil` when the caller should handle the node.
  static func skipped(_ node: RuleNode, in field: FieldSpec, format: String) -> ExportNote? {
    if node.severity == .warning {
      return field.note(node, "a warning, not a constraint; not exported")
    }
    if node.condition != nil {
      return field.note(node, "applies only \"when\" another field matches; \(format) cannot say that here")
    }
    return nil
  }

  /// The field's transforms change the value before the rules see it; a front end sees it raw.
  static func transforms(of field: FieldSpec, format: String) -> [ExportNote] {
    var notes: [ExportNote] = []
    if field.trim {
      notes.append(
        field.note("trimmed before its rules run; \(format) checks the raw value (leading or trailing spaces)"))
    }
    if field.normalize != .none {
      notes.append(field.note("normalized (\(field.normalize.rawValue)) before its rules run; \(format) does not"))
    }
    return notes
  }
}

extension ExportError: LocalizedError {
  /// What `localizedDescription` shows (an alert, a log line, Vapor's error middleware):
  /// ``description``, in English.
  public var errorDescription: String? { description }
}
