import FormRules
import FormRulesBulk
import FormRulesExport
import FormRulesPassword

/// A usage error: printed as `Error: …` with a hint, exit status 2.
struct UsageError: Error {
  var message: String
  var hint: String?
}

/// The options one command accepts, and the parsed result.
///
/// Small on purpose: `--name value`, `--name=value`, flags, repeated options, and
/// `--help` (or `-h`), in the spirit of swift-argument-parser.
struct ArgumentSpec {
  var valued: [String]
  var flags: [String]
  var repeatable: [String] = []

  func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var i = 0
    while i < arguments.count {
      let argument = arguments[i]
      i += 1
      // `-h` is the one short option: people type it before reading any help.
      if argument == "-h" {
        parsed.help = true
        continue
      }
      guard argument.hasPrefix("--"), argument.count > 2 else {
        throw UsageError(
          message: Words.text("cli.unexpectedArgument", ["argument": argument]), hint: Words.text("cli.optionsStart"))
      }
      var name = String(argument.dropFirst(2))
      var inlineValue: String?
      if let eq = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: eq)...])
        name = String(name[..<eq])
      }
      if name == "help" {
        parsed.help = true
        continue
      }
      if flags.contains(name) {
        if inlineValue != nil { throw UsageError(message: Words.text("cli.takesNoValue", ["option": "--\(name)"])) }
        parsed.flags.insert(name)
      } else if valued.contains(name) || repeatable.contains(name) {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if i < arguments.count {
          value = arguments[i]
          i += 1
        } else {
          throw UsageError(message: Words.text("cli.needsValue", ["option": "--\(name)"]))
        }
        if !repeatable.contains(name), parsed.values[name] != nil {
          throw UsageError(message: Words.text("cli.givenTwice", ["option": "--\(name)"]))
        }
        parsed.values[name, default: []].append(value)
      } else {
        let known = (valued + flags + repeatable + ["help"]).map { "--" + $0 }
        let suggestion = Suggestion.closest(to: "--" + name, in: known)
        throw UsageError(
          message: Words.text("cli.unknownOption", ["option": "--\(name)"]),
          hint: suggestion.map { Words.text("cli.didYouMean", ["suggestion": $0]) })
      }
    }
    return parsed
  }
}

struct ParsedArguments {
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  var help = false

  func value(_ name: String) -> String? { values[name]?.last }
  func all(_ name: String) -> [String] { values[name] ?? [] }
  func has(_ name: String) -> Bool { flags.contains(name) }

  /// A value that must be one of `choices`.
  func choice(_ name: String, _ choices: [String]) throws(UsageError) -> String? {
    guard let value = value(name) else { return nil }
    guard choices.contains(value) else {
      throw UsageError(
        message: Words.text(
          "cli.mustBeOneOf", ["option": "--\(name)", "choices": Words.list(choices), "value": value]))
    }
    return value
  }

  func required(_ name: String, example: String) throws(UsageError) -> String {
    guard let value = value(name) else {
      throw UsageError(
        message: Words.text("cli.missingOption", ["option": "--\(name)"]),
        hint: Words.text("cli.forExample", ["example": example]))
    }
    return value
  }
}

/// The shape every subcommand shares: parse its options, answer `--help`, run, and turn a
/// usage error into `Error: …` with a hint and exit status 2.
func runCommand(
  _ name: String, spec: ArgumentSpec, help: HelpPage, arguments: [String],
  body: (ParsedArguments) throws(UsageError) -> Int32
) -> Int32 {
  do throws(UsageError) {
    let options = try spec.parse(arguments)
    if options.help {
      Console.print(help.render())
      return ExitCode.valid
    }
    return try body(options)
  } catch {
    Console.fail(error.message, hint: error.hint ?? Words.text("cli.seeHelp", ["command": "validate \(name)"]))
    return ExitCode.trouble
  }
}
