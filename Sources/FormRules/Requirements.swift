/// One thing a field requires, phrased for a checklist (`8文字以上`, `At least 8 characters`).
public struct Requirement: Sendable, Equatable {
  /// The rule's code (`minLength`).
  public let code: String
  /// The short phrase in the requested language.
  public let text: String
  public let severity: Severity
}

extension Policy {
  /// The requirements of a field in rule order, as a sign-up screen lists them.
  /// Composite rules (`anyOf`, `not`) are one requirement; `allOf` lists its parts.
  public func requirements(of field: String, locale: String) -> [Requirement] {
    guard let spec = self.field(field) else { return [] }
    let language = negotiateLocale([locale])
    var result: [Requirement] = []
    for node in spec.rules { collect(node, field: field, language: language, into: &result) }
    return result
  }

  private func collect(_ node: RuleNode, field: String, language: String, into result: inout [Requirement]) {
    switch node.kind {
    case .rule(let rule):
      if let required = rule as? Required, !required.isRequired { return }
      result.append(requirement(rule.requirement, node: node, field: field, language: language))
    case .allOf(let inner):
      for child in inner { collect(child, field: field, language: language, into: &result) }
    case .anyOf, .not:
      result.append(requirement(Failure(code: node.name), node: node, field: field, language: language))
    }
  }

  private func requirement(_ failure: Failure, node: RuleNode, field: String, language: String) -> Requirement {
    var failure = failure
    failure.messageOverride = node.message
    let text = catalog.renderRequirement(failure, locale: language) { name in
      self.field(name) == nil ? nil : self.label(of: name, locale: language)
    }
    return Requirement(code: failure.code, text: text, severity: node.severity)
  }
}

extension MessageCatalog {
  /// The checklist phrase of a requirement: `requirement.<code>`, else the rule's own
  /// message, else the inline message.
  public func renderRequirement(
    _ failure: Failure, locale language: String, fieldLabel: (String) -> String? = { _ in nil }
  ) -> String {
    if failure.messageOverride == nil,
      let t = template(for: failure.messageKeys.map { "requirement.\($0)" }, language: language)
    {
      return fill(t.inline, failure: failure, label: nil, language: language, fieldLabel: fieldLabel)
    }
    return render(failure, label: nil, locale: language, style: .inline, fieldLabel: fieldLabel)
  }
}
