/// Text from a rules file or from input, made safe to write for people on a terminal.
public enum DisplayText {
  /// `text` with every C0 control, DEL and C1 control (U+0080–U+009F) written as a visible
  /// escape: `\n`, `\r`, `\t`, `\xHH` for the rest of C0 and DEL, `\uHHHH` for C1. A label,
  /// a message, a test name or a key from a rules file can then neither move the cursor,
  /// clear the screen, set the window title or the clipboard (OSC 52), nor break the
  /// one-line-per-field text format. Text without controls is returned unchanged.
  public static func escapingControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      guard isControl(scalar) else {
        out.unicodeScalars.append(scalar)
        continue
      }
      switch scalar.value {
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x09: out += "\\t"
      case 0x80...0x9F: out += "\\u00" + hex(scalar.value)
      default: out += "\\x" + hex(scalar.value)
      }
    }
    return out
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(value >> 4 & 0xF)], digits[Int(value & 0xF)]])
  }
}
