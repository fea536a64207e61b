import FormRules
import FormRulesBulk
import FormRulesExport
import FormRulesPassword
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

  /// `validate form --help`: the words from the catalog (`cli.help.*`), options and examples as typed.
  static let help = HelpPage([
    .headed("cli.help.overview", "cli.help.form.overview"), .blank,
    .usage([
      "validate form --rules <file> [--locale <lang>]"
    ]), .blank,
    .heading("cli.help.options"),
    .row(.init(syntax: "--rules <file>", key: "cli.help.rules", column: 17)),
    .row(.init(syntax: "--confine", key: "cli.help.confine", column: 17)),
    .row(.init(syntax: "--locale <lang>", key: "cli.help.form.locale", column: 17)),
    .row(.init(syntax: "--help", key: "cli.help.help", column: 17)),
    .blank,
    .text("cli.help.form.notes"), .blank,
    .heading("cli.help.examples"),
    .typed("  creds=$(validate form --rules Rules/signup.json --locale ja)"),
    .typed("  validate form --confine --rules uploads/tenant-42/rules.json"),
  ])

  /// Runs the command with the arguments that follow the word `form`.
  /// - Returns: the exit status.
  @MainActor
  static func run(_ arguments: [String]) -> Int32 {
    let options: ParsedArguments
    let rulesPath: String
    do throws(UsageError) {
      options = try spec.parse(arguments)
      if options.help {
        Console.print(help.render())
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
      // `open /dev/tty: …`: the call as typed, the system's reason in the tool's language.
      let reason = "\(error.operation): \(Words.systemError(error.errno))"
      Console.fail(Words.text("cli.form.noTerminal", ["reason": reason]), hint: Words.text("cli.form.noTerminal.hint"))
      return ExitCode.trouble
    }
  }
}
