/// `{"sameAs": "password"}`: equals another field's value, both after that field's
/// transforms (the confirmation's own first). The failure belongs to the confirming field.
public struct SameAs: Rule {
  public static let name = "sameAs"
  public static let checksEmptyValue = true
  /// The name of the field whose value this one must equal (as the rules file spells it).
  public let other: String
  /// `other`'s position among the fields of the plan that runs this rule, found when the plan is
  /// built (a name comparison per record cost more than the comparison of the values); `nil`:
  /// looked up by name.
  var position: Int?

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    other = try decoder.string()
  }

  public var referencedFields: [String] { [other] }

  public var requirement: Failure { Failure(code: Self.name, params: ["other": .string(other)]) }
}

/// Comparisons whose time does not depend on where two secrets differ.
enum ConstantTime {
  /// Compares the UTF-8 bytes of `a` and `b`; for equal lengths the time depends only on the length.
  /// Eight bytes at a time, every word read whatever the ones before held; the last word overlaps
  /// the one before it (a byte compared twice adds nothing), a value of 4 to 7 bytes is its
  /// first and last four.
  static func equals(_ x: ByteView, _ y: ByteView) -> Bool {
    let count = x.count
    guard count == y.count else { return false }
    var difference: UInt64 = 0
    if count >= 8 {
      var i = 0
      while count - i > 8 {
        difference |= x.loadUInt64(at: i) ^ y.loadUInt64(at: i)
        i += 8
      }
      difference |= x.loadUInt64(at: count - 8) ^ y.loadUInt64(at: count - 8)
    } else if count >= 4 {
      difference = UInt64(x.loadUInt32(at: 0) ^ y.loadUInt32(at: 0))
      difference |= UInt64(x.loadUInt32(at: count - 4) ^ y.loadUInt32(at: count - 4))
    } else {
      for i in 0..<count { difference |= UInt64(x[i] ^ y[i]) }
    }
    return difference == 0
  }
}

extension SameAs {
  public func check(_ subject: Subject) -> Int? {
    // Compared after the confirmed field's transforms too (the confirmation's own ran
    // first): with `nfkc` on the password only, ｶﾀｶﾅ typed twice must match.
    subject.withValue(comparedWith: other, at: position) { value, expected in
      // An empty confirmation of a filled-in field asks for the confirmation (variant 1).
      if subject.bytes.isEmpty { return expected.isEmpty ? nil : 1 }
      // `String` equality is canonical equivalence; the sensitive form compares bytes.
      let equal =
        subject.isSensitive
        ? ConstantTime.equals(value, expected) : UTF8Text.equalStrings(value, expected)
      return equal ? nil : 0
    }
  }

  /// Variant 1: the confirmation is empty (detail `empty`, "please enter it").
  public func failure(variant: Int) -> Failure {
    Failure(code: Self.name, params: ["other": .string(other)], detail: variant == 1 ? "empty" : nil)
  }
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
            ProblemLine(
              "cli.rules.sameAsTransforms",
              [
                "field": field.name, "fieldTransforms": describe(field), "fieldTrim": "\(field.trim)",
                "fieldNormalize": field.normalize.rawValue, "confirmed": confirmed.name,
                "confirmedTransforms": describe(confirmed), "confirmedTrim": "\(confirmed.trim)",
                "confirmedNormalize": confirmed.normalize.rawValue,
              ])))
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

extension SameAs {
  /// Its messages: its code and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "sameAs", ja: ("{label}が{other}と一致しません。", "{other}と一致しません。"),
      en: ("{label} does not match {other}.", "Does not match {other}.")),
    RuleMessage(
      "sameAs.empty", ja: ("{label}を入力してください。", "確認のため、{other}をもう一度入力してください。"),
      en: ("Please enter {label}.", "Please enter {other} again to confirm.")),
    RuleMessage("requirement.sameAs", ja: ("{other}と一致", "{other}と一致"), en: ("Matches {other}", "Matches {other}")),
  ]
}
