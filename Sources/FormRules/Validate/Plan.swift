/// The one compiled form of a policy's rules: every caller — a single
/// `Policy.validate(_:)`, ``Policy/validate(field:in:)``, the checklist, the
/// requirements, `validate test`, bulk JSON Lines and the UI models — runs on it.
///
/// The rule tree of every field is laid out flat in pre-order: node `k`'s subtree is
/// `k..<nodes[k].end`, so its children are `k + 1`, then each child's `end`. Composites
/// (`allOf`, `anyOf`, `not`), `when`, `severity`, `message` and `bail` are decided here,
/// in ``run(_:_:_:_:_:)`` and ``evaluate(field:_:oversized:pending:count:extras:)``,
/// and nowhere else. `severity` and `message` are resolved when the plan is built: a leaf
/// below an `allOf` with `"severity": "warning"` is a warning, and the outermost
/// `allOf`'s message wins, as they always did.
///
/// Built once per ``Policy`` and only read afterwards, so every thread can use it; the
/// per-call state (values, failures) lives in the caller's scratch memory, and nodes are
/// in memory that needs no reference counting while values go by.
@usableFromInline
package final class Plan: @unchecked Sendable {
  @usableFromInline
  struct Field {
    var trim: Bool
    var normalize: Normalization
    @usableFromInline var sensitive: Bool
    var bail: Bool
    /// The field's top-level nodes are the subtrees that start at `nodes.lowerBound`.
    var nodes: Range<Int>
  }

  enum Kind: UInt8 {
    case leaf, allOf, anyOf, not
  }

  struct Node {
    var kind: Kind
    /// The rule, boxed so a call needs neither an existential copy nor reference
    /// counting; `boxes` keeps it alive. Composites hold a box that never fails.
    var check: Unmanaged<LeafCheck>
    var rule: (any Rule)?
    var checksEmptyValue: Bool
    /// The node's own severity, or `warning` below a warning `allOf`.
    var severity: Severity
    /// The outermost `allOf`'s message, else the node's own.
    var message: LocalizedText?
    /// The outermost `allOf`'s checklist phrase, else the node's own.
    var requirement: LocalizedText?
    var condition: PlanCondition?
    /// Tested first, so the common node without `when` never copies the optional.
    var hasCondition: Bool
    var field: Int
    /// One past the node's subtree.
    var end: Int
  }

  /// A failure found during one evaluation: which node (`-1`: the value was over the
  /// size limit), which field, which variant (for `anyOf`, the index of its failure in
  /// the call's `extras`).
  package struct Pending {
    var node: Int32
    package var field: Int32
    var variant: Int

    /// What scratch memory starts as, before an evaluation writes its entries.
    package static let none = Pending(node: -1, field: -1, variant: 0)
  }

  package let names: [String]
  /// The names again, in memory the hot loop reads without retaining an array that every
  /// thread shares (contended reference counts cost more than the lookups).
  private let nameList: FixedArray<String>
  package let fieldCount: Int
  @usableFromInline let fields: FixedArray<Field>
  let nodes: FixedArray<Node>
  let nodeCount: Int
  let maxValueBytes: Int
  /// Each field's head in a report's JSON, for ``ReportWriter``.
  @usableFromInline let heads: ReportHeads
  private let boxes: [LeafCheck]
  /// Whether any field has a rule checked asynchronously (`{"check": …}`, or another
  /// ``AsyncCheckRule`` such as notBreached's range mode): decided once here, since every call
  /// and every bulk record asks (a dynamic cast per node per record was 30% of a bulk run's
  /// instructions).
  let hasNamedChecks: Bool

  /// The most failures one evaluation can hold at once: every node and every field's
  /// size-limit failure.
  package var pendingCapacity: Int { max(nodeCount + fieldCount, 1) }

  init(fields specs: [FieldSpec], limits: Limits) {
    let names = specs.map(\.name)
    var nodeList: [Node] = []
    var boxes: [LeafCheck] = []
    // Stands in for composites, which the plan evaluates itself.
    let composite = LeafCheck { _ in nil }
    boxes.append(composite)
    var fieldList: [Field] = []

    func add(
      _ node: RuleNode, field: Int, warning: Bool, message: LocalizedText?, requirement: LocalizedText? = nil
    ) {
      let k = nodeList.count
      let severity: Severity = warning ? .warning : node.severity
      let message = message ?? node.message
      let requirement = requirement ?? node.requirement
      var entry = Node(
        kind: .leaf, check: Unmanaged.passUnretained(composite), rule: nil, checksEmptyValue: false,
        severity: severity, message: message, requirement: requirement,
        condition: node.condition.map { PlanCondition($0, names: names) },
        hasCondition: node.condition != nil, field: field, end: k + 1)
      switch node.kind {
      case .rule(let rule):
        let box = LeafCheck.make(rule, names: names)
        boxes.append(box)
        entry.check = Unmanaged.passUnretained(box)
        entry.rule = rule
        entry.checksEmptyValue = type(of: rule).checksEmptyValue
        nodeList.append(entry)
      case .allOf(let inner):
        entry.kind = .allOf
        nodeList.append(entry)
        // The allOf's severity and message reach its children; its own `message`
        // overrides theirs, as the outermost one always did.
        for child in inner {
          add(
            child, field: field, warning: severity == .warning, message: node.message ?? message,
            requirement: node.requirement ?? requirement)
        }
      case .anyOf(let inner), .not(let inner):
        if case .anyOf = node.kind { entry.kind = .anyOf } else { entry.kind = .not }
        nodeList.append(entry)
        // Inside anyOf and not, children's failures are only evidence: their own
        // severity decides, and nothing is inherited.
        for child in inner { add(child, field: field, warning: false, message: nil) }
      }
      nodeList[k].end = nodeList.count
    }

    for (f, spec) in specs.enumerated() {
      let first = nodeList.count
      for node in spec.rules { add(node, field: f, warning: false, message: nil) }
      fieldList.append(
        Field(
          trim: spec.trim, normalize: spec.normalize, sensitive: spec.sensitive, bail: spec.bail,
          nodes: first..<nodeList.count))
    }
    self.names = names
    nameList = FixedArray(names)
    fieldCount = names.count
    self.boxes = boxes
    fields = FixedArray(fieldList)
    nodes = FixedArray(nodeList)
    nodeCount = nodeList.count
    maxValueBytes = limits.maxValueBytes
    heads = ReportHeads(names: names, sensitive: specs.map(\.sensitive))
    hasNamedChecks = nodeList.contains { Plan.isAsyncCheck($0.rule) }
  }

  /// The field called `field`. `sameAs` asks on every record: the O(1) byte count first keeps
  /// `String`'s `==` (canonical equivalence, a slow path for every pair of different names)
  /// to the names that could match.
  func index(of field: String) -> Int? {
    let count = field.utf8.count
    for i in 0..<fieldCount where nameList[i].utf8.count == count && nameList[i] == field { return i }
    return nil
  }

  /// The name of field `i`, without retaining the shared array.
  @inline(__always)
  func name(_ i: Int) -> String { nameList[i] }

  /// The subtrees directly below node `k` (or a field's top-level nodes).
  func children(of k: Int) -> [Int] { subtrees(in: k + 1..<nodes[k].end) }

  func subtrees(in range: Range<Int>) -> [Int] {
    var result: [Int] = []
    var c = range.lowerBound
    while c < range.upperBound {
      result.append(c)
      c = nodes[c].end
    }
    return result
  }

  // MARK: - Transforms

  /// Applies each field's transforms in place (normalize, then trim). A value over the
  /// size limit is not transformed: it becomes absent and its `oversized` flag is set.
  /// Normalized values are written to `arena`.
  @inline(__always)
  package func transform(
    _ values: ScratchView<ByteView?>, oversized: ScratchView<Bool>, arena: inout TransformArena
  ) {
    // Once for the loop, so the compiler drops the check of each index.
    precondition(values.count >= fieldCount && oversized.count >= fieldCount, "scratch smaller than the plan")
    for i in 0..<fieldCount {
      oversized[i] = false
      guard let value = values[i] else { continue }
      if value.count > maxValueBytes {
        values[i] = nil
        oversized[i] = true
        continue
      }
      values[i] = transformed(value, like: i, arena: &arena)
    }
  }

  /// Whether fields `i` and `j` have the same transforms. Transforms are idempotent (a value
  /// already normalized and trimmed is unchanged by them: white space is never part of a
  /// composition), so a value through `j`'s needs nothing more to be like one through `i`'s.
  func sameTransforms(_ i: Int, _ j: Int) -> Bool {
    fields[i].trim == fields[j].trim && fields[i].normalize == fields[j].normalize
  }

  /// One value through field `i`'s transforms (normalize, then trim); a normalized value is
  /// written to `arena`. `sameAs` also puts a confirmation through the confirmed field's.
  @inline(__always)
  func transformed(_ value: ByteView, like i: Int, arena: inout TransformArena) -> ByteView {
    var value = value
    if fields[i].normalize != .none, !UTF8Text.isASCII(value) {
      value = arena.store(Transform.normalized(value, fields[i].normalize))
    }
    if fields[i].trim { value = Transform.trimmingWhitespace(value) }
    return value
  }

  // MARK: - Evaluation

  /// Runs every field's rules and records the failures in field order. Returns how many
  /// there are; `fieldValid[i]` says whether field `i` has no error.
  @inline(__always)
  package func evaluate(
    _ values: ScratchView<ByteView?>, oversized: ScratchView<Bool>, pending: ScratchView<Pending>,
    fieldValid: ScratchView<Bool>, extras: inout [Failure]
  ) -> Int {
    var count = 0
    precondition(fieldValid.count >= fieldCount, "scratch smaller than the plan")
    for i in 0..<fieldCount {
      fieldValid[i] = evaluate(
        field: i, values, oversized: oversized, pending: pending, count: &count, extras: &extras)
    }
    return count
  }

  /// Runs one field's rules in order, stopping after the first error when the field
  /// `bail`s. Returns whether the field has no error.
  @inline(__always)
  func evaluate(
    field i: Int, _ values: ScratchView<ByteView?>, oversized: ScratchView<Bool>, pending: ScratchView<Pending>,
    count: inout Int, extras: inout [Failure]
  ) -> Bool {
    if oversized[i] {
      pending[count] = Pending(node: -1, field: Int32(i), variant: 0)
      count += 1
      return false
    }
    let subject = subject(i, values)
    var valid = true
    var k = fields[i].nodes.lowerBound
    let end = fields[i].nodes.upperBound
    while k < end {
      let before = count
      run(k, subject, pending, &count, &extras)
      if count > before, hasError(pending, before..<count) {
        valid = false
        if fields[i].bail { break }
      }
      k = nodes[k].end
    }
    return valid
  }

  @inline(__always)
  func subject(_ i: Int, _ values: ScratchView<ByteView?>) -> Subject {
    Subject(
      bytes: values[i] ?? .empty, isSensitive: fields[i].sensitive, index: i, values: values,
      plan: Unmanaged.passUnretained(self))
  }

  @inline(__always)
  func hasError(_ pending: ScratchView<Pending>, _ range: Range<Int>) -> Bool {
    for p in range where severity(pending[p]) == .error { return true }
    return false
  }

  @inline(__always)
  func severity(_ entry: Pending) -> Severity { entry.node < 0 ? .error : nodes[Int(entry.node)].severity }

  /// Runs node `k` and its subtree on `subject`, appending its failures to `pending`:
  /// the one place where `when`, the empty-value rule and the composites are decided.
  /// Leaves, nearly every node, are handled inline; composites in ``runComposite(_:_:_:_:_:)``.
  @inline(__always)
  func run(
    _ k: Int, _ subject: Subject, _ pending: ScratchView<Pending>, _ count: inout Int,
    _ extras: inout [Failure]
  ) {
    if nodes[k].hasCondition, let condition = nodes[k].condition, !condition.holds(in: subject.values) { return }
    guard nodes[k].kind == .leaf else {
      runComposite(k, subject, pending, &count, &extras)
      return
    }
    guard !subject.bytes.isEmpty || nodes[k].checksEmptyValue else { return }
    guard let variant = nodes[k].check.borrow({ $0.check(subject) }) else { return }
    pending[count] = Pending(node: Int32(k), field: Int32(nodes[k].field), variant: variant)
    count += 1
  }

  /// `allOf`, `anyOf` and `not`, whose `when` ``run(_:_:_:_:_:)`` has checked.
  @inline(never)
  func runComposite(
    _ k: Int, _ subject: Subject, _ pending: ScratchView<Pending>, _ count: inout Int,
    _ extras: inout [Failure]
  ) {
    switch nodes[k].kind {
    case .leaf:
      return
    case .allOf:
      var c = k + 1
      while c < nodes[k].end {
        run(c, subject, pending, &count, &extras)
        c = nodes[c].end
      }
    case .anyOf:
      // Passes as soon as one child has no error; else one failure naming every
      // child's codes.
      let start = count
      var c = k + 1
      while c < nodes[k].end {
        let before = count
        run(c, subject, pending, &count, &extras)
        if !hasError(pending, before..<count) {
          count = start
          return
        }
        c = nodes[c].end
      }
      var codes: [String] = []
      for p in start..<count { codes.append(failure(pending[p], extras: extras).code) }
      count = start
      var failure = Failure(code: "anyOf", params: ["failures": .strings(codes)], severity: nodes[k].severity)
      failure.messageOverride = nodes[k].message
      failure.alternatives = alternatives(of: k)
      extras.append(failure)
      pending[count] = Pending(node: Int32(k), field: Int32(nodes[k].field), variant: extras.count - 1)
      count += 1
    case .not:
      let start = count
      var c = k + 1
      while c < nodes[k].end {
        run(c, subject, pending, &count, &extras)
        c = nodes[c].end
      }
      let matched = !hasError(pending, start..<count)
      count = start
      // Skipped inner rules (an empty value) do not count as a match.
      guard !subject.bytes.isEmpty, matched else { return }
      pending[count] = Pending(node: Int32(k), field: Int32(nodes[k].field), variant: 0)
      count += 1
    }
  }

  /// Whether node `k` alone, with its `when` taken as holding, finds nothing wrong with
  /// the value — a leaf is checked even on an empty value: what a checklist shows.
  func isMet(_ k: Int, _ subject: Subject, pending: ScratchView<Pending>) -> Bool {
    switch nodes[k].kind {
    case .leaf:
      return nodes[k].check.borrow { $0.check(subject) } == nil
    case .allOf, .anyOf, .not:
      var count = 0
      var extras: [Failure] = []
      run(k, subject, pending, &count, &extras)
      return count == 0
    }
  }

  /// Whether a pending failure's rendering depends only on its node and variant, so bulk
  /// output may reuse it.
  @inline(__always)
  func isCacheable(_ entry: Pending) -> Bool { entry.node < 0 || nodes[Int(entry.node)].kind != .anyOf }

  /// The failure a pending entry stands for.
  func failure(_ entry: Pending, extras: [Failure]) -> Failure {
    guard entry.node >= 0 else {
      var failure = Failure(code: "input.tooLong", params: ["max": .int(maxValueBytes), "unit": "utf8"])
      failure.origin = FailureOrigin(slot: nodeCount + Int(entry.field), variant: 0)
      return failure
    }
    let k = Int(entry.node)
    var failure: Failure
    switch nodes[k].kind {
    case .leaf:
      guard let rule = nodes[k].rule else { return Failure(code: "rule") }
      failure = rule.failure(variant: entry.variant)
    case .anyOf: return extras[entry.variant]
    case .not: failure = Failure(code: "not")
    case .allOf: failure = Failure(code: "allOf")
    }
    failure.severity = nodes[k].severity
    failure.messageOverride = nodes[k].message
    // Last: setting a member clears the origin. An `anyOf` failure (above) names its parts'
    // codes, which the variant does not fix, so it has none.
    failure.origin = FailureOrigin(slot: k, variant: entry.variant)
    return failure
  }

  /// The code and requirement of node `k`, for checklists.
  func requirement(_ k: Int) -> Failure {
    var requirement: Failure
    switch nodes[k].kind {
    case .leaf: requirement = nodes[k].rule?.requirement ?? Failure(code: "rule")
    case .allOf: requirement = Failure(code: AllOf.name)
    case .anyOf: requirement = Failure(code: AnyOf.name)
    case .not: requirement = Failure(code: Not.name)
    }
    requirement.severity = nodes[k].severity
    requirement.messageOverride = nodes[k].message
    requirement.requirementOverride = nodes[k].requirement
    if case .anyOf = nodes[k].kind { requirement.alternatives = alternatives(of: k) }
    return requirement
  }

  /// The requirements of an `anyOf`'s rules; an `allOf` among them holds its own rules'.
  func alternatives(of k: Int) -> [Failure] {
    children(of: k).map { c in
      var alternative = requirement(c)
      if case .allOf = nodes[c].kind { alternative.alternatives = alternatives(of: c) }
      return alternative
    }
  }
}

