import Foundation
import Observation

/// The state of a form that a UI binds to: values, focus, what the user has touched, the
/// messages to show, and the submit flow.
///
/// The model knows nothing of any UI framework; SwiftUI, a terminal or a test drives it the
/// same way. Every rule comes from the ``Policy``, so the screen checks exactly what the
/// server checks.
///
/// ```swift
/// let model = FormModel(policy: try RuleSet(contentsOf: url).compile(), locale: "ja")
/// model["email"] = " taro@example.jp "
/// model["password"] = "abc123"
/// model.isSubmitEnabled                  // true
/// await model.submit { try await api.login(model.values) }
/// model.generalError                     // "メールアドレスまたはパスワードが正しくありません。"
/// ```
@MainActor
@Observable
public final class FormModel {
  /// The compiled rules every field is checked against.
  public let policy: Policy
  /// The language messages are rendered in; negotiated on use (`ja-JP` → `ja`).
  public var locale: String
  /// When a field's messages show (``ErrorDisplayPolicy/standard``: after focus leaves it or a submit).
  public var displayPolicy: ErrorDisplayPolicy

  /// The raw values as typed, one per field of the policy.
  public private(set) var values: [String: String]
  private var states: [String: FieldState]
  private var focus: String?
  /// The last validation of ``values``; kept so that reads during a redraw cost nothing.
  public private(set) var report: Report
  /// Whether a submit action is running; ``isSubmitEnabled`` is false meanwhile.
  public private(set) var isLoading = false
  /// The message shown above the form after a failed submit action.
  public var generalError: String?
  /// Changes on every failed submit attempt and on every refused one (a wrong password: see
  /// ``isRefusal(_:)``); a shake animation watches it. A counter and not a flag, so the second
  /// failure in a row still changes the value and shakes again. A UI that honours reduced
  /// motion skips the animation but still moves focus.
  public private(set) var shakeTrigger = 0
  /// Changes on every refused submit. Focus is then on ``fieldAfterRefusal`` (or on the field
  /// the identity provider named); a UI selects that field's text when this changes, so that
  /// typing replaces the refused password.
  public private(set) var refusalTrigger = 0
  /// How an identity provider's error thrown by a submit action (``IdentityError``, or a
  /// Firebase SDK `NSError`) becomes a message; change entries or field names here.
  public var identityErrors: IdentityErrorMapping = .standard
  /// Failures the submit action reported on a field (`email.taken`), shown under it until
  /// the user edits that field.
  private var submitFailures: [String: Failure] = [:]
  /// What the named checks (`{"check": NAME}`) said of each field's current value, from
  /// ``checkField(_:checks:timeout:)`` or a server's problem document: their failures, shown
  /// under the field, and their answers, which the checklist ticks. Forgotten on an edit.
  private var checkResults: [String: (failures: [Failure], answers: [String: Bool])] = [:]
  /// Reward early, punish late: while the user edits, each field's shown failures as they
  /// were when the editing began, less those fixed since. `nil` between edits (after focus
  /// moves or a submit attempt), when every field shows its current failures.
  private var shownWhileEditing: [String: [Failure]]?

  /// - Parameters:
  ///   - policy: the compiled rules every field is checked against.
  ///   - locale: a language tag; `nil` uses the rules file's default language.
  ///   - displayPolicy: when a field's messages show.
  ///   - values: starting values; fields not named start empty.
  public init(
    policy: Policy, locale: String? = nil, displayPolicy: ErrorDisplayPolicy = .standard,
    values: [String: String] = [:]
  ) {
    self.policy = policy
    self.locale = policy.negotiateLocale(locale.map { [$0] } ?? [])
    self.displayPolicy = displayPolicy
    var start: [String: String] = [:]
    for name in policy.fieldNames { start[name] = values[name] ?? "" }
    self.values = start
    self.states = Dictionary(uniqueKeysWithValues: policy.fieldNames.map { ($0, FieldState()) })
    self.report = policy.validateSyntaxOnly(start)
  }

  /// A model whose messages are in a Foundation `Locale` (`ja_JP` → `ja`), negotiated like
  /// every other locale of the library.
  public convenience init(
    policy: Policy, locale: Locale, displayPolicy: ErrorDisplayPolicy = .standard, values: [String: String] = [:]
  ) {
    self.init(policy: policy, locale: locale.identifier, displayPolicy: displayPolicy, values: values)
  }

  /// The fields in rules-file order.
  public var fieldNames: [String] { policy.fieldNames }

  /// A field's value, for binding. Setting it counts as the user's edit.
  public subscript(field: String) -> String {
    get { values[field] ?? "" }
    set { setValue(newValue, for: field) }
  }

