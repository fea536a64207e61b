import FormRules

/// `validate test --rules FILE [--run REGEX] [--format text|json]`: runs the examples a
/// rules file carries and ends with `N passed, N failed`.
enum TestCommand {
  static let spec = ArgumentSpec(valued: ["rules", "run", "format"], flags: [], repeatable: ["check"])

  static let help = """
    OVERVIEW: Run the examples ("tests") of a rules file and of its sibling NAME.tests.json.

    USAGE: validate test --rules <file> [--run <regex>] [--format <format>] [--check <name=pass|fail>]…

    OPTIONS:
      --rules <file>     The rules file. Required.
      --run <regex>      Only the cases whose name matches (PCRE2).
      --format <format>  text or json (default: text).
      --check <name=pass|fail>
                         Answer the app's named check NAME (repeatable). Without it such a
                         check is not run, and the case says so.
      -h, --help         Show this help.

    A case passes when "valid" matches, or when each field listed under "errors" fails
    with exactly the listed codes. Exit status: 0 all passed, 1 a case failed or there
    were no cases, 2 usage or file error.

    EXAMPLES:
      validate test --rules Rules/signup.json --run 'confirmation'
      validate test --rules Rules/login.json --format json
      validate test --rules signup-app.json --check emailAvailable=fail
    """

  static func run(_ arguments: [String]) -> Int32 {
    runCommand("test", spec: spec, help: help, arguments: arguments) { (options) throws(UsageError) -> Int32 in
      let rulesPath = try options.required("rules", example: "validate test --rules Rules/signup.json")
      let format = try options.choice("format", ["text", "json"]) ?? "text"
      var filter: Pattern?
      if let run = options.value("run") {
        do {
          filter = try Pattern(run)
        } catch {
          throw UsageError(message: "--run: invalid regular expression: \(error)")
        }
      }
      guard let policy = loadPolicy(rulesPath) else { return ExitCode.trouble }
      let stubs = try ValidateCommand.checkStubs(options.all("check"))
      let results = policy.runTests(
        matching: { name in filter.map { $0.matches(name) == .match } ?? true }, checkStubs: stubs)
      let passed = results.filter(\.passed).count
      let failed = results.count - passed
      if format == "json" {
        var writer = JSONWriter()
        writer.raw("{\"passed\":")
        writer.int(passed)
        writer.raw(",\"failed\":")
        writer.int(failed)
        writer.raw(",\"results\":[")
        for (i, result) in results.enumerated() {
          if i > 0 { writer.raw(",") }
          writer.raw("{\"name\":")
          writer.string(result.test.name)
          writer.raw(",\"passed\":")
          writer.bool(result.passed)
          writer.raw(",\"expected\":")
          writer.string(result.expectedDescription)
          writer.raw(",\"actual\":")
          writer.string(result.actualDescription)
          if !result.checksNotRun.isEmpty {
            writer.raw(",\"checksNotRun\":[")
            for (k, check) in result.checksNotRun.enumerated() {
              if k > 0 { writer.raw(",") }
              writer.string("\(check.field): \(check.check)")
            }
            writer.raw("]")
          }
          writer.raw("}")
        }
        writer.raw("]}\n")
        Console.write(writer.bytes)
      } else {
        let style = Style(enabled: Console.usesColor)
        for result in results {
          if result.passed {
            Console.print("\(style.green("PASS")) \(result.test.name)")
          } else {
            Console.print("\(style.red("FAIL")) \(result.test.name)")
            Console.print("     expected \(result.expectedDescription)")
            Console.print("     got      \(result.actualDescription)")
          }
          for check in result.checksNotRun {
            Console.print(
              "     check '\(check.check)' on '\(check.field)' not run (give --check \(check.check)=pass|fail)")
          }
        }
        Console.print("\(passed) passed, \(failed) failed")
      }
      if results.isEmpty {
        if policy.ruleSet.tests.isEmpty {
          Console.fail(
            "\(rulesPath) has no tests", hint: "Add a \"tests\" array to the rules file or a sibling .tests.json.")
        } else {
          Console.fail("--run matched none of the \(policy.ruleSet.tests.count) tests")
        }
        return ExitCode.invalid
      }
      return failed == 0 ? ExitCode.valid : ExitCode.invalid
    }
  }
}
