import Foundation

// Minimal dispatch until the full command line lands; `form` is handed to FormCommand.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "form" {
  exit(FormCommand.run(Array(arguments.dropFirst())))
}
print("validate")
