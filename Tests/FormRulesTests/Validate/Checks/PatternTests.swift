import Foundation
import Testing

@testable import FormRules

@Suite("pattern and notPattern (PCRE2)")
struct PatternTests {
  @Test("$ does not accept a trailing newline")
  func dollarEndOnly() throws {
    let pattern = try Pattern("^[a-z@.]+$")
    #expect(pattern.matches("test@iana.org") == .match)
    #expect(pattern.matches("test@iana.org\n") == .noMatch)
  }

  @Test("matching is Unicode-aware (UTF and UCP)")
  func unicode() throws {
    #expect(try Pattern("^\\w+\\z").matches("日本語") == .match)
    #expect(try Pattern("^.\\z").matches("👍") == .match)
    #expect(try Pattern("^\\d+\\z").matches("１２３") == .match)
    #expect(try Pattern("^[a-z]+\\z", flags: "i").matches("ABC") == .match)
    #expect(try Pattern("^ a b \\z", flags: "x").matches("ab") == .match)
  }

  @Test("the empty subject is matched safely")
  func emptySubject() throws {
    #expect(try Pattern("^\\z").matches("") == .match)
    #expect(try Pattern("a").matches("") == .noMatch)
  }

  @Test("catastrophic backtracking ends with pattern.limit")
  func catastrophic() throws {
    let policy = try fieldPolicy(#"[{"pattern": "^(a+)+$"}]"#)
    let started = Date()
    #expect(codes(policy, String(repeating: "a", count: 30) + "b") == ["pattern.limit"])
    // Not a timing assertion: a hang would never get here; the figure is printed for the record.
    print("pattern.limit after \(Date().timeIntervalSince(started)) s")
  }

  @Test("a bad pattern is a load error with PCRE2's message, the offset and the JSON path")
  func badPattern() {
    let problems = loadProblems(#"{"fields": {"u": {"rules": [{"required": true}, {"pattern": "ab(c"}]}}}"#)
    #expect(problems.count == 1)
    let problem = problems.first
    #expect(problem.map { jsonPathString($0.path) } == "fields.u.rules[1].pattern")
    #expect(problem?.message.contains("missing closing parenthesis") == true)
    #expect(problem?.message.contains("offset 4") == true)
    #expect(problem?.file == "bad.json")
  }

  @Test("an unknown flag is a load error")
  func badFlag() {
    let problems = loadProblems(#"{"fields": {"u": {"rules": [{"pattern": "a", "flags": "q"}]}}}"#)
    #expect(problems.map { jsonPathString($0.path) } == ["fields.u.rules[0].flags"])
  }

  @Test("pattern searches; notPattern rejects a match")
  func search() throws {
    let policy = try fieldPolicy(#"[{"pattern": "[0-9]"}, {"notPattern": "(?i)password"}]"#)
    #expect(codes(policy, "abc1") == [])
    #expect(codes(policy, "abc") == ["pattern"])
    #expect(codes(policy, "myPassWord1") == ["notPattern"])
  }

  @Test("one compiled pattern is safe to share between threads")
  func threads() async throws {
    let pattern = try Pattern("^[a-z]+[0-9]{2}\\z")
    let results = await withTaskGroup(of: Bool.self) { group in
      for i in 0..<200 {
        group.addTask {
          pattern.matches(i.isMultiple(of: 2) ? "abc12" : "abc1") == (i.isMultiple(of: 2) ? .match : .noMatch)
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(results.allSatisfy { $0 })
  }
}
