import FormRules
import FormRulesUI
import Foundation
import TerminalForm

/// `validate form --rules FILE [--locale LANG]`: fills in a rules file's fields on the
/// terminal and prints the values as one JSON object on stdout.
///
/// The form is drawn on `/dev/tty`, not on stdout, so a script can capture the result
/// while the user sees the form: `creds=$(validate form --rules Rules/signup.json)`.
enum FormCommand {
  static let spec = ArgumentSpec(valued: ["rules", "locale"], flags: ["confine"])

  static let help = """
    OVERVIEW: Fill in a rules file's fields on the terminal and print the values as JSON.

    USAGE: validate form --rules <file> [--locale <lang>]

    OPTIONS:
      --rules <file>   The rules file. Required.
      --confine        The rules file is untrusted: extends, lists and notBreached must stay in its folder.
      --locale <lang>  Language of labels and messages (ja, en, ja-JP…). Default: from
                       LC_ALL, LC_MESSAGES or LANG, then the rules file's defaultLocale.
      --help           Show this help.

    The form is drawn on /dev/tty, so stdout carries only the result and can be captured.
    Keys: Tab or Down next field, Shift-Tab or Up previous, Enter next field or submit,
    Ctrl-R show or hide a sensitive field, Esc or Ctrl-C cancel.
    On submit the values (sensitive ones too: handing them over is the point) are printed
    as one JSON object in rules-file order.
    Exit status: 0 submitted, 130 cancelled, 2 usage error, bad rules file or no terminal,
    128+N ended by signal N.

    EXAMPLES:
      creds=$(validate form --rules Rules/signup.json --locale ja)
      validate form --confine --rules uploads/tenant-42/rules.json
    """

  /// Runs the command with the arguments that follow the word `form`.
  /// - Returns: the exit status.
  @MainActor
  static func run(_ arguments: [String]) -> Int32 {
    let options: ParsedArguments
    let rulesPath: String
    do throws(UsageError) {
      options = try spec.parse(arguments)
      if options.help {
        Console.print(help)
        return ExitCode.valid
      }
      rulesPath = try options.required("rules", example: "validate form --rules Rules/login.json")
    } catch {
      Console.fail(error.message, hint: error.hint ?? Words.text("cli.seeHelp", ["command": "validate form"]))
      return ExitCode.trouble
    }

    guard let policy = loadPolicy(rulesPath, confine: options.has("confine")) else { return ExitCode.trouble }
    let model = FormModel(policy: policy, locale: resolveLocale(options.value("locale"), policy: policy))

    do {
      switch try TerminalSession.run(model: model) {
      case .submitted(let json):
        Console.print(json)
        return ExitCode.valid
      case .cancelled:
        return ExitCode.cancelled
      case .signalled(let number):
        return 128 + number
      }
    } catch {
      Console.fail("cannot use the terminal: \(error)", hint: "validate form needs an interactive terminal.")
      return ExitCode.trouble
    }
  }
}
