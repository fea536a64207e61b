extension Parameters: CustomStringConvertible, CustomDebugStringConvertible {
  /// `{min: 8, actual: 5, unit: characters}`, in the parameters' order; `{}` when empty.
  public var description: String {
    "{" + entries.map { "\($0.name): \($0.value.listed)" }.joined(separator: ", ") + "}"
  }

  /// The same as ``description``.
  public var debugDescription: String { description }
}

extension ParameterValue {
  /// A list shows as one (`[upper, digit]`), so it cannot be mistaken for two parameters.
  fileprivate var listed: String {
    if case .strings(let list) = self { return "[" + list.joined(separator: ", ") + "]" }
    return description
  }
}

extension Failure: CustomStringConvertible, CustomDebugStringConvertible {
  /// `minLength {min: 8, actual: 5, unit: characters}`: the code, the detail after a dot when
  /// there is one (`email.missingAt`), the parameters, and `(warning)` for a warning.
  ///
  /// Parameters never hold a field's value, so a failure of a sensitive field is safe to print.
  public var description: String {
    var text = detail.map { "\(code).\($0)" } ?? code
    if !params.isEmpty { text += " \(params)" }
    if severity == .warning { text += " (warning)" }
    return text
  }

  /// The same as ``description``.
  public var debugDescription: String { description }
}
