import FormRules
import FormRulesBulk
import FormRulesExport
import FormRulesPassword

/// `validate export --rules FILE --to json-schema|html|passwordrules [--field NAME]`:
/// the rules in a form web front ends understand. What the format cannot express is
/// listed on stderr; the server still checks it.
enum ExportCommand {
  static let spec = ArgumentSpec(valued: ["rules", "to", "field"], flags: ["quiet", "confine", "allow-stricter"])

  /// `validate export --help`: the words from the catalog (`cli.help.*`), options and examples as typed.
  static let help = HelpPage([
    .headed("cli.help.overview", "cli.help.export.overview"), .blank,
    .usage([
      "validate export --rules <file> --to <format> [--field <name>] [--quiet] [--allow-stricter]"
    ]), .blank,
    .heading("cli.help.options"),
    .row(.init(syntax: "--rules <file>", key: "cli.help.rules", column: 17)),
    .row(.init(syntax: "--confine", key: "cli.help.confine", column: 17)),
    .row(.init(syntax: "--to <format>", key: "cli.help.export.to", column: 17)),
    .row(.init(syntax: "json-schema", key: "cli.help.export.to.jsonSchema", column: 15, indent: 21)),
    .row(.init(syntax: "html", key: "cli.help.export.to.html", column: 15, indent: 21)),
    .row(.init(syntax: "passwordrules", key: "cli.help.export.to.passwordrules", column: 15, indent: 21)),
    .row(.init(syntax: "firebase", key: "cli.help.export.to.firebase", column: 15, indent: 21)),
    .row(.init(syntax: "cognito", key: "cli.help.export.to.cognito", column: 15, indent: 21)),
    .row(.init(syntax: "keycloak", key: "cli.help.export.to.keycloak", column: 15, indent: 21)),
    .row(.init(syntax: "--field <name>", key: "cli.help.export.field", column: 17)),
    .row(.init(syntax: "--quiet", key: "cli.help.export.quiet", column: 17)),
    .row(.init(syntax: "--allow-stricter", key: "cli.help.export.allowStricter", column: 17)),
    .row(.init(syntax: "--help", key: "cli.help.help", column: 17)),
    .blank,
    .text("cli.help.export.notes"), .blank,
    .heading("cli.help.examples"),
    .typed("  validate export --rules Rules/signup.json --to json-schema > signup.schema.json"),
    .typed("  validate export --rules Rules/signup.json --to html"),
    .typed("  validate export --confine --rules uploads/tenant-42/rules.json --to json-schema"),
    .typed("  validate export --rules Rules/signup.json --to passwordrules --field password"),
    .typed("  validate export --rules Rules/login.json --to html --quiet"),
    .typed("  validate export --rules Rules/signup.json --to firebase"),
    .typed("  validate export --rules Rules/signup.json --to cognito --allow-stricter"),
    .typed("  validate export --rules Rules/signup.json --to keycloak"),
  ])

  static func run(_ arguments: [String]) -> Int32 {
    runCommand("export", spec: spec, help: help, arguments: arguments) { (options) throws(UsageError) -> Int32 in
      let rulesPath = try options.required(
        "rules", example: "validate export --rules Rules/signup.json --to json-schema")
      let formats = ExportFormat.allCases.map(\.rawValue)
      guard let name = try options.choice("to", formats), let format = ExportFormat(rawValue: name) else {
        throw UsageError(
          message: Words.text("cli.missingOption", ["option": "--to"]),
          hint: Words.text("cli.export.formats", ["formats": Words.list(formats), "example": "--to json-schema"]))
      }
      // Compiled as well as decoded: a rules file the server cannot load is not worth exporting.
      guard let rules = loadPolicy(rulesPath, confine: options.has("confine"))?.ruleSet else { return ExitCode.trouble }
      let export: Export
      do throws(ExportError) {
        export = try rules.export(format, field: options.value("field"))
      } catch {
        throw UsageError(message: error.message)
      }
      // A provider that would refuse valid users is said loudly, never exported silently.
      if !export.stricter.isEmpty, !options.has("allow-stricter") {
        for note in export.stricter { Console.printError(Words.text("cli.export.error", ["note": "\(note)"])) }
        Console.printError(Words.text("cli.export.stricterHint"))
        return ExitCode.invalid
      }
      Console.write(Array(export.text.utf8))
      for note in export.stricter { Console.printError(Words.text("cli.export.stricter", ["note": "\(note)"])) }
      if !options.has("quiet") {
        for note in export.notes { Console.printError(Words.text("cli.export.warning", ["note": "\(note)"])) }
      }
      return ExitCode.valid
    }
  }
}
