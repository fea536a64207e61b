/// Builds a field's requirement checklist from the policy.
///
/// This is the single place that knows where a checklist comes from. It derives one from
/// the field's top-level rules: each rule's ``Rule/requirement`` rendered inline, met when
/// the field's current failures contain none of the rule's codes. When `FormRules` offers
/// `Policy.checklist(field:in:locale:)`, only ``items(policy:field:values:locale:)`` changes
/// to map its items; ``FormModel`` and every UI keep calling the same thing.
enum RequirementChecklist {
  static func items(policy: Policy, field: String, values: [String: String], locale: String)
    -> [RequirementStatus]
  {
    guard let spec = policy.field(field), let report = policy.validate(field: field, in: values) else {
      return []
    }
    let language = policy.negotiateLocale([locale])
    let failedCodes = Set(report.failures.map(\.code))
    // Most rules skip an empty value (only `required` looks at it), so an empty field would
    // tick nearly every box; before anything is typed, nothing is met.
    let isEmpty = (values[field] ?? "").isEmpty
    return spec.rules.enumerated().map { position, node in
      RequirementStatus(
        id: position, code: node.name, text: text(of: node, field: field, policy: policy, language: language),
        isMet: !isEmpty && failedCodes.isDisjoint(with: codes(of: node)))
    }
  }

  /// The codes a node can fail with: `allOf` reports its members' own codes.
  private static func codes(of node: RuleNode) -> Set<String> {
    switch node.kind {
    case .rule, .anyOf, .not: return [node.name]
    case .allOf(let inner): return inner.reduce(into: [node.name]) { $0.formUnion(codes(of: $1)) }
    }
  }

  private static func text(of node: RuleNode, field: String, policy: Policy, language: String) -> String {
    // A rule's own message is written for failures and may name placeholders only the
    // engine fills; use it only when it is plain text.
    if let own = node.message?[language], !own.contains("{") { return own }
    let requirement: Failure
    switch node.kind {
    case .rule(let rule): requirement = rule.requirement
    case .allOf, .anyOf, .not: requirement = Failure(code: node.name)
    }
    return policy.message(for: requirement, field: field, locale: language, style: .inline)
  }
}
