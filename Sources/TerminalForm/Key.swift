/// A key press decoded from terminal input.
public enum Key: Sendable, Equatable {
  /// Printable text: one key, an IME commit or a paste, already decoded from UTF-8.
  case text(String)
  case enter
  case tab
  /// Shift-Tab (`ESC [ Z`).
  case backTab
  case backspace
  /// The forward-delete key.
  case delete
  case up, down, left, right, home, end
  case escape
  /// Ctrl-C, which raw mode delivers as a byte instead of a signal.
  case interrupt
  /// Another Ctrl-letter, as its lowercase letter: Ctrl-R is `.control("r")`.
  case control(Character)
}
