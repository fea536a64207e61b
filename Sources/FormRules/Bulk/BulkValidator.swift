/// Validates JSON Lines records one after another and collects each report's JSON line,
/// the engine of `validate --jsonl`.
///
/// Most records take a fast path: the fields are read as byte ranges of the line
/// (``RecordScanner``), transformed and checked as bytes (``UTF8CheckableRule``), and the
/// report is written with memoised failure objects. A record the fast path cannot take
/// with certainty — an unusual shape, a value over the size limit, a value to normalize —
/// goes through the general path (`Policy.validate(jsonRecord:line:)` and
/// `Report.write(to:locale:)`), and so does every record of a policy with a rule or a
/// composite the fast path does not know. Both paths write the same bytes; a test checks
/// it on a 100,000-record corpus.
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
public final class BulkValidator {
  /// What one record came to, for the summary line.
  public enum Outcome: Sendable, Equatable {
    case valid
    case invalid
    /// Not a JSON object of strings; it counts as invalid too.
    case malformed
  }

  public let policy: Policy
  public let locale: String
  // Records go by millions; the engine is only ever reached through this object's
  // methods, one thread at a time, so the runtime exclusivity check is pure overhead.
  @exclusivity(unchecked) private var engine: BulkEngine

  /// - Parameters:
  ///   - locale: the language of the messages, negotiated as `Report.write(to:locale:)` does.
  ///   - fastPath: `false` sends every record through the general path (for comparisons).
  public init(policy: Policy, locale: String, fastPath: Bool = true) {
    self.policy = policy
    self.locale = locale
    engine = BulkEngine(policy: policy, locale: locale, fastPath: fastPath)
  }

  deinit { engine.deallocate() }

  /// Whether the policy lets records take the fast path at all.
  public var usesFastPath: Bool { engine.fast != nil }

  /// How many records took the fast path, for tests and diagnostics.
  public var fastRecords: Int { engine.fastRecords }

  /// The output collected since the last ``removeOutput()``: one JSON line per record.
  /// Valid until the next call on the validator.
  public var output: UnsafeRawBufferPointer { engine.output.bytes }

  /// Empties ``output`` (typically after writing it), keeping a modest capacity.
  public func removeOutput() {
    engine.output.removeAll()
    engine.output.shrink(to: BulkEngine.outputCapacity)
  }

  /// Validates one line (without its newline) and appends the report's JSON and `\n` to ``output``.
  /// - Parameter number: the 1-based line number, quoted in an `input.malformed` failure.
  public func validate(line: UnsafeBufferPointer<UInt8>, number: Int) -> Outcome {
    engine.validate(line: line, number: number)
  }

  /// Appends the report of a line that was too long to read.
  public func validateTooLongLine(number: Int) -> Outcome {
    engine.write(policy.report(formErrors: [MalformedRecord(reason: "lineTooLong").failure(line: number)]))
  }
}

/// The state of a ``BulkValidator``, a value so that its hot loop works on local memory.
struct BulkEngine {
  static let outputCapacity = 1 << 21

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

/// A policy compiled for the fast path: flat lists of byte-level rules, held in memory
/// that needs no reference counting while records go by.
struct FastPath {
  struct Field {
    var trim: Bool
    var normalizes: Bool
    var sensitive: Bool
    var bail: Bool
    var leaves: Range<Int>
    /// `"name":{"valid":` in `constants`, as the general writer starts a field.
    var keyStart: Int
    var keyCount: Int
  }

  struct Leaf {
    /// The rule, boxed so a call needs neither an existential copy nor reference counting;
    /// `boxes` keeps it alive.
    var check: Unmanaged<LeafCheck>
    var rule: any UTF8CheckableRule
    var checksEmptyValue: Bool
    var severity: Severity
    var message: LocalizedText?
    var condition: FastCondition?
    var field: Int
  }

  /// A failed rule of the current record: which leaf, which variant.
  private struct Pending {
    var leaf: Int
    var variant: Int
  }

  let language: String
  let names: [String]
  let fields: UnsafeMutableBufferPointer<Field>
  let leaves: UnsafeMutableBufferPointer<Leaf>
  let leafCount: Int
  private let boxes: [LeafCheck]
  let maxValueBytes: Int
  private var constants: ByteBuffer
  private var scanner: RecordScanner
  private let record: RecordValues
  private let fieldValid: UnsafeMutableBufferPointer<Bool>
  /// One entry per leaf at most, since a leaf fails once per record.
  private let pending: UnsafeMutableBufferPointer<Pending>
  private var cache = FailureRenderCache()

  /// `nil` when a rule lacks a byte-level check, a field has a composite (`allOf`,
  /// `anyOf`, `not`), or a field name would need escaping.
  init?(policy: Policy, language: String) {
    var leafList: [Leaf] = []
    var boxes: [LeafCheck] = []
    var fieldList: [Field] = []
    var constants = ByteBuffer(capacity: 256)
    for (f, spec) in policy.fields.enumerated() {
      let first = leafList.count
      for node in spec.rules {
        guard case .rule(let rule) = node.kind, let checkable = rule as? any UTF8CheckableRule else {
          constants.deallocate()
          return nil
        }
        let box = LeafCheck.make(checkable)
        boxes.append(box)
        leafList.append(
          Leaf(
            check: Unmanaged.passUnretained(box), rule: checkable, checksEmptyValue: type(of: rule).checksEmptyValue,
            severity: node.severity,
            message: node.message, condition: node.condition.map { FastCondition($0, names: policy.fieldNames) },
            field: f))
      }
      var key = JSONWriter()
      key.key(spec.name)
      key.raw("{\"valid\":")
      fieldList.append(
        Field(
          trim: spec.trim, normalizes: spec.normalize != .none, sensitive: spec.sensitive, bail: spec.bail,
          leaves: first..<leafList.count, keyStart: constants.count, keyCount: key.bytes.count))
      constants.append(key.bytes)
    }
    guard let scanner = RecordScanner(fieldNames: policy.fieldNames) else {
      constants.deallocate()
      return nil
    }
    self.scanner = scanner
    self.constants = constants
    self.language = language
    names = policy.fieldNames
    fields = .allocate(capacity: max(fieldList.count, 1))
    _ = fields.initialize(from: fieldList)
    leaves = .allocate(capacity: max(leafList.count, 1))
    _ = leaves.initialize(from: leafList)
    leafCount = leafList.count
    self.boxes = boxes
    fieldValid = .allocate(capacity: max(fieldList.count, 1))
    fieldValid.initialize(repeating: true)
    pending = .allocate(capacity: max(leafList.count, 1))
    record = RecordValues(names: policy.fieldNames)
    maxValueBytes = policy.ruleSet.limits.maxValueBytes
  }

