/// The two inputs of a show/hide password field: a secure one (masked) and a plain one.
public enum PasswordInput: Sendable, Equatable {
  /// The masked input.
  case secure
  /// The plain input, shown while the password is revealed.
  case plain
}
