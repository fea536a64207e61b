/// `{"sameAs": "password"}`: equals another field's value, both after that field's
/// transforms (the confirmation's own first). The failure belongs to the confirming field.
public struct SameAs: Rule {
  public static let name = "sameAs"
  public static let checksEmptyValue = true
  public let other: String
  /// Set by the fast plan when the confirmed field trims and this one does not: the bytes
  /// are then trimmed before comparing, as the general path's transforms do.
  var trimsLikeConfirmed = false

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    other = try decoder.string()
  }

  public var referencedFields: [String] { [other] }

  public func check(_ subject: Subject) -> Failure? {
    let expected = subject.value(of: other) ?? ""
    // Compared after the confirmed field's transforms too: with `nfkc` on the password only,
    // ｶﾀｶﾅ typed twice must match. The byte-level check below does the same on its path.
    let value = subject.values.transformed(subject.value, like: other)
    let equal =
      subject.isSensitive
      ? ConstantTime.equals(value, expected) : value == expected
    return equal ? nil : Failure(code: Self.name, params: ["other": .string(other)])
  }

  public var requirement: Failure { Failure(code: Self.name, params: ["other": .string(other)]) }
}

/// Comparisons whose time does not depend on where two secrets differ.
enum ConstantTime {
  /// Compares the UTF-8 bytes of `a` and `b`; for equal lengths the time depends only on the length.
  static func equals(_ a: String, _ b: String) -> Bool {
    var a = a
    var b = b
    return a.withUTF8 { x in b.withUTF8 { y in equals(x, y) } }
  }

  static func equals(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for i in 0..<x.count { difference |= x[i] ^ y[i] }
    return difference == 0
  }
}

extension SameAs: UTF8CheckableRule {
  public func check(utf8 subject: UTF8Subject) -> Int? {
    let expected = subject.value(of: other) ?? UTF8Text.empty
    // A value the confirmed field's normalization could change never reaches here (the plan
    // sends it to the general path); its trim is applied here.
    let value = trimsLikeConfirmed ? UTF8Text.trimmingWhitespace(subject.value) : subject.value
    // `String` equality is canonical equivalence; the sensitive form compares bytes.
    let equal =
      subject.isSensitive
      ? ConstantTime.equals(value, expected) : UTF8Text.equalStrings(value, expected)
    return equal ? nil : 0
  }

  public func failure(variant: Int) -> Failure { Failure(code: Self.name, params: ["other": .string(other)]) }
}

extension RuleSet {
  /// Confirmations whose field does not have the `trim` and `normalize` of the field it
  /// confirms, for `validate lint` to warn about. The comparison is made after the confirmed
  /// field's transforms either way, but the confirmation's own value (its `value` in reports,
  /// its other rules) is transformed differently, which is rarely what was meant.
  public func sameAsTransformMismatches() -> [RuleSetProblem] {
    var problems: [RuleSetProblem] = []
    func describe(_ field: FieldSpec) -> String {
      "trim \(field.trim), normalize \(field.normalize.rawValue)"
    }
    func visit(_ node: RuleNode, in field: FieldSpec) {
      switch node.kind {
      case .rule(let rule):
        guard let same = rule as? SameAs, let confirmed = fields.first(where: { $0.name == same.other }),
          confirmed.trim != field.trim || confirmed.normalize != field.normalize
        else { return }
        problems.append(
          RuleSetProblem(
            file: node.file, path: node.path + [.key(SameAs.name)],
            message:
              "\"\(field.name)\" (\(describe(field))) confirms \"\(confirmed.name)\" (\(describe(confirmed))); "
              + "it is compared after the transforms of \"\(confirmed.name)\", but give both fields the same trim and normalize"
          ))
      case .allOf(let nodes), .anyOf(let nodes), .not(let nodes):
        for inner in nodes { visit(inner, in: field) }
      }
    }
    for field in fields {
      for node in field.rules { visit(node, in: field) }
    }
    return problems
  }
}
