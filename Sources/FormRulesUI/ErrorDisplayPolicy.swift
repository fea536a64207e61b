/// When a field's messages become visible.
///
/// Showing "required" the moment someone starts typing an email address scolds them for
/// something they are fixing. The usual answer, and ``standard``: stay quiet while a field
/// is typed for the first time, speak once the field loses focus, and show everything
/// after a submit attempt.
///
/// ```swift
/// let model = FormModel(policy: policy, displayPolicy: .standard)
/// ```
public struct ErrorDisplayPolicy: Sendable, Equatable {
  /// Show messages while the field is being edited before it has ever lost focus.
  public var showsWhileFirstEditing: Bool
  /// Show messages once the field has lost focus (and from then on, live while it is edited again).
  public var showsAfterFocusLost: Bool
  /// Show every field's messages after a submit attempt.
  public var showsAfterSubmit: Bool

  /// - Parameters:
  ///   - showsWhileFirstEditing: show messages while the field is first being typed in.
  ///   - showsAfterFocusLost: show them once the field has lost focus.
  ///   - showsAfterSubmit: show every field's messages after a submit attempt.
  public init(showsWhileFirstEditing: Bool, showsAfterFocusLost: Bool, showsAfterSubmit: Bool) {
    self.showsWhileFirstEditing = showsWhileFirstEditing
    self.showsAfterFocusLost = showsAfterFocusLost
    self.showsAfterSubmit = showsAfterSubmit
  }

  /// Quiet while first typing, shown after the field loses focus, always after a submit attempt.
  public static let standard = ErrorDisplayPolicy(
    showsWhileFirstEditing: false, showsAfterFocusLost: true, showsAfterSubmit: true)
  /// Shown as soon as a field is edited.
  public static let live = ErrorDisplayPolicy(
    showsWhileFirstEditing: true, showsAfterFocusLost: true, showsAfterSubmit: true)
  /// Shown only after a submit attempt.
  public static let afterSubmit = ErrorDisplayPolicy(
    showsWhileFirstEditing: false, showsAfterFocusLost: false, showsAfterSubmit: true)

  /// Whether a field in `state` shows its messages.
  public func showsMessages(for state: FieldState) -> Bool {
    (showsAfterSubmit && state.isSubmitted) || (showsAfterFocusLost && state.hasLostFocus)
      || (showsWhileFirstEditing && state.isEdited)
  }
}
