import FormRules
import FormRulesBulk
import FormRulesExport
import FormRulesPassword
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `validate --rules FILE [--input FILE] [--jsonl] [--format text|json] [--locale ja|en] [--field NAME=VALUE]…`
enum ValidateCommand {
  static let spec = ArgumentSpec(
    valued: ["rules", "input", "format", "locale", "jobs", "only"], flags: ["jsonl", "version", "confine"],
    repeatable: ["field", "keep", "check"])

  /// `validate --help`: the words from the catalog (`cli.help.*`), options and examples as typed.
  static let help = HelpPage([
    .headed("cli.help.overview", "cli.help.validate.overview"), .blank,
    .usage([
      "validate --rules <file> [--input <file>] [--jsonl [--jobs <n>] [--keep <member>]… [--only invalid]]",
      "         [--format <format>] [--locale <locale>]",
      "validate <subcommand> --rules <file> …",
    ]), .blank,
    .heading("cli.help.options"),
    .row(.init(syntax: "--rules <file>", key: "cli.help.validate.rules", column: 22)),
    .row(.init(syntax: "--confine", key: "cli.help.validate.confine", column: 22)),
    .row(.init(syntax: "--input <file>", key: "cli.help.validate.input", column: 22)),
    .row(.init(syntax: "--jsonl", key: "cli.help.validate.jsonl", column: 22)),
    .row(.init(syntax: "--jobs <n>", key: "cli.help.validate.jobs", column: 22)),
    .row(.init(syntax: "--keep <member>", key: "cli.help.validate.keep", column: 22)),
    .row(.init(syntax: "--only invalid", key: "cli.help.validate.only", column: 22)),
    .row(.init(syntax: "--format <format>", key: "cli.help.validate.format", column: 22)),
    .row(.init(syntax: "--locale <locale>", key: "cli.help.locale", column: 22)),
    .row(.init(syntax: "--field <name=value>", key: "cli.help.validate.field", column: 22)),
    .row(.init(syntax: "--check <name=result>", key: "cli.help.validate.check", column: 22)),
    .row(.init(syntax: "--version", key: "cli.help.validate.version", column: 22)),
    .row(.init(syntax: "-h, --help", key: "cli.help.help", column: 22)), .blank,
    .heading("cli.help.subcommands"), .subcommands, .blank,
    .headed("cli.help.exitStatus", "cli.help.validate.exitStatus"), .blank,
    .heading("cli.help.examples"),
    .typed(#"  echo '{"email": " taro@example.jp ", "password": "abc123"}' | validate --rules Rules/login.json"#),
    .typed("  validate --rules Rules/signup.json --jsonl --input users.jsonl > reports.jsonl"),
    .typed("  validate --confine --rules uploads/tenant-42/rules.json < input.json"),
    .typed("  validate --rules signup-app.json --check emailAvailable=pass < input.json"),
    .typed("  validate --rules Rules/signup.json --jsonl --jobs 1 < part-0001 > part-0001.out"),
    .typed("  validate --rules Rules/signup.json --jsonl --keep id --only invalid < users.jsonl > invalid.jsonl"),
    .typed("  validate --rules Rules/login.json --field email=taro@example.jp --format text < /dev/null"),
    .typed(#"  echo '{"email": "taro@example"}' | validate --rules Rules/login.json --format problem --locale ja"#),
    .typed("  validate --version"),
  ])

  static func run(_ arguments: [String]) -> Int32 {
    let options: ParsedArguments
    do {
      options = try spec.parse(arguments)
    } catch {
      Console.fail(error.message, hint: error.hint ?? Words.text("cli.seeHelp", ["command": "validate"]))
      return ExitCode.trouble
    }
    if options.help {
      Console.print(help.render())
      return ExitCode.valid
    }
    if options.has("version") {
      Console.print("validate \(formRulesVersion)")
      return ExitCode.valid
    }
    do throws(UsageError) {
      let rulesPath = try options.required("rules", example: "validate --rules Rules/login.json < input.json")
      let format =
        try options.choice("format", ["text", "json", "problem"])
        ?? (Console.isTerminal(STDOUT_FILENO) ? "text" : "json")
      // Checked before the rules load: a wrong option is a usage error whatever the rules say.
      let jobCount = try jobs(options.value("jobs"))
      if options.value("jobs") != nil, !options.has("jsonl") {
        throw UsageError(
          message: Words.text("cli.jobsJSONLOnly"),
          hint: Words.text(
            "cli.forExample", ["example": "validate --rules Rules/signup.json --jsonl --jobs 4 < users.jsonl"]))
      }
      guard let policy = loadPolicy(rulesPath, confine: options.has("confine")) else { return ExitCode.trouble }
      let locale = resolveLocale(options.value("locale"), policy: policy)
      let overrides = try fieldOverrides(options.all("field"), policy: policy)
      let reportOptions = try bulkReportOptions(options, policy: policy, format: format)
      if options.has("jsonl") {
        if !overrides.isEmpty { throw UsageError(message: Words.text("cli.notCombined", ["option": "--field"])) }
        if !options.all("check").isEmpty {
          throw UsageError(message: Words.text("cli.notCombined", ["option": "--check"]))
        }
        if format == "problem" {
          throw UsageError(message: Words.text("cli.problemNotJSONL"), hint: Words.text("cli.useJSONWithJSONL"))
        }
        return try runLines(
          policy: policy, inputPath: options.value("input"), format: format, locale: locale,
          jobs: jobCount, options: reportOptions)
      }
      return try runDocument(
        policy: policy, inputPath: options.value("input"), overrides: overrides, format: format, locale: locale,
        checkStubs: try checkStubs(options.all("check")))
    } catch {
      Console.fail(error.message, hint: error.hint ?? Words.text("cli.seeHelp", ["command": "validate"]))
      return ExitCode.trouble
    }
  }

  /// `--keep MEMBER…` and `--only invalid`: JSON Lines with JSON reports only, and never
  /// a sensitive field.
  static func bulkReportOptions(_ options: ParsedArguments, policy: Policy, format: String) throws(UsageError)
    -> BulkReportOptions
  {
    let keep = options.all("keep")
    let only = try options.choice("only", ["invalid"])
    if keep.isEmpty && only == nil { return BulkReportOptions() }
    let option = keep.isEmpty ? "--only" : "--keep"
    guard options.has("jsonl") else {
      throw UsageError(
        message: Words.text("cli.jsonlOnly", ["option": option]),
        hint: Words.text(
          "cli.forExample",
          ["example": "validate --rules Rules/signup.json --jsonl --keep id --only invalid < users.jsonl"]))
    }
    guard format == "json" else {
      throw UsageError(message: Words.text("cli.needsJSON", ["option": option, "format": format]))
    }
    if let empty = keep.first(where: \.isEmpty) {
      throw UsageError(message: Words.text("cli.keepNeedsMember", ["value": empty]))
    }
    let result = BulkReportOptions(keep: keep, onlyInvalid: only == "invalid")
    do {
      try result.check(against: policy)
    } catch {
      throw UsageError(
        message: Words.text("cli.keepSensitive", ["name": error.field]), hint: Words.text("cli.keepSensitive.hint"))
    }
    return result
  }

  /// `--check NAME=pass|fail`: stubbed answers for the app's named checks.
  static func checkStubs(_ assignments: [String]) throws(UsageError) -> [String: Bool] {
    var stubs: [String: Bool] = [:]
    for assignment in assignments {
      let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2, !parts[0].isEmpty, parts[1] == "pass" || parts[1] == "fail" else {
        throw UsageError(
          message: Words.text("cli.checkAssignment", ["value": assignment]),
          hint: Words.text("cli.forExample", ["example": "--check emailAvailable=pass"]))
      }
      stubs[parts[0]] = parts[1] == "pass"
    }
    return stubs
  }

  /// Says on standard error which named checks were due but not run.
  static func noteChecksNotRun(_ checks: [CheckNotRun]) {
    for check in checks {
      Console.printError(
        Words.text(
          "cli.note", ["message": Words.text("cli.checkNotRun", ["check": check.check, "field": check.field])]))
    }
  }

  /// `--field NAME=VALUE`, refused for sensitive fields: the value would show in the process list.
  static func fieldOverrides(_ assignments: [String], policy: Policy) throws(UsageError) -> [String: String] {
    var values: [String: String] = [:]
    for assignment in assignments {
      guard let eq = assignment.firstIndex(of: "=") else {
        throw UsageError(
          message: Words.text("cli.fieldNeedsAssignment"),
          hint: Words.text("cli.forExample", ["example": "--field email=taro@example.jp"]))
      }
      let name = String(assignment[..<eq])
      // Byte for byte, as input keys: `policy.field` alone matches canonically equivalent names.
      guard let field = policy.field(name), field.name.utf8.elementsEqual(name.utf8) else {
        throw UsageError(
          message: Words.text("cli.noField.rules", ["name": name]),
          hint: Words.text("cli.fields", ["fields": Words.list(policy.fieldNames)]))
      }
      if field.sensitive {
        throw UsageError(
          message: Words.text("cli.fieldSensitive", ["name": name]),
          hint: Words.text(
            "cli.fieldSensitive.hint", ["example": "echo '{\"\(name)\": \"…\"}' | validate --rules …"]))
      }
      values[name] = String(assignment[assignment.index(after: eq)...])
    }
    return values
  }

  static func openInput(_ path: String?) throws(UsageError) -> Int32 {
    guard let path, path != "-" else { return STDIN_FILENO }
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw unreadableInput(path, errno) }
    return fd
  }

  static func runDocument(
    policy: Policy, inputPath: String?, overrides: [String: String], format: String, locale: String,
    checkStubs: [String: Bool] = [:]
  ) throws(UsageError) -> Int32 {
    var values: [String: String?] = [:]
    let readsStdin = inputPath == nil && !(overrides.isEmpty == false && Console.isTerminal(STDIN_FILENO))
    if inputPath != nil || readsStdin {
      values = try readDocument(policy: policy, path: inputPath, blankIsEmpty: !overrides.isEmpty)
    }
    for (name, value) in overrides { values[name] = value }
    let report = policy.validate(values, checkStubs: checkStubs)
    noteChecksNotRun(report.checksNotRun)
    if format == "problem" {
      // A valid document is not a problem: nothing to print, exit status 0.
      if case .problem(let problem) = report.response(locale: locale) { Console.write(problem.bytes + [0x0A]) }
    } else if format == "json" {
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

  /// Reads one input document: a JSON object of strings or nulls, from a file or stdin.
  static func readDocument(policy: Policy, path: String?, blankIsEmpty: Bool = false) throws(UsageError) -> [String:
    String?]
  {
    let fd = try openInput(path)
    defer { if fd != STDIN_FILENO { close(fd) } }
    let bytes = try readAll(fd, path: path)
    if blankIsEmpty, bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [:] }
    switch policy.decode(record: bytes) {
    case .success(let decoded): return decoded
    case .failure(let malformed) where malformed.reason == JSONSyntaxError.Reason.utf16.rawValue:
      throw UsageError(
        message: Words.text("cli.notStrings", ["reason": describe(malformed)]),
        hint: Words.text("cli.forExample", ["example": "iconv -f UTF-16 -t UTF-8 input.json > input-utf8.json"]))
    case .failure(let malformed):
      throw UsageError(
        message: Words.text("cli.notStrings", ["reason": describe(malformed)]),
        hint: Words.text("cli.expectedObject", ["example": "{\"email\": \"taro@example.jp\"}"]))
    }
  }

  /// Why a document was refused, in words; names positions and fields, never values.
  static func describe(_ malformed: MalformedRecord) -> String {
    var text: String
    switch malformed.reason {
    case "notObject": text = Words.text("cli.input.notObject")
    case "notString": text = Words.text("cli.input.notString", ["field": malformed.field ?? "?"])
    default:
      text =
        JSONSyntaxError.Reason(rawValue: malformed.reason).map { _ in Words.text("cli.json.\(malformed.reason)") }
        ?? malformed.reason
    }
    if let line = malformed.line, let column = malformed.column,
      malformed.reason != JSONSyntaxError.Reason.utf16.rawValue
    {
      text = Words.text("cli.input.at", ["reason": text, "line": String(line), "column": String(column)])
    }
    return text
  }

  /// Reads to the end; a failed read (a directory, an I/O error) is an unreadable input,
  /// not an empty document.
  static func readAll(_ fd: Int32, path: String?) throws(UsageError) -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = Descriptor.read(fd, into: &chunk)
      if n < 0, errno == EINTR { continue }
      if n < 0, errno == EAGAIN || errno == EWOULDBLOCK {
        LineReader.waitUntilReadable(fd)
        continue
      }
      if n < 0 { throw unreadableInput(path, errno) }
      if n == 0 { break }
      // A document is one form's values: `/dev/zero` or a runaway pipe must not fill memory.
      // The bound is far above the per-value limit, so a 10 MB value still gets input.tooLong.
      guard result.count + n <= InputRecord.maxDocumentBytes else {
        throw UsageError(
          message: Words.text(
            "cli.tooLarge", ["source": inputSource(path), "size": String(InputRecord.maxDocumentBytes >> 20)]),
          hint: Words.text("cli.tooLarge.hint"))
      }
      result.append(contentsOf: chunk[0..<n])
    }
    return result
  }

