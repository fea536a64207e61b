/// `{"check": "emailAvailable"}`: a check only the app can make (is this address already
/// registered?), provided at run time as an ``AsyncCheck`` of that name.
///
/// It runs only in the async ``Policy/validate(_:checks:timeout:)-([String:String],_,_)`` and only
/// after the field's own rules found no error (an empty optional value is not checked). Its
/// failure has the check's name as its code and the app's messages; a check that throws,
/// does not answer within its time bound, or was never given fails with
/// `check.unavailable`, never silently passes. The synchronous `Policy.validate(_:)` cannot
/// run it and so fails it with `check.unavailable`; only ``Policy/validateSyntaxOnly(_:)``
/// leaves it aside. `validate` on the command line fails it unless given `--check NAME=pass|fail`.
///
/// The type is `CheckRule` because ``AsyncCheck`` is what the app provides.
public struct CheckRule: Rule {
  public static let name = "check"
  /// The check's name, which is also its failure code.
  public let check: String

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    check = try decoder.string()
    guard !check.isEmpty, check.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
      throw RuleDecodingError(ProblemLine("cli.rules.check.name"), at: [.key(Self.name)])
    }
  }

  /// Passes: the plan's synchronous walk leaves named checks to ``Policy/validate(_:checks:timeout:)-([String:String],_,_)``.
  public func check(_ subject: Subject) -> Int? { nil }

  public func failure(variant: Int) -> Failure {
    Failure(code: variant == 0 ? check : "check.unavailable", params: ["check": .string(check)])
  }

  /// Its checklist line: the app's `requirement.<check>`, else the general `requirement.check`
  /// (never the check's raw name).
  public var requirement: Failure { Failure(code: check, params: ["check": .string(check)]) }

  public static let messages: [RuleMessage] = [
    RuleMessage(
      "check", ja: ("{label}に入力された内容は使用できません。", "入力された内容は使用できません。"),
      en: ("This {label} can't be used.", "This value can't be used.")),
    RuleMessage(
      "check.unavailable",
      ja: ("{label}を確認できませんでした。しばらくしてからもう一度お試しください。", "確認できませんでした。しばらくしてからもう一度お試しください。"),
      en: (
        "{label} could not be checked right now. Please try again later.",
        "Could not be checked right now. Please try again later."
      )),
    RuleMessage(
      "requirement.check", ja: ("サービス側の確認に合格", "サービス側の確認に合格"),
      en: ("Accepted by the service", "Accepted by the service")),
  ]
}

/// A check the app provides at run time for `{"check": NAME}` in a rules file.
///
/// ```swift
/// let available = AsyncCheck(
///   name: "emailAvailable",
///   messages: [
///     RuleMessage("emailAvailable", ja: ("{label}はすでに登録されています。", "すでに登録されています。"),
///       en: ("{label} is already registered.", "Already registered.")),
///     RuleMessage("requirement.emailAvailable", ja: ("未登録のメールアドレス", "未登録のメールアドレス"),
///       en: ("Not yet registered", "Not yet registered")),
///   ]
/// ) { email, _ in try await users.find(email: email) == nil }
/// let report = await policy.validate(values, checks: [available])
/// ```
public struct AsyncCheck: Sendable {
  /// The name rules files use (`{"check": "emailAvailable"}`), and the failure's code.
  public let name: String
  /// Its messages: `name` and `requirement.<name>`, in Japanese and English, both variants.
  public let messages: [RuleMessage]
  /// Decides one due check from its ``CheckRequest``: `true` passes; throwing gives
  /// `check.unavailable`. The policy calls this.
  public let perform: @Sendable (_ request: CheckRequest) async throws -> Bool

