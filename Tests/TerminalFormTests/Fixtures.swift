import FormRulesUI

enum Fixtures {
  /// The seed login screen without the `email` rule, so these tests do not depend on it.
  static let login = """
    {
      "version": 1,
      "name": "login",
      "defaultLocale": "ja",
      "fields": {
        "email": {
          "label": {"ja": "メールアドレス", "en": "Email address"},
          "rules": [{"required": true}]
        },
        "password": {
          "label": {"ja": "パスワード", "en": "Password"},
          "sensitive": true,
          "rules": [{"required": true}, {"minLength": 6}]
        }
      }
    }
    """

  static func policy() throws -> Policy {
    try RuleSet(data: Array(login.utf8)).compile()
  }
}
