import FormRules
import FormRulesBulk
import FormRulesExport
import FormRulesPassword

/// `validate explain --rules FILE [--field NAME] [--locale ja|en] [--format text|json]`:
/// each field's requirements as the checklist a sign-up screen shows.
enum ExplainCommand {
  static let spec = ArgumentSpec(valued: ["rules", "field", "locale", "format", "input"], flags: ["confine"])

  /// `validate explain --help`: the words from the catalog (`cli.help.*`), options and examples as typed.
  static let help = HelpPage([
    .headed("cli.help.overview", "cli.help.explain.overview"), .blank,
    .usage([
      "validate explain --rules <file> [--field <name>] [--locale <locale>] [--format <format>]"
    ]), .blank,
    .heading("cli.help.options"),
    .row(.init(syntax: "--rules <file>", key: "cli.help.rules", column: 19)),
    .row(.init(syntax: "--confine", key: "cli.help.confine", column: 19)),
    .row(.init(syntax: "--field <name>", key: "cli.help.explain.field", column: 19)),
    .row(.init(syntax: "--locale <locale>", key: "cli.help.locale", column: 19)),
    .row(.init(syntax: "--format <format>", key: "cli.help.textOrJSON", column: 19)),
    .row(.init(syntax: "--input <file>", key: "cli.help.explain.input", column: 19)),
    .row(.init(syntax: "-h, --help", key: "cli.help.help", column: 19)),
    .blank,
    .heading("cli.help.examples"),
    .typed("  validate explain --rules Rules/signup.json --field password --locale ja"),
    .typed("  validate explain --rules Rules/login.json --format json"),
    .typed("  validate explain --confine --rules uploads/tenant-42/rules.json"),
    .typed(#"  echo '{"password": "abc"}' | validate explain --rules Rules/signup.json --field password --input -"#),
  ])

  static func run(_ arguments: [String]) -> Int32 {
    runCommand("explain", spec: spec, help: help, arguments: arguments) { (options) throws(UsageError) -> Int32 in
      let rulesPath = try options.required("rules", example: "validate explain --rules Rules/signup.json")
      let format = try options.choice("format", ["text", "json"]) ?? "text"
      guard let policy = loadPolicy(rulesPath, confine: options.has("confine")) else { return ExitCode.trouble }
      let locale = resolveLocale(options.value("locale"), policy: policy)
      var fields = policy.fieldNames
      if let only = options.value("field") {
        guard policy.field(only) != nil else {
          throw UsageError(
            message: Words.text("cli.noField", ["name": only, "file": rulesPath]),
            hint: Words.text("cli.fields", ["fields": Words.list(policy.fieldNames)]))
        }
        fields = [only]
      }
      // With --input, each requirement is checked against those values (the live checklist).
      let values = try options.value("input").map { path throws(UsageError) in
        try ValidateCommand.readDocument(policy: policy, path: path).compactMapValues { $0 }
      }
      let rows = fields.map { name in (name, checklistRows(policy: policy, field: name, values: values, locale: locale))
      }
      if format == "json" {
        var writer = JSONWriter()
        writer.raw("{\"locale\":")
        writer.string(locale)
        writer.raw(",\"fields\":{")
        for (i, (name, items)) in rows.enumerated() {
          if i > 0 { writer.raw(",") }
          writer.key(name)
          writer.raw("{\"label\":")
          writer.string(policy.label(of: name, locale: locale))
          writer.raw(",\"requirements\":[")
          for (j, item) in items.enumerated() {
            if j > 0 { writer.raw(",") }
            writer.checklistItem(code: item.code, text: item.text, severity: item.severity, state: item.state)
          }
          writer.raw("]")
          if let values, let estimate = policy.strength(of: name, in: values) {
            writer.raw(",\"strength\":{\"score\":")
            writer.int(estimate.score)
            writer.raw(",\"guessesLog10\":")
            writer.number(estimate.guessesLog10)
            writer.raw(",\"warning\":")
            if let warning = estimate.warning { writer.string(warning.rawValue) } else { writer.null() }
            writer.raw(",\"crackTimes\":{")
            for (k, attack) in StrengthAttack.allCases.enumerated() {
              if k > 0 { writer.raw(",") }
              writer.key(attack.rawValue)
              writer.raw("{\"seconds\":")
              writer.number((estimate.crackTimeSeconds(attack) * 1000).rounded() / 1000)
              writer.raw(",\"text\":")
              writer.string(policy.catalog.crackTime(seconds: estimate.crackTimeSeconds(attack), locale: locale))
              writer.raw("}")
            }
            writer.raw("}}")
          }
          writer.raw("}")
        }
        writer.raw("}}\n")
        Console.write(writer.bytes)
      } else {
        // The Japanese list mark (nakaguro) looks foreign in English text. Japanese marks are
        // full-width and take no space after them: 「・入力必須」. A recommendation says so in
        // its own words (「・推奨：15文字以上」), so it takes the same bullet, not a second mark.
        let japanese = locale == "ja"
        let bullet = japanese ? "・" : "• "
        let warningMark = bullet
        let style = Style(enabled: Console.usesColor)
        for (name, items) in rows {
          Console.print(DisplayText.escapingControls(policy.label(of: name, locale: locale)))
          for item in items {
            let marker: String
            var status = ""
            switch item.state {
            case .met: marker = style.green("✓")
            case .unmet: marker = item.severity == .warning ? style.yellow("!") : style.red("✗")
            case .notChecked:
              // Not ✓ and not ✗: a named check that has not run, said in words too.
              marker = "?"
              status = Words.text("cli.explain.notCheckedYet")
            case nil: marker = item.severity == .warning ? warningMark : bullet
            }
            let space = item.state == nil ? "" : " "
            Console.print("  \(marker)\(space)\(DisplayText.escapingControls(item.text))\(status)")
          }
          if let values, let estimate = policy.strength(of: name, in: values) {
            for line in policy.catalog.strengthMeter(estimate, locale: locale) { Console.print("  \(line)") }
          }
        }
      }
      return ExitCode.valid
    }
  }

  struct Row {
    var code: String
    var text: String
    var severity: Severity
    /// Whether the given values meet it (or a named check has not run); `nil` when no values
    /// were given.
    var state: ChecklistItem.State?
  }

  /// Without values, every requirement (conditional ones too); with values, the live
  /// checklist for them.
  static func checklistRows(policy: Policy, field: String, values: [String: String]?, locale: String) -> [Row] {
    guard let values else {
      return policy.requirements(for: field, locale: locale).map {
        Row(code: $0.code, text: $0.text, severity: $0.severity, state: nil)
      }
    }
    return policy.checklist(for: field, values: values, locale: locale).map {
      Row(code: $0.code, text: $0.text, severity: $0.severity, state: $0.state)
    }
  }
}
