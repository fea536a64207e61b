import Foundation
import Testing

@testable import FormRules
@testable import FormRulesBulk

/// Records the bulk record scanner does not read itself — nested values, numbers and
/// booleans, duplicate keys, escapes, invalid UTF-8, huge strings, no object at all — with
/// the exact report each one gets. Whoever reads a record, the report is the one the
/// engine writes for it.
@Suite("Bulk records of every shape: exact reports")
struct BulkRecordShapeTests {
  /// A field the rules trim, a checkbox (`accepted`: takes JSON booleans and numbers) and a
  /// sensitive field, whose value never appears.
  static let rules = """
    {"version": 1, "defaultLocale": "en", "fields": {
      "name": {"label": {"en": "Name"}, "trim": true, "rules": [{"required": true}, {"maxLength": 5}]},
      "terms": {"label": {"en": "Terms"}, "rules": [{"accepted": true}]},
      "pin": {"label": {"en": "PIN"}, "sensitive": true, "rules": [{"minLength": 4}]}
    }}
    """

  struct Case: CustomStringConvertible, Sendable {
    var name: String
    var line: [UInt8]
    var report: String
    var outcome: BulkValidator.Outcome
    var description: String { name }

    init(_ name: String, _ line: String, _ report: String, _ outcome: BulkValidator.Outcome) {
      self.init(name, Array(line.utf8), report, outcome)
    }

    init(_ name: String, _ line: [UInt8], _ report: String, _ outcome: BulkValidator.Outcome) {
      self.name = name
      self.line = line
      self.report = report
      self.outcome = outcome
    }
  }

  static let pinValid = #""pin":{"valid":true,"errors":[]}"#
  static let termsMissing =
    #""terms":{"valid":false,"value":null,"errors":[{"code":"accepted","severity":"error","params":{},"message":"Terms must be accepted."}]}"#
  static let termsYes = #""terms":{"valid":true,"value":"true","errors":[]}"#
  static let nameTaro = #""name":{"valid":true,"value":"Taro","errors":[]}"#

  static func valid(_ fields: String...) -> String {
    #"{"valid":true,"fields":{"# + fields.joined(separator: ",") + "}}"
  }
  static func invalid(_ fields: String...) -> String {
    #"{"valid":false,"fields":{"# + fields.joined(separator: ",") + "}}"
  }
  /// The report of a record that is not an object of the rules' shape.
  static func malformed(_ params: String) -> String {
    #"{"valid":false,"errors":[{"code":"input.malformed","severity":"error","params":{"line":1,"# + params
      + #"},"message":"Line 1 of the input is not a valid record."}],"fields":{}}"#
  }

  static let oneMegabyte = String(repeating: "x", count: 1 << 20)