  /// Records the user's edit of a field. Names the policy does not know are ignored.
  public func setValue(_ value: String, for field: String) {
    guard let old = values[field], old != value else { return }
    if shownWhileEditing == nil, !displayPolicy.showsWhileFirstEditing {
      shownWhileEditing = Dictionary(uniqueKeysWithValues: fieldNames.map { ($0, failures(of: $0)) })
    }
    values[field] = value
    states[field]?.isEdited = true
    // The general error described the values that were sent; once they change it is stale.
    generalError = nil
    submitFailures[field] = nil
    checkResults[field] = nil
    report = policy.validateSyntaxOnly(values)
    if let shown = shownWhileEditing {
      // A fixed error goes at once; one that now reads differently goes too; nothing is added.
      var kept: [String: [Failure]] = [:]
      for (name, failures) in shown {
        let now = Set(self.failures(of: name).map { text(of: $0, field: name) })
        kept[name] = failures.filter { now.contains(text(of: $0, field: name)) }
      }
      shownWhileEditing = kept
    }
  }

  private func failures(of field: String) -> [Failure] {
    var failures = report.fields[field]?.failures ?? []
    failures += checkResults[field]?.failures ?? []
    if let failure = submitFailures[field] { failures.append(failure) }
    return failures
  }

  private func text(of failure: Failure, field: String) -> String {
    policy.message(for: failure, field: field, locale: language, style: .inline)
  }

  /// The field that has focus. Moving focus away marks the previous field as having lost it.
  public var focusedField: String? {
    get { focus }
    set {
      guard newValue != focus else { return }
      if let previous = focus { states[previous]?.hasLostFocus = true }
      shownWhileEditing = nil  // leaving a field: errors are added or replaced now
      focus = newValue.flatMap { values[$0] == nil ? nil : $0 }
    }
  }

  /// What the user has done with a field.
  public func state(of field: String) -> FieldState { states[field] ?? FieldState() }

  /// The field's label in the form's locale.
  public func label(of field: String) -> String { policy.label(of: field, locale: language) }

  /// A word of the catalog in the form's locale, such as a button's title:
  /// `text("ui.logIn")` is 「ログイン」 or "Log in", the same word the web pages and the
  /// terminal form show. A rules file's `messages` may override it.
  public func text(_ key: String) -> String { policy.catalog.render(code: key, locale: language) }

  /// Whether the display policy lets the field's messages show now.
  public func showsMessages(for field: String) -> Bool {
    displayPolicy.showsMessages(for: state(of: field))
  }

  /// The messages to show under a field now (inline style), or none while the display policy
  /// keeps the field quiet. While the user edits (until focus moves or a submit attempt), a
  /// shown error goes as soon as it is fixed, but new or changed errors wait: reward early,
  /// punish late, so the screen never scolds an intermediate state.
  public func messages(for field: String) -> [FieldMessage] {
    guard showsMessages(for: field) else { return [] }
    guard let shown = shownWhileEditing?[field] else { return allMessages(for: field) }
    return render(shown, field: field)
  }

  /// Every message of a field regardless of the display policy.
  public func allMessages(for field: String) -> [FieldMessage] {
    guard report.fields[field] != nil else { return [] }
    return render(failures(of: field), field: field)
  }

  private func render(_ failures: [Failure], field: String) -> [FieldMessage] {
    let language = language
    return failures.map {
      FieldMessage(
        code: $0.code, severity: $0.severity,
        text: policy.message(for: $0, field: field, locale: language, style: .inline),
        suggestions: policy.catalog.suggestions(for: $0, locale: language))
    }
  }

  /// Whether a field passes (warnings do not count), its checks' known failures included.
  public func isValid(_ field: String) -> Bool {
    (report.fields[field]?.isValid ?? true) && (checkResults[field]?.failures.isEmpty ?? true)
  }

  /// The policy passes for the current values (named checks aside until they answer), and no
  /// check or server problem shown on a field says otherwise.
  public var isValid: Bool { report.isValid && fieldNames.allSatisfy { checkResults[$0]?.failures.isEmpty ?? true } }

  /// The policy passes and nothing is loading. Bound to `Rules/login.json` this is the seed
  /// screen's rule: a non-empty trimmed email, a password of at least 6 characters, not loading.
  public var isSubmitEnabled: Bool { isValid && !isLoading }

  /// The first failing field in rules-file order: where focus goes after a failed submit.
  public var firstInvalidField: String? {
    fieldNames.first { !isValid($0) }
  }

  /// The requirement checklist of a field for its current values (for a password: what is
  /// met so far), in the model's language: ``Policy/checklist(for:values:locale:)-(_,_,String)`` over
  /// ``values``, so the screen ticks exactly what the server enforces.
  ///
  /// - Parameter field: the field's name in the rules file.
  /// - Returns: one item per requirement, `[]` for a field the policy does not have.
  public func checklist(for field: String) -> [ChecklistItem] {
    policy.checklist(
      for: field, values: values, locale: language, checkAnswers: checkResults[field]?.answers ?? [:])
  }

