/// A ready-made ``FormErrorCode`` for submit actions that have no error type of their own.
///
/// ```swift
/// await model.submit {
///   guard response.status != 401 else { throw SubmitError("auth.invalidCredentials") }
/// }
/// ```
public struct SubmitError: FormErrorCode, Equatable {
  /// The catalog code of the message (`auth.invalidCredentials`).
  public var code: String
  /// Values for the message's placeholders.
  public var params: Parameters

  /// - Parameters:
  ///   - code: the catalog code.
  ///   - params: values for the message's placeholders.
  public init(_ code: String, params: Parameters = [:]) {
    self.code = code
    self.params = params
  }
}
