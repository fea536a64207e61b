extension Policy {
  /// Runs the compiled rules of type `R` on one field, as the plan hands them the value (after the
  /// field's transforms), and nothing else: no `when`, `bail`, severity, composite or other rule.
  /// A rule's unit tests call this, so that they test the rule itself rather than the evaluation
  /// around it (which has its own tests). Like the plan, it does not ask a rule about an empty
  /// value unless the rule ``Rule/checksEmptyValue``.
  ///
  /// ```swift
  /// let policy = try makePolicy(#"{"fields": {"f": {"rules": [{"maxRepeat": 3}]}}}"#)
  /// policy.check(MaxRepeat.self, field: "f", in: ["f": "aaaa"])  // [maxRepeat {actual: 4}]
  /// ```
  /// - Returns: one entry per rule of type `R` in the field, in the order written (composites'
  ///   parts included): its failure, or `nil` where it passed. Empty when the field has no such rule.
  package func check<R: Rule>(_ rule: R.Type, field: String, in values: [String: String?]) -> [Failure?] {
    guard let i = fieldIndex[field] else { return [] }
    return withPrepared({ values[$0] ?? nil }) { call in
      let subject = plan.subject(i, call.values)
      var results: [Failure?] = []
      for node in plan.nodes[plan.fields[i].nodes] {
        guard let found = node.rule as? R else { continue }
        // A rule that declares it does not look at empty values is not asked about one.
        if subject.bytes.isEmpty, !R.checksEmptyValue {
          results.append(nil)
          continue
        }
        results.append(found.check(subject).map(found.failure(variant:)))
      }
      return results
    }
  }
}