  /// The synchronous half of ``submit(action:)``: every field counts as touched; when the
  /// form is invalid, focus moves to the first invalid field and the shake trigger fires.
  /// - Returns: whether the form may be sent.
  @discardableResult
  public func attemptSubmit() -> Bool {
    for name in fieldNames { states[name]?.isSubmitted = true }
    shownWhileEditing = nil
    guard !isValid else { return true }
    focusedField = firstInvalidField
    shakeTrigger &+= 1
    return false
  }

  /// Validates and, when the form passes, runs `action` with ``isLoading`` set.
  ///
  /// An error thrown by `action` becomes ``generalError``: a ``FormErrorCode`` whose code the
  /// catalog knows is rendered in the form's locale; any other error renders `unknown`; a
  /// `CancellationError` shows nothing, since the user did not fail. An identity provider's
  /// error (``IdentityError``, or a Firebase SDK `NSError`) maps through ``identityErrors``:
  /// to ``generalError``, or to a message under its field (`email.taken`), which then takes
  /// focus. ``isLoading`` is false again when this returns, however `action` ends. A call
  /// while loading does nothing.
  public func submit(action: () async throws -> Void) async {
    guard !isLoading, attemptSubmit() else { return }
    isLoading = true
    generalError = nil
    submitFailures = [:]
    defer { isLoading = false }
    do {
      try await action()
    } catch {
      let refused = isRefusal(error)
      if refused {
        shakeTrigger &+= 1
        refusalTrigger &+= 1
      }
      if let identity = IdentityError(error) {
        let mapped = identityErrors.map(identity)
        if let field = mapped.field, values[field] != nil {
          submitFailures[field] = mapped.failure
          focusedField = field
          return
        }
      }
      generalError = generalErrorMessage(for: error)
      if refused, let field = fieldAfterRefusal { focusedField = field }
    }
  }

  /// Whether a submit action's error means the service refused the values (a wrong password,
  /// a locked account, an address already taken), as opposed to a failure to reach it: a
  /// ``FormErrorCode`` whose code starts with `auth.`, or an identity provider's error that maps
  /// to an `auth.` code or to a field. A refusal shakes the form like a failed validation.
  public func isRefusal(_ error: any Error) -> Bool {
    if let identity = IdentityError(error) {
      let mapped = identityErrors.map(identity)
      return mapped.field != nil || mapped.failure.code.hasPrefix("auth.")
    }
    if let coded = error as? any FormErrorCode { return coded.code.hasPrefix("auth.") }
    return false
  }

  /// Where focus goes after a refused submit: the first sensitive field in rules-file order
  /// (the password), whose text the UI selects; `nil` when the form has none.
  public var fieldAfterRefusal: String? {
    report.fields.first { $0.isSensitive }?.name
  }

  /// The failure the last submit action reported on `field`, until the field is edited.
  public func submitFailure(for field: String) -> Failure? { submitFailures[field] }

  /// The message for an error thrown by a submit action, in the form's locale.
  public func generalErrorMessage(for error: any Error) -> String? {
    if error is CancellationError { return nil }
    let language = language
    if let identity = IdentityError(error) {
      return policy.message(for: identityErrors.map(identity), locale: language, style: .labeled)
    }
    if let coded = error as? any FormErrorCode,
      policy.catalog.template(for: [coded.code], language: language) != nil
    {
      return policy.catalog.render(code: coded.code, params: coded.params, locale: language)
    }
    return policy.catalog.render(code: "unknown", locale: language)
  }

  private var language: String { policy.negotiateLocale([locale]) }

  // MARK: Named checks and server problems

