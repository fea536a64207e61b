import FormRules
import FormRulesBreachRange
import FormRulesExport
import Foundation
import Testing

/// `validate export` and `RuleSet.export(_:field:)`.
@Suite("Exports")
struct ExportTests {
  /// Every shipped rules file, as its path under `Rules/` without `.json`.
  static let shipped = Repository.rulesFiles.filter { !$0.hasSuffix(".tests.json") }.map {
    String($0.dropFirst("Rules/".count).dropLast(".json".count))
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var rules: String
    var format: ExportFormat
    var testDescription: String { "\(rules) → \(format.rawValue)" }
  }

  static let cases = shipped.flatMap { rules in ExportFormat.allCases.map { Case(rules: rules, format: $0) } }

  /// `Fixtures/exports/policies-nist-800-63b.html` for `Rules/policies/nist-800-63b.json`.
  static func golden(_ item: Case) -> String {
    "Tests/EcosystemTests/Fixtures/exports/\(item.rules.replacingOccurrences(of: "/", with: "-")).\(item.format.rawValue)"
  }

  /// Pinned output: `Fixtures/exports/RULES.FORMAT` (stdout) and `RULES.FORMAT.stderr`.
  /// `scripts/regenerate.sh` rewrites them after a deliberate change; review the diff.
  /// An identity provider that would refuse passwords the rules accept exports nothing and
  /// exits 1: its golden stdout is empty and its stderr holds the `error:` lines.
  @Test("each export of the shipped rules is pinned, stdout and the warnings on stderr", arguments: cases)
  func pinned(_ item: Case) throws {
    let result = try CLI.run(["export", "--rules", "Rules/\(item.rules).json", "--to", item.format.rawValue])
    let refused = result.stderr.hasPrefix("error: ")
    #expect(result.status == (refused ? 1 : 0), "\(result.stderr)")
    #expect(refused == result.stdout.isEmpty)
    let base = Self.golden(item)
    #expect(result.stdout == (try Repository.read(base)))
    #expect(result.stderr == (try Repository.read(base + ".stderr")))
  }

  @Test("the library export equals the command's output")
  func libraryMatchesCommand() throws {
    for item in Self.cases {
      // Relative to the repository, so notes name the file as the command does.
      let url = URL(fileURLWithPath: "Rules/\(item.rules).json", relativeTo: Repository.root)
      // The tool's registry: a shipped preset may use notBreached's range mode.
      let export = try RuleSet(contentsOf: url, registry: .standardWithBreachRange).export(item.format)
      let base = Self.golden(item)
      let golden = try Repository.read(base + ".stderr")
      if export.stricter.isEmpty {
        #expect(export.text == (try Repository.read(base)), "\(item.testDescription)")
        let warnings = export.notes.map { "warning: \($0)\n" }.joined()
        #expect(warnings == golden, "\(item.testDescription)")
      } else {
        #expect(try Repository.read(base).isEmpty, "\(item.testDescription)")
        let errors = export.stricter.map { "error: \($0)\n" }.joined()
        #expect(golden.hasPrefix(errors), "\(item.testDescription)")
        #expect(throws: ExportError.self) { try export.neverStricter() }
      }
    }
  }

  @Test("signup: the facts that matter, stated directly")
  func signupFacts() throws {
    let rules = try RuleSet(contentsOf: Repository.url("Rules/signup.json"), registry: .standard)
    #expect(try rules.export(.passwordRules).text == "minlength: 8; maxlength: 64;\n")

    let html = try rules.export(.html).text
    // practical with Unicode, trimmed: type=email would refuse josé@example.es and a U+3000 the field trims.
    #expect(
      html.contains(
        #"<input name="email" type="text" inputmode="email" required autocomplete="email" spellcheck="false" autocapitalize="off">"#
      ))
    #expect(html.contains(#"name="password" type="password" required"#))
    #expect(html.contains(#"autocomplete="new-password" passwordrules="minlength: 8; maxlength: 64;""#))
    #expect(!html.contains("minlength=\""), "minLength counts code points, browsers count UTF-16")

