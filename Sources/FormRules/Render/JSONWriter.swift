import Foundation

/// Writes compact JSON into a byte buffer, keys in the order they are written.
///
/// Reports are written by hand rather than through `JSONEncoder` so that field order
/// follows the rules file and bulk validation does not pay for reflection.
package struct JSONWriter {
  package var bytes: [UInt8] = []

  package init() {}

  package var string: String { String(decoding: bytes, as: UTF8.self) }

  package mutating func raw(_ text: StaticString) {
    bytes.append(ByteView(text))
  }

  package mutating func null() { raw("null") }

  package mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

  package mutating func int(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

  package mutating func number(_ value: Double) {
    bytes.append(contentsOf: Self.numberText(value).utf8)
  }

  /// A number as people and JSON tools expect it: an integral value below 10^21 in plain
  /// digits (`9223372036854775808`, not `9.223372036854776e+18`), as JavaScript writes it;
  /// anything else in Swift's shortest round-trip form (`2.5`, `1e+300`).
  package static func numberText(_ value: Double) -> String {
    guard value.rounded() == value, abs(value) < 1e21 else { return String(value) }
    if abs(value) < 9.2e18 { return String(Int(value)) }
    // Between 2^63 and 10^21: the double's exact integer value, which `Int` cannot hold.
    return String(format: "%.0f", value)
  }

  /// Writes a JSON string literal, escaping quotes, backslashes and control characters.
  package mutating func string(_ value: String) {
    ByteView.withUTF8(value) { string(utf8: $0) }
  }

  /// Writes UTF-8 bytes as a JSON string literal, escaped as ``string(_:)`` escapes them;
  /// bulk validation writes values this way without building a `String`.
  package mutating func string(utf8: ByteView) {
    bytes.append(UInt8(ascii: "\""))
    var runStart = 0
    for i in 0..<utf8.count {
      let byte = utf8[i]
      guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
      bytes.append(utf8[runStart..<i])
      runStart = i + 1
      switch byte {
      case 0x22: raw("\\\"")
      case 0x5C: raw("\\\\")
      case 0x0A: raw("\\n")
      case 0x0D: raw("\\r")
      case 0x09: raw("\\t")
      default:
        let digits = ByteView("0123456789abcdef")
        bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
      }
    }
    bytes.append(utf8[runStart..<utf8.count])
    bytes.append(UInt8(ascii: "\""))
  }

  /// Writes `"key":`.
  package mutating func key(_ key: String) {
    string(key)
    bytes.append(UInt8(ascii: ":"))
  }

  package mutating func value(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let b): bool(b)
    case .number(let d): number(d)
    case .string(let s): string(s)
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      for (i, element) in elements.enumerated() {
        if i > 0 { bytes.append(UInt8(ascii: ",")) }
        self.value(element)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let object):
      bytes.append(UInt8(ascii: "{"))
      for (i, member) in object.members.enumerated() {
        if i > 0 { bytes.append(UInt8(ascii: ",")) }
        key(member.key)
        self.value(member.value)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }
}
