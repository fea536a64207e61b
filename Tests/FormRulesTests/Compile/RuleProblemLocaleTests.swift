import Testing

@testable import FormRules

/// Issue 17 item 13, in the library: a rules-file problem carries its `cli.rules.*` line, which
/// `description(locale:)` renders; its `message` stays the English text.
@Suite("a rules-file problem's catalog line")
struct RuleProblemLocaleTests {
  static func problems(_ json: String) -> [RuleSetProblem] {
    do throws(RuleSetError) {
      _ = try RuleSet(data: Array(json.utf8), registry: .standard)
      return []
    } catch {
      return error.problems
    }
  }

  @Test(
    "a found value's JSON type is named in the line's language",
    arguments: [
      ("null", "null", "null"), ("true", "a boolean", "真偽値"), ("1", "a number", "数値"),
      ("[]", "an array", "配列"), ("{}", "an object", "オブジェクト"),
    ])
  func typeNames(value: String, english: String, japanese: String) throws {
    let problem = try #require(Self.problems(#"{"name": \#(value)}"#).first)
    #expect(problem.message == "expected a string, found \(english)")
    #expect(problem.messageKey == "cli.rules.expected")
    #expect(problem.description(locale: "ja") == "<input>: name: 文字列を指定してください（指定された値：\(japanese)）")
    #expect(problem.description(locale: "en") == "<input>: name: expected a string, found \(english)")
  }

  @Test("a scalar found is shown as JSON writes it, in both languages")
  func scalars() throws {
    let problem = try #require(Self.problems(#"{"limits": {"maxValueBytes": -1}}"#).first)
    #expect(problem.description(locale: "en") == "<input>: limits.maxValueBytes: expected a positive integer, found -1")
    #expect(problem.description(locale: "ja") == "<input>: limits.maxValueBytes: 正の整数を指定してください（指定された値：-1）")
  }

  @Test("RuleDecodingError: a keyed error's message is its English line; a plain one has no key")
  func decodingError() {
    let keyed = RuleDecodingError(
      key: "cli.rules.expected", valueKeys: ["expected": "cli.rules.type.string", "found": "cli.rules.type.number"],
      at: [.key("x")])
    #expect(keyed.message == "expected a string, found a number")
    #expect(keyed.messageKey == "cli.rules.expected")
    let plain = RuleDecodingError("my own words", at: [.key("x")])
    #expect(plain.messageKey == nil)
    #expect(plain.message == "my own words")
  }

  @Test("a problem without a line is shown as written in every language")
  func plainProblem() {
    let problem = RuleSetProblem(file: "r.json", path: [.key("x")], message: "an app's own words")
    #expect(problem.description(locale: "ja") == "r.json: x: an app's own words")
  }

  @Test("a file's failure and its kind are both rendered (two levels of lines)")
  func nestedLines() {
    var line = ProblemLine("cli.rules.file.at", ["file": "a.json"])
    line.valueKeys = ["failure": "cli.rules.file.notRegular", "kind": "cli.rules.file.kind.a FIFO"]
    #expect(line.text(locale: "en") == "not a regular file (a FIFO): a.json")
    #expect(line.text(locale: "ja") == "通常のファイルではありません（名前付きパイプ）：a.json")
  }
}
