/// What a server answers for a report: the three cases a handler tells apart.
public enum ReportOutcome: Sendable, Equatable {
  /// Every field passed: 200 (or 201).
  case valid
  /// The body was read, and some values break the rules: 422 with the problem document.
  case invalid
  /// The body is not a JSON object of the expected shape (broken JSON, invalid UTF-8, not an
  /// object): 400. The report holds one form-level `input.malformed` failure.
  case malformed
  /// The values pass every rule that ran, but a named check that was due did not run (not
  /// given, threw, timed out): 422 with `check.unavailable` naming the check. Never valid.
  case incomplete
}

extension Report {
  /// Whether the input was valid, invalid, or could not be read at all — typed, so a handler
  /// need not compare code strings to choose between 200, 422 and 400:
  ///
  /// ```swift
  /// switch report.outcome {
  /// case .valid: return 201
  /// case .invalid: return 422   // report.problemDetails(locale:)
  /// case .malformed: return 400
  /// case .incomplete: return 422  // a check did not run: report.checksNotRun
  /// }
  /// ```
  public var outcome: ReportOutcome {
    if formErrors.contains(where: { $0.code == "input.malformed" && $0.severity == .error }) { return .malformed }
    if isValid { return .valid }
    if !checksNotRun.isEmpty, onlyUnavailableChecksFail { return .incomplete }
    return .invalid
  }

  /// Whether every error is a named check's `check.unavailable`.
  private var onlyUnavailableChecksFail: Bool {
    !formErrors.contains { $0.severity == .error }
      && fields.allSatisfy { field in field.errors.allSatisfy { $0.code == "check.unavailable" } }
  }

  /// The report with an app's own failure added to a field, so a check only the app can make
  /// ("this email is already registered") is rendered, counted and pointed at (`/email`) like
  /// the rules' own:
  ///
  /// ```swift
  /// var report = policy.validate(values)
  /// if report.isValid, try await users.exists(email) {
  ///   report = report.adding(Failure(code: "email.taken"), to: "email")
  /// }
  /// ```
  ///
  /// The code's message comes from the rules file's `messages`. A name the policy has no field
  /// for adds a form-level failure instead, so nothing is lost.
  public func adding(_ failure: Failure, to field: String) -> Report {
    guard fields[field] != nil else { return adding(formError: failure) }
    let updated = fields.map { report in
      report.name == field
        ? FieldReport(
          name: report.name, value: report.value, failures: report.failures + [failure],
          isSensitive: report.isSensitive)
        : report
    }
    var copy = Report(fields: FieldReports(updated), formErrors: formErrors, policy: policy)
    copy.checksNotRun = checksNotRun
    return copy
  }

  /// The report with a failure that belongs to the whole form (`auth.tooManyRequests`).
  public func adding(formError failure: Failure) -> Report {
    var copy = Report(fields: fields, formErrors: formErrors + [failure], policy: policy)
    copy.checksNotRun = checksNotRun
    return copy
  }
}
