import FormRules

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

let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case "test": status = TestCommand.run(Array(arguments.dropFirst()))
case "lint": status = LintCommand.run(Array(arguments.dropFirst()))
case "explain": status = ExplainCommand.run(Array(arguments.dropFirst()))
case "export": status = ExportCommand.run(Array(arguments.dropFirst()))
case "form": status = FormCommand.run(Array(arguments.dropFirst()))
case "serve": status = ServeCommand.run(Array(arguments.dropFirst()))
default:
  // A word where an option belongs is most likely a misspelt subcommand (`validate tset`).
  let subcommands = ["test", "lint", "explain", "export", "form", "serve"]
  if let first = arguments.first, !first.hasPrefix("-"), let near = Suggestion.closest(to: first, in: subcommands) {
    Console.fail("unknown subcommand '\(first)'", hint: "Did you mean 'validate \(near)'?")
    status = ExitCode.trouble
  } else {
    status = ValidateCommand.run(arguments)
  }
}
exit(status)
