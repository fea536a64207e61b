/// A run of text in one style on a screen line.
public struct Span: Sendable, Equatable {
  public var text: String
  public var style: TextStyle

  public init(_ text: String, _ style: TextStyle = []) {
    self.text = text
    self.style = style
  }
}
