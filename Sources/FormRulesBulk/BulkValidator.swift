import FormRules

/// Validates JSON Lines records one after another and collects each report's JSON line,
/// the engine of `validate --jsonl`.
///
/// Every record takes one path (`RecordPath`): it is read into the same slots — as byte
/// ranges of the line by the record scanner, or by the general JSON parser when it has
/// another shape (a nested value, a number, an escaped key…) —, transformed and evaluated on
/// the policy's one compiled plan, and its report written by the one ``ReportWriter`` with
/// memoised failure objects. A line that is not an object of the rules' shape gets the
/// `input.malformed` report, from the same writer.
///
/// ```swift
/// let validator = BulkValidator(policy: policy, locale: "ja")
/// let outcome = validator.validate(line: bytes, number: 1)
/// validator.output   // the report's JSON and "\n"
/// validator.removeOutput()
/// ```
///
/// A validator reuses its buffers and is not thread-safe: give each thread its own. They
/// can all share one ``Policy``.
package final class BulkValidator {
  /// What one record came to, for the summary line.
  package enum Outcome: Sendable, Equatable {
    case valid
    case invalid
    /// Not a JSON object of strings; it counts as invalid too.
    case malformed
  }

  package let policy: Policy
  package let locale: String
  // Records go by millions; the engine is only ever reached through this object's
  // methods, one thread at a time, so the runtime exclusivity check is pure overhead.
  @exclusivity(unchecked) private var engine: BulkEngine
  /// `nil` for plain reports; else applied after the report is written.
  @exclusivity(unchecked) private var framer: ReportFramer?
  /// What the reports carry besides the verdict.
  package let options: BulkReportOptions

  /// - Parameters:
  ///   - policy: the compiled rules; one policy can serve validators on many threads.
  ///   - locale: the language of the messages, negotiated as `Report.json(locale:)` does.
  package init(policy: Policy, locale: String) {
    self.policy = policy
    self.locale = locale
    engine = BulkEngine(policy: policy, locale: locale)
    options = BulkReportOptions()
  }

  /// A validator whose reports carry kept members of each record, or only invalid records
  /// (``BulkReportOptions``).
  /// - Throws: ``BulkReportOptions/SensitiveFieldError`` when `options` keeps a sensitive field.
  package init(policy: Policy, locale: String, options: BulkReportOptions)
    throws(BulkReportOptions.SensitiveFieldError)
  {
    try options.check(against: policy)
    self.policy = policy
    self.locale = locale
    self.options = options
    engine = BulkEngine(policy: policy, locale: locale)
    framer = options.isPlain ? nil : ReportFramer(options: options)
  }

  /// Whether the record scanner reads records itself (unless a field name needs escaping);
  /// the records it does not read take the general parser into the same path.
  package var scansRecords: Bool { engine.records.scansRecords }

  /// How many records the record scanner read itself, for tests and diagnostics.
  package var scannedRecords: Int { engine.records.scannedRecords }

  /// The output collected since the last ``removeOutput()``: one JSON line per record.
  /// Valid until the next call on the validator.
  package var output: ByteView { engine.output.view(0..<engine.output.count) }

  /// The bytes a validator allocates for its output when it is created (a server budgets them).
  package static var outputCapacity: Int { BulkEngine.outputCapacity }

  /// Moves the collected output into `buffer` and continues in `buffer`'s old storage,
  /// emptied: a hand-over without copying the reports, for writers on another thread.
  package func exchangeOutput(with buffer: ReportBuffer) {
    swap(&engine.output, &buffer.storage)
    engine.output.removeAll()
    engine.output.shrink(to: BulkEngine.outputCapacity)
  }

  /// Empties ``output`` (typically after writing it), keeping a modest capacity.
  package func removeOutput() {
    engine.output.removeAll()
    engine.output.shrink(to: BulkEngine.outputCapacity)
  }

  /// Validates one line (without its newline) and appends the report's JSON and `\n` to ``output``.
  /// - Parameters:
  ///   - line: the record's bytes, valid only during the call.
  ///   - number: the 1-based line number, quoted in an `input.malformed` failure.
  package func validate(line: ByteView, number: Int) -> Outcome {
    if framer == nil { return engine.validate(line: line, number: number) }
    let start = engine.output.count
    let outcome = engine.validate(line: line, number: number)
    framer?.frame(line: line, number: number, outcome: outcome, output: &engine.output, reportStart: start)
    return outcome
  }

  /// ``validate(line:number:)-(ByteView,_)`` for a line in an array (a request body, a test).
  package func validate(line: [UInt8], number: Int) -> Outcome {
    ByteView.with(line) { validate(line: $0, number: number) }
  }

  /// Appends the report of a line that was too long to read.
  package func validateTooLongLine(number: Int) -> Outcome {
    let start = engine.output.count
    let outcome = engine.write(
      policy.report(formErrors: [MalformedRecord(reason: "lineTooLong").failure(line: number)]))
    framer?.frame(line: nil, number: number, outcome: outcome, output: &engine.output, reportStart: start)
    return outcome
  }
}

/// Bytes of reports that a ``BulkValidator`` hands over with
/// ``BulkValidator/exchangeOutput(with:)``.
package final class ReportBuffer {
  var storage: ByteBuffer

  package init(capacity: Int = 1 << 16) {
    storage = ByteBuffer(capacity: capacity)
  }

  /// Valid until the buffer is next changed.
  package var bytes: ByteView { storage.view(0..<storage.count) }

  package func append(_ bytes: ByteView) { storage.append(bytes) }

  package func removeAll() { storage.removeAll() }
}

