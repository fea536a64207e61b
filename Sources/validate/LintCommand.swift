import FormRules
import Foundation

/// `validate lint --rules FILE`: loads and compiles a rules file and lists every problem.
enum LintCommand {
  static let spec = ArgumentSpec(valued: ["rules"], flags: ["confine"])

  static let help = """
    OVERVIEW: Check a rules file without validating anything, and list every problem found.

    USAGE: validate lint --rules <file>

    OPTIONS:
      --rules <file>  The rules file. Required.
      --confine       The rules file is untrusted: extends, lists and notBreached must stay in its folder.
      -h, --help      Show this help.

    Each problem is printed as FILE[:LINE:COLUMN]: JSON.PATH: what is wrong (did you mean …?).
    Exit status: 0 clean, 2 problems found.

    EXAMPLES:
      validate lint --rules Rules/signup.json
      validate lint --confine --rules uploads/tenant-42/rules.json
    """

  /// `1 field`, `3 fields`: English counts take the singular for one.
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  static func run(_ arguments: [String]) -> Int32 {
    runCommand("lint", spec: spec, help: help, arguments: arguments) { (options) throws(UsageError) -> Int32 in
      let rulesPath = try options.required("rules", example: "validate lint --rules Rules/signup.json")
      do throws(RuleSetError) {
        let rules = try RuleSet(
          contentsOf: URL(fileURLWithPath: rulesPath), options: .init(confine: options.has("confine")))
        let policy = try rules.compile()
        let ruleCount = policy.ruleSet.fields.reduce(0) { $0 + $1.rules.count }
        let counts = [
          counted(policy.fieldNames.count, "field"), counted(ruleCount, "rule"), counted(rules.tests.count, "test"),
        ]
        Console.print("\(rulesPath): OK (\(counts.joined(separator: ", ")))")
        for warning in rules.sameAsTransformMismatches() { Console.print("Warning: \(warning)") }
        for warning in rules.messagesWithoutRequirement() { Console.print("Warning: \(warning)") }
        // Which lists and breach files the rules really use on this machine.
        let cwd = FileManager.default.currentDirectoryPath + "/"
        for used in rules.referencedFiles() {
          let path =
            used.url.map { $0.path.hasPrefix(cwd) ? String($0.path.dropFirst(cwd.count)) : $0.path }
            ?? "the built-in common-password list"
          let size = used.entries.map { "\($0) entries" } ?? "\(used.bytes) bytes"
          Console.print("\(used.file): \(jsonPathString(used.path)) uses \(path) (\(size))")
        }
        return ExitCode.valid
      } catch {
        for problem in error.problems { Console.print(problem.description) }
        let count = error.problems.count
        Console.printError("\(count) problem\(count == 1 ? "" : "s") in \(rulesPath)")
        return ExitCode.trouble
      }
    }
  }
}
