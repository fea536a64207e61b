import FormRules
import FormRulesBulk
import FormRulesExport
import FormRulesPassword

#if canImport(Glibc)
  import Glibc
#endif

let formRulesVersion = "0.1.0"

// The Swift runtime's crash report prints 16 bytes of memory at every register, which can be the
// password being validated; a core file would hold all of it. Unless the user asks for a report
// with SWIFT_BACKTRACE, a crash ends the process with its signal and nothing else.
if getenv("SWIFT_BACKTRACE") == nil {
  for crash in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGQUIT] { signal(crash, SIG_DFL) }
  var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
  #if canImport(Glibc)
    setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
  #else
    setrlimit(RLIMIT_CORE, &noCore)
  #endif
}

/// The first argument whose bytes are not UTF-8, with the option it is the value of. Swift
/// repairs such bytes into U+FFFD in `CommandLine.arguments`, so a file name in Shift_JIS or
/// EUC-JP would reach `open` changed and be reported as missing although it exists.
func firstNonUTF8Argument() -> (index: Int, option: String?)? {
  guard let i = RawArguments.firstNonUTF8() else { return nil }
  let previous = i > 1 ? CommandLine.arguments[i - 1] : nil
  return (i, previous.flatMap { $0.hasPrefix("--") && !$0.contains("=") ? $0 : nil })
}

let arguments = Array(CommandLine.arguments.dropFirst())
Words.configure(arguments: arguments)
let status: Int32
if let bad = firstNonUTF8Argument() {
  let what =
    bad.option.map { Words.text("cli.notUTF8.option", ["option": $0]) }
    ?? Words.text("cli.notUTF8.argument", ["index": String(bad.index)])
  Console.fail(Words.text("cli.notUTF8", ["what": what]), hint: Words.text("cli.notUTF8.hint"))
  exit(ExitCode.trouble)
}
if let first = arguments.first, let subcommand = Subcommand.named(first) {
  status = subcommand.run(Array(arguments.dropFirst()))
} else if let first = arguments.first, !first.hasPrefix("-"),
  let near = Suggestion.closest(to: first, in: Subcommand.all.map(\.name))
{
  // A word where an option belongs is most likely a misspelt subcommand (`validate tset`).
  Console.fail(
    Words.text("cli.unknownSubcommand", ["name": first]),
    hint: Words.text("cli.didYouMean", ["suggestion": "validate \(near)"]))
  status = ExitCode.trouble
} else {
  status = ValidateCommand.run(arguments)
}
exit(status)