  /// Runs the named checks of one field (`{"check": "emailAvailable"}`) for its current
  /// value, as a screen does when the field loses focus: "is this address taken?". The
  /// field's own rules come first; a check runs only when they pass. A failure shows under
  /// the field until it is edited, and the checklist ticks the check (✓ or ✗ instead of "not
  /// checked yet"). A check that throws or times out shows `check.unavailable` and stays not
  /// checked. If the value changes while the check runs, the late answer is dropped.
  ///
  /// ```swift
  /// model.focusedField = "password"            // focus left the email field
  /// await model.checkField("email")            // the closures given to compile(checks:)
  /// model.messages(for: "email").map(\.text)   // ["すでに登録されています。"]
  /// ```
  ///
  /// Live typing (``setValue(_:for:)``) never runs checks: it validates syntax only
  /// (``Policy/validateSyntaxOnly(_:)``), so ``isSubmitEnabled`` does not wait for them; the
  /// server's answer, through ``apply(problemJSON:)``, has the last word.
  ///
  /// - Parameters:
  ///   - field: the field's name in the rules file.
  ///   - checks: closures that override the policy's own for this call (usually none).
  ///   - timeout: how long a check may take before it counts as unavailable.
  public func checkField(_ field: String, checks: [AsyncCheck] = [], timeout: Duration = .seconds(2)) async {
    guard let value = values[field] else { return }
    let pending = checklist(for: field).filter { $0.state == .notChecked }.map(\.code)
    let snapshot = values
    guard let result = await policy.validate(field: field, in: snapshot, checks: checks, timeout: timeout),
      values[field] == value
    else { return }
    let own = Set((report.fields[field]?.failures ?? []).map(\.code))
    let failures = result.failures.filter { !own.contains($0.code) }
    var answers: [String: Bool] = [:]
    // The checks were due only when the field's own rules passed on a non-empty value.
    if !value.isEmpty, report.fields[field]?.isValid ?? false {
      for name in pending {
        let unavailable = failures.contains { $0.code == "check.unavailable" && $0.params["check"] == .string(name) }
        if !unavailable { answers[name] = !failures.contains { $0.code == name } }
      }
    }
    checkResults[field] = (failures, answers)
  }

  /// Shows a server's `application/problem+json` answer (status 422, as ``Report/response(locale:type:instance:)-(String,_,_)``
  /// and `validate serve` write it) on the form: each entry of `errors` whose `pointer` names
  /// a field (`/email`) shows under that field, rendered from its `code` and `params` in the
  /// form's language, until the field is edited; a named check's code also ticks it ✗ in the
  /// checklist. An entry for the whole form (`""`) or an unknown field becomes
  /// ``generalError``. Focus moves to the first field with an error, and the form shakes.
  ///
  /// ```swift
  /// let (data, response) = try await session.data(for: request)
  /// if (response as? HTTPURLResponse)?.statusCode == 422 { model.apply(problemJSON: data) }
  /// ```
  ///
  /// - Parameter bytes: the response body.
  /// - Returns: whether the body was a problem document with `errors`; `false` leaves the
  ///   form as it was (show your own general error then).
  @discardableResult
  public func apply(problemJSON bytes: some Collection<UInt8>) -> Bool {
    guard let document = try? JSONParser().parse(bytes).objectValue,
      let entries = document["errors"]?.arrayValue
    else { return false }
    let language = language
    var perField: [String: [Failure]] = [:]
    var general: [String] = []
    for entry in entries {
      guard let object = entry.objectValue, let code = object["code"]?.stringValue else { continue }
      var params: Parameters = [:]
      for (key, value) in object["params"]?.objectValue?.members ?? [] {
        switch value {
        case .string(let s): params[key] = .string(s)
        case .bool(let b): params[key] = .bool(b)
        case .array(let list): params[key] = .strings(list.compactMap(\.stringValue))
        default: if let i = value.intValue { params[key] = .int(i) }
        }
      }
      let failure = Failure(code: code, params: params)
      if let field = Self.field(pointer: object["pointer"]?.stringValue ?? ""), values[field] != nil {
        perField[field, default: []].append(failure)
      } else if policy.catalog.template(for: [code], language: language) != nil {
        general.append(policy.catalog.render(code: code, params: params, locale: language))
      } else if let detail = object["detail"]?.stringValue {
        general.append(detail)
      }
    }
    for (field, failures) in perField {
      var answers = checkResults[field]?.answers ?? [:]
      let checks = Set(checklist(for: field).filter { $0.state == .notChecked }.map(\.code)).union(answers.keys)
      for failure in failures where checks.contains(failure.code) { answers[failure.code] = false }
      let own = Set((report.fields[field]?.failures ?? []).map(\.code))
      checkResults[field] = (failures.filter { !own.contains($0.code) }, answers)
      states[field]?.isSubmitted = true
    }
    generalError = general.isEmpty ? generalError : general.joined(separator: "\n")
    shownWhileEditing = nil
    if let first = fieldNames.first(where: { perField[$0] != nil }) { focusedField = first }
    shakeTrigger &+= 1
    return true
  }

  /// ``apply(problemJSON:)`` for a document made in process (``ReportResponse/problem(_:)``).
  @discardableResult
  public func apply(_ problem: ProblemDetails) -> Bool { apply(problemJSON: problem.bytes) }

  /// The field a JSON Pointer (RFC 6901) names: `/email` → `email`; `~1` is `/`, `~0` is `~`.
  static func field(pointer: String) -> String? {
    guard pointer.hasPrefix("/") else { return nil }
    let token = pointer.dropFirst()
    guard !token.contains("/") else { return nil }
    return token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
  }
}
