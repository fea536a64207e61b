import FormRulesUI
import Foundation

/// A rules file with its own messages, for the model tests; the login screen they run on is
/// the shipped `Rules/login.json` (`ShippedRules`), not a copy.
enum Fixtures {
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
    try RuleSet(data: Array(json.utf8), registry: .standard).compile()
  }
}
