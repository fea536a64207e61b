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

  /// The former name, still called by the `Locale` overload in Messages/LocaleNegotiation.swift.
  func requirements(of field: String, locale: String) -> [Requirement] {
    requirements(for: field, locale: locale)
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
