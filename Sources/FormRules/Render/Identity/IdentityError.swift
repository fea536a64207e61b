import Foundation

/// An identity provider's answer to a sign-in or sign-up, as the provider names it:
/// a Firebase Auth REST error message (`EMAIL_EXISTS`, `WEAK_PASSWORD : Password should
/// be at least 6 characters`), a Firebase SDK `AuthErrorCode` (`emailAlreadyInUse`, or its
/// number `17007`), or a Cognito exception (`UsernameExistsException`).
///
/// ``IdentityErrorMapping`` turns it into one of our failures, shown above the form or on
/// a field, in the user's language. A submit action may throw it as it is:
///
/// ```swift
/// await model.submit {
///   let (data, response) = try await session.data(for: signUpRequest)
///   if let error = IdentityError.firebaseREST(body: data) { throw error }
/// }
/// ```
public struct IdentityError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Where a code comes from: each provider names its errors its own way.
  public enum Source: String, Sendable, CaseIterable {
    /// Firebase Auth REST API (`identitytoolkit.googleapis.com`): `error.message`.
    case firebaseREST = "firebase-rest"
    /// Firebase Apple SDK: `AuthErrorCode` case names (`FIRAuthErrorDomain`).
    case firebaseSDK = "firebase-sdk"
    /// Amazon Cognito user pools API: the exception name (`__type`, `x-amzn-ErrorType`).
    case cognito
  }

  /// Which provider API the code comes from.
  public var source: Source
  /// The provider's code without decoration: `WEAK_PASSWORD`, `emailAlreadyInUse`, `NotAuthorizedException`.
  public var code: String
  /// The provider's own English explanation (after `" : "` in a Firebase REST message, or a
  /// Cognito `message`). Used only to read a number from; never shown.
  public var reason: String?

  /// - Parameters:
  ///   - source: the provider API.
  ///   - code: the provider's code (`WEAK_PASSWORD`).
  ///   - reason: the provider's own explanation, if any; never shown.
  public init(source: Source, code: String, reason: String? = nil) {
    self.source = source
    self.code = code
    self.reason = reason
  }

  /// A Firebase REST `error.message`: `CODE` or `CODE : reason`.
  public init(firebaseREST message: String) {
    if let range = message.range(of: " : ") {
      self.init(
        source: .firebaseREST, code: String(message[..<range.lowerBound]).trimmingCharacters(in: .whitespaces),
        reason: String(message[range.upperBound...]))
    } else {
      self.init(source: .firebaseREST, code: message.trimmingCharacters(in: .whitespaces))
    }
  }

  /// A Firebase SDK `AuthErrorCode` case name, with or without the leading dot.
  public init(firebaseSDK name: String, reason: String? = nil) {
    self.init(source: .firebaseSDK, code: name.hasPrefix(".") ? String(name.dropFirst()) : name, reason: reason)
  }

  /// A Firebase SDK error by its number in `FIRAuthErrorDomain` (`17007`); `nil` for a
  /// number the table does not name.
  public init?(firebaseSDKCode number: Int, reason: String? = nil) {
    guard let name = Self.firebaseSDKNames[number] else { return nil }
    self.init(firebaseSDK: name, reason: reason)
  }

  /// A Cognito exception name; a qualified `__type` (`com.amazonaws…#NotAuthorizedException`)
  /// is shortened to the name.
  public init(cognito name: String, message: String? = nil) {
    let short = name.split(separator: "#").last.map(String.init) ?? name
    self.init(source: .cognito, code: short.split(separator: ":").first.map(String.init) ?? short, reason: message)
  }

  /// The error in a Firebase Auth REST error body,
  /// `{"error": {"code": 400, "message": "EMAIL_EXISTS", "errors": […]}}`; `nil` when the
  /// body is not one.
  public static func firebaseREST<Bytes: Collection<UInt8>>(body: Bytes) -> IdentityError? {
    guard let object = try? JSONParser().parse(Array(body)).objectValue,
      let message = object["error"]?.objectValue?["message"]?.stringValue, !message.isEmpty
    else { return nil }
    return IdentityError(firebaseREST: message)
  }

  /// The error in a Cognito error body, `{"__type": "UsernameExistsException", "message": "…"}`;
  /// `nil` when the body is not one.
  public static func cognito<Bytes: Collection<UInt8>>(body: Bytes) -> IdentityError? {
    guard let object = try? JSONParser().parse(Array(body)).objectValue,
      let type = object["__type"]?.stringValue, !type.isEmpty
    else { return nil }
    return IdentityError(cognito: type, message: object["message"]?.stringValue)
  }

  /// A Firebase SDK error as thrown (an `NSError` in `FIRAuthErrorDomain`), or an
  /// ``IdentityError`` itself; `nil` for any other error.
  public init?(_ error: any Error) {
    if let identity = error as? IdentityError {
      self = identity
      return
    }
    let bridged = error as NSError
    guard bridged.domain == "FIRAuthErrorDomain" else { return nil }
    self.init(firebaseSDKCode: bridged.code, reason: bridged.localizedFailureReason)
  }

  public var description: String { "\(source.rawValue): \(code)" }

  /// `AuthErrorCode` numbers (`FIRAuthErrors.h`) for the codes the standard table maps.
  public static let firebaseSDKNames: [Int: String] = [
    17004: "invalidCredential", 17005: "userDisabled", 17006: "operationNotAllowed", 17007: "emailAlreadyInUse",
    17008: "invalidEmail", 17009: "wrongPassword", 17010: "tooManyRequests", 17011: "userNotFound",
    17020: "networkError", 17026: "weakPassword",
  ]
}

