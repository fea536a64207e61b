/// What one rule's check said about a value that failed it: the variant the check returned
/// and the failure the rule says that variant stands for (``Rule/failure(variant:)``).
package struct RuleVerdict: Sendable, Equatable, CustomStringConvertible {
  /// The number ``Rule/check(_:)`` returned.
  package var variant: Int
  /// The failure the variant stands for, as the rule makes it (no severity or message of the rules file).
  package var failure: Failure

  package init(variant: Int, failure: Failure) {
    self.variant = variant
    self.failure = failure
  }

  package var description: String { "variant \(variant): \(failure.code) \(failure.params.entries)" }
}

extension Policy {
  /// Runs the compiled rules of type `R` on one field, as the plan hands them the value (after the
  /// field's transforms), and nothing else: no `when`, `bail`, severity, composite or other rule.
  /// A rule's unit tests call this, so that they test the rule itself rather than the evaluation
  /// around it (which has its own tests). Like the plan, it does not ask a rule about an empty
  /// value unless the rule ``Rule/checksEmptyValue``.
  ///
  /// ```swift
  /// let policy = try makePolicy(#"{"fields": {"f": {"rules": [{"maxRepeat": 3}]}}}"#)
  /// policy.check(MaxRepeat.self, field: "f", in: ["f": "aaaa"])  // [variant 4: maxRepeat {actual: 4}]
  /// ```
  /// - Returns: one entry per rule of type `R` in the field, in the order written (composites'
  ///   parts included): its verdict, or `nil` where it passed. Empty when the field has no such rule.
  package func check<R: Rule>(_ rule: R.Type, field: String, in values: [String: String?]) -> [RuleVerdict?] {
    guard let i = fieldIndex[field] else { return [] }
    return withPrepared({ values[$0] ?? nil }) { call in
      let subject = plan.subject(i, call.values)
      var results: [RuleVerdict?] = []
      for k in plan.fields[i].nodes {
        let node = plan.nodes[k]
        guard let found = node.rule as? R else { continue }
        // A rule that declares it does not look at empty values is not asked about one.
        if subject.bytes.isEmpty, !R.checksEmptyValue {
          results.append(nil)
          continue
        }
        results.append(found.check(subject).map { RuleVerdict(variant: $0, failure: found.failure(variant: $0)) })
      }
      return results
    }
  }

  /// Runs the composites of kind `C` (`allOf`, `anyOf`, `not`) in one field through the plan's
  /// own composite logic, and nothing around them: the composite's own `when`, the field's
  /// `bail` and its other rules are left out; its children run as the plan runs them (their
  /// `when` and the empty-value rule included). The unit tests of a composite call this with
  /// simple children, so they test how it combines them.
  ///
  /// - Returns: one entry per composite of kind `C` in the field, outermost first: the failures
  ///   it reports (for `allOf` its failing children's, for `anyOf` and `not` at most its own).
  package func check<C: CompositeRule>(_ composite: C.Type, field: String, in values: [String: String?])
    -> [[Failure]]
  {
    guard let i = fieldIndex[field] else { return [] }
    let kind: Plan.Kind
    switch C.name {
    case AllOf.name: kind = .allOf
    case AnyOf.name: kind = .anyOf
    case Not.name: kind = .not
    default: return []
    }
    return withPrepared({ values[$0] ?? nil }) { call in
      let subject = plan.subject(i, call.values)
      var results: [[Failure]] = []
      for k in plan.fields[i].nodes where plan.nodes[k].kind == kind {
        var count = 0
        plan.runComposite(k, subject, call.pending, &count, &call.extras)
        results.append((0..<count).map { plan.failure(call.pending[$0], extras: call.extras) })
      }
      return results
    }
  }
}
