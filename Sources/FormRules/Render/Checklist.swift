import Foundation

/// One line of a live requirement checklist: what a field requires and whether the
/// current values meet it (`✓ 8文字以上`, `✗ 英大文字、数字を含む`).
///
/// The same type serves every front end: ``Policy/checklist(for:values:locale:)-(_,_,String)`` builds it,
/// and `FormModel.checklist(for:)` in FormRulesUI returns it for a SwiftUI `ForEach`
/// (``id`` is the line's position, stable while the policy is).
public struct ChecklistItem: Sendable, Equatable, Identifiable {
  /// The line's position in the field's checklist, stable while the policy is.
  public let id: Int
  /// The rule's code (`minLength`, `characterClasses`, `anyOf`…).
  public let code: String
  /// The requirement as a short phrase (`8文字以上`, `At least 8 characters`): the
  /// ``Requirement/text`` of the same rule, in the requested language.
  public let text: String
  /// Whether the current value meets the requirement (`false` while ``state`` is
  /// ``State/notChecked``).
  public var isMet: Bool { state == .met }
  /// Met, not met, or not checked yet: a named check (`{"check": NAME}`) that has not run
  /// for these values is never shown as met.
  public let state: State
  /// The rule's severity: an unmet warning does not make the field invalid.
  public let severity: Severity
  /// The requirement's parameters (`min`, `unit`, `missing`…), for a UI that draws its own text.
  public let params: Parameters

  /// The three states of a checklist line.
  public enum State: String, Sendable, Equatable, CaseIterable {
    /// The current values meet the requirement.
    case met
    /// They do not.
    case unmet
    /// A named check that has not run for the current values (live typing, a field with an
    /// error, a check not yet asked, or one that could not answer): neither ✓ nor ✗.
    case notChecked
  }

  /// Makes an item, for previews and tests of a UI; ``Policy/checklist(for:values:locale:)-(_,_,String)``
  /// builds the real ones.
  public init(
    id: Int, code: String, text: String, isMet: Bool, severity: Severity = .error, params: Parameters = [:]
  ) {
    self.init(id: id, code: code, text: text, state: isMet ? .met : .unmet, severity: severity, params: params)
  }

  /// Makes an item in any of the three states.
  public init(
    id: Int, code: String, text: String, state: State, severity: Severity = .error, params: Parameters = [:]
  ) {
    self.id = id
    self.code = code
    self.text = text
    self.state = state
    self.severity = severity
    self.params = params
  }
}

extension JSONWriter {
  /// One checklist line as JSON, the one shape the server's `?field=` answer, `validate
  /// explain --format json` and the web page share: `{"code", "text", "severity", "met",
  /// "state"}`. `state` is `met`, `unmet` or `notChecked` (a named check that has not run);
  /// `met` is `state == "met"`, kept for older clients. Without a state (explain without
  /// values) both are left out.
  package mutating func checklistItem(code: String, text: String, severity: Severity, state: ChecklistItem.State?) {
    raw("{\"code\":")
    string(code)
    raw(",\"text\":")
    string(text)
    raw(",\"severity\":")
    string(severity.rawValue)
    if let state {
      raw(",\"met\":")
      bool(state == .met)
      raw(",\"state\":")
      string(state.rawValue)
    }
    raw("}")
  }

  /// A checklist as a JSON array of ``checklistItem(code:text:severity:state:)``.
  package mutating func checklist(_ items: [ChecklistItem]) {
    raw("[")
    for (i, item) in items.enumerated() {
      if i > 0 { raw(",") }
      checklistItem(code: item.code, text: item.text, severity: item.severity, state: item.state)
    }
    raw("]")
  }
}

extension Policy {
  /// Every requirement of a field in rule order, with whether the values meet it right
  /// now: what a sign-up screen renders as ✓/✗ while the user types, from the same
  /// policy the server enforces.
  ///
  /// ```swift
  /// policy.checklist(for: "password", values: ["password": "abc"], locale: "ja")
  /// // [✓ 入力必須, ✗ 8文字以上, ✗ 英大文字、数字を含む, …]
  /// ```
  ///
  /// Each rule is checked against the field's transformed value, even when it is empty,
  /// so `8文字以上` shows ✗ before anything is typed while `maxLength` shows ✓. `allOf`
  /// lists its rules; `anyOf` and `not` are one item each, checked as the validator
  /// checks them. Rules whose `when` does not hold right now are left out, and so is
  /// `{"required": false}`. A value over the policy's size limit meets nothing.
  ///
  /// - Parameters:
  ///   - field: the field's name in the rules file.
  ///   - values: the form's current values; other fields matter for `sameAs`, `when` and
  ///     `notContainsField`.
  ///   - locale: the language of the texts, negotiated (`ja-JP` → `ja`).
  /// - Returns: the items, or `[]` when the policy has no such field.
  public func checklist(for field: String, values: [String: String], locale: String) -> [ChecklistItem] {
    checklist(for: field, values: values, locale: locale, checkAnswers: [:])
  }