/// The state of a ``BulkValidator``, a value so that its hot loop works on local memory. It
/// owns its buffers (`~Copyable`): they are freed once, with the validator that holds it.
struct BulkEngine: ~Copyable {
  static let outputCapacity = 1 << 20

  let policy: Policy
  let locale: String
  var output = ByteBuffer(capacity: BulkEngine.outputCapacity)
  var records: RecordPath

  init(policy: Policy, locale: String) {
    self.policy = policy
    self.locale = locale
    records = RecordPath(policy: policy, language: policy.negotiateLocale([locale]))
  }

  @inline(__always)
  mutating func validate(line: ByteView, number: Int) -> BulkValidator.Outcome {
    // A named check cannot run here: the one general path fails it closed with
    // check.unavailable, where the record path would leave it out.
    if policy.hasNamedChecks { return write(policy.validate(jsonRecord: line, line: number)) }
    return records.validate(line: line, number: number, into: &output)
  }

  /// Appends a report made outside the record path: a line too long to read.
  mutating func write(_ report: Report) -> BulkValidator.Outcome {
    report.write(to: &output, locale: locale)
    output.append(0x0A)
    if report.formErrors.contains(where: { $0.code == "input.malformed" }) { return .malformed }
    return report.isValid ? .valid : .invalid
  }
}

/// The one path of a bulk record: read into the scanner's slots (by the record scanner, or by
/// the general parser for any other shape), transformed and evaluated on the policy's shared
/// `Plan`, and written by ``ReportWriter`` with memoised failure objects. Only a line that is
/// not an object of the rules' shape takes another turn: its report is the `input.malformed`
/// one, written by the same writer.
///
/// It owns its memory (`~Copyable`), freed once by `deinit`.
struct RecordPath: ~Copyable {
  let plan: Plan
  let policy: Policy
  let language: String
  private var scanner: RecordScanner
  private let values: FixedArray<ByteView?>
  private let oversized: FixedArray<Bool>
  private let fieldValid: FixedArray<Bool>
  private let pending: FixedArray<Plan.Pending>
  private var cache = FailureRenderCache()
  private var arena = TransformArena()
  private var extras: [Failure] = []
  /// How many records the record scanner read itself, for tests and diagnostics.
  private(set) var scannedRecords = 0
  var scansRecords: Bool { scanner.scans }
  // The record being written (see `ReportContent`).
  private var recordValid = true
  private var scanned = false
  private var failureCount = 0
  private var nextFailure = 0

  init(policy: Policy, language: String) {
    let plan = policy.plan
    self.plan = plan
    self.policy = policy
    self.language = language
    scanner = RecordScanner(fieldNames: plan.names)
    values = FixedArray(repeating: nil, count: plan.fieldCount)
    fieldValid = FixedArray(repeating: true, count: plan.fieldCount)
    oversized = FixedArray(repeating: false, count: plan.fieldCount)
    pending = FixedArray(repeating: .none, count: plan.pendingCapacity)
  }

  /// Validates one record and appends its report and a newline.
  mutating func validate(line: ByteView, number: Int, into output: inout ByteBuffer)
    -> BulkValidator.Outcome
  {
    scanned = scanner.scan(line)
    if scanned {
      scannedRecords += 1
    } else {
      switch policy.decode(record: line) {
      case .success(let decoded): scanner.fill(decoded, names: plan.names)
      case .failure(let malformed):
        policy.report(formErrors: [malformed.failure(line: number)]).write(to: &output, locale: language)
        output.append(0x0A)
        return .malformed
      }
    }
    // Every array here has the plan's field count; checked once, so the loops need no check per index.
    let fieldCount = values.count
    precondition(scanner.slots.count == fieldCount && fieldValid.count == fieldCount, "slots out of step")
    for i in 0..<fieldCount { values[i] = scanner.slots[i].state == .string ? scanner.slots[i].bytes : nil }
    plan.transform(values.view, oversized: oversized.view, arena: &arena)
    defer { arena.reset() }
    if !extras.isEmpty { extras.removeAll(keepingCapacity: true) }
    failureCount = plan.evaluate(
      values.view, oversized: oversized.view, pending: pending.view, fieldValid: fieldValid.view, extras: &extras)
    recordValid = true
    for i in 0..<fieldCount where !fieldValid[i] { recordValid = false }
    nextFailure = 0
    // The policy holds the plan for longer than the record: no retain and release per record.
    Unmanaged.passUnretained(plan).borrow { plan in ReportWriter.write(&self, plan: plan, to: &output) }
    output.append(0x0A)
    return recordValid ? .valid : .invalid
  }
}

extension RecordPath: ReportContent {
  var isValid: Bool { recordValid }
  var hasFormErrors: Bool { false }
  var fieldCount: Int { plan.fieldCount }

  mutating func writeFormErrors(to output: inout ByteBuffer) {}

  @inline(__always)
  func isValid(field i: Int) -> Bool { fieldValid[i] }

  @inline(__always)
  func withValue<R>(field i: Int, _ body: (ByteView?, Bool) -> R) -> R {
    guard let value = values[i] else { return body(nil, false) }
    // The line's own bytes need no escaping (trimming keeps a value inside them); decoded or
    // normalized ones may.
    let slot = scanner.slots[i]
    return body(value, scanned && slot.isPlain && value.lies(within: slot.bytes))
  }

  /// The field's failures are the next ones in `pending`, which the plan fills in field order.
  @inline(__always)
  mutating func writeFailures(field i: Int, to output: inout ByteBuffer) {
    var first = true
    while nextFailure < failureCount, Int(pending[nextFailure].field) == i {
      if !first { output.append(UInt8(ascii: ",")) }
      first = false
      cache.write(pending[nextFailure], plan: plan, extras: extras, policy: policy, language: language, to: &output)
      nextFailure += 1
    }
  }
}
