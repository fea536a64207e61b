import Observation

/// A password field with a show/hide toggle, and the guard against the platform's overwrite.
///
/// On iOS a secure text input that starts a new editing session with text in it treats the
/// next keystroke as replacing everything (it assumes the text was autofilled). Swapping
/// from the plain input back to the secure one starts such a session, so after "hide" the
/// first key deletes the password the user just checked. The guard repairs that edit.
///
/// ```swift
/// let field = PasswordFieldModel()
/// field.toggleReveal()                                  // .plain: focus the plain input
/// field.applyEdit("ABC")
/// field.toggleReveal()                                  // .secure: the guard arms
/// field.applyEdit("D")                                  // the platform sent "D" for "ABCD"
/// field.text                                            // "ABCD"
/// ```
///
/// The guard cannot tell that case from a user who selected all and typed one character on
/// purpose: both arrive as "one character replaced the text". Right after a hide it assumes
/// the overwrite, so select-all-then-type keeps the old text (`ABC` + `D` → `ABCD`). Where
/// that matters, use ``RevealMode/readOnly`` (nothing to repair) or double entry
/// (``requiresConfirmation``) without a reveal toggle.
@MainActor
@Observable
public final class PasswordFieldModel {
  /// The password, for binding.
  public var text: String
  /// Whether the password is shown in plain text.
  public private(set) var isRevealed = false
  /// What may happen to a revealed password (edit it, or only look at it).
  public var revealMode: RevealMode
  /// Double entry: a second, always masked input that must repeat the password.
  public var requiresConfirmation: Bool
  /// The second entry, when ``requiresConfirmation`` is set.
  public var confirmation = ""
  /// Whether the next edit is checked for the overwrite; true only between hiding a
  /// non-empty password and the next edit.
  public private(set) var isGuardArmed = false

  /// - Parameters:
  ///   - text: the starting password.
  ///   - revealMode: what may happen while the password is revealed.
  ///   - requiresConfirmation: whether a second entry must repeat the password.
  public init(text: String = "", revealMode: RevealMode = .editable, requiresConfirmation: Bool = false) {
    self.text = text
    self.revealMode = revealMode
    self.requiresConfirmation = requiresConfirmation
  }

  /// The input the UI shows for the password.
  public var visibleInput: PasswordInput {
    isRevealed && revealMode == .editable ? .plain : .secure
  }

  /// Shows or hides the password.
  /// - Returns: the input that must take focus now, so the keyboard stays up across the swap.
  @discardableResult
  public func toggleReveal() -> PasswordInput {
    isRevealed.toggle()
    // Only swapping the plain input out for the secure one starts the session that overwrites.
    isGuardArmed = !isRevealed && revealMode == .editable && !text.isEmpty
    return visibleInput
  }

  /// Checks an edit of the password and returns the text to keep.
  ///
  /// While the guard is armed, an edit that turns non-empty text into exactly one character
  /// is the platform's overwrite: the result is `old + new`. Deleting down to one character
  /// of the old text (`"AB"` → `"A"`) is left alone. The guard disarms after this one edit
  /// whatever it was.
  public func textDidChange(from old: String, to new: String) -> String {
    guard isGuardArmed else { return new }
    isGuardArmed = false
    let replacedByOneCharacter = !old.isEmpty && new.count == 1 && !(old.count == 2 && old.hasPrefix(new))
    return replacedByOneCharacter ? old + new : new
  }

  /// Stores an edit through ``textDidChange(from:to:)``; bind a UI's setter to this.
  public func applyEdit(_ new: String) {
    text = textDidChange(from: text, to: new)
  }

  /// Double entry passes: the confirmation repeats a non-empty password.
  public var isConfirmed: Bool { !text.isEmpty && confirmation == text }
}
