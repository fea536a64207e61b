import FormRules
import Foundation

/// `validate lint --rules FILE`: loads and compiles a rules file and lists every problem.
enum LintCommand {
  static let spec = ArgumentSpec(valued: ["rules", "locale"], flags: ["confine"])

  static let help = """
    OVERVIEW: Check a rules file without validating anything, and list every problem found.

    USAGE: validate lint --rules <file> [--locale <locale>]

    OPTIONS:
      --rules <file>  The rules file. Required.
      --confine       The rules file is untrusted: extends, lists and notBreached must stay in its folder.
      --locale <locale>
                      ja or en: the language of the lines (default: LC_ALL / LC_MESSAGES / LANG, then
                      the file's defaultLocale, then English for a file that does not load).
      -h, --help      Show this help.

    Each problem is printed as FILE[:LINE:COLUMN]: JSON.PATH: what is wrong (did you mean …?).
    Exit status: 0 clean, 2 problems found.

    EXAMPLES:
      validate lint --rules Rules/signup.json
      validate lint --rules Rules/signup.json --locale en
      validate lint --confine --rules uploads/tenant-42/rules.json
    """

  static func run(_ arguments: [String]) -> Int32 {
    runCommand("lint", spec: spec, help: help, arguments: arguments) { (options) throws(UsageError) -> Int32 in
      let rulesPath = try options.required("rules", example: "validate lint --rules Rules/signup.json")
      do throws(RuleSetError) {
        let rules = try RuleSet(
          contentsOf: URL(fileURLWithPath: rulesPath), options: .init(confine: options.has("confine")))
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
        for warning in rules.sameAsTransformMismatches() + rules.messagesWithoutRequirement() {
          Console.print(Words.text("cli.warning", ["message": warning.description(locale: Words.locale)]))
        }
        // Which lists and breach files the rules really use on this machine.
        let cwd = FileManager.default.currentDirectoryPath + "/"
        for used in rules.referencedFiles() {
          let path =
            used.url.map { $0.path.hasPrefix(cwd) ? String($0.path.dropFirst(cwd.count)) : $0.path }
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
