/// One subcommand of `validate`: its name, its line in `validate --help`, and its entry point.
struct Subcommand: Sendable {
  let name: String
  /// The catalog key of its line in `validate --help` (`cli.help.summary.NAME`).
  let summary: String
  /// Runs on the main actor: `validate form` owns the terminal.
  let run: @MainActor ([String]) -> Int32

  /// Every subcommand, in the order `validate --help` lists them. Dispatch, help and "did you
  /// mean" all read this table, so a subcommand added here is reachable, listed and suggested.
  static let all: [Subcommand] = [
    Subcommand(name: "test", summary: "cli.help.summary.test", run: TestCommand.run),
    Subcommand(name: "lint", summary: "cli.help.summary.lint", run: LintCommand.run),
    Subcommand(name: "explain", summary: "cli.help.summary.explain", run: ExplainCommand.run),
    Subcommand(
      name: "export", summary: "cli.help.summary.export",
      run: ExportCommand.run),
    Subcommand(name: "form", summary: "cli.help.summary.form", run: FormCommand.run),
    Subcommand(
      name: "serve", summary: "cli.help.summary.serve",
      run: ServeCommand.run),
  ]

  static func named(_ name: String) -> Subcommand? { all.first { $0.name == name } }

}
