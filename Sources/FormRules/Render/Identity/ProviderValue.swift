extension Policy {
  /// A field's value after its transforms (`trim`, `normalize`): the value the rules
  /// checked. Send this, not the raw input, to an identity provider whose password policy
  /// was exported from the rules: the export's lengths hold for it.
  ///
  /// ```swift
  /// let password = policy.transformedValue(model["password"], for: "password")
  /// try await auth.createUser(withEmail: email, password: password)
  /// ```
  public func transformedValue(_ raw: String, for field: String) -> String {
    guard let spec = self.field(field) else { return raw }
    return Transform.applied(to: raw, normalize: spec.normalize, trim: spec.trim)
  }
}
