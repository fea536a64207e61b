import Foundation
import Testing

@testable import FormRules
@testable import FormRulesPassword

/// Issue 30: every rule kind, as an error and as a warning, in both variants and every
/// language, rendered from a real policy, and none of the review's broken patterns.
@Suite("Every rule × severity × variant × locale")
struct MessageWalkTests {
  /// A rule (JSON) and a value of `f` that fails it; `email` and `username` are the other fields.
  static let rules: [(rule: String, value: String)] = [
    (#"{"required": true}"#, ""),
    (#"{"minLength": 8}"#, "abc"),
    (#"{"minLength": 8, "unit": "utf16"}"#, "abc"),
    (#"{"minLength": 8, "unit": "utf8"}"#, "abc"),
    (#"{"maxLength": 4}"#, "abcdef"),
    (#"{"maxLength": 4, "unit": "utf16"}"#, "abcdef"),
    (#"{"maxLength": 72, "unit": "utf8"}"#, String(repeating: "あ", count: 30)),
    (#"{"characterClasses": ["upper", "symbol"]}"#, "abc"),
    (#"{"characterClasses": ["digit"]}"#, "abc"),
    (#"{"characterClasses": {"min": 3}}"#, "abc"),
    (#"{"maxRepeat": 2}"#, "aaaa"),
    (#"{"noSequence": 4}"#, "xabcdx"),
    (#"{"noSequence": 4}"#, "x1234x"),
    (#"{"noSequence": 4}"#, "xあいうえx"),
    (#"{"noSequence": 4}"#, "xqwerx"),
    (#"{"not": {"pattern": "^[0-9]+\\z"}}"#, "12345678"),
    (#"{"notCommon": true}"#, "password"),
    (#"{"notBreached": {"file": "lists/breached-sample.txt"}}"#, "password"),
    (#"{"notContainsField": ["email", "username"]}"#, "taro-secret"),
    (#"{"notPattern": "^[0-9]+\\z"}"#, "12345678"),
    (#"{"pattern": "^[a-z]+\\z"}"#, "ABC"),
    (#"{"sameAs": "email"}"#, "other"),
    (#"{"trimmed": true}"#, " abc "),
    (#"{"accepted": true}"#, "no"),
    (#"{"anyOf": [{"minLength": 20}, {"characterClasses": ["digit", "symbol"]}]}"#, "abc"),
    (#"{"allOf": [{"minLength": 20}, {"maxRepeat": 2}]}"#, "aaa"),
    (#"{"email": true}"#, "taro"),
    (#"{"email": true}"#, "taro＠example.jp"),
    (#"{"email": true}"#, "taro@example。jp"),
    (#"{"email": true}"#, "taro@xn--abc.jp"),
    (#"{"email": true}"#, "ｔａｒｏ@example.jp"),
    (#"{"email": true}"#, "\"taro\"@example.jp"),
    (#"{"strength": 3}"#, "password1"),
    (#"{"strength": 3}"#, "Tanaka1234567890"),
    (#"{"strength": 3}"#, "abcabcabcabc"),
    (#"{"strength": 3}"#, "sakura2024"),
  ]

  static let languages = ["ja", "en", "ko"]

  /// The policy for one rule, with the sample Korean catalog, so the walk covers a third language.
  static func policy(_ rule: String, severity: Severity) throws -> Policy {
    let extra = severity == .warning ? #", "severity": "warning""# : ""
    let withSeverity = String(rule.dropLast()) + extra + "}"
    let json = #"""
      {"fields": {
        "f": {"label": {"ja": "パスワード", "en": "Password"}, "trim": false, "rules": [\#(withSeverity)]},
        "email": {"label": {"ja": "メールアドレス", "en": "Email address"}},
        "username": {"label": {"ja": "ユーザー名", "en": "Username"}}},
       "messages": {"ko": "messages/ko.sample.json"}}
      """#
    return try makePolicy(json)
  }

  /// Every message of `f` for a value, in every language and both variants, with the strength
  /// suggestion the text report appends.
  static func rendered(_ policy: Policy, value: String) -> [(language: String, text: String, failure: Failure)] {
    let values: [String: String?] = ["f": value, "email": "taro@example.jp", "username": "secret"]
    let failures = policy.validate(values).fields["f"]?.failures ?? []
    var result: [(String, String, Failure)] = []
    for failure in failures {
      for language in languages {
        for style in [MessageStyle.labeled, .inline] {
          result.append((language, policy.message(for: failure, field: "f", locale: language, style: style), failure))
        }
        if let suggestion = policy.catalog.firstUsefulSuggestion(for: failure, locale: language) {
          let message = policy.message(for: failure, field: "f", locale: language, style: .inline)
          result.append((language, message + suggestion, failure))
        }
      }
    }
    return result
  }

  /// The review's broken patterns, as problems with the text; empty when it is clean.
  static func problems(_ text: String, language: String, failure: Failure) -> [String] {
    var found: [String] = []
    if text.contains("にすることを") { found.append("「」にすることを frame") }
    if text.contains("10^") { found.append("10^") }
    if text.contains("{") || text.contains("}") { found.append("unfilled placeholder") }
    // A code left as typed: `strength`, `strength.date`, `emailAvailable`.
    if text == failure.code || failure.detail.map({ text.contains("\(failure.code).\($0)") }) == true {
      found.append("raw code")
    }
    if text.contains("（推奨）") || text.contains("（！）") { found.append("two marks for a recommendation") }
    if language == "en" {
      for label in ["Password", "Email address", "Username"] {
        var search = text.startIndex
        while let range = text.range(of: label, range: search..<text.endIndex) {
          if !MessageCatalog.startsSentence(after: String(text[..<range.lowerBound])) {
            found.append("title-case label \"\(label)\" mid-sentence")
          }
          search = range.upperBound
        }
      }
    }
    if language == "ja" {
      if text.contains("パスワードはよく使われているパスワード") || text.contains("パスワードは過去に流出したパスワード") {
        found.append("パスワード twice")
      }
    }
    return found
  }

  @Test("no rendered message matches a broken pattern", arguments: [Severity.error, .warning])
  func walk(severity: Severity) throws {
    var count = 0
    for (rule, value) in Self.rules {
      let policy = try Self.policy(rule, severity: severity)
      let texts = Self.rendered(policy, value: value)
      #expect(!texts.isEmpty, "\(rule) with \(value.debugDescription) rendered nothing")
      for (language, text, failure) in texts {
        count += 1
        let found = Self.problems(text, language: language, failure: failure)
        #expect(found.isEmpty, "\(rule) \(severity) \(language): \(text) — \(found)")
      }
    }
    #expect(count > 200)
  }

  @Test("the walk's checks catch the review's examples")
  func checksCatch() {
    let f = Failure(code: "notContainsField")
    #expect(!Self.problems("「メールアドレスを含まない」にすることをおすすめします。", language: "ja", failure: f).isEmpty)
    #expect(!Self.problems("Choose another Password.", language: "en", failure: f).isEmpty)
    #expect(!Self.problems("強度1（0〜4の5段階）、推測に約10^4.2回", language: "ja", failure: f).isEmpty)
    #expect(Self.problems("Password must be at least 8 characters.", language: "en", failure: f).isEmpty)
    #expect(!Self.problems("Does not match Password.", language: "en", failure: f).isEmpty)
  }

  /// A warning is advice: it never words the requirement as a command, in any rule kind.
  @Test("every warning reads as a recommendation in Japanese")
  func warningsAreAdvice() throws {
    for (rule, value) in Self.rules where !rule.contains("strength") {
      let policy = try Self.policy(rule, severity: .warning)
      for (language, text, _) in Self.rendered(policy, value: value) where language == "ja" {
        #expect(
          text.hasSuffix("より安全です。") || text.hasSuffix("確認してください。"), "\(rule): \(text)")
      }
    }
  }
}

/// The strength feedback: reason × severity × suggestion, never the same advice twice.
@Suite("Strength feedback: reasons as warnings, suggestions that add something")
struct StrengthFeedbackTests {
  static let policyJSON = #"""
    {"fields": {"password": {"label": {"ja": "パスワード", "en": "Password"}, "rules": [
      {"strength": {"min": 3}, "severity": "warning"}]}}}
    """#

  static func failure(_ warning: StrengthWarning?, severity: Severity, suggestions: [StrengthSuggestion]) -> Failure {
    var params: Parameters = ["min": 3, "score": 1]
    if let warning { params["warning"] = .string(warning.rawValue) }
    params["suggestions"] = .strings(suggestions.map(\.rawValue))
    return Failure(code: "strength", params: params, severity: severity, detail: warning?.rawValue)
  }

  @Test("H1: a strength warning names its reason, in both languages", arguments: StrengthWarning.allCases)
  func reasonAsWarning(warning: StrengthWarning) throws {
    let policy = try makePolicy(Self.policyJSON)
    let generic = try #require(policy.catalog.template(for: ["strength.warning"], language: "ja")).inline
    for language in ["ja", "en"] {
      let warned = policy.message(
        for: Self.failure(warning, severity: .warning, suggestions: []), field: "password", locale: language,
        style: .inline)
      let error = policy.message(
        for: Self.failure(warning, severity: .error, suggestions: []), field: "password", locale: language,
        style: .inline)
      #expect(warned != generic)
      // The reason sentence of the error message opens the warning too.
      let reason = error.split(separator: language == "ja" ? "。" : ".").first.map(String.init) ?? ""
      #expect(warned.hasPrefix(reason), "\(warning) \(language): \(warned)")
      if language == "ja" { #expect(warned.hasSuffix("より安全です。"), "\(warned)") }
    }
  }

  @Test(
    "H1: the shipped NIST preset's warning says the estimator's reason",
    arguments: ["Tanaka1234567890", "abcabcabcabcabc"])
  func nistPreset(password: String) throws {
    let policy = try RuleSet(
      contentsOf: repositoryRoot.appendingPathComponent("Rules/policies/nist-800-63b.json"), registry: .standard
    )
    .compile()
    let report = policy.validate(["password": password])
    let failure = try #require(report.fields["password"]?.failures.first { $0.code == "strength" })
    let detail = try #require(failure.detail, "\(password) has no reason")
    for language in ["ja", "en"] {
      let expected = try #require(policy.catalog.template(for: ["strength.\(detail).warning"], language: language))
      let text = policy.message(for: failure, field: "password", locale: language)
      #expect(
        text == expected.labeled.replacingOccurrences(of: "{label}", with: language == "ja" ? "パスワード" : "Password"))
    }
  }

  @Test("H1: a rules file can override a reason's warning")
  func override() throws {
    let policy = try makePolicy(
      #"""
      {"fields": {"password": {"label": "P", "rules": [{"strength": 3, "severity": "warning"}]}},
       "messages": {"ja": {"strength.date.warning": "日付は避けましょう。"}, "en": {"strength.date.warning": "No dates."}}}
      """#)
    let failure = Self.failure(.date, severity: .warning, suggestions: [])
    #expect(policy.message(for: failure, field: "password", locale: "ja") == "日付は避けましょう。")
    #expect(policy.message(for: failure, field: "password", locale: "en") == "No dates.")
  }

  /// The text of a message, in words or runs of kana and kanji, for the overlap check.
  static func overlaps(_ message: String, _ suggestion: String, language: String) -> Bool {
    if language == "en" {
      let words = { (s: String) in s.lowercased().split { !$0.isLetter }.map(String.init) }
      let m = words(message)
      let s = words(suggestion)
      if m.contains("add") && s.contains("add") { return true }
      // Four words in common ("sequences like abc or"), but not the stock "easy to guess".
      guard s.count >= 4, m.count >= 4 else { return false }
      for i in 0...(s.count - 4) where !s[i..<(i + 4)].contains("guess") {
        for j in 0...(m.count - 4) where Array(m[j..<(j + 4)]) == Array(s[i..<(i + 4)]) { return true }
      }
      return false
    }
    // Japanese: the same verb of advice twice, or a run of seven characters in common
    // (「連続した並び（abc、」), the endings every sentence shares left out.
    if message.contains("加え") && suggestion.contains("加え") { return true }
    let strip = { (s: String) in
      Array(s.replacingOccurrences(of: "てください。", with: "").replacingOccurrences(of: "、より安全です。", with: ""))
    }
    let m = String(strip(message))
    let s = strip(suggestion)
    guard s.count >= 7 else { return false }
    for i in 0...(s.count - 7) where m.contains(String(s[i..<(i + 7)])) { return true }
    return false
  }

  @Test(
    "M4: no suggestion repeats or contradicts its message",
    arguments: [Severity.error, .warning])
  func noRepeats(severity: Severity) throws {
    let policy = try makePolicy(Self.policyJSON)
    for warning in [nil] + StrengthWarning.allCases.map(Optional.some) {
      for suggestion in StrengthSuggestion.allCases {
        let failure = Self.failure(warning, severity: severity, suggestions: [suggestion])
        for language in ["ja", "en"] {
          let message = policy.message(for: failure, field: "password", locale: language, style: .inline)
          for text in policy.catalog.suggestions(for: failure, locale: language) {
            #expect(
              !Self.overlaps(message, text, language: language),
              "\(String(describing: warning)) \(severity) \(language): \(message) + \(text)")
          }
        }
      }
    }
  }

  @Test("M4: the review's examples lose the repeated suggestion")
  func reviewExamples() throws {
    let policy = try makePolicy(Self.policyJSON)
    let sequence = Self.failure(.sequence, severity: .error, suggestions: [.avoidSequences, .addWord])
    #expect(
      policy.catalog.firstUsefulSuggestion(for: sequence, locale: "ja") == "単語をもう1つか2つ加えてください。よく使われない単語ほど効果があります。")
    let common = Self.failure(.commonPassword, severity: .error, suggestions: [.addWord])
    #expect(policy.catalog.firstUsefulSuggestion(for: common, locale: "ja") == nil)
    let name = Self.failure(.commonName, severity: .error, suggestions: [.avoidNames])
    #expect(policy.catalog.firstUsefulSuggestion(for: name, locale: "ja") == "名前や名字以外の単語を使ってください。")
    let substituted = Self.failure(
      .similarToCommon, severity: .error, suggestions: [.capitalizationNotHelpful, .substitutionNotHelpful])
    #expect(policy.catalog.firstUsefulSuggestion(for: substituted, locale: "en")?.contains("substitution") == true)
  }

  @Test("M5: meter lines have a predicate and no 10^x")
  func meter() throws {
    let policy = try RuleSet(
      contentsOf: repositoryRoot.appendingPathComponent("Rules/policies/nist-800-63b.json"), registry: .standard
    )
    .compile()
    let estimate = try #require(policy.strength(of: "password", in: ["password": "sakura2024"]))
    let ja = policy.catalog.strengthMeter(estimate, locale: "ja")
    #expect(ja.count == 3)
    #expect(ja[0].hasPrefix("強度："))
    #expect(ja.dropFirst().allSatisfy { $0.hasPrefix("破られるまでの目安：") })
    let en = policy.catalog.strengthMeter(estimate, locale: "en")
    #expect(en.dropFirst().allSatisfy { $0.hasPrefix("Time to crack") })
    #expect(!(ja + en).contains { $0.contains("^") || $0.contains("ハッシュ") })
  }
}

/// The review's medium items that are one rendered text each.
@Suite("Review round 3: medium items, rendered")
struct ReviewMediumItemsTests {
  static let label = #"{"ja": "パスワード", "en": "Password"}"#

  @Test("M7: not and check in idiomatic English")
  func notAndCheck() throws {
    let policy = try makePolicy(
      #"{"fields": {"p": {"label": \#(Self.label), "rules": [{"not": {"pattern": "^[0-9]+\\z"}}]}}}"#)
    let report = policy.validate(["p": "1234"])
    #expect(report.messages(locale: "en")["p"] == ["This password is not allowed."])
    let failure = try #require(report.fields["p"]?.failures.first)
    #expect(policy.message(for: failure, field: "p", locale: "en", style: .inline) == "This value is not allowed.")
    #expect(report.messages(locale: "ja")["p"] == ["パスワードに入力された内容は使用できません。"])
    let check = Failure(code: "emailAvailable", params: ["check": "emailAvailable"])
    #expect(policy.message(for: check, field: "p", locale: "en") == "This password can't be used.")
  }

  @Test("M9: an invalid IDN domain says which part is wrong and what to check")
  func invalidIDN() throws {
    let policy = try makePolicy(
      #"{"fields": {"e": {"label": {"ja": "メールアドレス", "en": "Email address"}, "rules": [{"email": true}]}}}"#)
    var checked = 0
    for address in ["taro@xn--abc.jp", "taro@exam\u{2010}ple.jp", "taro@xn--zz.jp"] {
      let report = policy.validate(["e": address])
      guard report.fields["e"]?.failures.first?.detail == "invalidIDN" else { continue }
      checked += 1
      #expect(
        report.messages(locale: "ja")["e"] == [
          "メールアドレスの「@」より後の部分（ドメイン）が正しくありません。使用できない文字が含まれていないか確認してください。"
        ])
      #expect(
        report.messages(locale: "en")["e"]?.first?.hasPrefix("Email address has a domain (the part after") == true)
    }
    #expect(checked > 0)
  }

  @Test("M12: an over-long value: no byte count, and the checklist does not say 入力必須 is unmet")
  func tooLong() throws {
    let policy = try makePolicy(
      #"{"limits": {"maxValueBytes": 100}, "fields": {"p": {"label": \#(Self.label), "rules": [{"required": true}, {"minLength": 8}, {"maxLength": 64}, {"minLength": 8, "unit": "graphemes"}]}}}"#
    )
    let long = String(repeating: "a", count: 200)
    let report = policy.validate(["p": long])
    #expect(report.messages(locale: "ja")["p"] == ["パスワードが長すぎます。短くしてください。"])
    #expect(report.messages(locale: "en")["p"] == ["Password is far too long. Please shorten it."])
    let items = policy.checklist(for: "p", values: ["p": long], locale: "ja")
    #expect(items.map(\.text) == ["入力必須", "8文字以上", "64文字以内", "8文字以上"])
    // Given and long enough can still be said; the length limit and graphemes cannot.
    #expect(items.map(\.isMet) == [true, true, false, false])
  }

  @Test("M6: lint warns about a check without a checklist phrase; a requirement or a catalog key silences it")
  func checkWithoutRequirement() throws {
    func warnings(_ json: String) throws -> [String] {
      try RuleSet(data: Array(json.utf8), file: "t.json", registry: .standard).checksWithoutRequirement().map(
        \.description)
    }
    let bare = try warnings(#"{"fields": {"e": {"label": "E", "rules": [{"check": "emailAvailable"}]}}}"#)
    #expect(bare.count == 1)
    #expect(bare.first?.contains("fields.e.rules[0]") == true)
    #expect(bare.first?.contains("requirement.emailAvailable") == true)
    #expect(
      try warnings(
        #"{"fields": {"e": {"label": "E", "rules": [{"check": "emailAvailable", "requirement": "Free"}]}}}"#
      ).isEmpty)
    #expect(
      try warnings(
        #"{"fields": {"e": {"label": "E", "rules": [{"anyOf": [{"check": "emailAvailable"}]}]}}, "messages": {"en": {"requirement.emailAvailable": "Free"}}}"#
      ).isEmpty)
  }

  @Test("M10: the byte limit in the checklist says how many Japanese characters fit")
  func bytes() throws {
    let policy = try RuleSet(
      contentsOf: repositoryRoot.appendingPathComponent("Rules/signup.json"), registry: .standard
    ).compile()
    let ja = policy.requirements(for: "password", locale: "ja").map(\.text)
    #expect(ja.contains("72バイト以内（日本語は24文字程度まで）"))
    #expect(!ja.contains { $0.contains("以下") })
  }
}
