import FormRulesTestSupport
import Foundation
import Testing

@testable import FormRulesUI

/// Issue 17 item 15: the front ends' control words come from one place, the catalog's `ui.*`
/// keys, so the SwiftUI example, the web pages and the terminal form say the same thing.
@MainActor
@Suite("ui.* words: one catalog for every front end")
struct UIWordsTests {
  static let words: [String: (ja: String, en: String)] = [
    "ui.logIn": ("ログイン", "Log in"),
    "ui.signUp": ("登録する", "Sign up"),
    "ui.submit": ("送信", "Submit"),
    "ui.show": ("表示", "Show"),
    "ui.hide": ("非表示", "Hide"),
    "ui.showPassword": ("パスワードを表示", "Show password"),
    "ui.hidePassword": ("パスワードを非表示", "Hide password"),
    // Around the form (Sources/FormRules/Render/Messages/PageWords.swift; Web/formrules.js's STRINGS).
    "ui.sending": ("送信中です…", "Sending…"),
    "ui.checking": ("確認中…", "Checking…"),
    "ui.met": ("（満たしています）", "(met)"),
    "ui.notMet": ("（満たしていません）", "(not met)"),
    "ui.notCheckedYet": ("（まだ確認していません）", "(not checked yet)"),
    "ui.recommendedNotMet": ("（推奨：満たしていません）", "(recommended, not met)"),
    "ui.errorTitlePrefix": ("エラー：", "Error:"),
  ]

  static func source(_ path: String) throws -> String {
    try String(contentsOf: ValidateBinary.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test("the catalog has each word in ja and en; FormModel.text reads it in the form's language")
  func catalog() throws {
    let policy = try ShippedRules.policy("login.json")
    let ja = FormModel(policy: policy, locale: "ja-JP")
    let en = FormModel(policy: policy, locale: "en")
    for (key, word) in Self.words {
      #expect(ja.text(key) == word.ja, "\(key)")
      #expect(en.text(key) == word.en, "\(key)")
      // No English in Japanese words, no Japanese in English ones, no sentence stop.
      let latinInJapanese = word.ja.unicodeScalars.contains { $0.properties.isAlphabetic && $0.isASCII }
      // "…" (U+2026) is punctuation, in both languages.
      let japaneseInEnglish = word.en.unicodeScalars.contains { !$0.isASCII && $0 != "\u{2026}" }
      #expect(!latinInJapanese, "\(key)")
      #expect(!japaneseInEnglish, "\(key)")
      #expect(!word.ja.hasSuffix("。") && !word.en.hasSuffix("."), "\(key)")
    }
    let keys = MessageCatalog.standardKeys.filter { $0.hasPrefix("ui.") }
    #expect(Set(keys) == Set(Self.words.keys))
  }

  @Test("a rules file's messages may rename a control word")
  func override() throws {
    let policy = try Fixtures.policy(
      #"{"fields": {"a": {"label": "A"}}, "messages": {"ja": {"ui.logIn": "サインイン"}, "en": {"ui.logIn": "Sign in"}}}"#)
    #expect(FormModel(policy: policy, locale: "ja").text("ui.logIn") == "サインイン")
    #expect(FormModel(policy: policy, locale: "en").text("ui.logIn") == "Sign in")
  }

  @Test("the SwiftUI example hard-codes none of the words and asks the catalog for them")
  func swiftUIExample() throws {
    let code = try Self.source("Examples/SwiftUI/LoginView.swift") + Self.source("Examples/SwiftUI/PasswordField.swift")
    for word in ["\"Log in\"", "\"Show password\"", "\"Hide password\""] {
      #expect(!code.contains(word), "\(word)")
    }
    for key in ["ui.logIn", "ui.showPassword", "ui.hidePassword"] {
      #expect(code.contains("model.text(\"\(key)\")"), "\(key)")
    }
  }

  @Test("the web pages show the catalog's words (demo buttons, the show/hide toggle)")
  func webPages() throws {
    let demo = try Self.source("Web/demo.js")
    // The demo's submit buttons, in the ja table then the en table.
    let ja = try #require(demo.range(of: "  ja: {")).upperBound
    let en = try #require(demo.range(of: "  en: {")).upperBound
    let jaTable = String(demo[ja..<en])
    let enTable = String(demo[en...])
    let catalog = MessageCatalog.standard
    for (page, key) in [("login.submit", "ui.logIn"), ("signup.submit", "ui.signUp")] {
      #expect(jaTable.contains("\"\(page)\": \"\(catalog.render(code: key, locale: "ja"))\""), "\(page)")
      #expect(enTable.contains("\"\(page)\": \"\(catalog.render(code: key, locale: "en"))\""), "\(page)")
    }
    // formrules.js names the toggle after the field's label; for パスワード / Password that
    // is the catalog's ui.showPassword / ui.hidePassword.
    let module = try Self.source("Web/formrules.js")
    func filled(_ template: String, _ label: String) -> String {
      template.replacingOccurrences(of: "${label}", with: label)
        .replacingOccurrences(of: "${lowerFirst(label)}", with: label.lowercased())
    }
    let templates = try #require(module.range(of: "export const STRINGS")).upperBound
    let strings = String(module[templates...].prefix(1000))
    for (language, label) in [("ja", "パスワード"), ("en", "Password")] {
      for (name, key) in [("show", "ui.showPassword"), ("hide", "ui.hidePassword")] {
        let word = catalog.render(code: key, locale: language)
        let found = strings.components(separatedBy: "\n").contains { line in
          guard line.contains("\(name): (label) => `"), let open = line.firstIndex(of: "`"),
            let close = line.lastIndex(of: "`"), open < close
          else { return false }
          return filled(String(line[line.index(after: open)..<close]), label) == word
        }
        #expect(found, "\(language) \(name): \(word)")
      }
    }
  }

  @Test("the demo pages' titles before the rules load are the rules files' titles")
  func demoTitles() throws {
    let demo = try Self.source("Web/demo.js")
    let ja = try #require(demo.range(of: "  ja: {")).upperBound
    let en = try #require(demo.range(of: "  en: {")).upperBound
    let tables = ["ja": String(demo[ja..<en]), "en": String(demo[en...])]
    for (page, file) in [("login", "login.json"), ("signup", "signup.json")] {
      let ruleSet = try ShippedRules.ruleSet(file)
      for (language, table) in tables {
        let title = try #require(ruleSet.title(locale: language))
        #expect(table.contains("\"\(page).title\": \"\(title)\""), "\(page) \(language)")
        #expect(table.contains("\"\(page).heading\": \"\(title)\""), "\(page) \(language)")
      }
    }
    #expect(demo.contains("binding?.rules?.title?.[locale]"))
  }

}
