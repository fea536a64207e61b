/// How a span of text is drawn, as SGR attributes.
public struct TextStyle: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  public static let bold = TextStyle(rawValue: 1 << 0)
  public static let dim = TextStyle(rawValue: 1 << 1)
  public static let underline = TextStyle(rawValue: 1 << 2)
  public static let reverse = TextStyle(rawValue: 1 << 3)
  public static let red = TextStyle(rawValue: 1 << 4)
  public static let yellow = TextStyle(rawValue: 1 << 5)
  public static let green = TextStyle(rawValue: 1 << 6)

  /// The escape sequence that switches to this style from the default one.
  var sgr: String {
    var codes: [String] = []
    if contains(.bold) { codes.append("1") }
    if contains(.dim) { codes.append("2") }
    if contains(.underline) { codes.append("4") }
    if contains(.reverse) { codes.append("7") }
    if contains(.red) { codes.append("31") }
    if contains(.yellow) { codes.append("33") }
    if contains(.green) { codes.append("32") }
    return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}
