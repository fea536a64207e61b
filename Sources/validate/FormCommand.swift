import FormRulesUI
import Foundation
import TerminalForm

/// `validate form --rules FILE [--locale LANG]`: fills in a rules file's fields on the
/// terminal and prints the values as one JSON object on stdout.
///
/// The form is drawn on `/dev/tty`, not on stdout, so a script can capture the result
/// while the user sees the form: `creds=$(validate form --rules Rules/signup.json)`.
/// Exit status: 0 submitted, 130 cancelled (Esc or Ctrl-C), 2 usage error, unreadable
/// rules or no terminal, 128 + N when ended by signal N.
enum FormCommand {
  static let usage = "usage: validate form --rules FILE [--locale ja|en]"

  static let help = """
    \(usage)

    Fills in the fields of a rules file on the terminal and prints the values as one JSON
    object on stdout. The form is drawn on /dev/tty, so the output can be captured:

      creds=$(validate form --rules Rules/signup.json)

    Keys: Tab/Down next field, Shift-Tab/Up previous, Enter next field or submit,
    Ctrl-R show or hide a sensitive field, Esc or Ctrl-C cancel (exit 130).

    Options:
      --rules FILE     the rules file (required)
      --locale LANG    language of labels and messages (default: from LANG, then the rules file)
      -h, --help       show this help
    """

  /// Runs the command with the arguments that follow the word `form`.
  /// - Returns: the exit status.
  @MainActor
  static func run(_ arguments: [String]) -> Int32 {
    var rulesPath: String?
    var locale: String?
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "-h", "--help":
        print(help)
        return 0
      case "--rules", "--locale":
        guard let value = rest.popFirst() else { return usageError("\(argument) needs a value") }
        if argument == "--rules" { rulesPath = value } else { locale = value }
      default:
        return usageError("unknown argument '\(argument)'")
      }
    }
    guard let rulesPath else { return usageError("--rules is required") }

    let policy: Policy
    do {
      policy = try RuleSet(contentsOf: URL(fileURLWithPath: rulesPath)).compile()
    } catch {
      return failure("\(error)")
    }
    let environment = ProcessInfo.processInfo.environment
    let preferences = [locale, environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]]
      .compactMap { $0 }.filter { !$0.isEmpty }
    let model = FormModel(policy: policy, locale: policy.negotiateLocale(preferences))

    do {
      switch try TerminalSession.run(model: model) {
      case .submitted(let json):
        print(json)
        return 0
      case .cancelled:
        return 130
      case .signalled(let number):
        return 128 + number
      }
    } catch {
      return failure("cannot use the terminal (\(error)); validate form needs an interactive terminal")
    }
  }

  private static func usageError(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("Error: \(message)\n\(usage)\nSee 'validate form --help'.\n".utf8))
    return 2
  }

  private static func failure(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
    return 2
  }
}
