import FormRulesBreachRange
import Foundation
import Testing

@testable import FormRules

/// `Rules/schema/rules.schema.json` against the Swift decoder and an independent validator.
@Suite("Rules schema")
struct RulesSchemaTests {
  /// Rules files the decoder rejects for a key or type reason, with the JSON path of the
  /// problem it reports. The schema must reject every one of them too.
  static let rejected: [(file: String, path: String)] = [
    ("allOf-unknown-rule-inside", "fields.password.rules[0].allOf[1].maxLenght"),
    ("anyOf-empty", "fields.password.rules[0].anyOf"),
    ("anyOf-not-array", "fields.password.rules[0].anyOf"),
    ("bail-not-bool", "fields.password.bail"),
    ("defaultLocale-unknown", "defaultLocale"),
    ("email-false", "fields.password.rules[0].email"),
    ("email-option-not-bool", "fields.password.rules[0].allowUnicode"),
    ("email-option-unknown", "fields.password.rules[0].allowIDN"),
    ("email-profile-unknown", "fields.password.rules[1].email"),
    ("empty-rule-object", "fields.password.rules[0]"),
    ("extends-not-string", "extends"),
    ("field-name-empty", #"fields[""]"#),
    ("field-not-object", "fields.email"),
    ("fields-not-object", "fields"),
    ("flags-unknown", "fields.password.rules[0].flags"),
    ("label-locale-unknown", "fields.password.label.fr"),
    ("label-number", "fields.password.label"),
    ("limits-not-object", "limits"),
    ("limits-unknown-key", "limits.maxBytes"),
    ("limits-zero", "limits.maxValueBytes"),
    ("maxLength-fraction", "fields.password.rules[0].maxLength"),
    ("message-locale-unknown", "fields.password.rules[0].message.de"),
    ("messages-locale-unknown", "messages.fr"),
    ("messages-template-number", "messages.en.required"),
    ("messages-template-unknown-key", "messages.en.required.text"),
    ("minLength-negative", "fields.password.rules[0].minLength"),
    ("minLength-string", "fields.password.rules[0].minLength"),
    ("name-not-string", "name"),
    ("normalize-unknown", "fields.password.normalize"),
    ("not-unknown-rule-inside", "fields.password.rules[0].not.patern"),
    ("notPattern-array", "fields.password.rules[0].notPattern"),
    ("pattern-not-string", "fields.password.rules[0].pattern"),
    ("required-not-bool", "fields.password.rules[0].required"),
    ("rule-not-object", "fields.password.rules[0]"),
    ("rules-not-array", "fields.password.rules"),
    ("sameAs-not-string", "fields.password.rules[0].sameAs"),
    ("sensitive-not-bool", "fields.password.sensitive"),
    ("severity-unknown", "fields.password.rules[0].severity"),
    ("test-errors-not-list", "tests[0].errors.password"),
    ("test-input-number", "tests[0].input.password"),
    ("test-not-object", "tests[0]"),
    ("test-unknown-key", "tests[0].expect"),
    ("test-valid-and-errors", "tests[0]"),
    ("test-valid-not-bool", "tests[0].valid"),
    ("test-warnings-not-object", "tests[0].warnings"),
    ("test-without-expectation", "tests[0]"),
    ("test-without-input", "tests[0].input"),
    ("test-without-name", "tests[0]"),
    ("tests-not-array", "tests"),
    ("top-level-array", "(top level)"),
    ("trim-not-bool", "fields.password.trim"),
    ("trimmed-not-bool", "fields.password.rules[0].trimmed"),
    ("two-rule-keys", "fields.password.rules[0]"),
    ("unit-on-required", "fields.password.rules[0].unit"),
    ("unit-unknown", "fields.password.rules[0].unit"),
    ("unknown-field-key", "fields.password.lable"),
    ("unknown-rule", "fields.password.rules[0].minLenght"),
    ("unknown-top-level-key", "feilds"),
    ("version-2", "version"),
    ("version-string", "version"),
    ("when-not-object", "fields.password.rules[0].when"),
    ("when-unknown-key", "fields.password.rules[0].when.is"),
    ("when-without-condition", "fields.password.rules[0].when"),
    ("when-without-field", "fields.password.rules[0].when"),
    // The password rules.
    ("characterClasses-duplicate-class", "fields.password.rules[0].characterClasses.require[1]"),
    ("characterClasses-empty", "fields.password.rules[0].characterClasses"),
    ("characterClasses-min-zero", "fields.password.rules[0].characterClasses.min"),
    ("characterClasses-number", "fields.password.rules[0].characterClasses"),
    ("characterClasses-require-and-min", "fields.password.rules[0].characterClasses.min"),
    ("characterClasses-unknown-class", "fields.password.rules[0].characterClasses[1]"),
    ("characterClasses-unknown-key", "fields.password.rules[0].characterClasses.need"),
    ("notCommon-lists-number", "fields.password.rules[0].lists"),
    ("notCommon-not-bool", "fields.password.rules[0].notCommon"),
    ("notCommon-top-zero", "fields.password.rules[0].top"),
    ("notCommon-unknown-option", "fields.password.rules[0].list"),
    ("notContainsField-bad-unit", "fields.password.rules[0].unit"),
    ("notContainsField-empty", "fields.password.rules[0].notContainsField"),
    ("notContainsField-minPart-zero", "fields.password.rules[0].minPart"),
    ("notContainsField-number", "fields.password.rules[0].notContainsField"),
    ("maxRepeat-utf8", "fields.password.rules[0].unit"),
    ("maxRepeat-zero", "fields.password.rules[0].maxRepeat"),
    ("noSequence-two", "fields.password.rules[0].noSequence"),
    ("notBreached-empty-file", "fields.password.rules[0].notBreached.file"),
    ("notBreached-minCount-zero", "fields.password.rules[0].notBreached.minCount"),
    ("notBreached-unknown-key", "fields.password.rules[0].notBreached.count"),
    ("strength-five", "fields.password.rules[0].strength"),
    ("strength-unknown-key", "fields.password.rules[0].strength.inputs"),
    ("strength-without-min", "fields.password.rules[0].strength"),
  ]

  static let rejectedDirectory = "Tests/EcosystemTests/Fixtures/schema-agreement/rejected"
  static let acceptedFiles = ["Tests/EcosystemTests/Fixtures/schema-agreement/accepted/everything.json"]

  /// One run of the independent validator over every fixture, shared by the tests below.
  static let fixtureVerdicts: Result<[String: SchemaChecker.Verdict], any Error> = Result {
    try SchemaChecker.check(
      schema: Repository.schema,
      files: rejected.map { "\(rejectedDirectory)/\($0.file).json" } + acceptedFiles + Repository.rulesFiles)
  }

  @Test("every shipped rules file names the schema by a relative path that exists")
  func shippedFilesNameTheSchema() throws {
    let files = Repository.rulesFiles
    #expect(files.contains("Rules/login.json") && files.contains("Rules/signup.json"))
    for file in files where !file.hasSuffix(".tests.json") {
      let object = try #require(try JSONParser().parse(Repository.read(file)).objectValue, "\(file)")
      let reference = try #require(object["$schema"]?.stringValue, "\(file) has no \"$schema\"")
      let resolved = Repository.url(file).deletingLastPathComponent().appendingPathComponent(reference)
        .standardizedFileURL
      #expect(resolved.path == Repository.schema.standardizedFileURL.path, "\(file): \"$schema\" is \(reference)")
    }
  }

  @Test(
    "every rules file under Rules/ passes the schema (python jsonschema)",
    .enabled(if: SchemaChecker.isAvailable, SchemaChecker.unavailable))
  func shippedFilesPassTheSchema() throws {
    let verdicts = try Self.fixtureVerdicts.get()
    for file in Repository.rulesFiles {
      let verdict = try #require(verdicts[file], "no verdict for \(file)")
      #expect(verdict.valid, "\(file): \(verdict.errors.joined(separator: "; "))")
    }
  }

  @Test("every rules file under Rules/ loads and compiles (with the tool's registry: range mode included)")
  func shippedFilesLoad() throws {
    for file in Repository.rulesFiles where !file.hasSuffix(".tests.json") {
      #expect(throws: Never.self, "\(file)") {
        try RuleSet(contentsOf: Repository.url(file), registry: .standardWithBreachRange).compile()
      }
    }
  }

