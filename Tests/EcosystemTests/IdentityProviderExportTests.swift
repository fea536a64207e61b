import FormRules
import FormRulesExport
import Foundation
import Testing

/// `validate export --to firebase|cognito|keycloak`: the exported provider policy never
/// refuses a password the rules accept. A model of each provider's documented checks reads
/// the exported text (not the exporter's internals) and judges generated passwords; where
/// the export reports that the provider would be stricter, the model must find a password
/// the rules accept and the provider refuses, so the warning is never a false alarm.
@Suite("Identity provider exports")
struct IdentityProviderExportTests {
  static let providers: [ExportFormat] = [.firebase, .cognito, .keycloak]

  /// Small rules files for what the shipped ones do not exercise.
  static let synthetic: [String: String] = [
    "utf8-utf16":
      #"[{"required": true}, {"minLength": 10, "unit": "utf8"}, {"maxLength": 20, "unit": "utf16"}, {"trimmed": true}]"#,
    "classes":
      #"[{"required": true}, {"minLength": 8}, {"maxLength": 30}, {"characterClasses": ["lower", "upper", "digit", "symbol"]}, {"trimmed": true}]"#,
    "symbol-only":
      #"[{"minLength": 6}, {"maxLength": 12, "unit": "utf8"}, {"characterClasses": ["symbol"]}, {"trimmed": true}]"#,
    "graphemes": #"[{"minLength": 6, "unit": "graphemes"}, {"maxLength": 10, "unit": "graphemes"}, {"trimmed": true}]"#,
    "long-minimum": #"[{"minLength": 40}, {"maxLength": 120}, {"trimmed": true}]"#,
    "short-minimum": #"[{"minLength": 4}, {"maxLength": 50}, {"trimmed": true}]"#,
    "trim-transform": #"[{"minLength": 6}, {"maxLength": 100}]"#,
  ]

  static func ruleSet(named name: String) throws -> RuleSet {
    if let rules = synthetic[name] {
      let trim = name == "trim-transform" ? "true" : "false"
      let json =
        #"{"version": 1, "name": "\#(name)", "fields": {"password": {"sensitive": true, "trim": \#(trim), "rules": \#(rules)}}}"#
      return try RuleSet(data: Array(json.utf8), registry: .standard)
    }
    return try RuleSet(contentsOf: Repository.url("Rules/\(name).json"), registry: .standard)
  }

  static let names =
    ["login", "signup", "policies/nist-800-63b", "policies/nist-800-63b-mfa", "policies/owasp-asvs"]
    + synthetic.keys.sorted()

  struct Case: Sendable, CustomTestStringConvertible {
    var rules: String
    var provider: ExportFormat
    var testDescription: String { "\(rules) → \(provider.rawValue)" }
  }

  static let cases = names.flatMap { name in providers.map { Case(rules: name, provider: $0) } }

