/// An error a submit action throws to choose the message shown above the form.
///
/// The code is looked up in the policy's catalog (`auth.invalidCredentials`,
/// `network.offline`…, or a code of the app's own from the rules file's `messages`).
/// Make an app's existing error type conform, or throw ``SubmitError``.
public protocol FormErrorCode: Error {
  /// The catalog code of the message (`auth.invalidCredentials`).
  var code: String { get }
  /// Values for the message's placeholders.
  var params: Parameters { get }
}

extension FormErrorCode {
  public var params: Parameters { [:] }
}