  @Test("the decoder rejects each fixture where it should", arguments: rejected)
  func decoderRejects(file: String, path: String) throws {
    let url = Repository.url("\(Self.rejectedDirectory)/\(file).json")
    do {
      _ = try RuleSet(contentsOf: url, registry: .standard)
      Issue.record("\(file).json was accepted by the decoder")
    } catch {
      let paths = error.problems.map { jsonPathString($0.path) }
      #expect(paths.contains(path), "\(file).json: problems at \(paths), expected one at \(path)")
    }
  }

  @Test(
    "the schema rejects what the decoder rejects", .enabled(if: SchemaChecker.isAvailable, SchemaChecker.unavailable),
    arguments: rejected.map(\.file))
  func schemaRejects(file: String) throws {
    let verdicts = try Self.fixtureVerdicts.get()
    let verdict = try #require(verdicts["\(Self.rejectedDirectory)/\(file).json"])
    #expect(!verdict.valid, "\(file).json is rejected by the decoder but accepted by the schema")
  }

  @Test(
    "a file using every key, rule and option passes both",
    .enabled(if: SchemaChecker.isAvailable, SchemaChecker.unavailable))
  func everythingPassesBoth() throws {
    let verdicts = try Self.fixtureVerdicts.get()
    for file in Self.acceptedFiles {
      #expect(throws: Never.self) { try RuleSet(contentsOf: Repository.url(file), registry: .standard).compile() }
      let verdict = try #require(verdicts[file])
      #expect(verdict.valid, "\(file): \(verdict.errors.joined(separator: "; "))")
    }
  }

