/// A rule whose value is decided by an asynchronous check (a network call, a database) rather
/// than by its synchronous ``Rule/check(_:)``.
///
/// Such a rule runs where `{"check": NAME}` runs, through the same machinery: the async
/// ``Policy/validate(_:checks:timeout:)-([String:String],_,_)`` collects it when its field has no
/// error and a non-empty value, races it against its timeout in a task group (the loser is
/// cancelled, and so is the check when the caller is), and a check that throws, runs out of
/// time or cannot run in a synchronous call fails its field with `check.unavailable` and is
/// listed in ``Report/checksNotRun``. There is no second path.
///
/// Its failures: `failure(variant: 0)` is the rule's own failure (the check said no),
/// `failure(variant: 1)` its `check.unavailable`, with the check's name as `check`.
///
/// ```swift
/// // notBreached in range mode (FormRulesPassword):
/// var asyncCheck: RuleAsyncCheck? {
///   RuleAsyncCheck(name: "notBreached", timeout: .seconds(2), passesWhenUnavailable: false) { request in
///     try await !isBreached(request.value)
///   }
/// }
/// ```
public protocol AsyncCheckRule: Rule {
  /// How this rule is checked asynchronously; `nil` when this instance checks synchronously
  /// (`notBreached` over a local file).
  var asyncCheck: RuleAsyncCheck? { get }
}

/// The asynchronous check of an ``AsyncCheckRule``.
public struct RuleAsyncCheck: Sendable {
  /// The check's name, as ``CheckNotRun/check`` and the `check` parameter of
  /// `check.unavailable` give it.
  public var name: String
  /// The check: `true` passes, `false` fails, throwing is `check.unavailable`. `nil` for
  /// `{"check": NAME}`, whose closure is the ``AsyncCheck`` of that name (given to
  /// ``RuleSet/compile(checks:)``, registered, or passed to the call).
  /// It gets the same ``CheckRequest`` an ``AsyncCheck`` gets.
  public var run: (@Sendable (_ request: CheckRequest) async throws -> Bool)?
  /// The rule's own time bound; `nil` takes the call's `timeout`.
  public var timeout: Duration?
  /// Whether a check that could not answer (it threw or ran out of time) passes instead of
  /// failing with `check.unavailable`. It is listed in ``Report/checksNotRun`` either way. A
  /// synchronous call, which cannot run the check at all, still fails it.
  public var passesWhenUnavailable: Bool

  /// - Parameters:
  ///   - name: the check's name in ``Report/checksNotRun`` and `check.unavailable`.
  ///   - timeout: its own bound; `nil` takes the call's.
  ///   - passesWhenUnavailable: `true` lets a value through when the check cannot answer.
  ///   - run: the check; `nil` looks up the ``AsyncCheck`` called `name`.
  public init(
    name: String, timeout: Duration? = nil, passesWhenUnavailable: Bool = false,
    run: (@Sendable (_ request: CheckRequest) async throws -> Bool)? = nil
  ) {
    self.name = name
    self.timeout = timeout
    self.passesWhenUnavailable = passesWhenUnavailable
    self.run = run
  }
}

extension CheckRule: AsyncCheckRule {
  /// The ``AsyncCheck`` called ``check``, with the call's timeout; never passes when unavailable.
  public var asyncCheck: RuleAsyncCheck? { RuleAsyncCheck(name: check) }
}
