import Foundation
import Testing

@testable import FormRules
@testable import FormRulesPassword

/// docs/password.md documents every password rule and option. Its message tables are
/// generated (`scripts/regenerate.sh`, `MessageDocs.passwordSection`) and compared by
/// `GeneratedFilesTests`.
@Suite("docs/password.md")
struct PasswordDocsTests {
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
