/// One subcommand of `validate`: its name, its line in `validate --help`, and its entry point.
struct Subcommand: Sendable {
  let name: String
  let summary: String
  /// Runs on the main actor: `validate form` owns the terminal.
  let run: @MainActor ([String]) -> Int32

  /// Every subcommand, in the order `validate --help` lists them. Dispatch, help and "did you
  /// mean" all read this table, so a subcommand added here is reachable, listed and suggested.
  static let all: [Subcommand] = [
    Subcommand(name: "test", summary: "Run the examples a rules file carries.", run: TestCommand.run),
    Subcommand(name: "lint", summary: "Check a rules file and list every problem.", run: LintCommand.run),
    Subcommand(name: "explain", summary: "Print each field's requirements as a checklist.", run: ExplainCommand.run),
    Subcommand(
      name: "export", summary: "Export the rules as a JSON Schema, HTML <input> attributes or passwordrules.",
      run: ExportCommand.run),
    Subcommand(name: "form", summary: "Fill in the form on the terminal.", run: FormCommand.run),
    Subcommand(
      name: "serve", summary: "Serve the rules over HTTP for web pages and other languages (docs/server.md).",
      run: ServeCommand.run),
  ]

  static func named(_ name: String) -> Subcommand? { all.first { $0.name == name } }

  /// The SUBCOMMANDS section of `validate --help`: one line each, summaries in one column.
  static var helpLines: String {
    let width = (all.map(\.name.count).max() ?? 0) + 4
    return all.map { "  " + $0.name + String(repeating: " ", count: width - $0.name.count) + $0.summary }
      .joined(separator: "\n")
  }
}
