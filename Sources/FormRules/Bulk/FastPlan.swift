/// A policy compiled for byte-level evaluation: flat lists of ``UTF8CheckableRule``s in
/// memory that needs no reference counting while values go by.
///
/// Built once per ``Policy`` and only read afterwards, so every thread can use it; the
/// per-call state (values, failures) lives in the caller's scratch memory. `Policy.validate`
/// runs on it for single calls and ``BulkValidator`` for JSON Lines. A policy with a rule
/// that has no byte-level check, or with a composite (`allOf`, `anyOf`, `not`), gets no
/// plan and always takes the general path.
final class FastPlan: @unchecked Sendable {
  struct Field {
    var trim: Bool
    var normalizes: Bool
    var sensitive: Bool
    var bail: Bool
    var leaves: Range<Int>
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
    /// Tested first, so the common leaf without `when` never copies the optional.
    var hasCondition: Bool
    var field: Int
  }

  /// A failed rule: which leaf, which variant.
  struct Pending {
    var leaf: Int
    var variant: Int
  }

  let names: [String]
  /// The names again, in memory the hot loop reads without retaining an array that every
  /// thread shares (contended reference counts cost more than the lookups).
  private let nameList: UnsafeMutableBufferPointer<String>
  let fieldCount: Int
  let fields: UnsafeMutableBufferPointer<Field>
  let leaves: UnsafeMutableBufferPointer<Leaf>
  let leafCount: Int
  let maxValueBytes: Int
  private let boxes: [LeafCheck]

  init?(fields specs: [FieldSpec], limits: Limits) {
    let names = specs.map(\.name)
    var leafList: [Leaf] = []
    var boxes: [LeafCheck] = []
    var fieldList: [Field] = []
    for (f, spec) in specs.enumerated() {
      let first = leafList.count
      var normalizesLikeConfirmed = false
      for node in spec.rules {
        guard case .rule(let rule) = node.kind, var checkable = rule as? any UTF8CheckableRule else { return nil }
        // `sameAs` compares after the confirmed field's transforms too: its trim is applied
        // to the bytes, and a value its normalization could change takes the general path.
        if var same = rule as? SameAs, let confirmed = specs.first(where: { $0.name == same.other }) {
          same.trimsLikeConfirmed = confirmed.trim && !spec.trim
          checkable = same
          if confirmed.normalize != .none { normalizesLikeConfirmed = true }
        }
        let box = LeafCheck.make(checkable)
        boxes.append(box)
        leafList.append(
          Leaf(
            check: Unmanaged.passUnretained(box), rule: checkable, checksEmptyValue: type(of: rule).checksEmptyValue,
            severity: node.severity, message: node.message,
            condition: node.condition.map { FastCondition($0, names: names) }, hasCondition: node.condition != nil,
            field: f))
      }
      fieldList.append(
        Field(
          trim: spec.trim, normalizes: spec.normalize != .none || normalizesLikeConfirmed, sensitive: spec.sensitive,
          bail: spec.bail,
          leaves: first..<leafList.count))
    }
    self.names = names
    nameList = .allocate(capacity: max(names.count, 1))
    _ = nameList.initialize(from: names)
    fieldCount = names.count
    self.boxes = boxes
    fields = .allocate(capacity: max(fieldList.count, 1))
    _ = fields.initialize(from: fieldList)
    leaves = .allocate(capacity: max(leafList.count, 1))
    _ = leaves.initialize(from: leafList)
    leafCount = leafList.count
    maxValueBytes = limits.maxValueBytes
  }

  deinit {
    UnsafeMutableBufferPointer(rebasing: nameList[0..<fieldCount]).deinitialize()
    nameList.deallocate()
    fields.deallocate()
    UnsafeMutableBufferPointer(rebasing: leaves[0..<leafCount]).deinitialize()
    leaves.deallocate()
  }

  func index(of field: String) -> Int? {
    for i in 0..<fieldCount where nameList[i] == field { return i }
    return nil
  }

  /// The name of field `i`, without retaining the shared array.
  func name(_ i: Int) -> String { nameList[i] }

  /// Applies the transforms in place, as `Policy.prepare` does. `false` when a value
  /// needs the general path: over the size limit, or to normalize and not ASCII.
  @inline(__always)
  func transform(_ values: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>?>) -> Bool {
    for i in 0..<fieldCount {
      guard let raw = values[i] else { continue }
      if raw.count > maxValueBytes { return false }
      if fields[i].normalizes && !UTF8Text.isASCII(raw) { return false }
      if fields[i].trim { values[i] = UTF8Text.trimmingWhitespace(raw) }
    }
    return true
  }

