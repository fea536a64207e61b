import Foundation
import Testing

@testable import FormRules

@Suite("Limits: oversized values, catastrophic patterns, huge rules files")
struct LimitsTests {
  static func policy(_ json: String) throws -> Policy {
    try RuleSet(data: Array(json.utf8), registry: .standard).compile()
  }

  static let catastrophic = try? policy(
    #"""
    {"fields": {
      "email": {"rules": [{"required": true}, {"email": "practical"}]},
      "password": {"sensitive": true, "rules": [{"pattern": "(a+)+$"}, {"minLength": 8}]}
    }}
    """#)

  @Test("A 10 MB password is input.tooLong before any rule runs; the other fields are still checked")
  func tenMegabytes() throws {
    let policy = try #require(Self.catastrophic)
    // 'a's then a 'b': the pattern would backtrack for ever if it ran.
    let password = String(repeating: "a", count: 10_000_000) + "b"
    let report = policy.validate(["email": "taro@example.jp", "password": password])
    #expect(
      report.fields["password"]?.failures == [Failure(code: "input.tooLong", params: ["max": 4096, "unit": "utf8"])])
    #expect(report.fields["email"]?.isValid == true)
    #expect(report.fields["email"]?.value == "taro@example.jp")
  }

  @Test("The size limit counts UTF-8 bytes, inclusive, from the rules file's limits.maxValueBytes")
  func boundary() throws {
    let policy = try Self.policy(#"{"limits": {"maxValueBytes": 8}, "fields": {"name": {"trim": false}}}"#)
    #expect(policy.validate(["name": "12345678"]).isValid)
    #expect(policy.validate(["name": "123456789"]).fields["name"]?.failures.map(\.code) == ["input.tooLong"])
    // Three kana are 9 bytes though only 3 characters.
    #expect(policy.validate(["name": "あいう"]).fields["name"]?.failures.map(\.code) == ["input.tooLong"])
    // The limit applies to the raw value: spaces that trimming would remove still count.
    #expect(policy.validate(["name": "1234567  "]).fields["name"]?.failures.map(\.code) == ["input.tooLong"])
  }

  @Test("(a+)+$ on 30 a's and a b ends with pattern.limit, JIT-compiled or not")
  func catastrophicPattern() throws {
    let policy = try #require(Self.catastrophic)
    let report = policy.validate(["email": "taro@example.jp", "password": String(repeating: "a", count: 30) + "b"])
    #expect(report.fields["password"]?.failures.map(\.code) == ["pattern.limit"])
    let pattern = try Pattern("(a+)+$")
    #expect(pattern.isJITCompiled)
    #expect(pattern.matches(String(repeating: "a", count: 30) + "b") == .limitExceeded)
  }

  @Test(
    "Ordinary patterns over a value at the size limit match: the JIT stack running out is not pattern.limit",
    arguments: [
      (#"^(\w+\s?)*$"#, String(repeating: "word ", count: 819)),
      (#"^(?:a|b)*$"#, String(repeating: "ab", count: 2048)),
      (#"^(.)*$"#, String(repeating: "x", count: 4096)),
      (#"(?:a|aa)+$"#, String(repeating: "a", count: 4096)),
    ])
  func ordinaryPatternOnLongValue(source: String, subject: String) throws {
    #expect(subject.utf8.count <= 4096)
    #expect(try Pattern(source).matches(subject) == .match)
  }

  @Test("A pattern the JIT cannot finish and the interpreter finds catastrophic is still pattern.limit")
  func interpreterLimit() throws {
    #expect(try Pattern(#"^(\w+\s?)*$"#).matches(String(repeating: "word ", count: 800) + "!") == .limitExceeded)
    #expect(try Pattern("^(a|a)*$").matches(String(repeating: "a", count: 40) + "b") == .limitExceeded)
  }

  @Test("A rules file that extends /dev/zero is refused as a device, with an error naming the path")
  func extendsDevZero() {
    #expect(throws: RuleSetError.self) {
      _ = try RuleSet(data: Array(#"{"extends": "/dev/zero"}"#.utf8), file: "zero.json", registry: .standard)
    }
    do {
      _ = try RuleSet(data: Array(#"{"extends": "/dev/zero"}"#.utf8), file: "zero.json", registry: .standard)
    } catch {
      #expect(
        error.problems.map(\.description) == ["zero.json: extends: not a regular file (a character device): /dev/zero"])
    }
  }

  @Test("Lists past the caps are refused quickly; at the caps the file loads")
  func ruleCaps() throws {
    func file(fields: Int, rulesEach: Int) -> String {
      let list = Array(repeating: #"{"minLength": 1}, {"maxLength": 5}"#, count: rulesEach / 2).joined(separator: ",")
      return #"{"fields": {"# + (0..<fields).map { #""f\#($0)": {"rules": [\#(list)]}"# }.joined(separator: ",") + "}}"
    }
    let atCaps = try Self.policy(file(fields: 10, rulesEach: 1000))
    #expect(atCaps.fieldNames.count == 10)
    #expect(throws: RuleSetError.self) { _ = try Self.policy(file(fields: 11, rulesEach: 1000)) }
    #expect(throws: RuleSetError.self) { _ = try Self.policy(file(fields: 1, rulesEach: 1002)) }
  }

  @Test("Suggestions stay quick for a megabyte-long unknown key and for thousands of fields")
  func suggestionCost() {
    let key = String(repeating: "x", count: 1 << 20)
    #expect(Suggestion.closest(to: key, in: RuleSetLoader.topLevelKeys) == nil)
    let names = (0..<5000).map { "field\($0)" }
    #expect(Suggestion.closest(to: "feild1", in: names) == nil)
    #expect(Suggestion.closest(to: "feilds", in: RuleSetLoader.topLevelKeys) == "fields")
    #expect(Suggestion.closest(to: "fr", in: RuleSet.supportedLocales) == nil)
  }

  @Test("Deep composite rules within the JSON depth limit load and evaluate")
  func deepComposites() throws {
    var rule = #"{"minLength": 2}"#
    for _ in 0..<25 { rule = #"{"not": [{"not": [\#(rule)]}]}"# }
    // 25 double negations: 2 + 4 × 25 = 102 levels of JSON is past the 64-level limit.
    #expect(throws: RuleSetError.self) { _ = try Self.policy(#"{"fields": {"a": {"rules": [\#(rule)]}}}"#) }
    rule = #"{"minLength": 2}"#
    for _ in 0..<7 { rule = #"{"not": [{"not": [\#(rule)]}]}"# }
    let deep = try Self.policy(#"{"fields": {"a": {"rules": [\#(rule)]}}}"#)
    #expect(deep.validate(["a": "x"]).fields["a"]?.isValid == false)
    #expect(deep.validate(["a": "xy"]).fields["a"]?.isValid == true)
  }
}
