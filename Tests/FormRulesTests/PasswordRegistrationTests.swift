import Foundation
import FormRules
import FormRulesPassword
import FormRulesTestSupport
import Testing

/// The password rules live in FormRulesPassword and join a registry through the public
/// `register(_:)`, as an app's own rule does (issue 27).
@Suite("FormRulesPassword registers its rules like an app")
struct PasswordRegistrationTests {
  @Test("the core registry lacks them; standard adds them after the core's, in docs order")
  func registries() {
    for name in ["notCommon", "notBreached", "strength"] {
      #expect(RuleRegistry.builtIn.type(named: name) == nil, "\(name) in the core registry")
      #expect(RuleRegistry.standard.type(named: name) != nil, "\(name) missing from standard")
    }
    let core = RuleRegistry.builtIn.types.map { $0.name }
    #expect(Array(RuleRegistry.standard.types.map { $0.name }.prefix(core.count)) == core)
    #expect(RuleRegistry.standard.types.map { $0.name }.suffix(3) == ["notCommon", "notBreached", "strength"])
    // The meter's phrases came with the rule.
    #expect(MessageCatalog.standard.templates["ja"]?["meter.strength"] != nil)
    #expect(MessageCatalog.builtIn.templates["ja"]?["meter.strength"] == nil)
  }

  @Test("an app's registry gets them through addingPasswordRules() and keeps its own rule")
  func appRegistry() throws {
    let registry = RuleRegistry.builtIn.addingPasswordRules()
    let policy = try RuleSet(contentsOf: ShippedRules.url("signup.json"), registry: registry).compile()
    let report = policy.validate(["email": "taro@example.jp", "password": "password", "confirm": "password"])
    #expect(report.fields["password"]?.errors.map(\.code).contains("notCommon") == true)
  }

  @Test("a file naming a password rule under the core registry says where the rule is", arguments: ["ja", "en"])
  func hint(_ locale: String) throws {
    #expect(throws: RuleSetError.self) { try RuleSet(contentsOf: ShippedRules.url("signup.json")) }
    do {
      _ = try RuleSet(contentsOf: ShippedRules.url("signup.json"))
    } catch {
      let problem = try #require(error.problems.first)
      #expect(problem.path.last == .key("notCommon"))
      let text = problem.description(locale: locale)
      #expect(text.contains("FormRulesPassword"), "\(text)")
      #expect(text.contains("RuleRegistry.standard"), "\(text)")
      #expect(!text.contains("did you mean") && !text.contains("のことですか"), "\(text)")
    }
  }
}
