import FormRules
import FormRulesPassword
import FormRulesTestSupport
import Foundation
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

/// The strength dictionaries are data: a resource of FormRulesPassword, or a folder the app
/// names in code (issue 27).
@Suite("strength dictionaries found as data")
struct StrengthDataFolderTests {
  static let rules = #"{"version": 1, "fields": {"password": {"rules": [{"strength": 3}]}}}"#

  @Test("with no folder named, the bundled resource is used, wherever the rules file is")
  func bundled() throws {
    let folder = try ScratchFolder.create(["rules.json": Array(Self.rules.utf8)])
    let ruleSet = try RuleSet(contentsOf: folder.appendingPathComponent("rules.json"), registry: .standard)
    let policy = try ruleSet.compile()
    #expect(policy.validate(["password": "password"]).fields["password"]?.failures.first?.code == "strength")
    let used = try #require(ruleSet.referencedFiles().first)
    #expect(used.url?.lastPathComponent == "words.bin")
    #expect(used.url?.path.contains(".resources") == true, "\(used.url?.path ?? "")")
  }

  @Test("a folder named in code is used, and one without words.bin is a compile error naming it")
  func named() throws {
    let folder = try ScratchFolder.create(["rules.json": Array(Self.rules.utf8), "empty/README": []])
    let url = folder.appendingPathComponent("rules.json")
    let copy = folder.appendingPathComponent("mine")
    try FileManager.default.copyItem(at: StrengthTests.directory, to: copy)
    var ruleSet = try RuleSet(contentsOf: url, options: .init(dataFolders: ["strength": copy]), registry: .standard)
    #expect(ruleSet.referencedFiles().first?.url?.path == copy.appendingPathComponent("words.bin").path)
    _ = try ruleSet.compile()
    let empty = folder.appendingPathComponent("empty")
    ruleSet.dataFolders["strength"] = empty
    #expect(ruleSet.referencedFiles().isEmpty)
    do {
      _ = try ruleSet.compile()
      Issue.record("compiled without dictionaries")
    } catch {
      let problem = try #require(error.problems.first)
      #expect(problem.path.last == .key("strength"))
      for locale in ["ja", "en"] {
        #expect(problem.description(locale: locale).contains(empty.path), "\(problem.description(locale: locale))")
      }
    }
  }
}
