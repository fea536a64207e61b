import Foundation
import Testing

@testable import FormRules

@Suite("strength")
struct StrengthTests {
  static let estimator: StrengthEstimator = {
    let text =
      (try? String(
        contentsOf: repositoryRoot.appendingPathComponent("Rules/lists/common-passwords/common-passwords.txt"),
        encoding: .utf8)) ?? ""
    return StrengthEstimator(rankedWords: text.split(separator: "\n").map { PasswordList.canonical(String($0)) })
  }()

  @Test(
    "weak passwords: score and the warning that explains it",
    arguments: [
      ("password", 0, StrengthWarning.commonPassword), ("qwertyuiop", 0, .commonPassword),
      ("1qaz2wsx", 0, .commonPassword), ("Monkey", 0, .similarToCommon), ("MONKEY", 0, .similarToCommon),
      ("m0nk3y", 0, .similarToCommon), ("yeknom", 0, .similarToCommon), ("ｐａｓｓｗｏｒｄ", 0, .commonPassword),
      ("zxcvbnm,./", 1, .straightRow), ("hjkl;'", 1, .straightRow), ("aaaaaaaaaaaa", 0, .repeatedCharacter),
      ("🐱🐱🐱🐱", 0, .repeatedCharacter), ("さくらさくら", 1, .repeatedPattern), ("hunter2hunter2", 1, .repeatedPattern),
      ("abcdefghij", 0, .sequence), ("9876543210", 0, .sequence), ("あいうえおかきくけこ", 0, .sequence),
      ("2024", 0, .recentYear), ("19870523", 1, .date), ("1987-05-23", 1, .date), ("05/23/87", 1, .date),
    ])
  func weak(password: String, score: Int, warning: StrengthWarning) {
    let estimate = Self.estimator.estimate(password)
    #expect(estimate.score == score, "\(password): \(estimate.guessesLog10)")
    #expect(estimate.warning == warning, "\(password)")
    #expect(estimate.suggestions.first == .addWord)
  }

  @Test(
    "strong passwords score 3 or 4 with no warning",
    arguments: [
      ("Tr0ub4dor&3", 4), ("kH7#pQ2!vL9@xR", 4), ("Xk9#mP2$vL7&nQ4@", 4), ("correct horse battery staple", 4),
      ("さくら咲く春の日に2024年", 4), ("uijnmko,.", 3), ("tokyo2020!", 3),
    ])
  func strong(password: String, score: Int) {
    let estimate = Self.estimator.estimate(password)
    #expect(estimate.score == score, "\(password): \(estimate.guessesLog10)")
    #expect(estimate.warning == nil)
    #expect(estimate.suggestions == (score == 4 ? [] : [.addWord]))
  }

  @Test(
    "suggestions name the trick that did not help",
    arguments: [
      ("Monkey", StrengthSuggestion.capitalizationNotHelpful), ("MONKEY", .allUppercaseNotHelpful),
      ("yeknom", .reversedNotHelpful), ("m0nk3y", .substitutionNotHelpful), ("P@ssw0rd", .substitutionNotHelpful),
      ("zxcvbnm,./", .longerKeyboardPattern), ("aaaaaaaa", .avoidRepeats), ("abcdefgh", .avoidSequences),
      ("2024", .avoidYears), ("19870523", .avoidDates),
    ])
  func suggestions(password: String, suggestion: StrengthSuggestion) {
    #expect(Self.estimator.estimate(password).suggestions.contains(suggestion), "\(password)")
  }

  @Test("words from other fields are the most guessable of all")
  func userInputs() {
    let email = "taro.yamada@example.jp"
    let alone = Self.estimator.estimate("taroyamada99")
    let withEmail = Self.estimator.estimate("taroyamada99", userInputs: [email])
    #expect(withEmail.guessesLog10 < alone.guessesLog10 - 2)
    #expect(withEmail.warning == .userInput)
    #expect(withEmail.suggestions.contains(.avoidPersonalInfo))
    #expect(Self.estimator.estimate("99adamay", userInputs: [email]).warning == .userInput)
  }

  @Test("empty, one character and emoji")
  func small() {
    let empty = Self.estimator.estimate("")
    #expect(empty.score == 0)
    #expect(empty.guessesLog10 == 0)
    #expect(empty.analysedScalars == 0)
    #expect(Self.estimator.estimate("x").score == 0)
    #expect(Self.estimator.estimate("👍").score == 0)
    // A combining mark is a scalar of its own.
    #expect(Self.estimator.estimate("e\u{301}").analysedScalars == 2)
  }

  @Test("only the first 100 scalars are analysed, for 10,000 characters or a million")
  func bounded() {
    let long = String(repeating: "Xk9#mP2$vL7&nQ4@", count: 625)
    #expect(long.unicodeScalars.count == 10_000)
    let estimate = Self.estimator.estimate(long)
    #expect(estimate.analysedScalars == StrengthEstimator.maxScalars)
    #expect(estimate == Self.estimator.estimate(String(long.unicodeScalars.prefix(100))))
    // However long the password, the analysed prefix stays bounded: a million scalars give the
    // estimate of the first 100. What that costs is measured in a release build, not here
    // (docs/password.md, "Bounded work"; benchmarks in docs/performance.md).
    let huge = String(repeating: "Xk9#mP2$vL7&nQ4@", count: 62_500)
    let hugeEstimate = Self.estimator.estimate(huge)
    #expect(hugeEstimate.analysedScalars == StrengthEstimator.maxScalars)
    #expect(hugeEstimate == estimate)
  }

