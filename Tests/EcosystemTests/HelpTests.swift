import Foundation
import Testing

@testable import validate

/// `validate --help` and every subcommand's help: each option listed, each shown in an example.
@Suite("Help")
struct HelpTests {
  struct Command: Sendable, CustomTestStringConvertible {
    var name: String
    var spec: ArgumentSpec
    var testDescription: String { name.isEmpty ? "validate" : "validate \(name)" }
  }

  static let commands = [
    Command(name: "", spec: ValidateCommand.spec),
    Command(name: "test", spec: TestCommand.spec),
    Command(name: "lint", spec: LintCommand.spec),
    Command(name: "explain", spec: ExplainCommand.spec),
    Command(name: "export", spec: ExportCommand.spec),
    Command(name: "form", spec: FormCommand.spec),
  ]

  @Test("help goes to stdout, lists every option, and shows each in an example", arguments: commands)
  func help(_ command: Command) throws {
    let result = try CLI.run((command.name.isEmpty ? [] : [command.name]) + ["--help"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let text = result.stdout
    #expect(text.contains("USAGE: validate"))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let examplesStart = try #require(lines.firstIndex { $0.hasPrefix("EXAMPLE") }, "no EXAMPLE section")
    let examples = lines[examplesStart...].filter { $0.trimmingCharacters(in: .whitespaces).contains("validate ") }
    #expect(!examples.isEmpty)
    let options = command.spec.valued + command.spec.flags + command.spec.repeatable
    for option in options {
      let listed = lines.contains {
        $0.trimmingCharacters(in: .whitespaces).hasPrefix("--\(option) ")
          || $0.trimmingCharacters(in: .whitespaces) == "--\(option)"
      }
      #expect(listed, "--\(option) is not listed under OPTIONS")
      #expect(examples.contains { $0.contains("--\(option)") }, "no example uses --\(option)")
    }
    // Nothing is advertised that the command would refuse.
    let optionsStart = try #require(lines.firstIndex { $0.hasPrefix("OPTIONS:") })
    for line in lines[optionsStart...].prefix(while: { !$0.isEmpty }).dropFirst() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("--") else { continue }
      let name = String(trimmed.dropFirst(2).prefix { $0 != " " && $0 != "=" })
      #expect(name == "help" || options.contains(name), "--\(name) is listed but not accepted")
    }
  }

  @Test("the main help names every subcommand")
  func subcommands() throws {
    let text = try CLI.run(["--help"]).stdout
    for command in Self.commands where !command.name.isEmpty {
      #expect(text.contains("\n  \(command.name) "), "validate --help does not name '\(command.name)'")
    }
  }
}