    let schema = try #require(try JSONParser().parse(rules.export(.jsonSchema).text).objectValue)
    #expect(schema["required"] == .array([.string("email"), .string("password")]))
    let password = try #require(schema["properties"]?.objectValue?["password"]?.objectValue)
    #expect(password["minLength"] == .number(8))
    #expect(password["maxLength"] == .number(64), "the 72-byte limit is not a code-point limit")
    #expect(password["not"] == .object(JSONObject([("pattern", .string("^[0-9]+$"))])))
    #expect(password["writeOnly"] == .bool(true))
  }

  @Test("type=email only where no value the rules accept is refused by the browser's grammar")
  func emailType() throws {
    func html(_ field: String) throws -> (String, [String]) {
      let rules = try RuleSet(
        data: Array(#"{"version": 1, "fields": {"email": \#(field)}}"#.utf8), file: "t.json",
        baseDirectory: Repository.url("Rules"), registry: .standard)
      let export = try rules.export(.html)
      return (export.text, export.notes.map(\.description))
    }
    let exact = try html(#"{"trim": false, "rules": [{"email": "html"}]}"#)
    #expect(exact.0 == "<input name=\"email\" type=\"email\" autocomplete=\"email\">\n")
    #expect(
      try html(#"{"trim": false, "rules": [{"email": "practical", "allowUnicode": false}]}"#).0.contains(
        "type=\"email\""))
    for field in [
      #"{"trim": true, "rules": [{"email": "html"}]}"#,
      #"{"trim": false, "normalize": "nfkc", "rules": [{"email": "html"}]}"#,
      #"{"trim": false, "rules": [{"email": "practical"}]}"#,
      #"{"trim": false, "rules": [{"email": "rfc", "allowUnicode": false}]}"#,
      #"{"trim": false, "rules": [{"email": "html", "allowDomainLiteral": true}]}"#,
    ] {
      let (text, notes) = try html(field)
      #expect(text.contains(#"type="text" inputmode="email""#), "\(field)")
      #expect(notes.contains { $0.contains("not type=email") }, "\(field)")
    }
  }

  @Test("login's password is a current password, without passwordrules")
  func loginAutocomplete() throws {
    let rules = try RuleSet(contentsOf: Repository.url("Rules/login.json"), registry: .standard)
    let html = try rules.export(.html, field: "password").text
    #expect(html == "<input name=\"password\" type=\"password\" required autocomplete=\"current-password\">\n")
  }

  @Test("every rule that is not exported is named in a note", arguments: ExportFormat.allCases)
  func notesNameOmittedRules(_ format: ExportFormat) throws {
    let rules = try RuleSet(contentsOf: Repository.url("Rules/signup.json"), registry: .standard)
    let notes = try rules.export(format).notes
    let paths = Set(notes.map { jsonPathString($0.path) })
    switch format {
    case .jsonSchema:
      #expect(paths.isSuperset(of: ["fields.password.rules[3]", "fields.password_confirmation.rules[0]"]))
    case .html:
      #expect(
        paths.isSuperset(of: ["fields.password.rules[1]", "fields.password.rules[2]", "fields.password.rules[3]"]))
    case .passwordRules, .firebase, .keycloak:
      #expect(paths.isSuperset(of: ["fields.password.rules[4]", "fields.password.rules[5]"]), "notCommon, notPattern")
    case .cognito:
      #expect(
        paths.isSuperset(of: ["fields.password.rules[4]", "fields.password.rules[5]", "fields.password.rules[6]"]))
    }
  }

  /// Small rules files that exercise what the shipped ones do not.
  static func ruleSet(_ fields: String) throws -> RuleSet {
    try RuleSet(data: Array(#"{"version": 1, "name": "t", "fields": {\#(fields)}}"#.utf8), registry: .standard)
  }

  @Test("HTML length attributes appear only when UTF-16 and the rule's unit agree")
  func htmlLengths() throws {
    let utf16 = try Self.ruleSet(
      #""code": {"rules": [{"minLength": 4, "unit": "utf16"}, {"maxLength": 8, "unit": "utf16"}]}"#)
    #expect(try utf16.export(.html).text == "<input name=\"code\" type=\"text\" minlength=\"4\" maxlength=\"8\">\n")
    // A whole-value ASCII pattern proves every character is one UTF-16 unit.
    let ascii = try Self.ruleSet(#""code": {"trim": false, "rules": [{"pattern": "^[A-Z0-9]+\\z"}, {"maxLength": 8}]}"#)
    #expect(try ascii.export(.html).text.contains(#"maxlength="8" pattern="^[A-Z0-9]+$""#))
    #expect(try ascii.export(.html).notes.isEmpty)
    // A negated class admits emoji: no proof, no attribute.
    let negated = try Self.ruleSet(#""code": {"trim": false, "rules": [{"pattern": "^[^ ]+\\z"}, {"maxLength": 8}]}"#)
    #expect(try !negated.export(.html).text.contains("maxlength"))
    #expect(try negated.export(.html).notes.count == 1)
  }

  @Test("several pattern rules become one HTML pattern of lookaheads")
  func htmlCombinedPatterns() throws {
    let rules = try Self.ruleSet(
      #""code": {"trim": false, "rules": [{"pattern": "[0-9]"}, {"notPattern": "^abc"}, {"trimmed": true}]}"#)
    let html = try rules.export(.html).text
    #expect(html.contains(#"pattern="(?=[\s\S]*(?:[0-9]))(?![\s\S]*(?:^abc))(?![\s\S]*(?:^["#))
  }

  @Test(
    "an HTML pattern attribute accepts exactly what the field's pattern rules accept (Node.js, v flag)",
    .enabled(if: JavaScript.isAvailable, JavaScript.unavailable))
  func htmlPatternsAgree() throws {
    let files = [
      try RuleSet(contentsOf: Repository.url("Rules/signup.json"), registry: .standard),
      try Self.ruleSet(
        #""code": {"trim": false, "rules": [{"pattern": "[0-9]"}, {"notPattern": "^abc"}, {"trimmed": true}]}"#),
      try Self.ruleSet(#""code": {"trim": false, "rules": [{"pattern": "^[a-z]+\\z|^[0-9]{4}\\z"}]}"#),
    ]
    let subjects = [
      "a", "abc", "abc1", "xabc1", "1234567890", "1234567890\n", "123", " 12", "12 ", "\u{3000}1", "1\u{A0}",
      "correct horse", "👍1", "abcd", "1234", "12345", "あ1", "\u{2028}1",
    ]
    let patternCodes: Set<String> = ["pattern", "notPattern", "trimmed"]
    for rules in files {
      let policy = try rules.compile()
      let html = try rules.export(.html).text
      for field in rules.fields {
        guard let line = html.split(separator: "\n").first(where: { $0.contains("name=\"\(field.name)\"") }),
          let start = line.range(of: "pattern=\""),
          let end = line[start.upperBound...].firstIndex(of: "\"")
        else { continue }
        let attribute = String(line[start.upperBound..<end]).replacingOccurrences(of: "&quot;", with: "\"")
          .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
          .replacingOccurrences(of: "&amp;", with: "&")
        let browser = try JavaScript.test(["^(?:" + attribute + ")$"], flags: "v", on: subjects)[0]
        for (subject, accepted) in zip(subjects, browser) {
          let values = Dictionary(uniqueKeysWithValues: rules.fields.map { ($0.name, subject) })
          let failures = policy.validate(field: field.name, in: values)?.failures ?? []
          let ours = !failures.contains { patternCodes.contains($0.code) && $0.severity == .error }
          #expect(accepted == ours, "\(field.name) pattern=\(attribute) on \(subject.debugDescription)")
        }
      }
    }
  }

  @Test("a pattern that does not translate is left out with its reason")
  func untranslatablePattern() throws {
    let rules = try Self.ruleSet(#""code": {"rules": [{"pattern": "^\\d+\\z"}]}"#)
    for format in [ExportFormat.html, .jsonSchema] {
      let export = try rules.export(format)
      #expect(!export.text.contains("pattern"))
      #expect(export.notes.count == 1)
      #expect(export.notes.first?.reason.contains("\\d") == true, "\(export.notes)")
    }
  }

  @Test("an optional field's constraints apply only to a non-empty string")
  func optionalField() throws {
    let rules = try Self.ruleSet(#""nickname": {"rules": [{"minLength": 2}, {"maxLength": 20}]}"#)
    let schema = try #require(try JSONParser().parse(rules.export(.jsonSchema).text).objectValue)
    #expect(schema["required"] == nil)
    let field = try #require(schema["properties"]?.objectValue?["nickname"]?.objectValue)
    #expect(field["type"] == .array([.string("string"), .string("null")]))
    #expect(field["if"] == .object(JSONObject([("type", .string("string")), ("minLength", .number(1))])))
    #expect(field["then"] == .object(JSONObject([("minLength", .number(2)), ("maxLength", .number(20))])))
  }

  @Test("composites: allOf and anyOf carry over; a part that cannot be said drops the whole anyOf")
  func composites() throws {
    let expressible = try Self.ruleSet(#""code": {"rules": [{"anyOf": [{"pattern": "^a"}, {"minLength": 10}]}]}"#)
    let schema = try #require(try JSONParser().parse(expressible.export(.jsonSchema, field: "code").text).objectValue)
    let then = try #require(schema["then"]?.objectValue)
    #expect(
      then["anyOf"]
        == .array([
          .object(JSONObject([("pattern", .string("^a"))])), .object(JSONObject([("minLength", .number(10))])),
        ]))
    let partial = try Self.ruleSet(
      #""code": {"rules": [{"anyOf": [{"pattern": "^a"}, {"minLength": 10, "unit": "utf8"}]}]}"#)
    let export = try partial.export(.jsonSchema, field: "code")
    #expect(!export.text.contains("anyOf"))
    #expect(export.notes.map(\.rule) == ["anyOf"])
  }

  @Test(
    "usage errors exit 2 with a hint",
    arguments: [
      ["export", "--rules", "Rules/signup.json"],
      ["export", "--rules", "Rules/signup.json", "--to", "yaml"],
      ["export", "--rules", "Rules/signup.json", "--to", "html", "--field", "nope"],
      ["export", "--to", "html"],
      ["export", "--rules", "Rules/missing.json", "--to", "html"],
    ])
  func usageErrors(_ arguments: [String]) throws {
    let result = try CLI.run(arguments)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
  }

  @Test(
    "passwordrules: character classes become required classes, maxRepeat max-consecutive",
    arguments: [
      (
        #"{"characterClasses": ["lower", "upper", "digit", "symbol"]}"#,
        "required: lower; required: upper; required: digit; required: special;"
      ),
      (#"{"characterClasses": {"min": 2, "of": ["digit", "nonAscii", "lower"]}}"#, "required: lower; required: digit;"),
      (#"{"maxRepeat": 2}"#, "max-consecutive: 2;"),
      (#"{"minLength": 10, "unit": "utf8"}, {"maxLength": 20, "unit": "graphemes"}"#, "minlength: 10; maxlength: 20;"),
    ])
  func passwordRulesMapping(rules: String, expected: String) throws {
    let ruleSet = try Self.ruleSet(#""password": {"sensitive": true, "rules": [\#(rules)]}"#)
    let export = try ruleSet.export(.passwordRules)
    #expect(export.text == expected + "\n")
    #expect(export.notes.isEmpty, "\(export.notes)")
  }

  @Test("passwordrules: a class generated passwords cannot have is named in a note")
  func passwordRulesNonASCII() throws {
    let ruleSet = try Self.ruleSet(
      #""password": {"sensitive": true, "rules": [{"characterClasses": ["nonAscii", "digit"]}]}"#)
    let export = try ruleSet.export(.passwordRules)
    #expect(export.text == "required: digit;\n")
    #expect(export.notes.map(\.rule) == ["characterClasses"])
  }

  @Test("passwordrules without a password field is an error")
  func noPasswordField() throws {
    let rules = try Self.ruleSet(#""email": {"rules": [{"email": true}]}"#)
    #expect(throws: ExportError.self) { try rules.export(.passwordRules) }
  }
}