/// A rule's check as the plan calls it: the rule's ``Rule/checkFunction``, behind a class
/// reference so that the hot loop reads it without reference counting (the plan's `boxes` keep
/// it alive).
final class LeafCheck {
  let check: (Subject) -> Int?

  init(_ check: @escaping (Subject) -> Int?) { self.check = check }

  /// The box for `rule` in a plan of the fields `names`; a `sameAs` learns where its other
  /// field is.
  static func make(_ rule: any Rule, names: [String]) -> LeafCheck {
    guard var sameAs = rule as? SameAs else { return LeafCheck(rule.checkFunction) }
    sameAs.position = names.firstIndex(of: sameAs.other)
    return LeafCheck(sameAs.checkFunction)
  }
}

/// A rule's `when`, compiled: the field by position and the expected value as bytes.
struct PlanCondition {
  var field: Int?
  var equals: [UInt8]?
  var notEmpty: Bool?

  init(_ condition: Condition, names: [String]) {
    field = names.firstIndex(of: condition.field)
    equals = condition.equals.map { Array($0.utf8) }
    notEmpty = condition.notEmpty
  }

  /// `equals` compares as `String` does (canonical equivalence).
  func holds(in values: ScratchView<ByteView?>) -> Bool {
    let value = field.flatMap { values[$0] } ?? .empty
    if let equals, !ByteView.with(equals, { UTF8Text.equalStrings(value, $0) }) { return false }
    if let notEmpty, notEmpty == value.isEmpty { return false }
    return true
  }
}
