import Foundation
import Testing

@testable import FormRules

/// Walks the rule registry and fails when a rule lacks any part of itself: its messages
/// in Japanese and English (labeled and inline), its requirement phrase, its row in
/// docs/rules.md, its definition in the rules schema, and its own test file that asks the
/// rule itself. Adding a rule is one file in `Sources/FormRules/Validate/Checks/` (or the password target's `Checks/`), one test file, one
/// doc row.
@Suite("Rule conformance: every registered rule is complete")
struct RuleConformanceTests {
  /// Every rule key: the registered rules and the composites.
  static let names = RuleRegistry.standard.names

  /// The Swift type of a rule key: a registered rule's or a composite's.
  static func typeName(_ name: String) -> String? {
    if let type = RuleRegistry.standard.type(named: name) {
      // A generic rule goes by its typealias: `NotBreached` = `NotBreachedRule<NoBreachRangeClient>`.
      let full = String(describing: type)
      guard let open = full.firstIndex(of: "<") else { return full }
      let base = full[..<open]
      return String(base.hasSuffix("Rule") ? base.dropLast(4) : base)
    }
    return RuleRegistry.composites.first { $0.name == name }.map { String(describing: $0) }
  }

  @Test("the registry lists every rule once, composites included")
  func registry() {
    #expect(Set(Self.names).count == Self.names.count)
    #expect(Self.names.count == RuleRegistry.standard.types.count + RuleRegistry.composites.count)
    #expect(Self.names.contains("allOf") && Self.names.contains("check"))
  }

  @Test("messages: the code and its requirement phrase, ja and en, labeled and inline", arguments: names)
  func messages(_ name: String) {
    let catalog = RuleRegistry.standard.catalog
    // allOf never fails on its own and is never a checklist line: its parts are.
    let keys = name == "allOf" ? [] : [name, "requirement.\(name)"]
    for key in keys {
      for language in RuleSet.supportedLocales {
        let template = catalog.templates[language]?[key]
        #expect(template?.labeled.isEmpty == false, "\(key) has no labeled \(language) message")
        #expect(template?.inline.isEmpty == false, "\(key) has no inline \(language) message")
      }
    }
  }

  /// A rule's messages are declared by its own type, not in a table elsewhere: checked on
  /// the type's `messages` alone, so a message left in a shared table does not count.
  @Test("messages are declared in the rule's own type", arguments: names)
  func ownMessages(_ name: String) {
    guard name != "allOf" else { return }
    let declared: [RuleMessage]
    if let type = RuleRegistry.standard.type(named: name) {
      declared = type.messages
    } else if let composite = RuleRegistry.composites.first(where: { $0.name == name }) {
      declared = composite.messages
    } else {
      Issue.record("unknown rule \(name)")
      return
    }
    let problems = RuleRegistry.messageProblems(code: name, messages: declared)
    #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "; "))")
    // Every key the type declares is its own: its code, a detail, its phrase or a word.
    for message in declared {
      let key = message.key
      let own =
        key == name || key.hasPrefix("\(name).") || key == "requirement.\(name)"
        || key.hasPrefix("requirement.\(name).")
        || key.hasPrefix("term.") || key == "pattern.limit"
        // The strength meter's phrases came with the rule into FormRulesPassword.
        || (name == "strength" && key.hasPrefix("meter."))
      #expect(own, "\(name) declares \"\(key)\", which is not one of its own keys")
    }
  }

  /// The general tables hold no rule's messages: a code, detail or requirement phrase of a
  /// registered rule found there is a message that left its rule's file.
  @Test("no rule's message is left in the general tables")
  func generalTablesHoldNoRuleMessages() {
    // Identity providers' answers reuse the field names as code prefixes (`email.taken`).
    let identity = Set(identityProviderMessages.map(\.key))
    let general = generalCatalogTables.flatMap { $0.map(\.key) }.filter { !identity.contains($0) }
    for name in Self.names {
      let stray = general.filter {
        $0 == name || $0.hasPrefix("\(name).") || $0 == "requirement.\(name)" || $0.hasPrefix("requirement.\(name).")
      }
      #expect(stray.isEmpty, "\(name)'s messages \(stray) are in a general table, not in its type")
    }
  }

  @Test("every built-in rule failure renders from its own type's messages, never a raw code")
  func failuresRender() throws {
    for type in RuleRegistry.standard.types where type.name != CheckRule.name {
      let own = MessageCatalog.general.adding(type.messages)
      for language in RuleSet.supportedLocales {
        let text = own.render(Failure(code: type.name), label: "X", locale: language, style: .labeled)
        #expect(text != type.name, "\(type.name) renders as its raw code in \(language)")
      }
    }
  }

  @Test("docs/rules.md has a row for the rule in its table of rules", arguments: names)
  func documented(_ name: String) throws {
    let rules = try Repository.read("docs/rules.md")
    #expect(rules.contains("\n| `\(name)` |"), "docs/rules.md: no row | `\(name)` | in the table of rules")
  }

  @Test("the rules schema defines the rule", arguments: names)
  func schema(_ name: String) throws {
    let schema = try #require(try JSONParser().parse(Repository.read("Rules/schema/rules.schema.json")).objectValue)
    #expect(schema["$defs"]?.objectValue?["rule-\(name)"] != nil, "no $defs/rule-\(name)")
  }

  /// Every rule `Name` (its Swift type's name) has `Tests/FormRulesTests/…/NameTests.swift`,
  /// and that file asks the rule itself: it calls `check(Name.self` — `Policy.check`, which
  /// runs the rule (or, for a composite, the plan's logic of that composite node) alone,
  /// not `validate`. This is a text scan of the file with its `//` comments removed, not
  /// a proof that the call runs; it catches a rule whose tests only go through `validate`.
  @Test("the rule has its own test file, which calls the rule itself", arguments: names)
  func testFile(_ name: String) throws {
    guard let type = Self.typeName(name) else {
      Issue.record("\(name) is neither a registered rule nor a composite")
      return
    }
    // Anywhere under Tests/FormRulesTests (its folders mirror the sources: Validate/Checks, Password…).
    let walker = FileManager.default.enumerator(atPath: Repository.url("Tests/FormRulesTests").path)
    let found = (walker?.allObjects as? [String] ?? []).first {
      ($0 as NSString).lastPathComponent == "\(type)Tests.swift"
    }
    guard let found else {
      Issue.record("no Tests/FormRulesTests/**/\(type)Tests.swift")
      return
    }
    let file = "Tests/FormRulesTests/\(found)"
    let code = try Repository.read(file).split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in line.range(of: "//").map { line[..<$0.lowerBound] } ?? line }
      .joined(separator: "\n")
    // A Bool of its own, so a failure names the file instead of printing all of it.
    let callsRule = code.contains("check(\(type).self")
    #expect(callsRule, "\(file) never calls check(\(type).self, …): its tests do not ask the rule itself")
  }

  @Test("each rule lives in its own file, named for its type", arguments: names)
  func sourceFile(_ name: String) {
    guard let type = Self.typeName(name) else {
      Issue.record("unknown rule \(name)")
      return
    }
    let folders = ["Sources/FormRules/Validate/Checks", "Sources/FormRulesPassword/Checks"]
    let paths = folders.map { Repository.url("\($0)/\(type).swift").path }
    #expect(paths.contains { FileManager.default.fileExists(atPath: $0) }, "no \(type).swift in \(folders)")
  }
}
