/// One line of a requirement checklist: what a field needs, and whether the value meets it now.
public struct RequirementStatus: Sendable, Hashable, Identifiable {
  /// The position in the field's rule list, stable while the policy is.
  public var id: Int
  /// The rule's code (`minLength`, `required`…).
  public var code: String
  /// The requirement as a short phrase in the form's locale (`6文字以上`).
  public var text: String
  public var isMet: Bool

  public init(id: Int, code: String, text: String, isMet: Bool) {
    self.id = id
    self.code = code
    self.text = text
    self.isMet = isMet
  }
}