/// An ``IdentityError`` as one of our failures: on a field (`email.taken` under the email
/// field) or, with no field, above the form (`auth.invalidCredentials`).
public struct MappedIdentityError: Sendable, Equatable {
  /// The rules-file field the failure belongs to; `nil` for a general error.
  public var field: String?
  /// The failure to render (`email.taken`, `auth.invalidCredentials`).
  public var failure: Failure

  /// - Parameters:
  ///   - field: the field the failure belongs to, `nil` for the whole form.
  ///   - failure: the failure.
  public init(field: String?, failure: Failure) {
    self.field = field
    self.failure = failure
  }
}

/// The table from identity-provider codes to our failures.
///
/// ``standard`` maps every documented code of Firebase Auth (REST and SDK) and Cognito
/// that a login or sign-up screen meets; an unknown code maps to `unknown`. Sign-in
/// failures never say whether the account exists: not-found and wrong-password map to
/// the same `auth.invalidCredentials`. Change an entry with ``subscript(_:_:)``; change
/// the words in the rules file's `messages` (`"email.taken": {"ja": …, "en": …}`).
public struct IdentityErrorMapping: Sendable {
  /// Where a code goes: a general error, or a failure on the email or password field.
  public enum Target: Sendable, Equatable {
    /// A form-level failure with this code.
    case general(String)
    /// A failure with this code on the email field.
    case email(String)
    /// A failure with this code on the password field.
    case password(String)
  }

  /// The email (or user name) field of the rules file.
  public var emailField: String
  /// The new or current password field of the rules file.
  public var passwordField: String
  private var table: [String: Target]

  /// - Parameters:
  ///   - emailField: the rules file's name for the email field.
  ///   - passwordField: the rules file's name for the password field.
  public init(emailField: String = "email", passwordField: String = "password") {
    self.emailField = emailField
    self.passwordField = passwordField
    self.table = Self.standardTable
  }

  /// The built-in table for fields named `email` and `password`.
  public static let standard = IdentityErrorMapping()

  /// The target of one provider code; `nil` when the table does not name it.
  public subscript(_ source: IdentityError.Source, _ code: String) -> Target? {
    get { table["\(source.rawValue):\(code)"] }
    set { table["\(source.rawValue):\(code)"] = newValue }
  }

  /// Every mapped code, as `(source, code, target)`, sorted: for documentation and tests.
  public var entries: [(source: IdentityError.Source, code: String, target: Target)] {
    table.compactMap { key, target in
      guard let colon = key.firstIndex(of: ":"), let source = IdentityError.Source(rawValue: String(key[..<colon]))
      else { return nil }
      return (source, String(key[key.index(after: colon)...]), target)
    }.sorted { ($0.source.rawValue, $0.code) < ($1.source.rawValue, $1.code) }
  }