  /// Passwords from an alphabet that mixes ASCII with what providers count differently:
  /// accented and full-width letters, kana, emoji and other astral characters, titlecase,
  /// combining marks, tabs, ideographic space; plus fixed edge cases.
  static let passwords: [String] = {
    let alphabet = [
      "a", "z", "Q", "7", " ", "!", "=", "-", "é", "Ａ", "７", "あ", "漢", "👍", "𝟙", "𝐚", "ǅ", "\u{301}", "。", "\t",
      "\u{3000}", "ﾊ", "ﾟ", "€", "_",
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    var result: [String] = []
    for _ in 0..<3000 {
      let length = Int(next() % 70)
      var s = ""
      for _ in 0..<length { s += alphabet[Int(next() % UInt64(alphabet.count))] }
      result.append(s)
    }
    let fixed = [
      "abcd", "abcde", "abcdef", "Abcdef1!", " abcdefgh", "abcdefgh ", "\u{3000}abcdefgh", "abcdefghé",
      String(repeating: "a", count: 257), String(repeating: "a", count: 300), String(repeating: "a", count: 4000),
      String(repeating: "あ", count: 40), String(repeating: "👍", count: 64), String(repeating: "👍", count: 40),
      String(repeating: "e\u{301}", count: 10),
      // 10 graphemes of 31 code points each: short to a grapheme count, long to any other.
      String(repeating: "e" + String(repeating: "\u{301}", count: 30), count: 10), "𝟙𝐚ǅ!𝟙𝐚ǅ!", "aA1!aA1!", "ÉéÀà1!xyz",
      "correct horse",
    ]
    return result + fixed
  }()

  /// Whether the rules accept `password` for the new-password field (its error-severity rules).
  static func accepts(_ policy: Policy, field: String, _ password: String) -> Bool {
    var values: [String: String] = ["email": "taro@example.jp"]
    for name in policy.fieldNames where name != "email" { values[name] = password }
    return policy.validate(field: field, in: values)?.isValid ?? false
  }

  @Test("the exported policy never refuses a password the rules accept; a reported conflict is real", arguments: cases)
  func neverStricter(_ item: Case) throws {
    let rules = try Self.ruleSet(named: item.rules)
    let policy = try rules.compile()
    let export = try rules.export(item.provider)
    let model = try ProviderModel(item.provider, text: export.text)
    let field = rules.fields.first { $0.sensitive && !$0.isConfirmationField }?.name ?? "password"
    var refused: [String] = []
    var accepted = 0
    for password in Self.passwords where Self.accepts(policy, field: field, password) {
      // The app sends what the rules checked (after trim and NFKC); an empty password is never sent.
      let sent = policy.transformedValue(password, for: field)
      guard !sent.isEmpty else { continue }
      accepted += 1
      if let reason = model.refusal(sent) { refused.append("\(reason): \(sent.debugDescription.prefix(40))") }
    }
    #expect(accepted > 0, "no generated password passes the rules: the test would prove nothing")
    if export.stricter.isEmpty {
      #expect(refused.isEmpty, "\(refused.prefix(5))")
    } else {
      #expect(!refused.isEmpty, "the export reports \(export.stricter) but the model refuses nothing")
    }
  }

  @Test("lengths are converted so no counting refuses: the figures, stated directly")
  func figures() throws {
    let signup = try Self.ruleSet(named: "signup")
    let firebase = try ProviderModel(.firebase, text: signup.export(.firebase).text)
    #expect(firebase.min == 8)
    #expect(firebase.max == 72, "64 characters may be 128 UTF-16 units, but 72 bytes bound it first")
    #expect(try Self.ruleSet(named: "signup").export(.keycloak).text == "length(8) and maxLength(72)\n")
    let utf = try Self.ruleSet(named: "utf8-utf16")
    #expect(try utf.export(.keycloak).text == "length(4) and maxLength(20)\n", "10 bytes are at least 4 UTF-16 units")
    #expect(
      try ProviderModel(.firebase, text: utf.export(.firebase).text).min == 6,
      "10 bytes are 3 code points: raised to Firebase's 6")
    let long = try Self.ruleSet(named: "long-minimum")
    #expect(
      try ProviderModel(.firebase, text: long.export(.firebase).text).min == 30, "clamped to the documented range")
    #expect(try ProviderModel(.cognito, text: long.export(.cognito).text).min == 40)
    #expect(
      try Self.ruleSet(named: "symbol-only").export(.keycloak).text
        == "length(6) and maxLength(12) and specialChars(1)\n")
    #expect(try Self.ruleSet(named: "classes").export(.keycloak).text.contains("specialChars(1)"))
    #expect(try !Self.ruleSet(named: "classes").export(.keycloak).text.contains("digits"))
  }

  @Test("where the provider would be stricter, the command refuses and says why; --allow-stricter exports")
  func refusal() throws {
    let refused = try CLI.run(["export", "--rules", "Rules/login.json", "--to", "cognito"])
    #expect(refused.status == 1)
    #expect(refused.stdout.isEmpty)
    #expect(
      refused.stderr.contains("error: Rules/login.json: fields.password: Cognito refuses passwords longer than 256"))
    #expect(refused.stderr.contains("start or end with white space"))
    let allowed = try CLI.run([
      "export", "--rules", "Rules/login.json", "--to", "cognito", "--allow-stricter", "--quiet",
    ])
    #expect(allowed.status == 0)
    #expect(allowed.stdout.contains(#""MinimumLength": 6"#))
    #expect(allowed.stderr.hasPrefix("stricter: Rules/login.json"), "\(allowed.stderr)")
    let json = try #require(try JSONParser().parse(allowed.stdout).objectValue)
    #expect(json["PasswordPolicy"]?.objectValue?["RequireSymbols"] == .bool(false))
  }

  @Test("every rule that is not exported is named on stderr, with the path")
  func notes() throws {
    let classes = try Self.ruleSet(named: "classes")
    for provider in Self.providers {
      let export = try classes.export(provider)
      #expect(export.notes.contains { jsonPathString($0.path) == "fields.password.rules[3]" }, "\(provider)")
    }
  }
}

extension FieldSpec {
  fileprivate var isConfirmationField: Bool {
    rules.contains { node in
      if case .rule(let rule) = node.kind { return rule is SameAs }
      return false
    }
  }
}

/// A provider's documented password checks, configured from an exported text.
struct ProviderModel {
  struct Unreadable: Error {}

  var provider: ExportFormat
  var min = 0
  var max: Int?
  var lower = false, upper = false, digit = false, symbol = false
  /// Keycloak's counts.
  var keycloakCounts: [String: Int] = [:]