  /// Decides the value: `true` passes. It gets the field's transformed value and the
  /// transformed values by name of every field that is not sensitive, plus the checked field's
  /// own. Throwing gives `check.unavailable`. For a check made with
  /// ``init(name:messages:perform:)`` it calls ``perform`` with an empty ``CheckRequest/field``.
  public var run: @Sendable (_ value: String, _ values: [String: String]) async throws -> Bool {
    { [perform, name] value, values in
      try await perform(CheckRequest(check: name, field: "", value: value, values: values))
    }
  }

  /// - Parameters:
  ///   - name: the name rules files use, and the failure's code.
  ///   - messages: `name` and `requirement.<name>` in Japanese and English.
  ///   - run: the check: `true` passes, `false` fails, throwing is `check.unavailable`. It gets
  ///     the field's value and the values of the fields that are not sensitive, plus its own.
  public init(
    name: String, messages: [RuleMessage],
    run: @escaping @Sendable (_ value: String, _ values: [String: String]) async throws -> Bool
  ) {
    self.name = name
    self.messages = messages
    self.perform = { request in
      var values = request.values
      if !request.field.isEmpty { values[request.field] = request.value }
      return try await run(request.value, values)
    }
  }

  /// A check that is told which field it decides (``CheckRequest``): what a check that calls
  /// another service needs, such as FormRulesHTTP's `HTTPCheck`.
  ///
  /// - Parameters:
  ///   - name: the name rules files use, and the failure's code.
  ///   - messages: `name` and `requirement.<name>` in Japanese and English.
  ///   - perform: the check: `true` passes, `false` fails, throwing is `check.unavailable`.
  public init(
    name: String, messages: [RuleMessage], perform: @escaping @Sendable (_ request: CheckRequest) async throws -> Bool
  ) {
    self.name = name
    self.messages = messages
    self.perform = perform
  }

  /// What is missing from the messages (empty when they are complete).
  public var messageProblems: [String] { RuleRegistry.messageProblems(code: name, messages: messages) }
}

/// One due named check as its ``AsyncCheck`` is asked it: which check, on which field, the
/// field's value, and the other values it may read.
///
/// A sensitive field's value (a password) is never in ``values``: it is only ever
/// ``value``, and only when the check is declared on that very field.
public struct CheckRequest: Sendable, Equatable {
  /// The check's name (`{"check": NAME}`).
  public var check: String
  /// The field the check is declared on; empty when a check is called through
  /// ``AsyncCheck/run`` directly.
  public var field: String
  /// The field's transformed value (after `trim`, `normalize` and the like).
  public var value: String
  /// The transformed values, by name, of every present field that is not sensitive (the checked
  /// field's own included when it is not sensitive).
  public var values: [String: String]
  /// Whether ``field`` is sensitive: ``value`` is then a secret, to be sent nowhere but to the
  /// service that decides it, and never logged.
  public var isSensitive: Bool

  /// A request for `check` on `field`.
  public init(check: String, field: String, value: String, values: [String: String], isSensitive: Bool = false) {
    self.check = check
    self.field = field
    self.value = value
    self.values = values
    self.isSensitive = isSensitive
  }
}

/// A named check that was due (its field had no error) but gave no answer: nobody gave a
/// closure or stub of its name, or it threw, ran out of time or was cancelled. Its field
/// fails with `check.unavailable`, so the report is not valid.
public struct CheckNotRun: Sendable, Equatable {
  /// Why a due check has no answer.
  public enum Reason: String, Sendable, Equatable {
    /// No ``AsyncCheck`` or stub of that name was given (or the call was synchronous).
    case notGiven
    /// The check threw, did not answer in time, or its caller was cancelled.
    case unavailable
  }

  /// The name of the field the check belongs to.
  public let field: String
  /// The check's name (`{"check": NAME}`), also the failure code it would have had.
  public let check: String
  /// Why it has no answer.
  public let reason: Reason

  /// A record that `check` was due on `field` and gave no answer.
  public init(field: String, check: String, reason: Reason = .notGiven) {
    self.field = field
    self.check = check
    self.reason = reason
  }
}