  /// `--jobs N`: a positive number, by default the number of cores.
  static func jobs(_ value: String?) throws(UsageError) -> Int {
    guard let value else { return max(ProcessInfo.processInfo.activeProcessorCount, 1) }
    guard let n = Int(value), n >= 1, n <= 256 else {
      throw UsageError(message: Words.text("cli.jobsRange", ["value": value]))
    }
    return n
  }

  static func unreadableInput(_ path: String?, _ error: Int32) -> UsageError {
    UsageError(
      message: Words.text(
        "cli.cannotRead", ["source": inputSource(path), "reason": Words.systemError(error)]))
  }

  /// `input 'FILE'` or `standard input`, in the tool's language.
  static func inputSource(_ path: String?) -> String {
    path.map { Words.text("cli.inputFile", ["path": $0]) } ?? Words.text("cli.stdin")
  }

  static func runLines(
    policy: Policy, inputPath: String?, format: String, locale: String, jobs: Int,
    options: BulkReportOptions = BulkReportOptions()
  ) throws(UsageError) -> Int32 {
    if policy.hasNamedChecks {
      Console.printError(
        Words.text("cli.note", ["message": Words.text("cli.checksNotRunJSONL", ["example": "{\"check\": …}"])]))
    }
    let fd = try openInput(inputPath)
    defer { if fd != STDIN_FILENO { close(fd) } }
    let style = Style(enabled: Console.usesColor)
    StopSignals.install()
    let (summary, readError) = LinePipeline.run(
      fd: fd, jobs: jobs, flushEachRecord: Console.isTerminal(STDOUT_FILENO), waitForInput: StopSignals.waitForInput,
      write: { Console.write($0, to: STDOUT_FILENO) }
    ) { () -> LineRenderer in
      if format == "json" {
        // The options were checked against the policy already.
        return (try? BulkValidator(policy: policy, locale: locale, options: options))
          ?? BulkValidator(policy: policy, locale: locale)
      }
      return TextLineRenderer(policy: policy, locale: locale, style: style)
    }
    if let readError {
      throw unreadableInput(inputPath, readError)
    }
    Console.printError(
      Words.text(
        "cli.summary",
        [
          "records": String(summary.records), "valid": String(summary.valid), "invalid": String(summary.invalid),
          "malformed": String(summary.malformed),
        ]))
    if StopSignals.received != 0 { return 128 + StopSignals.received }
    return summary.invalid == 0 ? ExitCode.valid : ExitCode.invalid
  }
}

