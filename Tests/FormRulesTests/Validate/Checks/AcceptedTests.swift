import Testing

@testable import FormRules
@testable import FormRulesBulk
@testable import FormRulesExport
@testable import FormRulesPassword

@Suite("accepted")
struct AcceptedTests {
  static let rules = """
    {"version": 1, "fields": {
      "email": {"rules": [{"required": true}]},
      "terms": {"label": {"ja": "利用規約", "en": "The terms"}, "rules": [{"accepted": true}]}}}
    """

  @Test(
    "true, on, yes and 1 pass in any ASCII case; anything else fails, empty and absent too",
    arguments: [
      ("true", false), ("on", false), ("yes", false), ("1", false), ("TRUE", false), ("On", false), ("YES", false),
      (" on ", false), ("", true), ("   ", true), ("\u{3000}", true), ("false", true), ("0", true), ("no", true),
      ("off", true), ("y", true), ("ｏｎ", true), ("ON\u{0301}", true), ("on👍", true), ("はい", true), ("11", true),
    ])
  func values(value: String, fails: Bool) throws {
    let policy = try fieldPolicy(#"[{"accepted": true}]"#)
    #expect(policy.check(Accepted.self, value) == (fails ? verdict(0, "accepted") : nil))
  }

  @Test("an unticked box sends nothing: absent and null fail")
  func absent() throws {
    let policy = try fieldPolicy(#"[{"accepted": true}]"#)
    #expect(codes(policy, nil) == ["accepted"])
    #expect(policy.validate(["f": nil] as [String: String?]).fields["f"]?.errors.map(\.code) == ["accepted"])
  }

  @Test("false asks for nothing and is not a checklist line")
  func disabled() throws {
    let policy = try fieldPolicy(#"[{"accepted": false}]"#)
    #expect(codes(policy, "") == [])
    #expect(policy.checklist(for: "f", values: [:], locale: "en").isEmpty)
  }

  @Test("JSON booleans and numbers are read for an accepted field, as their JSON text")
  func scalars() throws {
    let policy = try RuleSet(data: Array(Self.rules.utf8), registry: .standard).compile()
    func terms(_ json: String) -> [String]? {
      let report = policy.validate(jsonRecord: Array(#"{"email": "a", "terms": \#(json)}"#.utf8))
      return report.outcome == .malformed ? nil : report.fields["terms"]?.errors.map(\.code)
    }
    #expect(terms("true") == [])
    #expect(terms("1") == [])
    #expect(terms("1.0") == [])
    #expect(terms(#""on""#) == [])
    #expect(terms("false") == ["accepted"])
    #expect(terms("0") == ["accepted"])
    #expect(terms("2") == ["accepted"])
    #expect(terms("null") == ["accepted"])
    // Structures are still the wrong shape, and other fields take only strings.
    #expect(terms("[true]") == nil)
    #expect(terms(#"{"a": 1}"#) == nil)
    let email = policy.validate(jsonRecord: Array(#"{"email": true, "terms": true}"#.utf8))
    #expect(email.outcome == .malformed)
    #expect(email.formErrors.first?.params["field"] == .string("email"))
  }

  @Test("inside a composite the field still reads booleans")
  func nested() throws {
    let policy = try RuleSet(
      data: Array(#"{"fields": {"t": {"rules": [{"anyOf": [{"accepted": true}, {"pattern": "^ok$"}]}]}}}"#.utf8),
      registry: .standard
    ).compile()
    #expect(policy.validate(jsonRecord: Array(#"{"t": true}"#.utf8)).isValid)
    #expect(!policy.validate(jsonRecord: Array(#"{"t": false}"#.utf8)).isValid)
  }

  @Test("messages and the requirement phrase, in both languages")
  func messages() throws {
    let policy = try RuleSet(data: Array(Self.rules.utf8), registry: .standard).compile()
    let report = policy.validate(["email": "a", "terms": ""])
    #expect(report.messages(locale: "ja")["terms"] == ["利用規約に同意してください。"])
    #expect(report.messages(locale: "en")["terms"] == ["The terms must be accepted."])
    #expect(policy.requirements(for: "terms", locale: "ja").map(\.text) == ["同意する"])
    #expect(policy.checklist(for: "terms", values: ["terms": "on"], locale: "en").map(\.isMet) == [true])
  }

  @Test("bulk JSON Lines read a boolean checkbox as the single record does")
  func bulk() throws {
    let policy = try RuleSet(data: Array(Self.rules.utf8), registry: .standard).compile()
    let bulk = BulkValidator(policy: policy, locale: "en")
    let line = Array(#"{"email": "a", "terms": true}"#.utf8)
    let outcome = bulk.validate(line: line, number: 1)
    #expect(outcome == .valid)
    let off = Array(#"{"email": "a", "terms": false}"#.utf8)
    #expect(bulk.validate(line: off, number: 2) == .invalid)
  }

  @Test("the JSON Schema export requires the field and takes what the reader takes")
  func jsonSchema() throws {
    let export = try RuleSet(data: Array(Self.rules.utf8), registry: .standard).export(.jsonSchema)
    let schema = try #require(try JSONParser().parse(export.text).objectValue)
    #expect(schema["required"]?.arrayValue?.contains(.string("terms")) == true)
    let terms = try #require(schema["properties"]?.objectValue?["terms"]?.objectValue)
    #expect(terms["type"] == .array([.string("string"), .string("boolean"), .string("number")]))
    let anyOf = try #require(terms["anyOf"]?.arrayValue)
    #expect(anyOf.first?.objectValue?["enum"] == .array([.bool(true), .number(1)]))
    let pattern = try #require(anyOf.last?.objectValue?["pattern"]?.stringValue)
    let compiled = try Pattern(pattern, flags: "")
    for word in ["true", "On", "YES", "1"] { #expect(compiled.matches(word) == .match, "\(word)") }
    for word in ["false", "0", "ona", "", "yes "] { #expect(compiled.matches(word) == .noMatch, "\(word)") }
  }

  @Test("the HTML export draws a required checkbox, which sends \"on\" when ticked")
  func html() throws {
    let export = try RuleSet(data: Array(Self.rules.utf8), registry: .standard).export(.html)
    #expect(export.text.contains(#"<input name="terms" type="checkbox" required>"#))
  }
}

/// `accepted` itself, asked directly through `Policy.check`.
@Suite("accepted: the rule itself")
struct AcceptedRuleTests {
  @Test("edges: nothing but a ticked value passes, an empty one is asked too", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"accepted": true}"#, options: #""trim": false"#)
    #expect(policy.check(Accepted.self, edge.value) == verdict(0, "accepted"))
  }

  @Test("ticked values in any ASCII case pass; the field's trim runs first; false asks for nothing")
  func ticked() throws {
    let policy = try rulePolicy(#"{"accepted": true}"#)
    for value in ["true", "ON", "Yes", "1", "\u{3000}on "] {
      #expect(policy.check(Accepted.self, value) == nil, "\(value)")
    }
    for value in ["ｏｎ", "on\u{301}", "はい", "no"] {
      #expect(policy.check(Accepted.self, value) == verdict(0, "accepted"), "\(value)")
    }
    #expect(policy.check(Accepted.self, nil) == verdict(0, "accepted"))
    #expect(try rulePolicy(#"{"accepted": false}"#).check(Accepted.self, nil) == nil)
  }
}