  /// ``checklist(for:values:locale:)-(_,_,String)`` with the answers of the field's named
  /// checks for these values (`["emailAvailable": false]`, from a check run on blur): a check
  /// line is ✓ or ✗ from its answer, and ``ChecklistItem/State/notChecked`` without one. The
  /// answers must be for the current values; a UI forgets them when the field changes.
  ///
  /// - Parameters:
  ///   - field: the field's name in the rules file.
  ///   - values: the form's current values.
  ///   - locale: the language of the texts, negotiated (`ja-JP` → `ja`).
  ///   - checkAnswers: the named checks that ran for these values, by name: `true` passed.
  /// - Returns: the items, or `[]` when the policy has no such field.
  public func checklist(
    for field: String, values: [String: String], locale: String, checkAnswers: [String: Bool]
  ) -> [ChecklistItem] {
    guard let index = fieldIndex[field] else { return [] }
    let language = negotiateLocale([locale])
    return withPrepared({ values[$0] }) { call in
      let subject = call.subject(index)
      let oversized = call.oversized[index]
      return plan.checklistNodes(field: index, values: call.values).enumerated().map { position, k in
        let requirement = plan.requirement(k)
        let met =
          oversized
          ? Self.isMet(requirement, byValueOver: plan.maxValueBytes) : plan.isMet(k, subject, pending: call.pending)
        var state: ChecklistItem.State = met ? .met : .unmet
        // A named check is never met by the synchronous walk: only its answer says so.
        if met, let checks = plan.namedCheckNames(in: k) {
          let answers = checks.map { checkAnswers[$0] }
          state = answers.contains(false) ? .unmet : answers.allSatisfy { $0 == true } ? .met : .notChecked
          if plan.nodes[k].kind != .leaf, state == .unmet { state = .notChecked }
        }
        return ChecklistItem(
          id: position, code: requirement.code, text: renderRequirement(requirement, language: language),
          state: state, severity: requirement.severity, params: requirement.params)
      }
    }
  }

  /// ``checklist(for:values:locale:)-(_,_,String)`` in a Foundation `Locale` (negotiated: `en_US` → `en`).
  ///
  /// - Parameters:
  ///   - field: the field's name in the rules file.
  ///   - values: the form's current values.
  ///   - locale: the language of the texts.
  /// - Returns: the items, or `[]` when the policy has no such field.
  public func checklist(for field: String, values: [String: String], locale: Locale) -> [ChecklistItem] {
    checklist(for: field, values: values, locale: locale.identifier)
  }

  /// What can still be said of a value over the size limit, which no rule reads: it is
  /// given (`required`), and it is at least `limit` bytes, so at least `limit / 4` scalars
  /// (`minLength` in bytes, UTF-16 units or characters). Everything else is not met, so the
  /// checklist never shows 「✗ 入力必須」 under a field full of text.
  static func isMet(_ requirement: Failure, byValueOver limit: Int) -> Bool {
    switch requirement.code {
    case Required.name: return true
    case MinLength.name:
      guard case .int(let min) = requirement.params["min"] else { return false }
      let unit = requirement.params["unit"]?.description ?? "characters"
      return unit != "graphemes" && min <= limit / 4
    default: return false
    }
  }

  func renderRequirement(_ requirement: Failure, language: String) -> String {
    catalog.renderRequirement(requirement, locale: language) { name in
      self.field(name) == nil ? nil : self.label(of: name, locale: language)
    }
  }
}

extension Plan {
  /// The names of the named checks (`{"check": NAME}`) in node `k`'s subtree, or `nil` when
  /// there is none. A composite line (`anyOf`, `not`) that holds one is not checked until
  /// every check in it has an answer, and even then only a pass is taken as met.
  func namedCheckNames(in k: Int) -> [String]? {
    let names = (k..<nodes[k].end).compactMap { (nodes[$0].rule as? CheckRule)?.check }
    return names.isEmpty ? nil : names
  }

  /// The nodes of field `i` that are lines of a checklist, in rule order: the one walk
  /// that `Policy.checklist(for:values:locale:)` and `Policy.requirements(for:locale:)`
  /// share. `allOf` is its children; `anyOf` and `not` are one line each; rules that do
  /// not show in a checklist (`{"required": false}`) are left out, and so, when `values`
  /// are given, are rules whose `when` does not hold.
  func checklistNodes(field i: Int, values: ScratchView<ByteView?>?) -> [Int] {
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