  func deallocate() {
    scanner.deallocate()
    constants.deallocate()
    cache.deallocate()
    fields.deallocate()
    UnsafeMutableBufferPointer(rebasing: leaves[0..<leafCount]).deinitialize()
    leaves.deallocate()
    fieldValid.deallocate()
    pending.deallocate()
  }

  /// Validates one record and appends its report; `nil` (having written nothing) when
  /// the record needs the general path.
  mutating func validate(line: UnsafeBufferPointer<UInt8>, policy: Policy, into output: inout ByteBuffer)
    -> BulkValidator.Outcome?
  {
    guard scanner.scan(line) else { return nil }
    let fieldCount = names.count
    let values = record.values
    let slots = scanner.slots
    // Transforms, as `Policy.prepare` applies them.
    for i in 0..<fieldCount {
      guard slots[i].state == .string else {
        values[i] = nil
        continue
      }
      var bytes = slots[i].bytes
      if bytes.count > maxValueBytes { return nil }
      if fields[i].normalizes && !UTF8Text.isASCII(bytes) { return nil }
      if fields[i].trim { bytes = UTF8Text.trimmingWhitespace(bytes) }
      values[i] = bytes
    }
    // Rules, as `Policy.evaluate` and `Evaluator` run leaf nodes.
    var pendingCount = 0
    var recordValid = true
    for i in 0..<fieldCount {
      let subject = UTF8Subject(value: values[i] ?? UTF8Text.empty, isSensitive: fields[i].sensitive, record: record)
      var valid = true
      for k in fields[i].leaves {
        if let condition = leaves[k].condition, !condition.holds(in: record) { continue }
        guard !subject.value.isEmpty || leaves[k].checksEmptyValue else { continue }
        guard let variant = leaves[k].check._withUnsafeGuaranteedRef({ $0.check(subject) }) else { continue }
        pending[pendingCount] = Pending(leaf: k, variant: variant)
        pendingCount += 1
        if leaves[k].severity == .error {
          valid = false
          if fields[i].bail { break }
        }
      }
      fieldValid[i] = valid
      recordValid = recordValid && valid
    }
    // The report, as `Report.write(to:locale:)` writes it.
    output.append("{\"valid\":")
    output.append(bool: recordValid)
    output.append(",\"fields\":{")
    var next = 0
    for i in 0..<fieldCount {
      if i > 0 { output.append(UInt8(ascii: ",")) }
      output.append(constants.base + fields[i].keyStart, count: fields[i].keyCount)
      output.append(bool: fieldValid[i])
      if !fields[i].sensitive {
        output.append(",\"value\":")
        if let value = values[i] { output.appendJSONString(value) } else { output.append("null") }
      }
      output.append(",\"errors\":[")
      var first = true
      while next < pendingCount, leaves[pending[next].leaf].field == i {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        let k = pending[next].leaf
        cache.write(
          slot: k, variant: pending[next].variant, rule: leaves[k].rule, severity: leaves[k].severity,
          message: leaves[k].message, field: names[i], policy: policy, language: language, to: &output)
        next += 1
      }
      output.append("]}")
    }
    output.append("}}\n")
    return recordValid ? .valid : .invalid
  }
}

/// A rule's `when`, evaluated on bytes as ``Condition`` evaluates it on strings.
struct FastCondition {
  var field: Int?
  var equals: [UInt8]?
  var notEmpty: Bool?

  init(_ condition: Condition, names: [String]) {
    field = names.firstIndex(of: condition.field)
    equals = condition.equals.map { Array($0.utf8) }
    notEmpty = condition.notEmpty
  }

  func holds(in record: RecordValues) -> Bool {
    let value = field.flatMap { record.values[$0] } ?? UTF8Text.empty
    if let equals, !equals.withUnsafeBufferPointer({ UTF8Text.equalStrings(value, $0) }) { return false }
    if let notEmpty, notEmpty == value.isEmpty { return false }
    return true
  }
}

/// A rule behind a class reference, so the hot loop calls it through a vtable.
class LeafCheck {
  func check(_ subject: UTF8Subject) -> Int? { nil }

  static func make(_ rule: any UTF8CheckableRule) -> LeafCheck { box(rule) }

  private static func box<R: UTF8CheckableRule>(_ rule: R) -> LeafCheck { TypedLeafCheck(rule) }
}

private final class TypedLeafCheck<R: UTF8CheckableRule>: LeafCheck {
  let rule: R

  init(_ rule: R) { self.rule = rule }

  override func check(_ subject: UTF8Subject) -> Int? { rule.check(utf8: subject) }
}
