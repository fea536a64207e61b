import Foundation
import Testing

@testable import FormRules

@Suite("rules files: decoding, errors, extends")
struct RuleSetTests {
  let fixtures = repositoryRoot.appendingPathComponent("Tests/FormRulesTests/Fixtures/extends")

  @Test(
    "the shipped rules files load, compile and pass their own tests",
    .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains (the IDNA trait)"))
  func shipped() throws {
    for name in ["login.json", "signup.json"] {
      let policy = try RuleSet(contentsOf: repositoryRoot.appendingPathComponent("Rules/\(name)"), registry: .standard)
        .compile()
      let results = policy.runTests()
      #expect(!results.isEmpty)
      for result in results where !result.passed {
        Issue.record(
          "\(name): \(result.test.name): expected \(result.expectedDescription), got \(result.actualDescription)")
      }
    }
  }

  @Test(
    "problems name the JSON path and suggest a spelling",
    arguments: [
      (#"{"fields": {"a": {"rules": [{"minLenght": 3}]}}}"#, "fields.a.rules[0].minLenght", "minLength"),
      (#"{"fields": {"a": {"lable": "A"}}}"#, "fields.a.lable", "label"),
      (#"{"feilds": {}}"#, "feilds", "fields"),
      (#"{"fields": {"a": {"rules": [{"minLength": 3, "unti": "utf8"}]}}}"#, "fields.a.rules[0].unti", "unit"),
      (#"{"fields": {"a": {"rules": [{"minLength": 3, "unit": "bytes"}]}}}"#, "fields.a.rules[0].unit", nil),
      (#"{"fields": {"a": {"normalize": "nfkd"}}}"#, "fields.a.normalize", "nfkc"),
      (#"{"fields": {"a": {"label": {"jp": "A"}}}}"#, "fields.a.label.jp", "ja"),
      (#"{"defaultLocale": "fr", "fields": {}}"#, "defaultLocale", nil),
    ] as [(String, String, String?)])
  func problemPaths(json: String, path: String, suggestion: String?) {
    let problems = loadProblems(json)
    #expect(problems.map { jsonPathString($0.path) } == [path])
    #expect(problems.first?.suggestion == suggestion)
    #expect(problems.first?.file == "bad.json")
  }

  @Test(
    "wrong types are reported with what was found",
    arguments: [
      (#"{"fields": {"a": {"rules": [{"minLength": "8"}]}}}"#, "fields.a.rules[0].minLength", "found a string"),
      (#"{"fields": {"a": {"rules": [{"minLength": -1}]}}}"#, "fields.a.rules[0].minLength", "non-negative"),
      (#"{"fields": {"a": {"rules": [{"minLength": 1.5}]}}}"#, "fields.a.rules[0].minLength", "non-negative integer"),
      (#"{"fields": {"a": {"trim": "yes"}}}"#, "fields.a.trim", "true or false"),
      (#"{"fields": {"a": {"rules": {"required": true}}}}"#, "fields.a.rules", "array of rules"),
      (#"{"fields": {"a": {"rules": ["required"]}}}"#, "fields.a.rules[0]", "rule object"),
      (#"{"fields": []}"#, "fields", "object of fields"),
      (#"{"version": 2, "fields": {}}"#, "version", "version 1"),
      (
        #"{"fields": {"a": {"rules": [{"required": true, "minLength": 2}]}}}"#, "fields.a.rules[0]",
        "exactly one rule key"
      ),
      (#"{"fields": {"a": {"rules": [{"severity": "warning"}]}}}"#, "fields.a.rules[0]", "needs one rule key"),
      (
        #"{"fields": {"a": {"rules": [{"required": true, "severity": "fatal"}]}}}"#, "fields.a.rules[0].severity",
        "warning"
      ),
      (
        #"{"fields": {"a": {"rules": [{"required": true, "when": {"field": "zz", "equals": "x"}}]}}}"#,
        "fields.a.rules[0].when.field", "not a field"
      ),
      (#"{"limits": {"maxValueBytes": 0}, "fields": {}}"#, "limits.maxValueBytes", "positive integer"),
      (
        #"{"tests": [{"name": "t", "input": {"zz": "x"}, "valid": true}], "fields": {}}"#, "tests[0].input.zz",
        "no field"
      ),
      (#"{"tests": [{"name": "t", "input": {}}], "fields": {}}"#, "tests[0]", "\"valid\""),
    ])
  func wrongTypes(json: String, path: String, fragment: String) {
    let problems = loadProblems(json)
    #expect(problems.map { jsonPathString($0.path) } == [path])
    #expect(problems.first?.message.contains(fragment) == true, "\(problems)")
  }

  @Test("every problem is reported, not just the first")
  func allProblems() {
    let problems = loadProblems(
      #"{"fields": {"a": {"rules": [{"minLenght": 3}, {"pattern": "("}]}, "b": {"trim": 1, "rules": [{"sameAs": "c"}]}}}"#
    )
    #expect(
      problems.map { jsonPathString($0.path) } == [
        "fields.a.rules[0].minLenght", "fields.a.rules[1].pattern", "fields.b.trim", "fields.b.rules[0].sameAs",
      ])
  }

  @Test("malformed JSON gives the line and column")
  func malformed() {
    let problems = loadProblems("{\n  \"fields\": {,\n}")
    #expect(problems.count == 1)
    #expect(problems.first?.line == 2)
    #expect(problems.first?.column == 14)
    #expect(problems.first?.description.hasPrefix("bad.json:2:14") == true)
  }

  @Test("a label or message in one language needs the other languages the file uses")
  func missingTranslations() {
    let problems = loadProblems(
      #"{"fields": {"a": {"label": {"ja": "A", "en": "A"}}, "b": {"label": {"ja": "B"}, "rules": [{"required": true, "message": {"en": "B!"}}]}}}"#
    )
    #expect(problems.map { jsonPathString($0.path) }.sorted() == ["fields.b.label", "fields.b.rules[0].message"])
  }

  @Test("extends merges fields and messages; the child wins; tests are the child's")
  func extends() throws {
    let rules = try RuleSet(contentsOf: fixtures.appendingPathComponent("child.json"), registry: .standard)
    #expect(rules.fields.map(\.name) == ["email", "name", "age"])
    #expect(rules.defaultLocale == "ja")
    // The child replaced the rules of `name` but kept its label.
    #expect(rules.field("name")?.label["en"] == "Name")
    let policy = try rules.compile()
    #expect(policy.validate(["email": "a", "name": "abcd"]).fields["name"]?.failures.map(\.code) == ["maxLength"])
    let report = policy.validate(["name": "a"])
    #expect(report.messages(locale: "ja")["email"] == ["メールを入れてください。"])
    #expect(report.messages(locale: "en")["email"] == ["Fill in email."])
    #expect(rules.tests.map(\.name) == ["child test"])
  }

  @Test("an extends cycle is an error naming the chain")
  func cycle() {
    do {
      _ = try RuleSet(contentsOf: fixtures.appendingPathComponent("cycle-a.json"), registry: .standard)
      Issue.record("loaded a cycle")
    } catch {
      #expect(error.problems.contains { $0.message.contains("cycle-a.json → cycle-b.json → cycle-a.json") })
      #expect(error.problems.allSatisfy { jsonPathString($0.path) == "extends" })
    }
  }

  @Test("a missing parent file is reported at extends")
  func missingParent() {
    do {
      _ = try RuleSet(contentsOf: fixtures.appendingPathComponent("missing-parent.json"), registry: .standard)
      Issue.record("loaded a missing parent")
    } catch {
      #expect(error.problems.count == 1)
      #expect(error.problems.first?.message.contains("no such file") == true)
      #expect(error.problems.first.map { jsonPathString($0.path) } == "extends")
    }
  }

  @Test("a missing rules file is one clear problem")
  func missingFile() {
    do {
      _ = try RuleSet(contentsOf: URL(fileURLWithPath: "/nonexistent/rules.json"), registry: .standard)
      Issue.record("loaded nothing")
    } catch {
      #expect(error.problems.map(\.message) == ["no such file"])
    }
  }
}
