import FormRulesUI

/// The terminal form's state machine: keys in, changes to the ``FormModel`` and the focus
/// out. It knows nothing of the terminal, so tests drive it with keys alone.
@MainActor
public final class FormController {
  /// What has focus: a field, or the submit line after the last field.
  public enum Focus: Sendable, Equatable {
    case field(String)
    case submit
  }

  /// What the caller does after a key.
  public enum Outcome: Sendable, Equatable {
    /// Nothing changed.
    case unchanged
    case redraw
    /// A submit attempt failed: play the shake on these fields' lines.
    case shake([String])
    /// The form passed: print the values and end.
    case submit
    /// Esc or Ctrl-C: end without output.
    case cancel
  }

  public let model: FormModel
  public private(set) var editors: [String: LineEditor]
  public private(set) var focus: Focus
  /// Sensitive fields currently shown in clear text.
  public private(set) var revealed: Set<String> = []

  public init(model: FormModel) {
    self.model = model
    editors = Dictionary(uniqueKeysWithValues: model.fieldNames.map { ($0, LineEditor(text: model[$0])) })
    focus = model.fieldNames.first.map(Focus.field) ?? .submit
    model.focusedField = model.fieldNames.first
  }

  public var focusedField: String? {
    if case .field(let name) = focus { return name }
    return nil
  }

  public func isSensitive(_ field: String) -> Bool { model.policy.field(field)?.sensitive ?? false }

  /// Whether a sensitive field is drawn masked now.
  public func isMasked(_ field: String) -> Bool { isSensitive(field) && !revealed.contains(field) }

  public func handle(_ key: Key) -> Outcome {
    switch key {
    case .escape, .interrupt: return .cancel
    case .tab, .down: return move(by: 1)
    case .backTab, .up: return move(by: -1)
    case .enter:
      // Enter walks down the form like Tab and submits from the last field or the submit line.
      if let field = focusedField, field != model.fieldNames.last { return move(by: 1) }
      return submit()
    case .control("r"):
      guard let field = focusedField, isSensitive(field) else { return .unchanged }
      if revealed.remove(field) == nil { revealed.insert(field) }
      return .redraw
    case .control("l"):
      return .redraw
    default:
      return edit(key)
    }
  }

  private func edit(_ key: Key) -> Outcome {
    guard let field = focusedField, var editor = editors[field] else { return .unchanged }
    let before = editor
    switch key {
    case .text(let text): editor.insert(text)
    case .backspace: editor.backspace()
    case .delete, .control("d"): editor.deleteForward()
    case .left, .control("b"): editor.moveLeft()
    case .right, .control("f"): editor.moveRight()
    case .home, .control("a"): editor.moveToStart()
    case .end, .control("e"): editor.moveToEnd()
    case .control("u"): editor.deleteToStart()
    case .control("w"): editor.deleteWordBackward()
    default: return .unchanged
    }
    guard editor != before else { return .unchanged }
    editors[field] = editor
    model[field] = editor.text
    return .redraw
  }

  private func move(by step: Int) -> Outcome {
    let stops = model.fieldNames.map(Focus.field) + [.submit]
    let current = stops.firstIndex(of: focus) ?? 0
    setFocus(stops[(current + step + stops.count) % stops.count])
    return .redraw
  }

  private func setFocus(_ new: Focus) {
    focus = new
    model.focusedField = focusedField
  }

  private func submit() -> Outcome {
    let invalid = model.report.fields.filter { !$0.isValid }.map(\.name)
    guard model.attemptSubmit() else {
      setFocus(model.focusedField.map(Focus.field) ?? .submit)
      return .shake(invalid)
    }
    return .submit
  }

  /// The values as one JSON object in rules-file order: each field's value after its
  /// transforms (a trimmed email), and sensitive fields exactly as typed, since handing the
  /// password to the script that asked for it is the point.
  public func valuesJSON() -> String {
    var writer = JSONWriter()
    writer.raw("{")
    for (i, name) in model.fieldNames.enumerated() {
      if i > 0 { writer.raw(",") }
      writer.key(name)
      writer.string(model.report.fields[name]?.value ?? model[name])
    }
    writer.raw("}")
    return writer.string
  }
}
