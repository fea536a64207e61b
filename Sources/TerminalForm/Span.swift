import FormRulesUI

/// A run of text in one style on a screen line.
public struct Span: Sendable, Equatable {
  public var text: String
  public var style: TextStyle

  /// A span of `text`; control characters in it (from a rules file's labels and messages)
  /// are shown as escapes (``DisplayText/escapingControls(_:)``), never sent to the terminal.
  public init(_ text: String, _ style: TextStyle = []) {
    self.text = DisplayText.escapingControls(text)
    self.style = style
  }
}
