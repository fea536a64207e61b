/// The two inputs of a show/hide password field: a secure one (masked) and a plain one.
public enum PasswordInput: Sendable, Equatable {
  case secure
  case plain
}
