import FormRules
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `validate --rules FILE [--input FILE] [--jsonl] [--format text|json] [--locale ja|en] [--field NAME=VALUE]…`
enum ValidateCommand {
  static let spec = ArgumentSpec(
    valued: ["rules", "input", "format", "locale"], flags: ["jsonl", "version"], repeatable: ["field"])

  static let help = """
    OVERVIEW: Validate form input against a rules file.

    USAGE: validate --rules <file> [--input <file>] [--jsonl] [--format <format>] [--locale <locale>]
           validate <subcommand> --rules <file> …

    OPTIONS:
      --rules <file>        The rules file (JSON). Required.
      --input <file>        Read the input from a file instead of standard input.
      --jsonl               The input is JSON Lines: one report per line, in order.
      --format <format>     text or json (default: text on a terminal, json otherwise).
      --locale <locale>     ja or en (default: LC_ALL / LC_MESSAGES / LANG, then the file's defaultLocale).
      --field <name=value>  Set a non-sensitive field from the command line (repeatable).
      --version             Print the version.
      --help                Show this help.

    SUBCOMMANDS:
      test       Run the examples a rules file carries.
      lint       Check a rules file and list every problem.
      explain    Print each field's requirements as a checklist.
      form       Fill in the form on the terminal.

    EXIT STATUS: 0 every record valid, 1 some record invalid, 2 usage or file error.

    EXAMPLES:
      echo '{"email": " taro@example.jp ", "password": "abc123"}' | validate --rules Rules/login.json
      validate --rules Rules/signup.json --jsonl --input users.jsonl > reports.jsonl
      validate --rules Rules/login.json --field email=taro@example.jp --format text < /dev/null
    """

  static func run(_ arguments: [String]) -> Int32 {
    let options: ParsedArguments
    do {
      options = try spec.parse(arguments)
    } catch {
      Console.fail(error.message, hint: error.hint ?? "See 'validate --help'.")
      return ExitCode.trouble
    }
    if options.help {
      Console.print(help)
      return ExitCode.valid
    }
    if options.has("version") {
      Console.print("validate \(formRulesVersion)")
      return ExitCode.valid
    }
    do throws(UsageError) {
      let rulesPath = try options.required("rules", example: "validate --rules Rules/login.json < input.json")
      let format =
        try options.choice("format", ["text", "json"])
        ?? (Console.isTerminal(STDOUT_FILENO) ? "text" : "json")
      guard let policy = loadPolicy(rulesPath) else { return ExitCode.trouble }
      let locale = resolveLocale(options.value("locale"), policy: policy)
      let overrides = try fieldOverrides(options.all("field"), policy: policy)
      if options.has("jsonl") {
        if !overrides.isEmpty { throw UsageError(message: "--field cannot be combined with --jsonl") }
        return try runLines(policy: policy, inputPath: options.value("input"), format: format, locale: locale)
      }
      return try runDocument(
        policy: policy, inputPath: options.value("input"), overrides: overrides, format: format, locale: locale)
    } catch {
      Console.fail(error.message, hint: error.hint ?? "See 'validate --help'.")
      return ExitCode.trouble
    }
  }

  /// `--field NAME=VALUE`, refused for sensitive fields: the value would show in the process list.
  static func fieldOverrides(_ assignments: [String], policy: Policy) throws(UsageError) -> [String: String] {
    var values: [String: String] = [:]
    for assignment in assignments {
      guard let eq = assignment.firstIndex(of: "=") else {
        throw UsageError(message: "--field needs NAME=VALUE", hint: "For example: --field email=taro@example.jp")
      }
      let name = String(assignment[..<eq])
      guard let field = policy.field(name) else {
        throw UsageError(
          message: "no field named '\(name)' in the rules file",
          hint: "Fields: \(policy.fieldNames.joined(separator: ", ")).")
      }
      if field.sensitive {
        throw UsageError(
          message: "--field refuses the sensitive field '\(name)': its value would be visible in the process list",
          hint: "Pass it on standard input instead: echo '{\"\(name)\": \"…\"}' | validate --rules …")
      }
      values[name] = String(assignment[assignment.index(after: eq)...])
    }
    return values
  }

  static func openInput(_ path: String?) throws(UsageError) -> Int32 {
    guard let path, path != "-" else { return STDIN_FILENO }
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else {
      throw UsageError(message: "cannot read input '\(path)': \(String(cString: strerror(errno)))")
    }
    return fd
  }

