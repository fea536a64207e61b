/// The outcome of one example of a rules file.
public struct PolicyTestResult: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The example that ran.
  public let test: PolicyTest
  /// Whether the policy did what the example expects.
  public let passed: Bool
  /// Whether the input came out valid.
  public let actualValid: Bool
  /// Error codes per field, as they came out (fields without errors are left out).
  public let actualErrors: [String: [String]]
  /// Warning codes per field, as they came out (fields without warnings are left out).
  public let actualWarnings: [String: [String]]
  /// Named checks that were due but had no stub, so were not run (``Report/checksNotRun``).
  public var checksNotRun: [CheckNotRun] = []

  /// What was expected, in the words of the rules file (`valid: true`, `password: [minLength]`).
  public var expectedDescription: String {
    var parts: [String] = []
    switch test.expectation {
    case .valid(let valid): parts.append("valid: \(valid)")
    case .errors(let errors): parts.append(Self.describe(errors, all: Array(errors.keys)))
    }
    if let warnings = test.warnings { parts.append("warnings " + Self.describe(warnings, all: Array(warnings.keys))) }
    return parts.joined(separator: "; ")
  }

  /// What came out, restricted to what the test looks at.
  public var actualDescription: String {
    var parts: [String] = []
    switch test.expectation {
    case .valid:
      parts.append("valid: \(actualValid)")
      if !actualErrors.isEmpty { parts.append(Self.describe(actualErrors, all: Array(actualErrors.keys))) }
    case .errors(let expected):
      parts.append(Self.describe(actualErrors, all: Array(expected.keys)))
    }
    if let warnings = test.warnings {
      parts.append("warnings " + Self.describe(actualWarnings, all: Array(warnings.keys)))
    }
    return parts.joined(separator: "; ")
  }

  /// Codes only: the test's input is shown as ``PolicyTest`` shows it, redacted.
  public var description: String {
    "PolicyTestResult(\(passed ? "passed" : "failed"), \(test), expected \(expectedDescription), got \(actualDescription))"
  }

  public var debugDescription: String { description }

  static func describe(_ table: [String: [String]], all fields: [String]) -> String {
    fields.sorted().map { "\($0): [\((table[$0] ?? []).joined(separator: ", "))]" }.joined(separator: ", ")
  }
}

extension Policy {
  /// Runs the examples of the rules file (and of its sibling `NAME.tests.json`).
  ///
  /// A case passes when `valid` matches, or when each listed field fails with exactly
  /// the listed error codes (in any order); `warnings`, when given, are checked the same way.
  ///
  /// Named checks (`{"check": NAME}`) take their answers from the case's own `"checks"`
  /// (``PolicyTest/checks``), else from `checkStubs`; a due check without either is not run:
  /// it fails closed with `check.unavailable` and is listed in the result's
  /// ``PolicyTestResult/checksNotRun``.
  public func runTests(matching filter: ((String) -> Bool)? = nil, checkStubs: [String: Bool] = [:])
    -> [PolicyTestResult]
  {
    ruleSet.tests.filter { filter?($0.name) ?? true }.map { run($0, checkStubs: checkStubs) }
  }

  /// Runs one example against the policy.
  ///
  /// - Parameters:
  ///   - test: the example (one of ``RuleSet/tests``).
  ///   - checkStubs: answers for the rules file's named checks (`{"check": NAME}`), by name;
  ///     the case's own ``PolicyTest/checks`` win. A check without a stub is not run: it fails
  ///     with `check.unavailable` and is listed in ``PolicyTestResult/checksNotRun``.
  /// - Returns: whether the example passed, with what actually came out.
  public func run(_ test: PolicyTest, checkStubs: [String: Bool] = [:]) -> PolicyTestResult {
    let report = validate(test.input, checkStubs: checkStubs.merging(test.checks ?? [:]) { _, own in own })
    var errors: [String: [String]] = [:]
    var warnings: [String: [String]] = [:]
    for field in report.fields {
      let e = field.errors.map(\.code)
      let w = field.warnings.map(\.code)
      if !e.isEmpty { errors[field.name] = e }
      if !w.isEmpty { warnings[field.name] = w }
    }
    var passed: Bool
    switch test.expectation {
    case .valid(let valid):
      passed = report.isValid == valid
    case .errors(let expected):
      passed = expected.allSatisfy { field, codes in (errors[field] ?? []).sorted() == codes.sorted() }
    }
    if let expectedWarnings = test.warnings {
      passed =
        passed
        && expectedWarnings.allSatisfy { field, codes in (warnings[field] ?? []).sorted() == codes.sorted() }
    }
    var result = PolicyTestResult(
      test: test, passed: passed, actualValid: report.isValid, actualErrors: errors, actualWarnings: warnings)
    result.checksNotRun = report.checksNotRun
    return result
  }
}
