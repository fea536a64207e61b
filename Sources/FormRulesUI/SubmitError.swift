/// A ready-made ``FormErrorCode`` for submit actions that have no error type of their own.
///
/// ```swift
/// await model.submit {
///   guard response.status != 401 else { throw SubmitError("auth.invalidCredentials") }
/// }
/// ```
public struct SubmitError: FormErrorCode, Equatable {
  public var code: String
  public var params: Parameters

  public init(_ code: String, params: Parameters = [:]) {
    self.code = code
    self.params = params
  }
}
