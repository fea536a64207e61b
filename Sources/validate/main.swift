import FormRules

#if canImport(Glibc)
  import Glibc
#endif

let formRulesVersion = "0.1.0"

let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case "test": status = TestCommand.run(Array(arguments.dropFirst()))
case "lint": status = LintCommand.run(Array(arguments.dropFirst()))
case "explain": status = ExplainCommand.run(Array(arguments.dropFirst()))
case "export": status = ExportCommand.run(Array(arguments.dropFirst()))
case "form": status = FormCommand.run(Array(arguments.dropFirst()))
default: status = ValidateCommand.run(arguments)
}
exit(status)
