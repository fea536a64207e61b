/// How a password field shows a revealed password.
public enum RevealMode: Sendable, Equatable {
  /// The plain input replaces the secure one and can be edited. Hiding again swaps the
  /// secure input back in, which is when the platform's overwrite happens; the overwrite
  /// guard of ``PasswordFieldModel`` repairs it.
  case editable
  /// The secure input keeps focus the whole time and the revealed text is only drawn over
  /// it. No input is swapped, no new editing session starts, so no overwrite can happen.
  case readOnly
}
