import FormRules

/// `validate export --rules FILE --to json-schema|html|passwordrules [--field NAME]`:
/// the rules in a form web front ends understand. What the format cannot express is
/// listed on stderr; the server still checks it.
enum ExportCommand {
  static let spec = ArgumentSpec(valued: ["rules", "to", "field"], flags: ["quiet", "confine", "allow-stricter"])

  static let help = """
    OVERVIEW: Export a rules file for web front ends that do not run Swift.

    USAGE: validate export --rules <file> --to <format> [--field <name>] [--quiet] [--allow-stricter]

    OPTIONS:
      --rules <file>   The rules file. Required.
      --confine        The rules file is untrusted: extends, lists and notBreached must stay in its folder.
      --to <format>    Required. One of:
                         json-schema    the input document's JSON Schema (2020-12), for validators such as Ajv
                         html           one <input> per field: type, required, minlength, maxlength, pattern,
                                        autocomplete, passwordrules
                         passwordrules  Apple's passwordrules string for password managers
                         firebase       Firebase Auth / Identity Platform passwordPolicyConfig (JSON)
                         cognito        Amazon Cognito user pool PasswordPolicy (JSON)
                         keycloak       Keycloak's password policy string
      --field <name>   Only this field (passwordrules and the providers: default the new-password field).
      --quiet          Do not list the rules the format cannot express.
      --allow-stricter Export even where the provider would refuse passwords the rules accept
                       (listed as "stricter:" on stderr).
      --help           Show this help.

    The export goes to stdout. Each rule the format cannot express is listed on stderr as
    "warning: FILE: JSON.PATH: why"; the server still checks it. When an identity provider would
    refuse passwords the rules accept and cannot be configured looser (Firebase's minimum of 6,
    Cognito's maximum of 256…), nothing is exported: each reason is printed as "error: …" and the
    exit status is 1. Exit status: 0 exported, 1 the provider would be stricter, 2 usage or file error.

    EXAMPLES:
      validate export --rules Rules/signup.json --to json-schema > signup.schema.json
      validate export --rules Rules/signup.json --to html
      validate export --confine --rules uploads/tenant-42/rules.json --to json-schema
      validate export --rules Rules/signup.json --to passwordrules --field password
      validate export --rules Rules/login.json --to html --quiet
      validate export --rules Rules/signup.json --to firebase
      validate export --rules Rules/signup.json --to cognito --allow-stricter
      validate export --rules Rules/signup.json --to keycloak
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
      // A provider that would refuse valid users is said loudly, never exported silently.
      if !export.stricter.isEmpty, !options.has("allow-stricter") {
        for note in export.stricter { Console.printError("error: \(note)") }
        Console.printError(
          "hint: change the rules as suggested, or pass --allow-stricter to export the closest setting")
        return ExitCode.invalid
      }
      Console.write(Array(export.text.utf8))
      for note in export.stricter { Console.printError("stricter: \(note)") }
      if !options.has("quiet") {
        for note in export.notes { Console.printError("warning: \(note)") }
      }
      return ExitCode.valid
    }
  }
}
