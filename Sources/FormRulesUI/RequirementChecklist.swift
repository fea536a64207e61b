/// Builds a field's requirement checklist from the policy's live checklist, so a screen
/// ticks exactly what the server enforces (`Policy.checklist(field:in:locale:)`).
enum RequirementChecklist {
  static func items(policy: Policy, field: String, values: [String: String], locale: String)
    -> [RequirementStatus]
  {
    policy.checklist(field: field, in: values, locale: locale).enumerated().map { position, item in
      RequirementStatus(id: position, code: item.code, text: item.message, isMet: item.isMet)
    }
  }
}