  @Test("the estimate is deterministic")
  func deterministic() {
    for password in ["P@ssw0rd2024", "さくら咲く", "1qaz2wsx3edc", "correct horse"] {
      #expect(Self.estimator.estimate(password) == Self.estimator.estimate(password))
    }
  }

  @Test("more of the same never makes a random password weaker")
  func longerIsStronger() {
    var previous = -1.0
    let random = "kH7#pQ2!vL9@xRw3$Zt8"
    for length in 1...random.count {
      let estimate = Self.estimator.estimate(String(random.prefix(length)))
      #expect(estimate.guessesLog10 >= previous)
      previous = estimate.guessesLog10
    }
  }

  @Test("the rule: min score, parameters, detail and messages")
  func rule() throws {
    let policy = try passwordPolicy(#"[{"strength": {"min": 3}}]"#)
    let failure = try #require(passwordFailures(policy, "password1").first)
    #expect(failure.code == "strength")
    #expect(failure.detail == "commonPassword")
    #expect(failure.params["min"] == .int(3))
    #expect(failure.params["score"] == .int(0))
    #expect(failure.params["warning"] == .string("commonPassword"))
    #expect(failure.params["suggestions"] == .strings(["addWord"]))
    #expect(passwordMessage(policy, "password1", locale: "ja") == "パスワードはよく使われているため、すぐに推測されます。別のものにしてください。")
    #expect(
      passwordMessage(policy, "password1", locale: "en")
        == "Password is a commonly used password and is guessed at once. Choose another.")
    #expect(passwordCodes(policy, "Tr0ub4dor&3") == [])
    #expect(passwordCodes(policy, "") == [])
    // The boundary: tokyo2020! scores exactly 3.
    #expect(Self.estimator.estimate("tokyo2020!").score == 3)
    #expect(passwordCodes(policy, "tokyo2020!") == [])
    #expect(passwordCodes(try passwordPolicy(#"[{"strength": {"min": 4}}]"#), "tokyo2020!") == ["strength"])
    expectNoLeak(policy, "letmein2024")
  }

  @Test("every warning has a message and every suggestion a sentence, in both languages")
  func feedbackCatalog() throws {
    let catalog = MessageCatalog.builtIn
    for warning in StrengthWarning.allCases {
      for language in ["ja", "en"] {
        #expect(catalog.template(for: ["strength.\(warning.rawValue)"], language: language) != nil, "\(warning)")
      }
    }
    let failure = Failure(
      code: "strength", params: ["suggestions": .strings(StrengthSuggestion.allCases.map(\.rawValue))])
    for language in ["ja", "en"] {
      #expect(catalog.suggestions(for: failure, locale: language).count == StrengthSuggestion.allCases.count)
    }
    #expect(
      catalog.suggestions(for: failure, locale: "ja-JP").first == "単語をもう1つか2つ加えてください。よく使われない単語ほど効果があります。")
    #expect(catalog.suggestions(for: Failure(code: "minLength"), locale: "ja") == [])
  }

  @Test("a number is short for min; userInputs are fields; the meter API")
  func options() throws {
    let policy = try passwordPolicy(#"[{"strength": {"min": 2, "userInputs": ["email"]}}]"#)
    let failure = try #require(passwordFailures(policy, "taroyamada99", ["email": "taro.yamada@example.jp"]).first)
    #expect(failure.params["warning"] == .string("userInput"))
    #expect(passwordCodes(policy, "taroyamada99") == [])
    let estimate = try #require(
      policy.strength(of: "password", in: ["password": "taroyamada99", "email": "taro.yamada@example.jp"]))
    #expect(estimate.score == 1)
    #expect(policy.strength(of: "email", in: [:]) == nil)
    let short = try passwordPolicy(#"[{"strength": 4}]"#)
    #expect(passwordCodes(short, "tokyo2020!") == ["strength"])
  }

  @Test(
    "bad options are load errors",
    arguments: [
      #"{"strength": 5}"#, #"{"strength": 0}"#, #"{"strength": {}}"#, #"{"strength": {"min": 3, "mni": 2}}"#,
      #"{"strength": {"min": 3, "userInputs": ["nope"]}}"#, #"{"strength": {"min": 3, "userInputs": "email"}}"#,
    ])
  func decodingErrors(rule: String) {
    #expect(!loadProblems(#"{"fields": {"p": {"rules": [\#(rule)]}, "email": {}}}"#).isEmpty)
  }
}

@Suite("WordTrie")
struct WordTrieTests {
  @Test("finds every word with its best rank, including prefixes of other words and wide fan-outs")
  func ranks() {
    let words = ["pass", "password", "passw0rd", "pass", "p"] + (0..<200).map { "w\($0)" }
    let trie = WordTrie(rankedWords: words)
    func rank(_ word: String) -> Int { trie.rank(of: word.unicodeScalars.map(\.value)) }
    #expect(rank("pass") == 1)
    #expect(rank("password") == 2)
    #expect(rank("passw0rd") == 3)
    #expect(rank("p") == 5)
    #expect(rank("passw") == 0)
    #expect(rank("w0") == 6)
    #expect(rank("w199") == 205)
    #expect(rank("w200") == 0)
    for i in 0..<200 { #expect(rank("w\(i)") == 6 + i) }
  }
}
