/// Validates JSON Lines records one after another and collects each report's JSON line,
/// the engine of `validate --jsonl`.
///
/// Every record runs on the policy's one compiled plan. Most records are read as byte
/// ranges of the line (`RecordScanner`) and their report is written with memoised
/// failure objects; a record of an unusual shape (an unknown key, a number, an escaped
/// key…) is parsed by the general JSON parser instead and its report written by
/// `Report.write(to:locale:)`. Both write the same bytes; a test checks it on a
/// 100,000-record corpus.
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
  /// `nil` for plain reports; else applied after either path wrote a report.
  @exclusivity(unchecked) private var framer: ReportFramer?
  /// What the reports carry besides the verdict.
  package let options: BulkReportOptions

  /// - Parameters:
  ///   - policy: the compiled rules; one policy can serve validators on many threads.
  ///   - locale: the language of the messages, negotiated as `Report.write(to:locale:)` does.
  ///   - fastPath: `false` parses every record with the general JSON parser and writes it
  ///     with `Report.write(to:locale:)` (for comparisons).
  package init(policy: Policy, locale: String, fastPath: Bool = true) {
    self.policy = policy
    self.locale = locale
    engine = BulkEngine(policy: policy, locale: locale, fastPath: fastPath)
    options = BulkReportOptions()
  }

  /// A validator whose reports carry kept members of each record, or only invalid records
  /// (``BulkReportOptions``).
  /// - Throws: ``BulkReportOptions/SensitiveFieldError`` when `options` keeps a sensitive field.
  package init(policy: Policy, locale: String, options: BulkReportOptions, fastPath: Bool = true)
    throws(BulkReportOptions.SensitiveFieldError)
  {
    try options.check(against: policy)
    self.policy = policy
    self.locale = locale
    self.options = options
    engine = BulkEngine(policy: policy, locale: locale, fastPath: fastPath)
    framer = options.isPlain ? nil : ReportFramer(options: options)
  }

  deinit {
    engine.deallocate()
    framer?.deallocate()
  }

  /// Whether records are read by the record scanner (always, unless a field name needs
  /// escaping or `fastPath` was `false`).
  package var usesFastPath: Bool { engine.fast != nil }

  /// How many records the record scanner read, for tests and diagnostics.
  package var fastRecords: Int { engine.fastRecords }

  /// The output collected since the last ``removeOutput()``: one JSON line per record.
  /// Valid until the next call on the validator.
  package var output: UnsafeRawBufferPointer { engine.output.bytes }

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
  package func validate(line: UnsafeBufferPointer<UInt8>, number: Int) -> Outcome {
    if framer == nil { return engine.validate(line: line, number: number) }
    let start = engine.output.count
    let outcome = engine.validate(line: line, number: number)
    framer?.frame(line: line, number: number, outcome: outcome, output: &engine.output, reportStart: start)
    return outcome
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

  deinit { storage.deallocate() }

  /// Valid until the buffer is next changed.
  package var bytes: UnsafeRawBufferPointer { storage.bytes }

  package func append(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    storage.append(base, count: bytes.count)
  }

  package func removeAll() { storage.removeAll() }
}

/// The state of a ``BulkValidator``, a value so that its hot loop works on local memory.
struct BulkEngine {
  static let outputCapacity = 1 << 20

  let policy: Policy
  let locale: String
  var output = ByteBuffer(capacity: BulkEngine.outputCapacity)
  private var general = JSONWriter()
  var fast: FastPath?
  var fastRecords = 0

  init(policy: Policy, locale: String, fastPath: Bool) {
    self.policy = policy
    self.locale = locale
    fast = fastPath ? FastPath(policy: policy, language: policy.negotiateLocale([locale])) : nil
  }

  func deallocate() {
    output.deallocate()
    fast?.deallocate()
  }

  mutating func validate(line: UnsafeBufferPointer<UInt8>, number: Int) -> BulkValidator.Outcome {
    if let outcome = fast?.validate(line: line, policy: policy, into: &output) {
      fastRecords += 1
      return outcome
    }
    return write(policy.validate(jsonRecord: line, line: number))
  }

  mutating func write(_ report: Report) -> BulkValidator.Outcome {
    general.bytes.removeAll(keepingCapacity: true)
    report.write(to: &general, locale: locale)
    general.bytes.append(0x0A)
    output.append(general.bytes)
    if report.formErrors.contains(where: { $0.code == "input.malformed" }) { return .malformed }
    return report.isValid ? .valid : .invalid
  }
}

