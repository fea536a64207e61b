import Foundation

/// One thing a field requires, phrased for a checklist (`8文字以上`, `At least 8 characters`),
/// without a value to check: what a sign-up screen lists before the user types, or a
/// server describes in its rules. ``ChecklistItem`` is the same line with whether it is met.
public struct Requirement: Sendable, Equatable {
  /// The rule's code (`minLength`).
  public let code: String
  /// The short phrase in the requested language.
  public let text: String
  /// The rule's severity: a warning is advice, not a condition of validity.
  public let severity: Severity
}

extension Policy {
  /// The requirements of a field in rule order, as a sign-up screen lists them: the
  /// lines of ``checklist(for:values:locale:)-(_,_,String)`` without values, so every `when` is listed.
  /// Composite rules (`anyOf`, `not`) are one requirement; `allOf` lists its parts, with
  /// its severity.
  ///
  /// ```swift
  /// policy.requirements(for: "password", locale: "en").map(\.text)
  /// // ["Required", "At least 8 characters", …]
  /// ```
  ///
  /// - Parameters:
  ///   - field: the field's name in the rules file.
  ///   - locale: the language of the texts, negotiated (`ja-JP` → `ja`).
  /// - Returns: the requirements, or `[]` when the policy has no such field.
  public func requirements(for field: String, locale: String) -> [Requirement] {
    guard let index = fieldIndex[field] else { return [] }
    let language = negotiateLocale([locale])
    return plan.checklistNodes(field: index, values: nil).map { k in
      let requirement = plan.requirement(k)
      return Requirement(
        code: requirement.code, text: renderRequirement(requirement, language: language),
        severity: requirement.severity)
    }
  }

  /// ``requirements(for:locale:)-(_,String)`` in a Foundation `Locale` (negotiated: `en_US` → `en`).
  ///
  /// - Parameters:
  ///   - field: the field's name in the rules file.
  ///   - locale: the language of the texts.
  /// - Returns: the requirements, or `[]` when the policy has no such field.
  public func requirements(for field: String, locale: Locale) -> [Requirement] {
    requirements(for: field, locale: locale.identifier)
  }

}

extension MessageCatalog {
  /// The checklist phrase of a requirement: the rule's own `requirement`, else
  /// `requirement.<code>`, else the rule's own message, else the inline message. A warning's
  /// phrase is marked as a recommendation (`15文字以上（推奨）`, `At least 15 characters
  /// (recommended)`).
  public func renderRequirement(
    _ failure: Failure, locale language: String, fieldLabel: (String) -> String? = { _ in nil }
  ) -> String {
    let phrase = requirementPhrase(failure, language: language, fieldLabel: fieldLabel, orMessage: true)
    guard failure.severity == .warning, let frame = template(for: ["requirement.recommended"], language: language)
    else { return phrase }
    // 「推奨：15文字以上」, "Recommended: at least 15 characters" (a phrase after a colon, lowercased).
    return frame.inline.replacingOccurrences(
      of: "{requirement}", with: Self.lowercasesNames(language) ? Self.lowerFirst(phrase) : phrase)
  }

  /// The phrase alone; with `orMessage` false (inside a message, for `{requirement}`) it
  /// never falls back to the message, which could name `{requirement}` itself.
  func requirementPhrase(
    _ failure: Failure, language: String, fieldLabel: (String) -> String?, orMessage: Bool
  ) -> String {
    if let own = failure.requirementOverride, let text = text(of: own, language: language) {
      return fill(text, failure: failure, label: nil, language: language, fieldLabel: fieldLabel)
    }
    if failure.messageOverride == nil || !orMessage,
      let t = template(for: failure.messageKeys.map { "requirement.\($0)" }, language: language)
    {
      return fill(t.inline, failure: failure, label: nil, language: language, fieldLabel: fieldLabel)
    }
    guard orMessage else { return failure.code }
    var plain = failure
    plain.severity = .error
    return render(plain, label: nil, locale: language, style: .inline, fieldLabel: fieldLabel)
  }
}

extension RuleSet {
  /// What `validate lint` says of a `message` without a `requirement`.
  static func messageWithoutRequirement(_ node: RuleNode) -> RuleSetProblem {
    var problem = RuleSetProblem(file: node.file, path: node.path, message: messageWithoutRequirement)
    problem.messageKey = "cli.lint.messageWithoutRequirement"
    problem.messageValues = [
      "messageKey": "message", "requirementKey": "requirement", "example": "\"requirement\": {\"ja\": …, \"en\": …}",
    ]
    return problem
  }

  static let messageWithoutRequirement =
    "a \"message\" without a \"requirement\": checklists and explain would show the error message "
    + "as the requirement; add \"requirement\": {\"ja\": …, \"en\": …}"

  /// `check` rules whose checklist line falls back to the general 「サービス側の確認に合格」 /
  /// "Accepted by the service": no `requirement` of their own and no `requirement.<check>` in the
  /// rules file's `messages` or the registry's catalog. `validate lint` warns, as for a
  /// `message` without a `requirement`.
  public func checksWithoutRequirement() -> [RuleSetProblem] {
    var problems: [RuleSetProblem] = []
    func visit(_ node: RuleNode, requirement: LocalizedText?) {
      let requirement = requirement ?? node.requirement
      switch node.kind {
      case .rule(let rule):
        guard let check = rule as? CheckRule, requirement == nil else { return }
        let key = "requirement.\(check.check)"
        guard messages.values.allSatisfy({ $0[key] == nil }), registry.catalog.templates["en"]?[key] == nil else {
          return
        }
        var problem = RuleSetProblem(
          file: node.file, path: node.path,
          message: "the check \"\(check.check)\" has no checklist phrase: checklists and explain show "
            + "\"Accepted by the service\"; add \"requirement\" or a \"\(key)\" message")
        problem.messageKey = "cli.lint.checkWithoutRequirement"
        problem.messageValues = ["check": check.check, "key": key]
        problems.append(problem)
      case .allOf(let inner), .anyOf(let inner), .not(let inner):
        for child in inner { visit(child, requirement: requirement) }
      }
    }
    for field in fields {
      for node in field.rules { visit(node, requirement: nil) }
    }
    return problems
  }

  /// Rules that give a `message` but no `requirement` and show in a checklist: their
  /// checklist line would fall back to the error message (`✓ 数字だけのパスワードは使用できません。`),
  /// so `validate lint` warns. A `message` on an `allOf` reaches its children, and so
  /// does its `requirement`.
  public func messagesWithoutRequirement() -> [RuleSetProblem] {
    var problems: [RuleSetProblem] = []
    func visit(_ node: RuleNode, message: LocalizedText?, requirement: LocalizedText?) {
      let message = message ?? node.message
      let requirement = requirement ?? node.requirement
      switch node.kind {
      case .rule(let rule):
        guard message != nil, requirement == nil, rule.showsInChecklist else { return }
        problems.append(Self.messageWithoutRequirement(node))
      case .allOf(let inner):
        for child in inner { visit(child, message: message, requirement: requirement) }
      case .anyOf, .not:
        // One checklist line: its own message and requirement.
        guard message != nil, requirement == nil else { return }
        problems.append(Self.messageWithoutRequirement(node))
      }
    }
    for field in fields {
      for node in field.rules { visit(node, message: nil, requirement: nil) }
    }
    return problems
  }
}