  static let cases: [Case] = [
    Case(
      "nested values in a member the rules do not know",
      #"{"meta": {"a": [1, {"b": null}], "c": {}}, "name": "Taro", "terms": true, "pin": "1234"}"#,
      valid(nameTaro, termsYes, pinValid), .valid),
    Case(
      "more unknown members than the scanner skips",
      #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"name":"Taro","terms":"yes","pin":"1234"}"#,
      valid(nameTaro, #""terms":{"valid":true,"value":"yes","errors":[]}"#, pinValid), .valid),
    Case(
      "a number with an exponent in an unknown member", #"{"at": 1.5e9, "name": "Taro", "terms": "1", "pin": "1234"}"#,
      valid(nameTaro, #""terms":{"valid":true,"value":"1","errors":[]}"#, pinValid), .valid),
    Case(
      "a boolean where the rules take one", #"{"name": "Taro", "terms": true, "pin": "1234"}"#,
      valid(nameTaro, termsYes, pinValid), .valid),
    Case(
      "false where the rules take a boolean", #"{"name": "Taro", "terms": false, "pin": "1234"}"#,
      invalid(
        nameTaro,
        #""terms":{"valid":false,"value":"false","errors":[{"code":"accepted","severity":"error","params":{},"message":"Terms must be accepted."}]}"#,
        pinValid), .invalid),
    Case(
      "numbers where the rules take one, read as their JSON text", #"{"name": "Taro", "terms": 1.0, "pin": "1234"}"#,
      valid(nameTaro, #""terms":{"valid":true,"value":"1","errors":[]}"#, pinValid), .valid),
    Case(
      "a fraction where the rules take a number", #"{"name": "Taro", "terms": 0.5}"#,
      invalid(
        nameTaro,
        #""terms":{"valid":false,"value":"0.5","errors":[{"code":"accepted","severity":"error","params":{},"message":"Terms must be accepted."}]}"#,
        pinValid), .invalid),
    Case(
      "a number at a sensitive field: the field is named, never the value", #"{"name": "Taro", "pin": 1234}"#,
      malformed(#""reason":"notString","field":"pin""#),
      .malformed),
    Case(
      "a large number where the rules take one", #"{"name": "Taro", "terms": 1e20}"#,
      invalid(
        nameTaro,
        #""terms":{"valid":false,"value":"1e+20","errors":[{"code":"accepted","severity":"error","params":{},"message":"Terms must be accepted."}]}"#,
        pinValid), .invalid),
    Case(
      "a number where the rules want a string", #"{"name": 5, "terms": true}"#,
      malformed(#""reason":"notString","field":"name""#),
      .malformed),
    Case(
      "an object where the rules want a string", #"{"name": {"first": "Taro"}}"#,
      malformed(#""reason":"notString","field":"name""#),
      .malformed),
    Case(
      "a duplicate field", #"{"name": "Taro", "name": "Jiro"}"#,
      malformed(#""reason":"duplicateKey","column":18"#),
      .malformed),
    Case(
      "a duplicate unknown member", #"{"id": 1, "name": "Taro", "id": 2}"#,
      malformed(#""reason":"duplicateKey","column":27"#),
      .malformed),
    Case(
      "an escaped key names its field", #"{"n\u0061me": "Taro", "terms": "on", "pin": "1234"}"#,
      valid(nameTaro, #""terms":{"valid":true,"value":"on","errors":[]}"#, pinValid), .valid),
    Case(
      "escapes in values, written back escaped",
      #"{"name": " a\"\\\/\t\u00e9 ", "terms": "\u0031", "pin": "\b\f\n\r"}"#,
      invalid(
        #""name":{"valid":false,"value":"a\"\\/\té","errors":[{"code":"maxLength","severity":"error","params":{"max":5,"actual":6,"unit":"characters"},"message":"Name must be at most 5 characters."}]}"#,
        #""terms":{"valid":true,"value":"1","errors":[]}"#, pinValid), .invalid),
    Case(
      "a surrogate pair", #"{"name": "\ud83d\ude00\uD83D\uDE00", "terms": "yes", "pin": "\ud83d\ude00abc"}"#,
      valid(
        #""name":{"valid":true,"value":"😀😀","errors":[]}"#, #""terms":{"valid":true,"value":"yes","errors":[]}"#,
        pinValid), .valid),
    Case(
      "\\u0000", #"{"name": "Taro", "pin": "12\u0000"}"#,
      malformed(#""reason":"nulCharacter","column":28"#),
      .malformed),
    Case(
      "a lone high surrogate", #"{"name": "\ud83dTaro"}"#,
      malformed(#""reason":"loneSurrogate","column":11"#),
      .malformed),
    Case(
      "a lone low surrogate", #"{"name": "Taro\ude00"}"#,
      malformed(#""reason":"loneSurrogate","column":15"#),
      .malformed),
    Case(
      "a raw control character", "{\"name\": \"Ta\u{01}ro\"}",
      malformed(#""reason":"controlCharacter","column":13"#),
      .malformed),
    Case(
      "an unknown escape", #"{"name": "Ta\ro\q"}"#,
      malformed(#""reason":"invalidEscape","column":16"#),
      .malformed),
    Case(
      "invalid UTF-8 inside a string", Array(#"{"name": "Ta"#.utf8) + [0xC3, 0x28] + Array(#"ro"}"#.utf8),
      malformed(#""reason":"invalidUTF8","column":13"#),
      .malformed),
    Case(
      "an encoded surrogate inside a string", Array(#"{"name": "Ta"#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),
      malformed(#""reason":"invalidUTF8","column":13"#),
      .malformed),
    Case(
      "a 1 MB value", #"{"name": "\#(oneMegabyte)", "terms": "yes", "pin": "1234"}"#,
      invalid(
        #""name":{"valid":false,"value":null,"errors":[{"code":"input.tooLong","severity":"error","params":{"max":4096,"unit":"utf8"},"message":"Name is far too long. Please shorten it."}]}"#,
        #""terms":{"valid":true,"value":"yes","errors":[]}"#, pinValid), .invalid),
    Case(
      "a 1 MB value with escapes", #"{"name": "\u0041\#(oneMegabyte)\n", "terms": "yes", "pin": "1234"}"#,
      invalid(
        #""name":{"valid":false,"value":null,"errors":[{"code":"input.tooLong","severity":"error","params":{"max":4096,"unit":"utf8"},"message":"Name is far too long. Please shorten it."}]}"#,
        #""terms":{"valid":true,"value":"yes","errors":[]}"#, pinValid), .invalid),
    Case(
      "a 1 MB value in a nested unknown member", #"{"log": ["\#(oneMegabyte)"], "name": "Taro", "terms": "yes"}"#,
      valid(nameTaro, #""terms":{"valid":true,"value":"yes","errors":[]}"#, pinValid), .valid),
    Case(
      "an empty object", "{}",
      invalid(
        #""name":{"valid":false,"value":null,"errors":[{"code":"required","severity":"error","params":{},"message":"Name is required."}]}"#,
        termsMissing, pinValid), .invalid),
    Case(
      "a top-level array", #"[{"name": "Taro"}]"#,
      malformed(#""reason":"notObject""#), .malformed),
    Case(
      "an empty array", "[]",
      malformed(#""reason":"notObject""#), .malformed),
  ]

  @Test("each record's report, byte for byte", arguments: cases)
  func exactReport(_ record: Case) throws {
    let policy = try makePolicy(Self.rules)
    let validator = BulkValidator(policy: policy, locale: "en")
    let outcome = validator.validate(line: record.line, number: 1)
    let output = validator.output.string
    #expect(output == record.report + "\n")
    #expect(outcome == record.outcome)
    // The single-document entry point gives the same report.
    #expect(policy.validate(jsonRecord: record.line, line: 1).json(locale: "en") == record.report)
  }

  @Test("a field whose name needs escaping is read from its escaped key and written escaped")
  func escapedFieldName() throws {
    let policy = try makePolicy(
      #"{"version": 1, "fields": {"say \"hi\"\\": {"label": {"en": "Greeting"}, "rules": [{"minLength": 3}]}}}"#)
    let validator = BulkValidator(policy: policy, locale: "en")
    // Its key cannot be matched byte for byte: every record takes the general parser.
    #expect(!validator.scansRecords)
    let lines = [#"{"say \"hi\"\\": "hello"}"#, #"{"say \"hi\"\\": "yo", "id": 1}"#, #"{"say": "yo"}"#]
    var outcomes: [BulkValidator.Outcome] = []
    for (i, line) in lines.enumerated() {
      outcomes.append(validator.validate(line: Array(line.utf8), number: i + 1))
    }
    #expect(
      validator.output.string
        == #"""
        {"valid":true,"fields":{"say \"hi\"\\":{"valid":true,"value":"hello","errors":[]}}}
        {"valid":false,"fields":{"say \"hi\"\\":{"valid":false,"value":"yo","errors":[{"code":"minLength","severity":"error","params":{"min":3,"actual":2,"unit":"characters"},"message":"Greeting must be at least 3 characters."}]}}}
        {"valid":true,"fields":{"say \"hi\"\\":{"valid":true,"value":null,"errors":[]}}}

        """#)
    #expect(outcomes == [.valid, .invalid, .valid])
  }
}