  /// The schema's rule definitions, by rule name: `$defs/rule-NAME`.
  static func schemaRuleDefinitions() throws -> [String: JSONObject] {
    let schema = try #require(try JSONParser().parse(Repository.read("Rules/schema/rules.schema.json")).objectValue)
    let defs = try #require(schema["$defs"]?.objectValue)
    var result: [String: JSONObject] = [:]
    for (key, value) in defs.members where key.hasPrefix("rule-") {
      result[String(key.dropFirst(5))] = value.objectValue
    }
    return result
  }

  @Test("the schema describes every registered rule, its options and the modifiers, and nothing else")
  func schemaMatchesRegistry() throws {
    let definitions = try Self.schemaRuleDefinitions()
    let expected = Set(RuleRegistry.standard.names)
    #expect(Set(definitions.keys) == expected)
    let schema = try #require(try JSONParser().parse(Repository.read("Rules/schema/rules.schema.json")).objectValue)
    let alternatives = schema["$defs"]?.objectValue?["rule"]?.objectValue?["oneOf"]?.arrayValue ?? []
    let referenced = Set(alternatives.compactMap { $0.objectValue?["$ref"]?.stringValue })
    #expect(referenced == Set(expected.map { "#/$defs/rule-\($0)" }), "$defs/rule.oneOf lists every rule")
    for name in expected {
      let definition = try #require(definitions[name], "no $defs/rule-\(name)")
      let properties = Set(definition["properties"]?.objectValue?.keys ?? [])
      let options = RuleRegistry.standard.type(named: name)?.options ?? []
      #expect(
        properties == Set([name] + RuleSetLoader.modifierKeys + options), "\(name): schema properties \(properties)")
      #expect(definition["additionalProperties"] == .bool(false), "\(name) must refuse unknown keys")
      #expect(definition["required"] == .array([.string(name)]))
      let description = definition["properties"]?.objectValue?[name]?.objectValue?["description"]?.stringValue
      #expect(description?.isEmpty == false, "\(name) has no description")
    }
  }

  @Test("the schema's key lists match the decoder's")
  func schemaMatchesDecoderKeys() throws {
    let schema = try #require(try JSONParser().parse(Repository.read("Rules/schema/rules.schema.json")).objectValue)
    let defs = try #require(schema["$defs"]?.objectValue)
    #expect(Set(schema["properties"]?.objectValue?.keys ?? []) == Set(RuleSetLoader.topLevelKeys))
    #expect(Set(defs["field"]?.objectValue?["properties"]?.objectValue?.keys ?? []) == Set(RuleSetLoader.fieldKeys))
    let locales = defs["locale"]?.objectValue?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(locales == RuleSet.supportedLocales)
    let units = defs["lengthUnit"]?.objectValue?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(units == LengthUnit.allCases.map(\.rawValue))
    let profiles =
      defs["rule-email"]?.objectValue?["properties"]?.objectValue?["email"]?.objectValue?["enum"]?
      .arrayValue?.compactMap(\.stringValue) ?? []
    #expect(profiles == EmailSyntax.Profile.allCases.map(\.rawValue))
  }
}