  /// Our failure for a provider's error.
  ///
  /// A weak-password answer whose reason states a minimum (`Password should be at least 6
  /// characters`) becomes `minLength` with that minimum, so the message says the number.
  public func map(_ error: IdentityError) -> MappedIdentityError {
    switch self[error.source, error.code] ?? .general("unknown") {
    case .general(let code):
      return MappedIdentityError(field: nil, failure: Failure(code: code))
    case .email(let code):
      return MappedIdentityError(field: emailField, failure: Failure(code: code))
    case .password(let code):
      if code == "password.weak", let min = error.reason.flatMap(Self.minimumLength) {
        return MappedIdentityError(
          field: passwordField,
          failure: Failure(code: "minLength", params: ["min": .int(min), "unit": .string("characters")]))
      }
      return MappedIdentityError(field: passwordField, failure: Failure(code: code))
    }
  }

  /// The number in "at least N characters", Firebase's reason for a short password.
  static func minimumLength(in reason: String) -> Int? {
    guard let range = reason.range(of: "at least ") else { return nil }
    let digits = reason[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, reason[range.upperBound...].dropFirst(digits.count).hasPrefix(" character") else {
      return nil
    }
    return Int(digits)
  }

  static let standardTable: [String: Target] = {
    let firebaseREST: [String: Target] = [
      "EMAIL_EXISTS": .email("email.taken"),
      "INVALID_EMAIL": .email("email.invalid"),
      "MISSING_EMAIL": .email("required"),
      "EMAIL_NOT_FOUND": .general("auth.invalidCredentials"),
      "INVALID_PASSWORD": .general("auth.invalidCredentials"),
      "INVALID_LOGIN_CREDENTIALS": .general("auth.invalidCredentials"),
      "USER_DISABLED": .general("auth.userDisabled"),
      "TOO_MANY_ATTEMPTS_TRY_LATER": .general("auth.tooManyRequests"),
      "WEAK_PASSWORD": .password("password.weak"),
      "PASSWORD_DOES_NOT_MEET_REQUIREMENTS": .password("password.weak"),
      "MISSING_PASSWORD": .password("required"),
      "OPERATION_NOT_ALLOWED": .general("auth.operationNotAllowed"),
      "ADMIN_ONLY_OPERATION": .general("auth.operationNotAllowed"),
    ]
    let firebaseSDK: [String: Target] = [
      "emailAlreadyInUse": .email("email.taken"),
      "invalidEmail": .email("email.invalid"),
      "wrongPassword": .general("auth.invalidCredentials"),
      "invalidCredential": .general("auth.invalidCredentials"),
      "userNotFound": .general("auth.invalidCredentials"),
      "userDisabled": .general("auth.userDisabled"),
      "tooManyRequests": .general("auth.tooManyRequests"),
      "weakPassword": .password("password.weak"),
      "networkError": .general("network.offline"),
      "operationNotAllowed": .general("auth.operationNotAllowed"),
    ]
    let cognito: [String: Target] = [
      "UsernameExistsException": .email("email.taken"),
      "AliasExistsException": .email("email.taken"),
      "NotAuthorizedException": .general("auth.invalidCredentials"),
      "UserNotFoundException": .general("auth.invalidCredentials"),
      "InvalidPasswordException": .password("password.weak"),
      "TooManyRequestsException": .general("auth.tooManyRequests"),
      "TooManyFailedAttemptsException": .general("auth.tooManyRequests"),
      "LimitExceededException": .general("auth.tooManyRequests"),
      "UserNotConfirmedException": .general("auth.notConfirmed"),
      "PasswordResetRequiredException": .general("auth.passwordResetRequired"),
      "InternalErrorException": .general("server.error"),
    ]
    var table: [String: Target] = [:]
    for (source, codes) in [
      (IdentityError.Source.firebaseREST, firebaseREST), (.firebaseSDK, firebaseSDK), (.cognito, cognito),
    ] {
      for (code, target) in codes { table["\(source.rawValue):\(code)"] = target }
    }
    return table
  }()
}

extension Policy {
  /// The message for a mapped provider error in `locale`: the labeled form above the form
  /// for a general error, or the field's message in `style`.
  public func message(for mapped: MappedIdentityError, locale: String, style: MessageStyle = .inline) -> String {
    let language = negotiateLocale([locale])
    guard let field = mapped.field, self.field(field) != nil else {
      // A general error, or a field the rules file does not have: the sentence without a
      // label, shown above the form.
      return catalog.render(
        mapped.failure, label: nil, locale: language, style: mapped.field == nil ? .labeled : .inline)
    }
    return message(for: mapped.failure, field: field, locale: language, style: style)
  }
}
