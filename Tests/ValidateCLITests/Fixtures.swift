import FormRulesTestSupport

/// This target's fixtures; the binary is run through `ValidateBinary` (FormRulesTestSupport).
enum CLI {
  static let fixtures = "Tests/ValidateCLITests/Fixtures"

  /// The path of a fixture relative to the package root, as a user would type it.
  static func fixture(_ name: String) -> String { "\(fixtures)/\(name)" }
}
