/// A parsed JSON document.
///
/// Objects keep their keys in document order, because the order of fields in a rules
/// file is the order in which a form shows them and a report lists them.
public enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number (JSON numbers are read as `Double`; ``intValue`` gives an exact integer).
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, its keys in document order.
  case object(JSONObject)

  /// The name of the value's JSON type, for error messages (`"a string"`, `"an array"`…).
  public var typeDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// The value for an error message: a scalar as written (`-1`, `"jp"`, `true`), a long string
  /// cut short, anything else by its type.
  var valueDescription: String {
    switch self {
    case .string(let s):
      let shown = s.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(s.unicodeScalars.prefix(40))) + "…" : s
      return "\"\(shown)\""
    case .number(let d): return JSONWriter.numberText(d)
    case .bool(let b): return String(b)
    default: return typeDescription
    }
  }

  /// A number as written (`-1`, `2.5`), anything else by its type (`a string`): for "expected
  /// a number" messages, where the type of a non-number says more than its text.
  var numberOrTypeDescription: String {
    if case .number = self { return valueDescription }
    return typeDescription
  }

  /// The string, or `nil` for any other kind of value.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The object, or `nil` for any other kind of value.
  public var objectValue: JSONObject? {
    if case .object(let o) = self { return o }
    return nil
  }

  /// The array, or `nil` for any other kind of value.
  public var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The boolean, or `nil` for any other kind of value.
  public var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  /// The value as an integer, when it is a number with no fractional part.
  public var intValue: Int? {
    guard case .number(let d) = self, d.rounded() == d, abs(d) < 9_007_199_254_740_992 else { return nil }
    return Int(d)
  }
}

/// A JSON object whose members keep their document order.
public struct JSONObject: Sendable, Equatable {
  /// The members in document order.
  public private(set) var members: [(key: String, value: JSONValue)]

  /// - Parameter members: the members in order; a later duplicate key is not looked up.
  public init(_ members: [(key: String, value: JSONValue)] = []) {
    self.members = members
  }

  /// The keys in document order.
  public var keys: [String] { members.map(\.key) }
  /// Whether the object has no members.
  public var isEmpty: Bool { members.isEmpty }
  /// The number of members.
  public var count: Int { members.count }

  /// The member whose key has exactly the bytes of `key` (not merely canonically equivalent:
  /// `"\u{212A}ey"` is not `"Key"`).
  public subscript(key: String) -> JSONValue? {
    get {
      for member in members where member.key.utf8.elementsEqual(key.utf8) { return member.value }
      return nil
    }
    set {
      if let index = members.firstIndex(where: { $0.key.utf8.elementsEqual(key.utf8) }) {
        if let newValue { members[index].value = newValue } else { members.remove(at: index) }
      } else if let newValue {
        members.append((key, newValue))
      }
    }
  }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.members.count == rhs.members.count
      && zip(lhs.members, rhs.members).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && $0.value == $1.value }
  }
}
