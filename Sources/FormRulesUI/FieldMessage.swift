/// One message shown under a field, already rendered in the form's locale.
public struct FieldMessage: Sendable, Hashable {
  /// The failure code the message renders (`minLength`, `email`…).
  public var code: String
  /// Warnings are shown but never block a submit; a UI may colour them differently.
  public var severity: Severity
  /// The message in the form's locale.
  public var text: String
  /// What to try instead, for a `strength` failure (「単語をもう1つか2つ加えてください。…」), rendered
  /// in the same locale; empty for every other failure.
  public var suggestions: [String]

  /// - Parameters:
  ///   - code: the failure code.
  ///   - severity: error or warning.
  ///   - text: the rendered message.
  ///   - suggestions: what to try instead, for a `strength` failure.
  public init(code: String, severity: Severity, text: String, suggestions: [String] = []) {
    self.code = code
    self.severity = severity
    self.text = text
    self.suggestions = suggestions
  }
}
