import FormRules

/// `validate export --rules FILE --to json-schema|html|passwordrules [--field NAME]`:
/// the rules in a form web front ends understand. What the format cannot express is
/// listed on stderr; the server still checks it.
enum ExportCommand {
  static let spec = ArgumentSpec(valued: ["rules", "to", "field"], flags: ["quiet"])

  static let help = """
    OVERVIEW: Export a rules file for web front ends that do not run Swift.

    USAGE: validate export --rules <file> --to <format> [--field <name>] [--quiet]

    OPTIONS:
      --rules <file>   The rules file. Required.
      --to <format>    Required. One of:
                         json-schema    the input document's JSON Schema (2020-12), for validators such as Ajv
                         html           one <input> per field: type, required, minlength, maxlength, pattern,
                                        autocomplete, passwordrules
                         passwordrules  Apple's passwordrules string for password managers
      --field <name>   Only this field (passwordrules: default the new-password field).
      --quiet          Do not list the rules the format cannot express.
      --help           Show this help.

    The export goes to stdout. Each rule the format cannot express is listed on stderr as
    "warning: FILE: JSON.PATH: why"; the server still checks it. Exit status: 0 exported, 2 usage
    or file error.

    EXAMPLES:
      validate export --rules Rules/signup.json --to json-schema > signup.schema.json
      validate export --rules Rules/signup.json --to html
      validate export --rules Rules/signup.json --to passwordrules --field password
      validate export --rules Rules/login.json --to html --quiet
    """

  static func run(_ arguments: [String]) -> Int32 {
    do throws(UsageError) {
      let options = try spec.parse(arguments)
      if options.help {
        Console.print(help)
        return ExitCode.valid
      }
      let rulesPath = try options.required(
        "rules", example: "validate export --rules Rules/signup.json --to json-schema")
      let formats = ExportFormat.allCases.map(\.rawValue)
      guard let name = try options.choice("to", formats), let format = ExportFormat(rawValue: name) else {
        throw UsageError(
          message: "missing --to", hint: "One of \(formats.joined(separator: ", ")); for example: --to json-schema")
      }
      // Compiled as well as decoded: a rules file the server cannot load is not worth exporting.
      guard let rules = loadPolicy(rulesPath)?.ruleSet else { return ExitCode.trouble }
      let export: Export
      do {
        export = try rules.export(format, field: options.value("field"))
      } catch {
        throw UsageError(message: error.message)
      }
      Console.write(Array(export.text.utf8))
      if !options.has("quiet") {
        for note in export.notes { Console.printError("warning: \(note)") }
      }
      return ExitCode.valid
    } catch {
      Console.fail(error.message, hint: error.hint ?? "See 'validate export --help'.")
      return ExitCode.trouble
    }
  }
}