/// The terminal form of a report: one line per message, a mark (`✗` an error, `!` a warning),
/// the field's label, and the message in its inline form (the label is already in front of it):
/// `✗ パスワード: 8文字以上で入力してください。`. A field with nothing to say is one `✓` line.
enum TextReport {
  static func render(_ report: Report, policy: Policy, locale: String, style: Style) -> String {
    var text = ""
    for failure in report.formErrors {
      let mark = failure.severity == .warning ? style.yellow("!") : style.red("✗")
      text +=
        mark + " "
        + DisplayText.escapingControls(policy.catalog.render(failure, label: nil, locale: locale, style: .labeled))
        + "\n"
    }
    // Japanese sentences follow each other without a space.
    let separator = MessageCatalog.negotiate([locale], default: "en") == "ja" ? "" : " "
    for field in report.fields {
      // Labels and messages come from the rules file: escaped, so that one message is one line
      // and no escape sequence reaches the terminal.
      let label = DisplayText.escapingControls(policy.label(of: field.name, locale: locale))
      if field.failures.isEmpty {
        text += "\(style.green("✓")) \(style.bold(label))\n"
        continue
      }
      // Errors first, then warnings: what blocks the form before what is advised.
      for failure in field.errors + field.warnings {
        // A strength failure's message is its warning; the first useful suggestion follows it.
        var message = DisplayText.escapingControls(
          policy.message(for: failure, field: field.name, locale: locale, style: .inline))
        if let suggestion = policy.catalog.firstUsefulSuggestion(for: failure, locale: locale) {
          message += separator + DisplayText.escapingControls(suggestion)
        }
        let mark = failure.severity == .warning ? style.yellow("!") : style.red("✗")
        text += "\(mark) \(style.bold(label)): \(message)\n"
      }
    }
    return text
  }
}

/// `--format text` under `--jsonl`: a `# N` header, then the text report.
final class TextLineRenderer: LineRenderer {
  let policy: Policy
  let locale: String
  let style: Style
  private var buffer: [UInt8] = []

  var pendingBytes: Int { buffer.count }

  func drain(_ body: (ByteView) -> Void) {
    ByteView.with(buffer, body)
    buffer.removeAll(keepingCapacity: true)
  }

  func drain(into target: ReportBuffer) {
    target.removeAll()
    drain { target.append($0) }
  }

  init(policy: Policy, locale: String, style: Style) {
    self.policy = policy
    self.locale = locale
    self.style = style
  }

  func render(line: ByteView?, number: Int) -> BulkValidator.Outcome {
    let report =
      line.map { policy.validate(jsonRecord: $0, line: number) }
      ?? policy.report(formErrors: [MalformedRecord(reason: "lineTooLong").failure(line: number)])
    buffer.append(contentsOf: "# \(number)\n".utf8)
    buffer.append(contentsOf: TextReport.render(report, policy: policy, locale: locale, style: style).utf8)
    if report.formErrors.contains(where: { $0.code == "input.malformed" }) { return .malformed }
    return report.isValid ? .valid : .invalid
  }
}
