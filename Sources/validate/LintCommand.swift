import FormRules
import FormRulesBreachRange
import FormRulesBulk
import FormRulesExport
import FormRulesPassword
import Foundation

/// `validate lint --rules FILE`: loads and compiles a rules file and lists every problem.
enum LintCommand {
  static let spec = ArgumentSpec(valued: ["rules", "locale"], flags: ["confine"])

  /// `validate lint --help`: the words from the catalog (`cli.help.*`), options and examples as typed.
  static let help = HelpPage([
    .headed("cli.help.overview", "cli.help.lint.overview"), .blank,
    .usage([
      "validate lint --rules <file> [--locale <locale>]"
    ]), .blank,
    .heading("cli.help.options"),
    .row(.init(syntax: "--rules <file>", key: "cli.help.rules", column: 16)),
    .row(.init(syntax: "--confine", key: "cli.help.confine", column: 16)),
    .row(.init(syntax: "--locale <locale>", key: "cli.help.lint.locale", column: 16)),
    .row(.init(syntax: "-h, --help", key: "cli.help.help", column: 16)),
    .blank,
    .text("cli.help.lint.notes"), .blank,
    .heading("cli.help.examples"),
    .typed("  validate lint --rules Rules/signup.json"),
    .typed("  validate lint --rules Rules/signup.json --locale en"),
    .typed("  validate lint --confine --rules uploads/tenant-42/rules.json"),
  ])

  static func run(_ arguments: [String]) -> Int32 {
    runCommand("lint", spec: spec, help: help, arguments: arguments) { (options) throws(UsageError) -> Int32 in
      let rulesPath = try options.required("rules", example: "validate lint --rules Rules/signup.json")
      do throws(RuleSetError) {
        let rules = try RuleSet(
          contentsOf: URL(fileURLWithPath: rulesPath), options: .init(confine: options.has("confine")),
          registry: .standardWithBreachRange)
        let policy = try rules.compile()
        Words.fileDefault = policy.negotiateLocale([])
        let ruleCount = policy.ruleSet.fields.reduce(0) { $0 + $1.rules.count }
        // `1 field`, `3 fields`: English counts take the singular for one; 「項目2件」 in Japanese.
        let counts = [
          Words.counted("cli.lint.fields", policy.fieldNames.count), Words.counted("cli.lint.rules", ruleCount),
          Words.counted("cli.lint.tests", rules.tests.count),
        ]
        Console.print(
          Words.text(
            "cli.lint.ok", ["file": rulesPath, "counts": counts.joined(separator: Words.text("cli.lint.separator"))]))
        for warning in rules.sameAsTransformMismatches() + rules.messagesWithoutRequirement()
          + rules.checksWithoutRequirement()
        {
          Console.print(Words.text("cli.warning", ["message": warning.description(locale: Words.locale)]))
        }
        // Which lists and breach files the rules really use on this machine.
        let cwd = FileManager.default.currentDirectoryPath + "/"
        for used in rules.referencedFiles() {
          let path =
            used.url.map {
              // A path is quoted in Japanese lines, as every path is: 「Rules/lists/x.txt」.
              let path = $0.path.hasPrefix(cwd) ? String($0.path.dropFirst(cwd.count)) : $0.path
              return Words.isJapanese ? "「\(path)」" : path
            }
            ?? Words.text("cli.lint.builtInList")
          let size =
            used.entries.map { Words.counted("cli.lint.entries", $0) } ?? Words.counted("cli.lint.bytes", used.bytes)
          Console.print(
            Words.text(
              "cli.lint.uses", ["file": used.file, "path": jsonPathString(used.path), "used": path, "size": size]))
        }
        return ExitCode.valid
      } catch {
        for problem in error.problems { Console.print(problem.description(locale: Words.locale)) }
        Console.printError(Words.counted("cli.lint.problems", error.problems.count, ["file": rulesPath]))
        return ExitCode.trouble
      }
    }
  }
}
