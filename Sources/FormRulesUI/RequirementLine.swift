extension RequirementLine {
  /// How a checklist line looks now: the web page's `data-state` and FormModel's reading of it.
  public enum State: String, Sendable, Equatable {
    /// The field has not been edited (or submitted) yet: no red ✗ and no vacuous ✓ about an
    /// empty value (○).
    case neutral
    /// Met (✓).
    case met
    /// An unmet requirement: the field is invalid (✗).
    case unmet
    /// An unmet recommendation (a warning): shown with the warning mark (!), never the error ✗;
    /// its spoken word is the catalog's `ui.recommendedNotMet`.
    case recommended
    /// A named check (`{"check": NAME}`) that has not answered for the current value: neither
    /// ✓ nor ✗ (the web page draws "?"); its spoken word is the catalog's `ui.notCheckedYet`.
    case notChecked
  }
}

/// One line of a field's requirement checklist as a screen draws it.
public struct RequirementLine: Sendable, Equatable, Identifiable {
  /// The requirement and whether the current value meets it.
  public var item: ChecklistItem
  /// How to draw it now.
  public var status: State

  public var id: Int { item.id }

  /// - Parameters:
  ///   - item: the requirement.
  ///   - status: how to draw it.
  public init(item: ChecklistItem, status: State) {
    self.item = item
    self.status = status
  }
}

extension FormModel {
  /// The checklist as a screen draws it: `required` left out (it is not a requirement of a
  /// password), every line ``RequirementLine/State/neutral`` until the field is edited or a
  /// submit is attempted, then met, unmet, an unmet recommendation, or not checked yet (a
  /// named check that has not answered).
  ///
  /// - Parameter field: the field's name in the rules file.
  /// - Returns: the lines in rules-file order, `[]` for a field the policy does not have.
  public func requirementLines(for field: String) -> [RequirementLine] {
    let edited = state(of: field).isEdited || state(of: field).isSubmitted
    return checklist(for: field).filter { $0.code != "required" }.map { item in
      let status: RequirementLine.State =
        !edited
        ? .neutral
        : item.state == .notChecked
          ? .notChecked : item.isMet ? .met : item.severity == .warning ? .recommended : .unmet
      return RequirementLine(item: item, status: status)
    }
  }
}
