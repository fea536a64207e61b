import Foundation
import Testing

@testable import FormRules

/// Issue 17 item 14: a rules file's `title` is what people see; `name` is an id.
@Suite("rules file title")
struct RuleSetTitleTests {
  static func ruleSet(_ json: String) throws -> RuleSet {
    try RuleSet(data: Array(json.utf8), file: "t.json", registry: .standard)
  }

  @Test("a localized title, negotiated; a missing language falls back to the default one; no title shows the name")
  func localized() throws {
    let both = try Self.ruleSet(
      #"{"name": "login", "defaultLocale": "ja", "title": {"ja": "ログイン", "en": "Log in"}, "fields": {}}"#)
    #expect(both.title(locale: "ja-JP") == "ログイン")
    #expect(both.title(locale: "en-US") == "Log in")
    #expect(both.title(locale: "fr") == "ログイン")
    let jaOnly = try Self.ruleSet(#"{"defaultLocale": "ja", "title": {"ja": "会員登録"}, "fields": {}}"#)
    #expect(jaOnly.title(locale: "en") == "会員登録")
    let one = try Self.ruleSet(#"{"title": "Sign in", "fields": {}}"#)
    #expect(one.title(locale: "ja") == "Sign in")
    #expect(try Self.ruleSet(#"{"name": "login", "fields": {}}"#).title(locale: "ja") == "login")
    #expect(try Self.ruleSet(#"{"fields": {}}"#).title(locale: "ja") == nil)
  }

  @Test("a bad title names the file, the JSON path and what is wrong")
  func badTitle() throws {
    do {
      _ = try Self.ruleSet(#"{"title": 3, "fields": {}}"#)
      Issue.record("a numeric title was accepted")
    } catch {
      let text = "\(error)"
      #expect(text.contains("t.json"), "\(text)")
      #expect(text.contains("title"), "\(text)")
      #expect(text.contains("expected a string or an object of languages"), "\(text)")
    }
    do {
      _ = try Self.ruleSet(#"{"title": {"de": "Anmelden"}, "fields": {}}"#)
      Issue.record("an unknown language was accepted")
    } catch {
      #expect("\(error)".contains("unknown locale \"de\""), "\(error)")
    }
  }

  @Test("the shipped login and signup files have titles in both languages")
  func shipped() throws {
    let root = repositoryRoot
    let login = try RuleSet(contentsOf: root.appendingPathComponent("Rules/login.json"), registry: .standard)
    #expect(login.title(locale: "ja") == "ログイン")
    #expect(login.title(locale: "en") == "Log in")
    let signup = try RuleSet(contentsOf: root.appendingPathComponent("Rules/signup.json"), registry: .standard)
    #expect(signup.title(locale: "ja") == "アカウント作成")
    #expect(signup.title(locale: "en") == "Create an account")
  }
}
