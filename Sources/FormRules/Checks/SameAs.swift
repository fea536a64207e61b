/// `{"sameAs": "password"}`: equals another field's value after that field's
/// transforms. The failure belongs to the confirming field.
public struct SameAs: Rule {
  public static let name = "sameAs"
  public static let checksEmptyValue = true
  public let other: String

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    other = try decoder.string()
  }

  public var referencedFields: [String] { [other] }

  public var requirement: Failure { Failure(code: Self.name, params: ["other": .string(other)]) }
}

/// Comparisons whose time does not depend on where two secrets differ.
enum ConstantTime {
  /// Compares the UTF-8 bytes of `a` and `b`; for equal lengths the time depends only on the length.
  static func equals(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for i in 0..<x.count { difference |= x[i] ^ y[i] }
    return difference == 0
  }
}

extension SameAs {
  public func check(_ subject: Subject) -> Int? {
    let expected = subject.bytes(of: other) ?? UTF8Text.empty
    // `String` equality is canonical equivalence; the sensitive form compares bytes.
    let equal =
      subject.isSensitive
      ? ConstantTime.equals(subject.bytes, expected) : UTF8Text.equalStrings(subject.bytes, expected)
    return equal ? nil : 0
  }

  public func failure(variant: Int) -> Failure { Failure(code: Self.name, params: ["other": .string(other)]) }
}