  init(_ provider: ExportFormat, text: String) throws {
    self.provider = provider
    switch provider {
    case .firebase:
      guard let root = try JSONParser().parse(text).objectValue?["passwordPolicyConfig"]?.objectValue,
        root["passwordPolicyEnforcementState"]?.stringValue == "ENFORCE",
        let options = root["passwordPolicyVersions"]?.arrayValue?.first?.objectValue?["customStrengthOptions"]?
          .objectValue
      else { throw Unreadable() }
      min = options["minPasswordLength"]?.intValue ?? 6
      max = options["maxPasswordLength"]?.intValue
      lower = options["containsLowercaseCharacter"]?.boolValue ?? false
      upper = options["containsUppercaseCharacter"]?.boolValue ?? false
      digit = options["containsNumericCharacter"]?.boolValue ?? false
      symbol = options["containsNonAlphanumericCharacter"]?.boolValue ?? false
    case .cognito:
      guard let options = try JSONParser().parse(text).objectValue?["PasswordPolicy"]?.objectValue else {
        throw Unreadable()
      }
      min = options["MinimumLength"]?.intValue ?? 8
      lower = options["RequireLowercase"]?.boolValue ?? false
      upper = options["RequireUppercase"]?.boolValue ?? false
      digit = options["RequireNumbers"]?.boolValue ?? false
      symbol = options["RequireSymbols"]?.boolValue ?? false
    case .keycloak:
      let trimmed = text.trimmingCharacters(in: .newlines)
      for policy in trimmed.isEmpty ? [] : trimmed.components(separatedBy: " and ") {
        guard let open = policy.firstIndex(of: "("), policy.hasSuffix(")"),
          let n = Int(policy[policy.index(after: open)..<policy.index(before: policy.endIndex)])
        else { throw Unreadable() }
        keycloakCounts[String(policy[..<open])] = n
      }
    default: throw Unreadable()
    }
  }

  /// Firebase's non-alphanumeric characters (Identity Platform password policy page).
  static let firebaseSymbols = Set(#"^$*.[]{}()?"!@#%&/\,><':;|_~`"#.unicodeScalars)
  /// Cognito's symbols (Developer Guide, user pool password requirements); a space counts
  /// when it is neither first nor last.
  static let cognitoSymbols = Set(#"^$*.[]{}()?"!@#%&/\,><':;|_~`=+-"#.unicodeScalars)

  /// Why the provider would refuse `password`, or `nil`.
  func refusal(_ password: String) -> String? {
    let scalars = Array(password.unicodeScalars)
    let points = scalars.count
    let units = password.utf16.count
    func has(_ range: ClosedRange<UInt32>) -> Bool { scalars.contains { range.contains($0.value) } }
    switch provider {
    case .firebase:
      // Counted as code points or UTF-16 units: refused if either count is out of bounds.
      if Swift.min(points, units) < Swift.max(min, 6) { return "shorter than \(Swift.max(min, 6))" }
      if Swift.max(points, units) > Swift.min(max ?? 4096, 4096) { return "longer than \(max ?? 4096)" }
      if lower, !has(0x61...0x7A) { return "no a–z" }
      if upper, !has(0x41...0x5A) { return "no A–Z" }
      if digit, !has(0x30...0x39) { return "no 0–9" }
      if symbol, !scalars.contains(where: Self.firebaseSymbols.contains) { return "no symbol" }
    case .cognito:
      if Swift.min(points, units) < min { return "shorter than \(min)" }
      if Swift.max(points, units) > 256 { return "longer than 256" }
      let javaSpace: Set<UInt32> = [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D]
      if let first = scalars.first, let last = scalars.last,
        javaSpace.contains(first.value) || javaSpace.contains(last.value)
      {
        return "outer white space"
      }
      if lower, !has(0x61...0x7A) { return "no a–z" }
      if upper, !has(0x41...0x5A) { return "no A–Z" }
      if digit, !has(0x30...0x39) { return "no 0–9" }
      let inner = scalars.count > 2 ? scalars[1..<(scalars.count - 1)] : []
      if symbol, !scalars.contains(where: Self.cognitoSymbols.contains), !inner.contains(" ") { return "no symbol" }
    case .keycloak:
      // Java counts chars: UTF-16 units, a surrogate being no letter or digit.
      let chars = password.utf16.map { Unicode.Scalar($0) }
      func count(_ test: (Unicode.Scalar) -> Bool) -> Int { chars.filter { $0.map(test) ?? false }.count }
      if let n = keycloakCounts["length"], units < n { return "length < \(n)" }
      if let n = keycloakCounts["maxLength"], units > n { return "length > \(n)" }
      if let n = keycloakCounts["digits"], count({ $0.properties.generalCategory == .decimalNumber }) < n {
        return "digits < \(n)"
      }
      if let n = keycloakCounts["lowerCase"], count({ $0.properties.isLowercase }) < n { return "lowerCase < \(n)" }
      if let n = keycloakCounts["upperCase"], count({ $0.properties.isUppercase }) < n { return "upperCase < \(n)" }
      if let n = keycloakCounts["specialChars"] {
        let letterOrDigit: (Unicode.Scalar) -> Bool = {
          switch $0.properties.generalCategory {
          case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
            return true
          default: return false
          }
        }
        let special = chars.filter { $0.map { !letterOrDigit($0) } ?? true }.count
        if special < n { return "specialChars < \(n)" }
      }
    default: return "unknown provider"
    }
    return nil
  }
}
