import Foundation

extension Policy {
  /// Validates every field, then runs the due named checks (`{"check": NAME}`) the app
  /// provides, concurrently.
  ///
  /// A check is due when its field has no error and a non-empty value, and its `when`
  /// holds. `false` from the check is a failure with the check's name as code; a check
  /// that throws or does not answer within `timeout` fails with `check.unavailable`. A due
  /// check missing from `checks` is listed in ``Report/checksNotRun``.
  ///
  /// ```swift
  /// let report = await policy.validate(values, checks: [emailAvailable])
  /// ```
  ///
  /// Register each check's messages with ``RuleRegistry/register(check:)`` before loading
  /// the rules; without them its failure renders the generic `check` message.
  public func validate(
    _ values: [String: String], checks: [AsyncCheck], timeout: Duration = .seconds(2)
  ) async -> Report {
    let (report, due) = validateCollectingChecks { values[$0] }
    guard !due.isEmpty else { return report }
    var byName: [String: AsyncCheck] = [:]
    for check in checks { byName[check.name] = check }
    let answers = await withTaskGroup(of: (Int, Bool?).self) { group -> [Int: Bool?] in
      for (i, check) in due.enumerated() {
        guard let provided = byName[check.name] else { continue }
        let value = check.value
        let all = check.values
        group.addTask { (i, await Self.run(provided, value: value, values: all, timeout: timeout)) }
      }
      var answers: [Int: Bool?] = [:]
      for await (i, answer) in group { answers[i] = answer }
      return answers
    }
    return report.adding(due: due) { i in answers[i] }
  }

  /// Like ``validate(_:checks:timeout:)`` with stubbed answers: `true` passes, `false`
  /// fails; a due check without a stub is listed in ``Report/checksNotRun``. The command
  /// line's `--check NAME=pass|fail` uses it.
  public func validate(_ values: [String: String?], checkStubs: [String: Bool]) -> Report {
    let (report, due) = validateCollectingChecks { values[$0] ?? nil }
    return report.adding(due: due) { i in checkStubs[due[i].name].map { Optional($0) } }
  }

  /// The report without named checks, and the checks that are due.
  func validateCollectingChecks(_ lookup: (String) -> String?) -> (Report, [DueCheck]) {
    let report = validate(lookup: lookup)
    guard plan.hasNamedChecks else { return (report, []) }
    let due = withPrepared(lookup) { call -> [DueCheck] in
      var due: [DueCheck] = []
      var transformed: [String: String]?
      for i in 0..<plan.fieldCount {
        guard let bytes = call.values[i], !bytes.isEmpty, report.fields[plan.name(i)]?.isValid ?? false else {
          continue
        }
        let subject = call.subject(i)
        for k in plan.namedChecks(field: i, subject: subject) {
          guard case let rule as CheckRule = plan.nodes[k].rule else { continue }
          if transformed == nil {
            var all: [String: String] = [:]
            for j in 0..<plan.fieldCount {
              if let v = call.values[j] { all[plan.name(j)] = String(decoding: v, as: UTF8.self) }
            }
            transformed = all
          }
          due.append(
            DueCheck(
              field: i, node: k, name: rule.check, value: String(decoding: bytes, as: UTF8.self),
              values: transformed ?? [:]))
        }
      }
      return due
    }
    return (report, due)
  }

  /// `true`, `false`, or `nil` when the check threw or ran out of time. A check that
  /// ignores cancellation is left to finish on its own; its late answer is dropped.
  static func run(_ check: AsyncCheck, value: String, values: [String: String], timeout: Duration) async -> Bool? {
    let once = Once()
    return await withCheckedContinuation { (continuation: CheckedContinuation<Bool?, Never>) in
      let work = Task {
        let answer: Bool?
        do { answer = try await check.run(value, values) } catch { answer = nil }
        if once.claim() { continuation.resume(returning: answer) }
      }
      Task {
        try? await Task.sleep(for: timeout)
        if once.claim() {
          continuation.resume(returning: nil)
          work.cancel()
        }
      }
    }
  }
}

/// A named check that is due for one field.
struct DueCheck: Sendable {
  var field: Int
  var node: Int
  var name: String
  var value: String
  var values: [String: String]
}

/// Lets exactly one of two racing tasks resume a continuation.
private final class Once: @unchecked Sendable {
  private let lock = NSLock()
  private var claimed = false

  func claim() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if claimed { return false }
    claimed = true
    return true
  }
}

extension Policy {
  /// Whether any field has a named check (`{"check": NAME}`), which only
  /// ``validate(_:checks:timeout:)`` and ``validate(_:checkStubs:)`` run.
  public var hasNamedChecks: Bool { plan.hasNamedChecks }
}

extension Plan {
  /// Whether any field has a `{"check": …}` rule.
  var hasNamedChecks: Bool {
    (0..<nodeCount).contains { nodes[$0].rule is CheckRule }
  }

  /// The named-check leaves of field `i` that the value reaches: top-level or inside
  /// `allOf`, with every `when` on the way holding.
  func namedChecks(field i: Int, subject: Subject) -> [Int] {
    var result: [Int] = []
    func visit(_ k: Int) {
      if nodes[k].hasCondition, let condition = nodes[k].condition, !condition.holds(in: subject.values) { return }
      switch nodes[k].kind {
      case .leaf: if nodes[k].rule is CheckRule { result.append(k) }
      case .allOf: for c in children(of: k) { visit(c) }
      case .anyOf, .not: break
      }
    }
    for k in subtrees(in: fields[i].nodes) { visit(k) }
    return result
  }
}

extension Report {
  /// The report with the answers of the due checks: `false` adds the check's failure,
  /// `nil` adds `check.unavailable`, no answer lists the check as not run.
  func adding(due: [DueCheck], answer: (Int) -> Bool??) -> Report {
    var fieldReports = Array(fields)
    var notRun: [CheckNotRun] = []
    for (i, check) in due.enumerated() {
      guard let index = fieldReports.firstIndex(where: { $0.name == policy.plan.name(check.field) }) else { continue }
      switch answer(i) {
      case .none: notRun.append(CheckNotRun(field: fieldReports[index].name, check: check.name))
      case .some(true): break
      case .some(false), .some(.none):
        let failed = answer(i) == .some(false)
        let failure = policy.plan.failure(
          Plan.Pending(node: Int32(check.node), field: Int32(check.field), variant: failed ? 0 : 1), extras: [])
        let old = fieldReports[index]
        fieldReports[index] = FieldReport(
          name: old.name, value: old.value, failures: old.failures + [failure], isSensitive: old.isSensitive)
      }
    }
    var report = Report(fields: FieldReports(fieldReports), formErrors: formErrors, policy: policy)
    report.checksNotRun = notRun
    return report
  }
}
