/// One line of a live requirement checklist: what a field requires and whether the
/// current values meet it (`✓ 8文字以上`, `✗ 英大文字、数字を含む`).
public struct ChecklistItem: Sendable, Equatable {
  /// The rule's code (`minLength`, `characterClasses`, `anyOf`…).
  public let code: String
  /// The requirement as a short phrase (`requirement.<code>` from the catalog, else the
  /// rule's own `message`, else its inline message), in the requested language.
  public let message: String
  /// Whether the current value meets the requirement.
  public let isMet: Bool
  public let severity: Severity
  /// The requirement's parameters (`min`, `unit`, `missing`…), for a UI that draws its own text.
  public let params: Parameters
}

extension Policy {
  /// Every requirement of a field in rule order, with whether the values meet it right
  /// now: what a sign-up screen renders as ✓/✗ while the user types, from the same
  /// policy the server enforces.
  ///
  /// ```swift
  /// policy.checklist(field: "password", in: ["password": "abc"], locale: "ja")
  /// // [✓ 入力必須, ✗ 8文字以上, ✗ 英大文字、数字を含む, …]
  /// ```
  ///
  /// Each rule is checked against the field's transformed value, even when it is empty,
  /// so `8文字以上` shows ✗ before anything is typed while `maxLength` shows ✓. `allOf`
  /// lists its rules; `anyOf` and `not` are one item each, checked as the validator
  /// checks them. Rules whose `when` does not hold right now are left out, and so is
  /// `{"required": false}`. A value over the policy's size limit meets nothing.
  ///
  /// - Returns: the items, or `[]` when the policy has no such field.
  public func checklist(field name: String, in values: [String: String], locale: String) -> [ChecklistItem] {
    guard let index = fieldIndex[name] else { return [] }
    let language = negotiateLocale([locale])
    let prepared = prepare { values[$0] }
    let spec = fields[index]
    let subject = Subject(
      value: prepared.values[index] ?? "", field: spec.name, isSensitive: spec.sensitive, values: prepared)
    var items: [ChecklistItem] = []
    for node in spec.rules {
      collect(
        node, subject: subject, oversized: prepared.oversized[index], severity: .error, language: language,
        into: &items)
    }
    return items
  }

  private func collect(
    _ node: RuleNode, subject: Subject, oversized: Bool, severity inherited: Severity, language: String,
    into items: inout [ChecklistItem]
  ) {
    if let condition = node.condition, !condition.holds(in: subject.values) { return }
    let severity: Severity = inherited == .warning ? .warning : node.severity
    var requirement: Failure
    let isMet: Bool
    switch node.kind {
    case .rule(let rule):
      if let required = rule as? Required, !required.isRequired { return }
      requirement = rule.requirement
      isMet = !oversized && rule.check(subject) == nil
    case .allOf(let inner):
      for child in inner {
        collect(child, subject: subject, oversized: oversized, severity: severity, language: language, into: &items)
      }
      return
    case .anyOf, .not:
      requirement = Failure(code: node.name)
      var failures: [Failure] = []
      Evaluator.evaluate(node, subject, into: &failures)
      isMet = !oversized && failures.isEmpty
    }
    requirement.messageOverride = node.message
    let message = catalog.renderRequirement(requirement, locale: language) { name in
      self.field(name) == nil ? nil : self.label(of: name, locale: language)
    }
    items.append(
      ChecklistItem(
        code: requirement.code, message: message, isMet: isMet, severity: severity, params: requirement.params))
  }
}
