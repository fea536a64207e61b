import FormRules
import Foundation

/// `validate lint --rules FILE`: loads and compiles a rules file and lists every problem.
enum LintCommand {
  static let spec = ArgumentSpec(valued: ["rules"], flags: [])

  static let help = """
    OVERVIEW: Check a rules file without validating anything, and list every problem found.

    USAGE: validate lint --rules <file>

    OPTIONS:
      --rules <file>  The rules file. Required.
      -h, --help      Show this help.

    Each problem is printed as FILE[:LINE:COLUMN]: JSON.PATH: what is wrong (did you mean …?).
    Exit status: 0 clean, 2 problems found.

    EXAMPLE:
      validate lint --rules Rules/signup.json
    """

  static func run(_ arguments: [String]) -> Int32 {
    do throws(UsageError) {
      let options = try spec.parse(arguments)
      if options.help {
        Console.print(help)
        return ExitCode.valid
      }
      let rulesPath = try options.required("rules", example: "validate lint --rules Rules/signup.json")
      do {
        let rules = try RuleSet(contentsOf: URL(fileURLWithPath: rulesPath))
        let policy = try rules.compile()
        let ruleCount = policy.ruleSet.fields.reduce(0) { $0 + $1.rules.count }
        Console.print(
          "\(rulesPath): OK (\(policy.fieldNames.count) fields, \(ruleCount) rules, \(rules.tests.count) tests)")
        return ExitCode.valid
      } catch {
        for problem in error.problems { Console.print(problem.description) }
        let count = error.problems.count
        Console.printError("\(count) problem\(count == 1 ? "" : "s") in \(rulesPath)")
        return ExitCode.trouble
      }
    } catch {
      Console.fail(error.message, hint: error.hint ?? "See 'validate lint --help'.")
      return ExitCode.trouble
    }
  }
}
