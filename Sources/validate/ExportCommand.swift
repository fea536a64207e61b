import FormRules

/// `validate export --rules FILE --to json-schema|html|passwordrules [--field NAME]`:
/// the rules in a form web front ends understand. What the format cannot express is
/// listed on stderr; the server still checks it.
enum ExportCommand {
  static let spec = ArgumentSpec(valued: ["rules", "to", "field"], flags: ["quiet", "confine"])

  static let help = """
    OVERVIEW: Export a rules file for web front ends that do not run Swift.

    USAGE: validate export --rules <file> --to <format> [--field <name>] [--quiet]

    OPTIONS:
      --rules <file>   The rules file. Required.
      --confine        The rules file is untrusted: extends, lists and notBreached must stay in its folder.
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
      validate export --confine --rules uploads/tenant-42/rules.json --to json-schema
      validate export --rules Rules/signup.json --to passwordrules --field password
      validate export --rules Rules/login.json --to html --quiet
    """

  static func run(_ arguments: [String]) -> Int32 {
    runCommand("export", spec: spec, help: help, arguments: arguments) { (options) throws(UsageError) -> Int32 in
      let rulesPath = try options.required(
        "rules", example: "validate export --rules Rules/signup.json --to json-schema")
      let formats = ExportFormat.allCases.map(\.rawValue)
      guard let name = try options.choice("to", formats), let format = ExportFormat(rawValue: name) else {
        throw UsageError(
          message: "missing --to", hint: "One of \(formats.joined(separator: ", ")); for example: --to json-schema")
      }
      // Compiled as well as decoded: a rules file the server cannot load is not worth exporting.
      guard let rules = loadPolicy(rulesPath, confine: options.has("confine"))?.ruleSet else { return ExitCode.trouble }
      let export: Export
      do throws(ExportError) {
        export = try rules.export(format, field: options.value("field"))
      } catch {
        throw UsageError(message: error.message)
      }
      Console.write(Array(export.text.utf8))
      if !options.has("quiet") {
        for note in export.notes { Console.printError("warning: \(note)") }
      }
      return ExitCode.valid
    }
  }
}
