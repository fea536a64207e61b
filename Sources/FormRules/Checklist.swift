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
    return withPrepared({ values[$0] }) { call in
      let subject = call.subject(index)
      let oversized = call.oversized[index]
      return plan.checklistNodes(field: index, values: call.values).map { k in
        let requirement = plan.requirement(k)
        return ChecklistItem(
          code: requirement.code, message: renderRequirement(requirement, language: language),
          isMet: !oversized && plan.isMet(k, subject, pending: call.pending), severity: requirement.severity,
          params: requirement.params)
      }
    }
  }

  func renderRequirement(_ requirement: Failure, language: String) -> String {
    catalog.renderRequirement(requirement, locale: language) { name in
      self.field(name) == nil ? nil : self.label(of: name, locale: language)
    }
  }
}

extension Plan {
  /// The nodes of field `i` that are lines of a checklist, in rule order: the one walk
  /// that `Policy.checklist(field:in:locale:)` and `Policy.requirements(of:locale:)`
  /// share. `allOf` is its children; `anyOf` and `not` are one line each; rules that do
  /// not show in a checklist (`{"required": false}`) are left out, and so, when `values`
  /// are given, are rules whose `when` does not hold.
  func checklistNodes(field i: Int, values: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>?>?) -> [Int] {
    var result: [Int] = []
    func visit(_ k: Int) {
      if let values, nodes[k].hasCondition, let condition = nodes[k].condition, !condition.holds(in: values) {
        return
      }
      switch nodes[k].kind {
      case .leaf: if nodes[k].rule?.showsInChecklist ?? true { result.append(k) }
      case .allOf: for c in children(of: k) { visit(c) }
      case .anyOf, .not: result.append(k)
      }
    }
    for k in subtrees(in: fields[i].nodes) { visit(k) }
    return result
  }
}
