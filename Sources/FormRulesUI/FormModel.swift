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
    self.report = policy.validate(start)
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
    report = policy.validate(values)
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

  /// Whether a field passes (warnings do not count).
  public func isValid(_ field: String) -> Bool { report.fields[field]?.isValid ?? true }

  /// The policy passes for the current values.
  public var isValid: Bool { report.isValid }

  /// The policy passes and nothing is loading. Bound to `Rules/login.json` this is the seed
  /// screen's rule: a non-empty trimmed email, a password of at least 6 characters, not loading.
  public var isSubmitEnabled: Bool { report.isValid && !isLoading }

  /// The first failing field in rules-file order: where focus goes after a failed submit.
  public var firstInvalidField: String? {
    report.fields.first { !$0.isValid }?.name
  }

  /// The requirement checklist of a field for its current values (for a password: what is
  /// met so far), in the model's language: ``Policy/checklist(for:values:locale:)-(_,_,String)`` over
  /// ``values``, so the screen ticks exactly what the server enforces.
  ///
  /// - Parameter field: the field's name in the rules file.
  /// - Returns: one item per requirement, `[]` for a field the policy does not have.
  public func checklist(for field: String) -> [ChecklistItem] {
    policy.checklist(for: field, values: values, locale: language)
  }

  /// The synchronous half of ``submit(action:)``: every field counts as touched; when the
  /// form is invalid, focus moves to the first invalid field and the shake trigger fires.
  /// - Returns: whether the form may be sent.
  @discardableResult
  public func attemptSubmit() -> Bool {
    for name in fieldNames { states[name]?.isSubmitted = true }
    shownWhileEditing = nil
    guard !report.isValid else { return true }
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
}