/// The bulk side of the plan: the record scanner, scratch memory for one record, the
/// pre-rendered field keys and the render cache, around the policy's shared `Plan`.
struct FastPath {
  let plan: Plan
  let language: String
  /// Per field and validity, what the general writer writes before the value (or, for
  /// a sensitive field, before the failures): `"email":{"valid":true,"value":`.
  private var heads: ByteBuffer
  private let headRanges: [Range<Int>]
  private var scanner: RecordScanner
  private let values: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>?>
  private let oversized: UnsafeMutablePointer<Bool>
  private let fieldValid: UnsafeMutablePointer<Bool>
  private let pending: UnsafeMutablePointer<Plan.Pending>
  private var cache = FailureRenderCache()
  private var arena = TransformArena()
  private var extras: [Failure] = []

  /// `nil` when a field name would need escaping.
  init?(policy: Policy, language: String) {
    let plan = policy.plan
    guard let scanner = RecordScanner(fieldNames: plan.names) else { return nil }
    self.plan = plan
    self.scanner = scanner
    self.language = language
    var heads = ByteBuffer(capacity: 256)
    var headRanges: [Range<Int>] = []
    for (i, name) in plan.names.enumerated() {
      for valid in [false, true] {
        var head = JSONWriter()
        head.key(name)
        head.raw("{\"valid\":")
        head.bool(valid)
        if plan.fields[i].sensitive { head.raw(",\"errors\":[") } else { head.raw(",\"value\":") }
        headRanges.append(heads.count..<heads.count + head.bytes.count)
        heads.append(head.bytes)
      }
    }
    self.heads = heads
    self.headRanges = headRanges
    values = .allocate(capacity: max(plan.fieldCount, 1))
    values.initialize(repeating: nil)
    fieldValid = .allocate(capacity: max(plan.fieldCount, 1))
    fieldValid.initialize(repeating: true, count: max(plan.fieldCount, 1))
    oversized = .allocate(capacity: max(plan.fieldCount, 1))
    oversized.initialize(repeating: false, count: max(plan.fieldCount, 1))
    pending = .allocate(capacity: plan.pendingCapacity)
  }

  func deallocate() {
    scanner.deallocate()
    heads.deallocate()
    cache.deallocate()
    values.deallocate()
    fieldValid.deallocate()
    oversized.deallocate()
    pending.deallocate()
  }

  /// Validates one record and appends its report; `nil` (having written nothing) when
  /// the record needs the general path.
  mutating func validate(line: UnsafeBufferPointer<UInt8>, policy: Policy, into output: inout ByteBuffer)
    -> BulkValidator.Outcome?
  {
    guard scanner.scan(line) else { return nil }
    let fieldCount = plan.fieldCount
    let slots = scanner.slots
    for i in 0..<fieldCount { values[i] = slots[i].state == .string ? slots[i].bytes : nil }
    plan.transform(values, oversized: oversized, arena: &arena)
    defer { arena.reset() }
    if !extras.isEmpty { extras.removeAll(keepingCapacity: true) }
    let failures = plan.evaluate(
      values, oversized: oversized, pending: pending, fieldValid: fieldValid, extras: &extras)
    var recordValid = true
    for i in 0..<fieldCount where !fieldValid[i] { recordValid = false }
    // The report, as `Report.write(to:locale:)` writes it.
    if recordValid {
      output.append("{\"valid\":true,\"fields\":{")
    } else {
      output.append("{\"valid\":false,\"fields\":{")
    }
    var next = 0
    for i in 0..<fieldCount {
      if i > 0 { output.append(UInt8(ascii: ",")) }
      let head = headRanges[2 * i + (fieldValid[i] ? 1 : 0)]
      output.append(heads.base + head.lowerBound, count: head.count)
      if !plan.fields[i].sensitive {
        if let value = values[i] {
          // The line's own bytes need no escaping; decoded or normalized ones may.
          if slots[i].isPlain, Self.isWithin(value, slots[i].bytes) {
            output.appendQuoted(value)
          } else {
            output.appendJSONString(value)
          }
        } else {
          output.append("null")
        }
        output.append(",\"errors\":[")
      }
      var first = true
      while next < failures, Int(pending[next].field) == i {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        cache.write(pending[next], plan: plan, extras: extras, policy: policy, language: language, to: &output)
        next += 1
      }
      output.append("]}")
    }
    output.append("}}\n")
    return recordValid ? .valid : .invalid
  }

  /// Whether `part` lies inside `whole` (trimming keeps a value inside the line's bytes).
  @inline(__always)
  private static func isWithin(_ part: UnsafeBufferPointer<UInt8>, _ whole: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let p = part.baseAddress, let w = whole.baseAddress else { return part.isEmpty }
    return p >= w && p + part.count <= w + whole.count
  }
}
