import FormRules
import Foundation
import Testing

/// Runs the exported JSON Schema with an independent validator (python `jsonschema`, format
/// assertion on) over a set of inputs and compares its verdicts with ours. Where they
/// differ, the difference must be listed here with its reason — and a listed difference
/// that no longer happens fails too, so the list stays true.
@Suite("Exported JSON Schema against our verdicts")
struct ExportedSchemaVerdictTests {
  struct Input: Sendable {
    var name: String
    var json: String
  }

  static let inputs: [Input] = [
    Input(
      name: "valid",
      json: #"{"email": "hanako@example.co.jp", "password": "correct horse", "password_confirmation": "correct horse"}"#
    ),
    Input(name: "missing email", json: #"{"password": "correct horse", "password_confirmation": "correct horse"}"#),
    Input(
      name: "null email",
      json: #"{"email": null, "password": "correct horse", "password_confirmation": "correct horse"}"#),
    Input(
      name: "email of spaces",
      json: #"{"email": " \u3000 ", "password": "correct horse", "password_confirmation": "correct horse"}"#),
    Input(
      name: "email with outer spaces",
      json:
        #"{"email": " hanako@example.co.jp ", "password": "correct horse", "password_confirmation": "correct horse"}"#),
    Input(
      name: "email without @",
      json: #"{"email": "hanako.example.co.jp", "password": "correct horse", "password_confirmation": "correct horse"}"#
    ),
    Input(
      name: "email with double dot",
      json: #"{"email": "a..b@example.com", "password": "correct horse", "password_confirmation": "correct horse"}"#),
    Input(
      name: "internationalized domain",
      json: #"{"email": "taro@例え.jp", "password": "correct horse", "password_confirmation": "correct horse"}"#),
    Input(
      name: "email as a number",
      json: #"{"email": 5, "password": "correct horse", "password_confirmation": "correct horse"}"#),
    Input(
      name: "5 characters",
      json: #"{"email": "taro@example.jp", "password": "abc12", "password_confirmation": "abc12"}"#),
    Input(
      name: "6 characters",
      json: #"{"email": "taro@example.jp", "password": "abc123", "password_confirmation": "abc123"}"#),
    Input(
      name: "7 characters",
      json: #"{"email": "taro@example.jp", "password": "abcdefg", "password_confirmation": "abcdefg"}"#),
    Input(
      name: "8 emoji",
      json: #"{"email": "taro@example.jp", "password": "👍👍👍👍👍👍👍👍", "password_confirmation": "👍👍👍👍👍👍👍👍"}"#),
    Input(
      name: "65 characters",
      json:
        #"{"email": "taro@example.jp", "password": "\#(String(repeating: "a", count: 65))", "password_confirmation": "\#(String(repeating: "a", count: 65))"}"#
    ),
    Input(
      name: "25 kanji (75 bytes)",
      json:
        #"{"email": "taro@example.jp", "password": "\#(String(repeating: "日本語漢字", count: 5))", "password_confirmation": "\#(String(repeating: "日本語漢字", count: 5))"}"#
    ),
    Input(
      name: "only digits",
      json: #"{"email": "taro@example.jp", "password": "1234567890", "password_confirmation": "1234567890"}"#),
    Input(
      name: "digits and a final newline",
      json: #"{"email": "taro@example.jp", "password": "5829301746\n", "password_confirmation": "5829301746\n"}"#),
    Input(
      name: "a common password",
      json: #"{"email": "taro@example.jp", "password": "password1", "password_confirmation": "password1"}"#),
    Input(
      name: "confirmation differs",
      json: #"{"email": "taro@example.jp", "password": "correct horse", "password_confirmation": "correct horse!"}"#),
    Input(name: "confirmation missing", json: #"{"email": "taro@example.jp", "password": "correct horse"}"#),
    Input(
      name: "outer spaces in the password",
      json: #"{"email": "taro@example.jp", "password": " correct horse ", "password_confirmation": " correct horse "}"#),
    Input(
      name: "null password", json: #"{"email": "taro@example.jp", "password": null, "password_confirmation": null}"#),
    Input(
      name: "unknown extra field",
      json:
        #"{"email": "taro@example.jp", "password": "correct horse", "password_confirmation": "correct horse", "remember": true}"#
    ),
  ]

  /// Where the exported schema and our rules give different verdicts, and why.
  struct Difference: Sendable {
    var rules: String
    var input: String
    var oursValid: Bool
    var reason: String
  }

  static let expectedDifferences: [Difference] = [
    Difference(
      rules: "login", input: "email with double dot", oursValid: false,
      reason: "format: email is the validator's own grammar; python-jsonschema only looks for an @"),
    Difference(
      rules: "signup", input: "email with double dot", oursValid: false,
      reason: "format: email is the validator's own grammar; python-jsonschema only looks for an @"),
    Difference(
      rules: "signup", input: "25 kanji (75 bytes)", oursValid: false,
      reason: "maxLength 72 in UTF-8 bytes is not expressible: JSON Schema counts code points"),
    Difference(
      rules: "signup", input: "digits and a final newline", oursValid: true,
      reason: "python's re lets $ match before a final newline, so ^[0-9]+$ finds one; ECMAScript and "
        + "PCRE2 (DOLLAR_ENDONLY) do not"),
    Difference(
      rules: "signup", input: "a common password", oursValid: false,
      reason: "notCommon checks a blocklist; JSON Schema has no such keyword"),
    Difference(
      rules: "signup", input: "confirmation differs", oursValid: false,
      reason: "sameAs compares two fields; JSON Schema cannot"),
    Difference(
      rules: "signup", input: "confirmation missing", oursValid: false,
      reason: "sameAs compares two fields; JSON Schema cannot"),
  ]

  @Test(
    "verdicts agree except for the listed differences",
    .enabled(if: SchemaChecker.isAvailable, SchemaChecker.unavailable), arguments: ["login", "signup"])
  func verdictsAgree(rules name: String) throws {
    let ruleSet = try RuleSet(contentsOf: Repository.url("Rules/\(name).json"), registry: .standard)
    let policy = try ruleSet.compile()
    let schemaFile = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID()).schema.json")
    defer { try? FileManager.default.removeItem(at: schemaFile) }
    try ruleSet.export(.jsonSchema).text.write(to: schemaFile, atomically: true, encoding: .utf8)

    let instances = try Self.inputs.map { try JSONParser().parse($0.json) }
    let verdicts = try SchemaChecker.check(schema: schemaFile, instances: instances)
    try #require(verdicts.count == Self.inputs.count)
    let listed = Self.expectedDifferences.filter { $0.rules == name }
    for (input, verdict) in zip(Self.inputs, verdicts) {
      let ours = policy.validate(jsonRecord: Array(input.json.utf8)).isValid
      let difference = listed.first { $0.input == input.name }
      if ours == verdict.valid {
        #expect(difference == nil, "\(name) / \(input.name): listed as a difference, but both say valid=\(ours)")
      } else {
        #expect(
          difference?.oursValid == ours,
          "\(name) / \(input.name): ours valid=\(ours), schema valid=\(verdict.valid) \(verdict.errors) — not listed")
      }
    }
  }
}
