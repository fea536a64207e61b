import FormRules

/// `validate explain --rules FILE [--field NAME] [--locale ja|en] [--format text|json]`:
/// each field's requirements as the checklist a sign-up screen shows.
enum ExplainCommand {
  static let spec = ArgumentSpec(valued: ["rules", "field", "locale", "format"], flags: [])

  static let help = """
    OVERVIEW: Print each field's requirements as a checklist in the chosen language.

    USAGE: validate explain --rules <file> [--field <name>] [--locale <locale>] [--format <format>]

    OPTIONS:
      --rules <file>     The rules file. Required.
      --field <name>     Only this field.
      --locale <locale>  ja or en (default: LC_ALL / LC_MESSAGES / LANG, then the file's defaultLocale).
      --format <format>  text or json (default: text).
      -h, --help         Show this help.

    EXAMPLES:
      validate explain --rules Rules/signup.json --field password --locale ja
      validate explain --rules Rules/login.json --format json
    """

  static func run(_ arguments: [String]) -> Int32 {
    do throws(UsageError) {
      let options = try spec.parse(arguments)
      if options.help {
        Console.print(help)
        return ExitCode.valid
      }
      let rulesPath = try options.required("rules", example: "validate explain --rules Rules/signup.json")
      let format = try options.choice("format", ["text", "json"]) ?? "text"
      guard let policy = loadPolicy(rulesPath) else { return ExitCode.trouble }
      let locale = resolveLocale(options.value("locale"), policy: policy)
      var fields = policy.fieldNames
      if let only = options.value("field") {
        guard policy.field(only) != nil else {
          throw UsageError(
            message: "no field named '\(only)' in \(rulesPath)",
            hint: "Fields: \(policy.fieldNames.joined(separator: ", ")).")
        }
        fields = [only]
      }
      if format == "json" {
        var writer = JSONWriter()
        writer.raw("{\"locale\":")
        writer.string(locale)
        writer.raw(",\"fields\":{")
        for (i, name) in fields.enumerated() {
          if i > 0 { writer.raw(",") }
          writer.key(name)
          writer.raw("{\"label\":")
          writer.string(policy.label(of: name, locale: locale))
          writer.raw(",\"requirements\":[")
          for (j, requirement) in policy.requirements(of: name, locale: locale).enumerated() {
            if j > 0 { writer.raw(",") }
            writer.raw("{\"code\":")
            writer.string(requirement.code)
            writer.raw(",\"text\":")
            writer.string(requirement.text)
            writer.raw(",\"severity\":")
            writer.string(requirement.severity.rawValue)
            writer.raw("}")
          }
          writer.raw("]}")
        }
        writer.raw("}}\n")
        Console.write(writer.bytes)
      } else {
        // The Japanese list mark (nakaguro) looks foreign in English text.
        let bullet = locale == "ja" ? "・" : "•"
        for name in fields {
          Console.print(policy.label(of: name, locale: locale))
          for requirement in policy.requirements(of: name, locale: locale) {
            let marker = requirement.severity == .warning ? "(!)" : bullet
            Console.print("  \(marker) \(requirement.text)")
          }
        }
      }
      return ExitCode.valid
    } catch {
      Console.fail(error.message, hint: error.hint ?? "See 'validate explain --help'.")
      return ExitCode.trouble
    }
  }
}
