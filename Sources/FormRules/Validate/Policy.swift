import Foundation

/// A compiled rules file: patterns JIT-compiled, lists loaded, ready to validate.
///
/// A policy only reads its own data while validating, so one instance can be shared
/// by every thread of a server.
///
/// ```swift
/// let policy = try RuleSet(contentsOf: url).compile()
/// let report = policy.validate(["email": " taro@example.jp ", "password": "abc123"])
/// report.isValid
/// ```
public final class Policy: Sendable {
  /// The rules the policy was compiled from.
  public let ruleSet: RuleSet
  /// The messages: the built-in catalog, the registered rules' and the rules file's `messages`.
  public let catalog: MessageCatalog
  package let fields: [FieldSpec]
  package let fieldIndex: [String: Int]
  let knownFieldSet: Set<String>
  /// Fields that take a JSON boolean or number in an input document (an `accepted` rule).
  let scalarFieldSet: Set<String>
  /// The one compiled plan every caller runs on.
  package let plan: Plan
  /// Rendered failures, shared by every thread that renders this policy's reports.
  let rendered = RenderedFailures()
  /// The named checks' closures, given once when the policy was compiled or the registry built.
  let checks: [String: AsyncCheck]

  init(ruleSet: RuleSet, fields: [FieldSpec], catalog: MessageCatalog, checks: [String: AsyncCheck] = [:]) {
    self.ruleSet = ruleSet
    self.checks = checks
    self.fields = fields
    var index: [String: Int] = [:]
    for (i, field) in fields.enumerated() { index[field.name] = i }
    self.fieldIndex = index
    self.knownFieldSet = Set(index.keys)
    self.scalarFieldSet = Set(fields.filter { $0.rules.contains(where: \.readsScalars) }.map(\.name))
    var catalog = catalog
    for language in ruleSet.languages { catalog.install(language) }
    self.catalog = catalog.overridden(by: ruleSet.messages)
    self.plan = Plan(fields: fields, limits: ruleSet.limits)
  }

  /// The field names in rules-file order.
  public var fieldNames: [String] { fields.map(\.name) }

  /// A field by name, as the rules file defines it; `nil` for a name the policy does not have.
  public func field(_ name: String) -> FieldSpec? { fieldIndex[name].map { fields[$0] } }

  /// Chooses the language for messages from the caller's preferences (`ja-JP` → `ja`),
  /// falling back to the rules file's `defaultLocale`, then English.
  public func negotiateLocale(_ preferred: [String]) -> String {
    catalog.negotiate(preferred, default: ruleSet.defaultLocale)
  }

  /// Validates every field and collects every failure.
  ///
  /// A named check (`{"check": NAME}`) cannot run in a synchronous call: when one is due
  /// the field fails with `check.unavailable` and the report lists it in
  /// ``Report/checksNotRun`` (``Report/outcome`` is ``ReportOutcome/incomplete``). Use the
  /// async ``validate(_:checks:timeout:)-([String:String],_,_)`` to run it, or
  /// ``validateSyntaxOnly(_:)`` while the user types.
  public func validate(_ values: [String: String]) -> Report {
    validate { values[$0] }
  }

  /// Validates every field; `nil` means the field is absent.
  public func validate(_ values: [String: String?]) -> Report {
    validate { values[$0] ?? nil }
  }

  /// Validates with values supplied by a lookup, the form bulk readers use. A named check
  /// that is due cannot run in a synchronous call, so it fails closed with
  /// `check.unavailable` (``validateSyntaxOnly(_:)`` is the explicit way to leave it aside).
  package func validate(lookup: (String) -> String?) -> Report {
    guard plan.hasNamedChecks else { return validateRules(lookup: lookup) }
    let (report, due) = validateCollectingChecks(lookup)
    return report.adding(due: due, answers: [])
  }

  /// The fields' own rules, named checks left aside.
  package func validateRules(lookup: (String) -> String?) -> Report {
    withPrepared(lookup) { call in
      let count = plan.evaluate(
        call.values, oversized: call.oversized, pending: call.pending, fieldValid: call.valid, extras: &call.extras)
      var reports: [FieldReport] = []
      reports.reserveCapacity(plan.fieldCount)
      var next = 0
      for i in 0..<plan.fieldCount {
        var list: [Failure] = []
        while next < count, Int(call.pending[next].field) == i {
          list.append(plan.failure(call.pending[next], extras: call.extras))
          next += 1
        }
        reports.append(call.report(field: i, failures: list))
      }
      return Report(fields: FieldReports(reports), formErrors: [], policy: self)
    }
  }

  /// Validates one field against the others, for live feedback while a user types.
  public func validate(field name: String, in values: [String: String]) -> FieldReport? {
    guard let i = fieldIndex[name] else { return nil }
    return withPrepared({ values[$0] }) { call in
      var count = 0
      _ = plan.evaluate(
        field: i, call.values, oversized: call.oversized, pending: call.pending, count: &count, extras: &call.extras)
      let failures = (0..<count).map { plan.failure(call.pending[$0], extras: call.extras) }
      return call.report(field: i, failures: failures)
    }
  }

