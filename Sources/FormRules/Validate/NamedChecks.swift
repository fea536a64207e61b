import Foundation

extension Policy {
  /// Validates every field, then runs the due named checks (`{"check": NAME}`)
  /// concurrently: the closures the policy was compiled with (``RuleSet/compile(checks:)``,
  /// or registered with ``RuleRegistry/register(check:)``), overridden by `checks` (pass `[]`
  /// to run the compiled ones).
  ///
  /// A check is due when its field has no error and a non-empty value, and its `when`
  /// holds. `false` from the check is a failure with the check's name as code. A check that
  /// throws, does not answer within `timeout`, or was given to nobody fails with
  /// `check.unavailable` and is listed in ``Report/checksNotRun``: the report is never valid
  /// while a due check did not run (its ``Report/outcome`` is ``ReportOutcome/incomplete``).
  ///
  /// The checks race their timeout in a task group: the loser is cancelled, and cancelling
  /// the caller cancels the checks at once (they then count as not run).
  ///
  /// ```swift
  /// let policy = try RuleSet(contentsOf: url, registry: registry).compile(checks: [emailAvailable])
  /// let report = await policy.validate(values, checks: [])
  /// ```
  public func validate(
    _ values: [String: String?], checks: [AsyncCheck], timeout: Duration = .seconds(2)
  ) async -> Report {
    let (report, due) = validateCollectingChecks { values[$0] ?? nil }
    return await report.adding(due: due, answers: run(due, checks: checks, timeout: timeout))
  }

  /// ``validate(_:checks:timeout:)-([String:String],_,_)`` for values that are all present.
  public func validate(
    _ values: [String: String], checks: [AsyncCheck], timeout: Duration = .seconds(2)
  ) async -> Report {
    let (report, due) = validateCollectingChecks { values[$0] }
    return await report.adding(due: due, answers: run(due, checks: checks, timeout: timeout))
  }

  /// ``validate(jsonRecord:)`` with the named checks run as ``validate(_:checks:timeout:)-([String:String],_,_)``
  /// runs them: a request body in, the report a handler answers from, in one call.
  public func validate(
    jsonRecord bytes: some Collection<UInt8>, checks: [AsyncCheck], timeout: Duration = .seconds(2)
  ) async -> Report {
    switch decode(record: bytes) {
    case .success(let values): return await validate(values, checks: checks, timeout: timeout)
    case .failure(let malformed): return report(formErrors: [malformed.failure(line: nil)])
    }
  }

  /// One field against the others with its named checks run, for a screen that asks "is
  /// this address taken?" when the field loses focus. The checks run only when the field's
  /// own rules pass; a check that cannot run gives `check.unavailable`.
  public func validate(
    field name: String, in values: [String: String], checks: [AsyncCheck], timeout: Duration = .seconds(2)
  ) async -> FieldReport? {
    guard let i = fieldIndex[name], let own = validate(field: name, in: values) else { return nil }
    guard plan.hasNamedChecks, own.isValid else { return own }
    let (_, all) = validateCollectingChecks { values[$0] }
    let due = all.filter { $0.field == i }
    guard !due.isEmpty else { return own }
    let answers = await run(due, checks: checks, timeout: timeout)
    let single = Report(fields: FieldReports([own]), formErrors: [], policy: self)
    return single.adding(due: due, answers: answers).fields[name]
  }

  /// Like ``validate(_:checks:timeout:)-([String:String],_,_)`` with stubbed answers: `true`
  /// passes, `false` fails; a due check without a stub fails with `check.unavailable` and is
  /// listed in ``Report/checksNotRun``. The command line's `--check NAME=pass|fail` and a
  /// rules file's `tests` use it.
  public func validate(_ values: [String: String?], checkStubs: [String: Bool]) -> Report {
    let (report, due) = validateCollectingChecks { values[$0] ?? nil }
    return report.adding(due: due, answers: due.map { checkStubs[$0.name].map { $0 ? .passed : .failed } ?? .notGiven })
  }

