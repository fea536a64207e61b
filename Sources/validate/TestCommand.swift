import FormRules
import FormRulesBulk
import FormRulesExport
import FormRulesPassword

/// `validate test --rules FILE [--run REGEX] [--format text|json]`: runs the examples a
/// rules file carries and ends with `N passed, N failed`.
enum TestCommand {
  static let spec = ArgumentSpec(
    valued: ["rules", "run", "format", "locale"], flags: ["confine"], repeatable: ["check"])

  /// `validate test --help`: the words from the catalog (`cli.help.*`), options and examples as typed.
  static let help = HelpPage([
    .headed("cli.help.overview", "cli.help.test.overview"), .blank,
    .usage([
      "validate test --rules <file> [--run <regex>] [--format <format>] [--locale <locale>]",
      "              [--check <name=pass|fail>]…",
    ]), .blank,
    .heading("cli.help.options"),
    .row(.init(syntax: "--rules <file>", key: "cli.help.rules", column: 19)),
    .row(.init(syntax: "--confine", key: "cli.help.confine", column: 19)),
    .row(.init(syntax: "--run <regex>", key: "cli.help.test.run", column: 19)),
    .row(.init(syntax: "--format <format>", key: "cli.help.textOrJSON", column: 19)),
    .row(.init(syntax: "--locale <locale>", key: "cli.help.test.locale", column: 19)),
    .row(.init(syntax: "--check <name=pass|fail>", key: "cli.help.test.check", column: 19)),
    .row(.init(syntax: "-h, --help", key: "cli.help.help", column: 19)),
    .blank,
    .text("cli.help.test.notes"), .blank,
    .heading("cli.help.examples"),
    .typed("  validate test --rules Rules/signup.json --run 'confirmation'"),
    .typed("  validate test --rules Rules/login.json --format json"),
    .typed("  validate test --rules Rules/signup.json --locale ja"),
    .typed("  validate test --confine --rules uploads/tenant-42/rules.json"),
    .typed("  validate test --rules signup-app.json --check emailAvailable=fail"),
  ])

  static func run(_ arguments: [String]) -> Int32 {
    runCommand("test", spec: spec, help: help, arguments: arguments) { (options) throws(UsageError) -> Int32 in
      let rulesPath = try options.required("rules", example: "validate test --rules Rules/signup.json")
      let format = try options.choice("format", ["text", "json"]) ?? "text"
      var filter: Pattern?
      if let run = options.value("run") {
        do {
          filter = try Pattern(run)
        } catch {
          throw UsageError(message: Words.text("cli.invalidRegex", ["option": "--run", "reason": "\(error)"]))
        }
      }
      guard let policy = loadPolicy(rulesPath, siblingTests: .required, confine: options.has("confine")) else {
        return ExitCode.trouble
      }
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
          let name = DisplayText.escapingControls(result.test.name)
          if result.passed {
            Console.print("\(style.green(Words.text("cli.test.pass"))) \(name)")
          } else {
            Console.print("\(style.red(Words.text("cli.test.fail"))) \(name)")
            Console.print(
              Words.text("cli.test.expected", ["expected": DisplayText.escapingControls(result.expectedDescription)]))
            Console.print(
              Words.text("cli.test.got", ["actual": DisplayText.escapingControls(result.actualDescription)]))
          }
          for check in result.checksNotRun {
            Console.print(Words.text("cli.test.checkNotRun", ["check": check.check, "field": check.field]))
          }
        }
        Console.print(Words.text("cli.test.summary", ["passed": String(passed), "failed": String(failed)]))
      }
      if results.isEmpty {
        if policy.ruleSet.tests.isEmpty {
          Console.fail(
            Words.text("cli.test.noTests", ["file": rulesPath]), hint: Words.text("cli.test.addTests", ["key": "tests"])
          )
        } else {
          Console.fail(Words.text("cli.test.noneMatched", ["count": String(policy.ruleSet.tests.count)]))
        }
        return ExitCode.invalid
      }
      return failed == 0 ? ExitCode.valid : ExitCode.invalid
    }
  }
}