  /// A report holding only form-level failures (malformed input, a general error).
  public func report(formErrors: [Failure]) -> Report {
    Report(fields: FieldReports([]), formErrors: formErrors, policy: self)
  }

  /// Copies the caller's values into scratch memory on the stack, applies the
  /// transforms and runs `body` on the plan's view of them. Calls from many threads share
  /// nothing but the plan.
  package func withPrepared<R>(_ lookup: (String) -> String?, _ body: (inout PreparedCall) -> R) -> R {
    // Each nested scratch closure retained and released the plan it captured (six times a
    // call); they capture an unretained handle instead, as the policy holds its plan for longer
    // than the call.
    let handle = Unmanaged.passUnretained(plan)
    let count = plan.fieldCount
    let limit = plan.maxValueBytes
    let pendingCapacity = plan.pendingCapacity
    // The caller's strings are moved in and read in place: no copy, no reference counting.
    return withScratch(
      of: String?.self, capacity: count, initializingWith: { i in lookup(handle.borrow { $0.name(i) }) }
    ) {
      strings -> R in
      var total = 0
      for i in 0..<count {
        // A value over the limit is never copied: it fails as it is.
        if let length = strings[i]?.utf8.count, length <= limit { total += length }
      }
      return withScratch(of: UInt8.self, capacity: total, initial: 0) { storage in
        withScratch(of: ByteView?.self, capacity: count, initial: nil) { values in
          withScratch(of: Plan.Pending.self, capacity: pendingCapacity, initial: .none) { pending in
            withScratch(of: Bool.self, capacity: 3 * count, initial: false) { flags in
              // Oversized, valid, and which values were over the limit when copied.
              let tooLong = flags[(2 * count)..<(3 * count)]
              var offset = 0
              for i in 0..<count {
                guard let string = strings[i] else { continue }
                let length = string.utf8.count
                guard length <= limit else {
                  tooLong[i] = true
                  continue
                }
                values[i] = storage.copy(utf8: string, at: offset)
                offset += length
              }
              return handle.borrow { plan in
                var call = PreparedCall(
                  plan: plan, strings: strings, values: values, storage: storage.bytes(0..<offset),
                  oversized: flags[0..<count], valid: flags[count..<2 * count], pending: pending)
                plan.transform(values, oversized: call.oversized, arena: &call.arena)
                // Left absent above, so `transform` read nothing of them.
                for i in 0..<count where tooLong[i] { call.oversized[i] = true }
                defer { call.arena.reset() }
                return body(&call)
              }
            }
          }
        }
      }
    }
  }
}

/// The scratch memory of one single-record call (``Policy/withPrepared(_:_:)``).
package struct PreparedCall: ~Copyable {
  let plan: Plan
  /// The caller's values, by field.
  let strings: ScratchView<String?>
  /// The transformed values, by field.
  let values: ScratchView<ByteView?>
  /// Where the caller's values were copied; a value outside it was rewritten.
  let storage: ByteView
  let oversized: ScratchView<Bool>
  let valid: ScratchView<Bool>
  let pending: ScratchView<Plan.Pending>
  var extras: [Failure] = []
  var arena = TransformArena()

  init(
    plan: Plan, strings: ScratchView<String?>, values: ScratchView<ByteView?>, storage: ByteView,
    oversized: ScratchView<Bool>, valid: ScratchView<Bool>, pending: ScratchView<Plan.Pending>
  ) {
    self.plan = plan
    self.strings = strings
    self.values = values
    self.storage = storage
    self.oversized = oversized
    self.valid = valid
    self.pending = pending
  }

  package func subject(_ i: Int) -> Subject { plan.subject(i, values) }

  /// Field `i`'s report: its transformed value unless it is sensitive or over the limit.
  func report(field i: Int, failures: [Failure]) -> FieldReport {
    let sensitive = plan.fields[i].sensitive
    var value: String?
    if !sensitive, let bytes = values[i], let string = strings[i] {
      // An untouched value is the caller's string; a trimmed or normalized one is new.
      let untouched = string.isEmpty || (bytes.count == string.utf8.count && bytes.lies(within: storage))
      value = untouched ? string : bytes.string
    }
    return FieldReport(name: plan.name(i), value: value, failures: failures, isSensitive: sensitive)
  }
}

extension RuleNode {
  /// Whether the rule, or a rule inside it, is `accepted`: its field then takes JSON
  /// booleans and numbers as well as strings.
  package var readsScalars: Bool {
    switch kind {
    case .rule(let rule): return rule is Accepted
    case .allOf(let inner), .anyOf(let inner), .not(let inner): return inner.contains(where: \.readsScalars)
    }
  }
}