  /// Validates every field, running the due named checks of the fields in `fields` only and
  /// leaving the others aside as ``validateSyntaxOnly(_:)`` does (listed in
  /// ``Report/checksNotRun``, not failed): what a live endpoint asks on blur, when one field's
  /// check ("is this address taken?") should run and the rest of the form is still being typed.
  /// A check that runs and cannot answer fails with `check.unavailable`, as in
  /// ``validate(_:checks:timeout:)-([String:String],_,_)``.
  public func validate(
    _ values: [String: String?], runningChecksOf fields: Set<String>, checks: [AsyncCheck] = [],
    timeout: Duration = .seconds(2)
  ) async -> Report {
    let (report, due) = validateCollectingChecks { values[$0] ?? nil }
    let running = due.filter { fields.contains($0.request.field) }
    var result = await report.adding(due: running, answers: run(running, checks: checks, timeout: timeout))
    for check in due where !fields.contains(check.request.field) {
      result.checksNotRun.append(CheckNotRun(field: check.request.field, check: check.name, reason: .notGiven))
    }
    return result
  }

  /// Validates the fields' own rules only, leaving every named check aside without counting
  /// it: what live typing asks for, never what a submit should use. A due check is still
  /// listed in ``Report/checksNotRun``.
  public func validateSyntaxOnly(_ values: [String: String?]) -> Report {
    let (report, due) = validateCollectingChecks { values[$0] ?? nil }
    var copy = report
    copy.checksNotRun = due.map { CheckNotRun(field: plan.name($0.field), check: $0.name, reason: .notGiven) }
    return copy
  }

  /// The report without named checks, and the checks that are due.
  func validateCollectingChecks(_ lookup: (String) -> String?) -> (Report, [DueCheck]) {
    let report = validateRules(lookup: lookup)
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
          guard let rule = plan.nodes[k].rule as? any AsyncCheckRule, let check = rule.asyncCheck else { continue }
          if transformed == nil {
            var all: [String: String] = [:]
            for j in 0..<plan.fieldCount where !plan.fields[j].sensitive {
              if let v = call.values[j] { all[plan.name(j)] = v.string }
            }
            transformed = all
          }
          due.append(
            DueCheck(
              field: i, node: k,
              request: CheckRequest(
                check: check.name, field: plan.name(i), value: bytes.string,
                values: transformed ?? [:], isSensitive: plan.fields[i].sensitive),
              run: check.run, timeout: check.timeout, passesWhenUnavailable: check.passesWhenUnavailable))
        }
      }
      return due
    }
    return (report, due)
  }

  /// The answers of the due checks, in order, run concurrently.
  func run(_ due: [DueCheck], checks: [AsyncCheck], timeout: Duration) async -> [CheckAnswer] {
    guard !due.isEmpty else { return [] }
    var byName = self.checks
    for check in checks { byName[check.name] = check }
    let table = byName
    return await withTaskGroup(of: (Int, CheckAnswer).self) { group -> [CheckAnswer] in
      var answers = [CheckAnswer](repeating: .notGiven, count: due.count)
      for (i, check) in due.enumerated() {
        // A rule's own check (notBreached's range) comes with the rule; `{"check": NAME}` by name.
        guard let provided = check.run ?? table[check.name]?.perform else { continue }
        let request = check.request
        let bound = check.timeout ?? timeout
        group.addTask { (i, await Self.run(provided, request: request, timeout: bound)) }
      }
      for await (i, answer) in group { answers[i] = answer }
      return answers
    }
  }

  /// Races one check against its timeout in a task group: the first to finish wins and the
  /// other is cancelled, so no timer outlives the call. The caller's cancellation reaches
  /// both children; a cancelled or throwing check, or one out of time, is `.unavailable`.
  static func run(
    _ check: @escaping @Sendable (CheckRequest) async throws -> Bool, request: CheckRequest, timeout: Duration
  ) async -> CheckAnswer {
    if Task.isCancelled { return .unavailable }
    return await withTaskGroup(of: CheckAnswer.self) { group -> CheckAnswer in
      group.addTask {
        do {
          let pass = try await check(request)
          return Task.isCancelled ? .unavailable : (pass ? .passed : .failed)
        } catch {
          return .unavailable
        }
      }
      group.addTask {
        await Self.sleep(for: timeout)
        return .unavailable
      }
      let first = await group.next() ?? .unavailable
      group.cancelAll()
      return Task.isCancelled ? .unavailable : first
    }
  }
}