  /// Runs every field's rules, as `Policy.evaluate` and `Evaluator` run leaf nodes, and
  /// records the failures in field order. Returns how many there are.
  @inline(__always)
  func evaluate(
    _ values: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>?>, pending: UnsafeMutablePointer<Pending>,
    fieldValid: UnsafeMutablePointer<Bool>
  ) -> Int {
    var count = 0
    for i in 0..<fieldCount {
      let subject = UTF8Subject(
        value: values[i] ?? UTF8Text.empty, isSensitive: fields[i].sensitive, values: values,
        plan: Unmanaged.passUnretained(self))
      var valid = true
      for k in fields[i].leaves {
        if leaves[k].hasCondition, let condition = leaves[k].condition, !condition.holds(in: values) { continue }
        guard !subject.value.isEmpty || leaves[k].checksEmptyValue else { continue }
        guard let variant = leaves[k].check._withUnsafeGuaranteedRef({ $0.check(subject) }) else { continue }
        pending[count] = Pending(leaf: k, variant: variant)
        count += 1
        if leaves[k].severity == .error {
          valid = false
          if fields[i].bail { break }
        }
      }
      fieldValid[i] = valid
    }
    return count
  }

  /// The failure of a pending entry, as the general evaluator builds it.
  func failure(_ entry: Pending) -> Failure {
    var failure = leaves[entry.leaf].rule.failure(variant: entry.variant)
    failure.severity = leaves[entry.leaf].severity
    failure.messageOverride = leaves[entry.leaf].message
    return failure
  }

  /// `Policy.validate(lookup:)` on bytes; `nil` when the values need the general path.
  /// Scratch memory is on the stack, so calls from many threads share nothing but the plan.
  func validate(_ policy: Policy, lookup: (String) -> String?) -> Report? {
    let count = fieldCount
    return withUnsafeTemporaryAllocation(of: String?.self, capacity: max(count, 1)) { strings -> Report? in
      guard let first = strings.baseAddress else { return nil }
      var total = 0
      for i in 0..<count {
        let value = lookup(names[i])
        total += value?.utf8.count ?? 0
        (first + i).initialize(to: value)
      }
      defer { first.deinitialize(count: count) }
      return validate(policy, strings: UnsafeMutableBufferPointer(start: first, count: count), totalBytes: total)
    }
  }

  private func validate(_ policy: Policy, strings: UnsafeMutableBufferPointer<String?>, totalBytes: Int) -> Report? {
    let count = fieldCount
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(totalBytes, 1)) { storage in
      withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>?.self, capacity: max(count, 1)) { values in
        withUnsafeTemporaryAllocation(of: Pending.self, capacity: max(leafCount, 1)) { pending in
          withUnsafeTemporaryAllocation(of: Bool.self, capacity: max(count, 1)) { valid in
            guard let base = storage.baseAddress, let pendingBase = pending.baseAddress,
              let validBase = valid.baseAddress
            else { return nil }
            var offset = 0
            for i in 0..<count {
              guard let string = strings[i] else {
                values[i] = nil
                continue
              }
              let target = UnsafeMutableBufferPointer(start: base + offset, count: string.utf8.count)
              _ = target.initialize(from: string.utf8)
              values[i] = UnsafeBufferPointer(target)
              offset += target.count
            }
            guard transform(values) else { return nil }
            let failures = evaluate(values, pending: pendingBase, fieldValid: validBase)
            var reports: [FieldReport] = []
            reports.reserveCapacity(count)
            var next = 0
            for i in 0..<count {
              var list: [Failure] = []
              while next < failures, leaves[pendingBase[next].leaf].field == i {
                list.append(failure(pendingBase[next]))
                next += 1
              }
              var value: String?
              if !fields[i].sensitive, let bytes = values[i], let string = strings[i] {
                // An untouched value is the caller's string; a trimmed one is new.
                value = bytes.count == string.utf8.count ? string : String(decoding: bytes, as: UTF8.self)
              }
              reports.append(
                FieldReport(name: names[i], value: value, failures: list, isSensitive: fields[i].sensitive))
            }
            return Report(fields: FieldReports(reports), formErrors: [], policy: policy)
          }
        }
      }
    }
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

  func holds(in values: UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>?>) -> Bool {
    let value = field.flatMap { values[$0] } ?? UTF8Text.empty
    if let equals, !equals.withUnsafeBufferPointer({ UTF8Text.equalStrings(value, $0) }) { return false }
    if let notEmpty, notEmpty == value.isEmpty { return false }
    return true
  }
}
