/// `{"notContainsField": ["email", "username"], "minPart": 3}`: the value does not
/// contain another field's value or a part of it, forwards or reversed, ignoring case
/// and width (both sides are compared after NFKC).
///
/// The parts of a value are the value itself, the local part of an email address, the
/// pieces of the local part (or of a value without `@`) split on `.`, `_`, `-`, `+` and
/// white space, and those pieces joined. Parts shorter than `minPart` (default 3, counted in `unit`, default
/// `characters`) are ignored, so `taro.yamada@example.jp` forbids the whole address,
/// `taro.yamada`, `taroyamada`, `taro`, `yamada` and `adamay`, but not `example` or `com`.
///
/// Failure parameters: `fields`, the names of the fields whose values were found
/// (rendered as their labels). Never the values themselves.
///
/// - Complexity: O(n·m) per part for a value of n and a part of m scalars.
public struct NotContainsField: Rule {
  public static let name = "notContainsField"
  public static let options = ["minPart", "unit"]
  /// The names of the fields whose values (and their parts) this value must not contain.
  public let fields: [String]
  /// The shortest part that counts, in `unit`s (default 3); shorter parts are ignored.
  public let minPart: Int
  /// What `minPart` counts: `characters` (Unicode scalars, the default), `graphemes`, `utf16` or `utf8` bytes.
  public let unit: LengthUnit

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    if let one = decoder.value.stringValue {
      fields = [one]
    } else if let array = decoder.value.arrayValue, !array.isEmpty {
      var names: [String] = []
      for (i, element) in array.enumerated() {
        guard let name = element.stringValue else {
          throw RuleDecodingError(
            .expected("cli.rules.kind.fieldName", foundType: element), at: [.key(Self.name), .index(i)])
        }
        names.append(name)
      }
      fields = names
    } else {
      throw RuleDecodingError(
        .expected("cli.rules.kind.fieldNameOrNames", foundType: decoder.value), at: [.key(Self.name)])
    }
    // The failure's variant has one bit per listed field.
    guard fields.count <= 62 else {
      throw RuleDecodingError(ProblemLine("cli.rules.notContainsField.tooMany"), at: [.key(Self.name)])
    }
    minPart = try decoder.intOption("minPart") ?? 3
    if minPart == 0 {
      throw RuleDecodingError(
        ProblemLine("cli.rules.expectedOnly").kind("expected", "cli.rules.kind.positiveLength"), at: [.key("minPart")])
    }
    unit = try decoder.option("unit", default: .characters, choices: LengthUnit.allCases)
  }

  public var referencedFields: [String] { fields }

  /// The variant is the set of fields found: bit `j` for `fields[j]`.
  public func check(_ subject: Subject) -> Int? {
    var haystack: [Unicode.Scalar]?
    let own = subject.field
    var found = 0
    for (j, field) in fields.enumerated() where field != own {
      guard let other = subject.string(of: field), !other.isEmpty else { continue }
      let scalars = haystack ?? Array(FieldParts.fold(subject.string).unicodeScalars)
      haystack = scalars
      if FieldParts.parts(of: other, minLength: minPart, unit: unit).contains(where: {
        Self.contains(scalars, $0) || Self.contains(scalars, $0.reversed())
      }) {
        found |= 1 << j
      }
    }
    return found == 0 ? nil : found
  }

  public func failure(variant: Int) -> Failure {
    let found = fields.indices.filter { variant & (1 << $0) != 0 }.map { fields[$0] }
    return Failure(code: Self.name, params: ["fields": .strings(found)])
  }

  public var requirement: Failure { Failure(code: Self.name, params: ["fields": .strings(fields)]) }

  static func contains(_ haystack: [Unicode.Scalar], _ needle: some Collection<Unicode.Scalar>) -> Bool {
    let n = needle.count
    guard n > 0, n <= haystack.count else { return false }
    let needle = Array(needle)
    for start in 0...(haystack.count - n) where haystack[start] == needle[0] {
      if haystack[start..<start + n].elementsEqual(needle) { return true }
    }
    return false
  }
}

extension NotContainsField {
  /// Its messages: its code and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "notContainsField", ja: ("{label}に{fields}を、一部でも含めないでください。", "{fields}を、一部でも含めないでください。"),
      en: ("{label} must not contain {fields}, in whole or in part.", "Must not contain {fields}, in whole or in part.")
    ),
    RuleMessage(
      "requirement.notContainsField", ja: ("{fields}を含まない", "{fields}を含まない"),
      en: ("Does not contain {fields}", "Does not contain {fields}")),
  ]
}
