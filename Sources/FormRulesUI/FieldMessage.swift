/// One message shown under a field, already rendered in the form's locale.
public struct FieldMessage: Sendable, Hashable {
  /// The failure code the message renders (`minLength`, `email`…).
  public var code: String
  /// Warnings are shown but never block a submit; a UI may colour them differently.
  public var severity: Severity
  /// The message in the form's locale.
  public var text: String

  /// - Parameters:
  ///   - code: the failure code.
  ///   - severity: error or warning.
  ///   - text: the rendered message.
  public init(code: String, severity: Severity, text: String) {
    self.code = code
    self.severity = severity
    self.text = text
  }
}
