import Foundation
import Testing

@testable import FormRules
@testable import FormRulesPassword

/// The message tables in docs/password.md are generated from the catalog, between
/// `<!-- password-messages:begin -->` and `<!-- password-messages:end -->`, so the page
/// cannot drift from the code. Regenerate with
/// `UPDATE_DOCS=1 swift test --filter PasswordDocsTests`.
@Suite("docs/password.md")
struct PasswordDocsTests {
  static let begin = "<!-- password-messages:begin -->"
  static let end = "<!-- password-messages:end -->"

  static func table(_ title: String, _ entries: [RuleMessage]) -> String {
    var text = "#### \(title)\n\n| key | ja (labeled / inline) | en (labeled / inline) |\n|---|---|---|\n"
    func cell(_ t: MessageTemplate) -> String {
      let escape = { (s: String) in s.replacingOccurrences(of: "|", with: "\\|") }
      return t.labeled == t.inline ? escape(t.labeled) : "\(escape(t.labeled))<br>\(escape(t.inline))"
    }
    for entry in entries { text += "| `\(entry.key)` | \(cell(entry.ja)) | \(cell(entry.en)) |\n" }
    return text
  }

  /// The password rules' messages, each from its own type, in registry order.
  static let passwordMessages: [RuleMessage] = [
    CharacterClasses.self, NotCommon.self, NotContainsField.self, MaxRepeat.self, NoSequence.self, NotBreached.self,
    Strength.self,
  ].flatMap { (type: any Rule.Type) in type.messages }

  static func render() -> String {
    func keys(_ include: (String) -> Bool) -> [RuleMessage] { passwordMessages.filter { include($0.key) } }
    return [
      table(
        "Failure messages",
        keys { !$0.hasPrefix("requirement.") && !$0.hasPrefix("term.") && !$0.hasPrefix("strength.suggestion.") }),
      table("Character class words (`term.*`)", keys { $0.hasPrefix("term.") }),
      table("Checklist phrases (`requirement.*`)", keys { $0.hasPrefix("requirement.") }),
      table("Strength suggestions (`strength.suggestion.*`)", keys { $0.hasPrefix("strength.suggestion.") }),
    ].joined(separator: "\n")
  }

  @Test("docs/password.md shows every password message as the catalog has it")
  func upToDate() throws {
    let url = repositoryRoot.appendingPathComponent("docs/password.md")
    let page = try String(contentsOf: url, encoding: .utf8)
    let start = try #require(page.range(of: Self.begin))
    let stop = try #require(page.range(of: Self.end))
    let expected = "\n" + Self.render() + "\n"
    if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
      let updated = String(page[..<start.upperBound]) + expected + String(page[stop.lowerBound...])
      try updated.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      String(page[start.upperBound..<stop.lowerBound]) == expected,
      "docs/password.md is stale: run UPDATE_DOCS=1 swift test --filter PasswordDocsTests")
  }

  @Test(
    "every password rule and option is documented",
    arguments: [
      "characterClasses", "notCommon", "notContainsField", "maxRepeat", "noSequence", "notBreached", "strength",
      "`require`", "`min`", "`of`", "`lists`", "`defaultList`", "`top`", "`words`", "`minPart`", "`unit`", "`file`",
      "`minCount`", "`userInputs`", "checklist(for:", "nist-800-63b.json", "nist-800-63b-mfa.json", "owasp-asvs.json",
      "password-bench",
    ])
  func documented(word: String) throws {
    let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/password.md"), encoding: .utf8)
    #expect(page.contains(word))
  }
}