extension Policy {
  /// The longest single sleep of a check's timer, which bounds how long a cancelled timer
  /// holds memory: on Linux a cancelled `Task.sleep` resumes at once but its scheduled wake-up
  /// stays queued until the deadline (about 700 bytes each), so a 30 s timeout per call grew
  /// the resident set by 70 MB over 100k calls. In slices, a cancelled timer is gone within
  /// one slice.
  static let timerSlice: Duration = .milliseconds(100)

  /// Sleeps for `duration` in slices of ``timerSlice``, returning early when cancelled.
  static func sleep(for duration: Duration) async {
    let clock = ContinuousClock()
    let deadline = clock.now + duration
    while !Task.isCancelled {
      let left = deadline - clock.now
      guard left > .zero else { return }
      do { try await Task.sleep(for: min(left, timerSlice)) } catch { return }
    }
  }
}

/// What became of one due check.
enum CheckAnswer: Sendable, Equatable {
  case passed, failed
  /// It threw, ran out of time, or its caller was cancelled.
  case unavailable
  /// Nobody gave a closure or stub of its name.
  case notGiven
}

/// A named check that is due for one field.
struct DueCheck: Sendable {
  var field: Int
  var node: Int
  /// What its check is asked: the values of sensitive fields left out.
  var request: CheckRequest
  var name: String { request.check }
  /// The rule's own check; `nil` for `{"check": NAME}`, looked up by name.
  var run: (@Sendable (CheckRequest) async throws -> Bool)?
  /// The rule's own bound; `nil` takes the call's.
  var timeout: Duration?
  /// An unavailable answer passes (listed in `checksNotRun` all the same).
  var passesWhenUnavailable = false
}

extension Policy {
  /// Whether any field has a named check (`{"check": NAME}`), which only
  /// ``validate(_:checks:timeout:)-([String:String],_,_)`` and ``validate(_:checkStubs:)`` run.
  public var hasNamedChecks: Bool { plan.hasNamedChecks }
}

extension Plan {
  /// Whether node `k` is a rule checked asynchronously (``AsyncCheckRule``).
  static func isAsyncCheck(_ rule: (any Rule)?) -> Bool {
    (rule as? any AsyncCheckRule)?.asyncCheck != nil
  }

  /// The named-check leaves of field `i` that the value reaches: top-level or inside
  /// `allOf`, with every `when` on the way holding.
  func namedChecks(field i: Int, subject: Subject) -> [Int] {
    var result: [Int] = []
    func visit(_ k: Int) {
      if nodes[k].hasCondition, let condition = nodes[k].condition, !condition.holds(in: subject.values) { return }
      switch nodes[k].kind {
      case .leaf: if Plan.isAsyncCheck(nodes[k].rule) { result.append(k) }
      case .allOf: for c in children(of: k) { visit(c) }
      case .anyOf, .not: break
      }
    }
    for k in subtrees(in: fields[i].nodes) { visit(k) }
    return result
  }
}

extension Report {
  /// The report with the answers of the due checks: `.failed` adds the check's failure;
  /// `.unavailable` and `.notGiven` add `check.unavailable` and list the check as not run.
  func adding(due: [DueCheck], answers: [CheckAnswer]) -> Report {
    guard !due.isEmpty else { return self }
    var fieldReports = Array(fields)
    var notRun = checksNotRun
    for (i, check) in due.enumerated() {
      guard let index = fieldReports.firstIndex(where: { $0.name == policy.plan.name(check.field) }) else { continue }
      let answer = i < answers.count ? answers[i] : .notGiven
      switch answer {
      case .passed: continue
      case .failed: break
      case .unavailable:
        notRun.append(CheckNotRun(field: fieldReports[index].name, check: check.name, reason: .unavailable))
        // `onUnavailable: "pass"`: said not run, and let through.
        if check.passesWhenUnavailable { continue }
      case .notGiven:
        notRun.append(CheckNotRun(field: fieldReports[index].name, check: check.name, reason: .notGiven))
      }
      let failure = policy.plan.failure(
        Plan.Pending(node: Int32(check.node), field: Int32(check.field), variant: answer == .failed ? 0 : 1),
        extras: [])
      let old = fieldReports[index]
      fieldReports[index] = FieldReport(
        name: old.name, value: old.value, failures: old.failures + [failure], isSensitive: old.isSensitive)
    }
    var report = Report(fields: FieldReports(fieldReports), formErrors: formErrors, policy: policy)
    report.checksNotRun = notRun
    return report
  }
}
