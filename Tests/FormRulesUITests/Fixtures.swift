import FormRulesUI
import Foundation

/// Rules used by the model tests: the seed login screen without the `email` rule, so the
/// tests do not depend on the email checker; plus a rules file with its own messages.
enum Fixtures {
  static let login = """
    {
      "version": 1,
      "name": "login",
      "defaultLocale": "ja",
      "fields": {
        "email": {
          "label": {"ja": "メールアドレス", "en": "Email address"},
          "trim": true,
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

  static let withMessages = """
    {
      "version": 1,
      "defaultLocale": "en",
      "fields": {"code": {"label": {"ja": "コード", "en": "Code"}, "rules": [{"required": true}]}},
      "messages": {
        "ja": {"auth.invalidCredentials": "コードが違います。", "app.expired": "期限切れです。"},
        "en": {"auth.invalidCredentials": "Wrong code.", "app.expired": "It has expired."}
      }
    }
    """

  static func policy(_ json: String) throws -> Policy {
    try RuleSet(data: Array(json.utf8)).compile()
  }

  /// The package's `Rules/` folder, found from this file so the tests run from any directory.
  static let rulesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Rules")
}