  static func runDocument(
    policy: Policy, inputPath: String?, overrides: [String: String], format: String, locale: String
  ) throws(UsageError) -> Int32 {
    var values: [String: String?] = [:]
    let readsStdin = inputPath == nil && !(overrides.isEmpty == false && Console.isTerminal(STDIN_FILENO))
    if inputPath != nil || readsStdin {
      let fd = try openInput(inputPath)
      let read = BoundedFile.read(fileDescriptor: fd, limit: InputRecord.maxDocumentBytes)
      if fd != STDIN_FILENO { close(fd) }
      let bytes: [UInt8]
      switch read {
      case .success(let all): bytes = all
      case .failure(let failure):
        throw UsageError(
          message: "cannot read input '\(inputPath ?? "-")': \(failure.message)",
          hint: failure == .tooLarge(limit: InputRecord.maxDocumentBytes)
            ? "Validate one JSON object per run, or use --jsonl for many records." : nil)
      }
      let isBlank = bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
      if !(isBlank && !overrides.isEmpty) {
        switch InputRecord.decode(bytes, knownFields: Set(policy.fieldNames)) {
        case .success(let decoded): values = decoded
        case .failure(let malformed):
          throw UsageError(
            message: malformed.explanation,
            hint: "Expected one object such as {\"email\": \"taro@example.jp\"}; use --jsonl for JSON Lines.")
        }
      }
    }
    for (name, value) in overrides { values[name] = value }
    let report = policy.validate(values)
    if format == "json" {
      var writer = JSONWriter()
      report.write(to: &writer, locale: locale)
      writer.bytes.append(0x0A)
      Console.write(writer.bytes)
    } else {
      Console.write(
        Array(TextReport.render(report, policy: policy, locale: locale, style: Style(enabled: Console.usesColor)).utf8))
    }
    return report.isValid ? ExitCode.valid : ExitCode.invalid
  }

  static func runLines(policy: Policy, inputPath: String?, format: String, locale: String) throws(UsageError) -> Int32 {
    let fd = try openInput(inputPath)
    defer { if fd != STDIN_FILENO { close(fd) } }
    var summary = Summary()
    var reader = LineReader(fileDescriptor: fd)
    var out = JSONWriter()
    let style = Style(enabled: Console.usesColor)
    reader.forEachLine { line in
      summary.records += 1
      let report: Report
      switch line {
      case .line(let bytes): report = policy.validate(jsonRecord: bytes, line: summary.records)
      case .tooLong:
        report = policy.report(formErrors: [MalformedRecord(reason: "lineTooLong").failure(line: summary.records)])
      }
      summary.count(report)
      if format == "json" {
        report.write(to: &out, locale: locale)
        out.bytes.append(0x0A)
      } else {
        out.bytes.append(contentsOf: "# \(summary.records)\n".utf8)
        out.bytes.append(contentsOf: TextReport.render(report, policy: policy, locale: locale, style: style).utf8)
      }
      if out.bytes.count >= 1 << 16 {
        Console.write(out.bytes)
        out.bytes.removeAll(keepingCapacity: true)
      }
    }
    Console.write(out.bytes)
    if let error = reader.readError {
      throw UsageError(message: "reading the input failed: \(String(cString: strerror(error)))")
    }
    Console.printError(summary.description)
    return summary.invalid == 0 ? ExitCode.valid : ExitCode.invalid
  }
}

/// Counts for the JSONL summary on stderr.
struct Summary: CustomStringConvertible {
  var records = 0
  var valid = 0
  var invalid = 0
  var malformed = 0

  mutating func count(_ report: Report) {
    if report.isValid { valid += 1 } else { invalid += 1 }
    if report.formErrors.contains(where: { $0.code == "input.malformed" }) { malformed += 1 }
  }

  var description: String { "records: \(records), valid: \(valid), invalid: \(invalid), malformed: \(malformed)" }
}

/// The terminal form of a report: one line per field, a mark, the label, the messages.
enum TextReport {
  static func render(_ report: Report, policy: Policy, locale: String, style: Style) -> String {
    var text = ""
    for failure in report.formErrors {
      text += style.red("✗") + " " + policy.catalog.render(failure, label: nil, locale: locale, style: .labeled) + "\n"
    }
    for field in report.fields {
      let label = policy.label(of: field.name, locale: locale)
      let mark = field.isValid ? (field.warnings.isEmpty ? style.green("✓") : style.yellow("!")) : style.red("✗")
      let messages = field.failures.map { policy.message(for: $0, field: field.name, locale: locale) }
      text += "\(mark) \(style.bold(label))"
      if !messages.isEmpty { text += ": " + messages.joined(separator: " ") }
      text += "\n"
    }
    return text
  }
}
