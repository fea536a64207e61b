import Foundation
import Testing

@testable import FormRules
@testable import FormRulesPassword

@Suite("strength")
struct StrengthTests {
  static let directory = repositoryRoot.appendingPathComponent("Sources/FormRulesPassword/Resources/strength")
  static let dictionary: StrengthDictionary = {
    do {
      return try StrengthDictionary.shared(directory: directory, languages: Set(StrengthLanguage.allCases))
    } catch {
      Issue.record("cannot load the shipped dictionaries: \(error)")
      return StrengthDictionary(rankedPasswords: [])
    }
  }()
  static let estimator = StrengthEstimator(dictionary: dictionary)

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
      ("さくら咲く春の日に2024年", 4), ("uijnmko,.", 3),
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
        == "Password is a very common password, which is guessed almost at once. Please choose another one.")
    #expect(passwordCodes(policy, "Tr0ub4dor&3") == [])
    #expect(passwordCodes(policy, "") == [])
    // The boundary: uijnmko,. scores exactly 3.
    #expect(Self.estimator.estimate("uijnmko,.").score == 3)
    #expect(passwordCodes(policy, "uijnmko,.") == [])
    #expect(passwordCodes(try passwordPolicy(#"[{"strength": {"min": 4}}]"#), "uijnmko,.") == ["strength"])
    expectNoLeak(policy, "letmein2024")
  }

  @Test("every warning has a message and every suggestion a sentence, in both languages")
  func feedbackCatalog() throws {
    let catalog = MessageCatalog.standard
    for warning in StrengthWarning.allCases {
      for language in ["ja", "en"] {
        #expect(catalog.template(for: ["strength.\(warning.rawValue)"], language: language) != nil, "\(warning)")
      }
    }
    // A reason none of the suggestions repeats, so every one is rendered.
    let failure = Failure(
      code: "strength",
      params: ["warning": "commonWord", "suggestions": .strings(StrengthSuggestion.allCases.map(\.rawValue))],
      detail: "commonWord")
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
    #expect(passwordCodes(short, "uijnmko,.") == ["strength"])
  }

  @Test(
    "bad options are load errors",
    arguments: [
      #"{"strength": 5}"#, #"{"strength": 0}"#, #"{"strength": {}}"#, #"{"strength": {"min": 3, "mni": 2}}"#,
      #"{"strength": {"min": 3, "userInputs": ["nope"]}}"#, #"{"strength": {"min": 3, "userInputs": "email"}}"#,
      #"{"strength": {"min": 3, "languages": ["fr"]}}"#, #"{"strength": {"min": 3, "languages": []}}"#,
      #"{"strength": {"min": 3, "languages": "ja"}}"#, #"{"strength": {"min": 3, "words": "acme"}}"#,
      #"{"strength": {"min": 3, "lists": ["lists/no-such-list.txt"]}}"#,
    ])
  func decodingErrors(rule: String) {
    #expect(!loadProblems(#"{"fields": {"p": {"rules": [\#(rule)]}, "email": {}}}"#).isEmpty)
  }

  @Test(
    "the passwords issue 16 names score at most 2, for the reason a person would give",
    arguments: [
      ("sayonara99", StrengthWarning.commonWord), ("Yamada123", .commonName), ("Kitsune1", .commonWord),
      ("Arigato7", .commonWord), ("niyamada", .commonName), ("konnichiwa1", .commonWord),
      ("Shinkansen1990", .commonWord), ("socksincident", .commonWord),
    ])
  func namedInIssue(password: String, warning: StrengthWarning) {
    let estimate = Self.estimator.estimate(password)
    #expect(estimate.score <= 2, "\(password): \(estimate.guessesLog10)")
    #expect(estimate.warning == warning, "\(password)")
  }

  @Test(
    "romaji spellings of one word are found at about the word's rank",
    arguments: [
      ["toukyou", "tokyo", "toukyo", "tohkyoh", "TOKYO", "Toukyou"], ["shinkansen", "sinkansen", "shinkannsen"],
      ["tsunami", "tunami"], ["konnichiwa", "konichiwa", "kon'nichiwa"], ["nippon", "nipon"],
      ["hokkaidou", "hokkaido", "hokaido"], ["shimbun", "shinbun"], ["gakkou", "gakko", "gako"],
      ["zasshi", "zassi", "zashi"],
    ])
  func romajiVariants(spellings: [String]) throws {
    let estimates = spellings.map { Self.estimator.estimate($0) }
    for (spelling, estimate) in zip(spellings, estimates) {
      #expect(estimate.score <= 1, "\(spelling): \(estimate.guessesLog10)")
      #expect(estimate.warning == .wordByItself || estimate.warning == .commonPassword, "\(spelling)")
    }
    // Within a factor of 4 (the variant factor 2 and capitals 2) of the best spelling.
    let best = try #require(estimates.map(\.guessesLog10).min())
    for (spelling, estimate) in zip(spellings, estimates) {
      #expect(estimate.guessesLog10 <= best + log10(4) + 0.1, "\(spelling)")
    }
    // Found as a word inside a password too.
    let inside = Self.estimator.estimate(spellings[spellings.count - 1] + "2024")
    #expect(inside.score <= 2)
  }

  @Test("toukyou2024 is a word and a year, not brute force")
  func toukyou2024() {
    let estimate = Self.estimator.estimate("toukyou2024")
    #expect(estimate.score <= 1, "\(estimate.guessesLog10)")
    #expect(estimate.warning == .commonWord)
  }

  @Test(
    "kana is read as romaji: hiragana, katakana and half-width katakana with voicing marks",
    arguments: [
      ("しんかんせん", "shinkansen"), ("シンカンセン", "shinkansen"), ("ｼﾝｶﾝｾﾝ", "shinkansen"),
      ("とうきょう", "toukyou"), ("ﾊﾟｽﾜｰﾄﾞ", "pasuwaado"), ("きって", "kitte"), ("しゃしん", "shashin"),
      ("ちゃ", "cha"), ("じゅう", "juu"), ("ラーメン", "raamen"), ("ヴ", "vu"), ("か\u{3099}", "ga"),
    ])
  func kana(kana: String, romaji: String) {
    let letters = Romaji.transliterate(Array(kana.unicodeScalars))
    #expect(String(String.UnicodeScalarView(letters.compactMap { Unicode.Scalar($0.value) })) == romaji)
    #expect(letters.first?.start == 0)
    #expect(letters.last?.end == kana.unicodeScalars.count - 1)
  }

  @Test("a word typed in kana scores like the word", arguments: ["しんかんせん", "ｼﾝｶﾝｾﾝ", "さくらさくら", "こんにちは"])
  func kanaWords(password: String) {
    let estimate = Self.estimator.estimate(password)
    #expect(estimate.score <= 1, "\(password): \(estimate.guessesLog10)")
  }

  @Test(
    "one spelling: Hepburn and Kunrei, long vowels, n' and nn, doubled consonants",
    arguments: [
      ("toukyou", "tokyo"), ("tohkyoh", "tokyo"), ("toukyo", "tokyo"), ("shi", "si"), ("tsu", "tu"), ("chi", "ti"),
      ("sha", "sya"), ("ja", "zya"), ("jya", "zya"), ("fuji", "huzi"), ("kon'nichiwa", "konitiwa"),
      ("konnichiwa", "konitiwa"), ("nippon", "nipon"), ("shimbun", "sinbun"), ("matcha", "matya"),
      ("ohayou", "ohayo"), ("gakkou", "gako"),
    ])
  func reduction(typed: String, reduced: String) {
    #expect(Romaji.reducedWord(typed) == reduced.unicodeScalars.map(\.value))
  }

  @Test("languages: without ja, romaji words are brute force again; the default knows both")
  func languages() throws {
    let english = try StrengthDictionary.shared(directory: Self.directory, languages: [.en])
    let onlyEnglish = StrengthEstimator(dictionary: english)
    #expect(english.romaji == nil)
    let password = "utsukushii"
    #expect(onlyEnglish.estimate(password).guessesLog10 > Self.estimator.estimate(password).guessesLog10 + 2)
    let policy = try passwordPolicy(#"[{"strength": {"min": 4, "languages": ["en"]}}]"#)
    #expect(passwordCodes(policy, "utsukushii-hana") == [])
    #expect(passwordCodes(try passwordPolicy(#"[{"strength": {"min": 4}}]"#), "utsukushii-hana") == ["strength"])
  }

  @Test("the decomposition's constant floors are the logarithms they stand for")
  func floors() {
    #expect(Analysis.log10Of11 == log10(11.0))
    #expect(Analysis.log10Of2 == log10(2.0))
    #expect(Analysis.minSubmatchLog10Multi == log10(50.0))
  }

  @Test("the bounds that spare most totals their logarithm hold the computed total")
  func totalBounds() {
    // The decomposition compares two totals by their bounds when those decide it; a bound
    // below or above the computed total would change which state wins.
    #expect(Analysis.sumExcess.count == 18)
    var outside: [(high: Double, gap: Double)] = []
    for high in [0.3, 1.0, 4.0, 7.7, 12.000001, 48.5, 150.25, 399.9] {
      // Every thousandth of a gap, then just below each whole gap, where the next bound is
      // ten times smaller.
      let gaps = (0...17_000).map { Double($0) / 1_000 } + (1...17).map { Double($0).nextDown }
      for gap in gaps {
        let low = high - gap
        // The bound is picked by the gap as the decomposition computes it.
        let bound = high - low > 17 ? high : high + Analysis.sumExcess[Int(high - low)]
        let total = Analysis.log10Sum(high, low)
        if total < high || total > bound { outside.append((high, gap)) }
      }
    }
    #expect(outside.isEmpty, "\(outside.prefix(5))")
  }

  @Test("the dictionaries are loaded once per process and shared")
  func sharedOnce() throws {
    let a = try StrengthDictionary.shared(directory: Self.directory, languages: [.ja, .en])
    let b = try StrengthDictionary.shared(directory: Self.directory, languages: [.en, .ja])
    #expect(a === b)
    #expect(a === Self.dictionary)
    #expect(a.wordCount > 260_000)
    #expect(a.byteCount < 40 << 20)
    #expect(throws: StrengthDictionary.LoadError.self) {
      _ = try StrengthDictionary.shared(directory: URL(fileURLWithPath: "/nonexistent"), languages: [.en])
    }
  }

  @Test("the app's own words are the most guessable after the user's details")
  func serviceWords() throws {
    let policy = try passwordPolicy(#"[{"strength": {"min": 3, "words": ["Tanukisoft", "tanuki-cloud"]}}]"#)
    let failure = try #require(passwordFailures(policy, "Tanukisoft2025!").first)
    #expect(failure.params["warning"] == .string("serviceWord"))
    #expect(failure.params["suggestions"] == .strings(["addWord", "avoidServiceWords", "capitalizationNotHelpful"]))
    #expect(passwordCodes(try passwordPolicy(#"[{"strength": {"min": 3}}]"#), "Tanukisoft2025!") == [])
  }

  @Test("reports carry rendered suggestions; the meter has one decimal and crack times")
  func rendered() throws {
    let policy = try passwordPolicy(#"[{"strength": {"min": 3}}]"#)
    let report = policy.validate(["password": "Yamada123"])
    let json = report.json(locale: "ja")
    #expect(json.contains(#""suggestionMessages":["単語をもう1つか2つ加えてください。よく使われない単語ほど効果があります。","名前や名字以外の"#))
    #expect(!json.contains("Yamada"))
    #expect(report.json(locale: "en").contains(#""suggestionMessages":["Add another word or two."#))
    let failure = try #require(passwordFailures(policy, "Yamada123").first)
    #expect(
      policy.catalog.firstUsefulSuggestion(for: failure, locale: "en")
        == "Use words other than names and surnames.")
    let estimate = try #require(policy.strength(of: "password", in: ["password": "Yamada123"]))
    #expect((estimate.guessesLog10 * 10).rounded() == estimate.guessesLog10 * 10)
    #expect(estimate.crackTimeSeconds(.offline) * 1000 == estimate.crackTimeSeconds(.online))
    let meter = policy.catalog.strengthMeter(estimate, locale: "ja")
    #expect(meter.count == 3)
    #expect(meter[0] == "強度：\(estimate.score)（最高4）")
    #expect(meter[1].hasPrefix("破られるまでの目安："))
    #expect(meter[1].hasSuffix("（ネット経由の攻撃、毎秒10回）"))
  }

  static let crackTimeCases: [(Double, String, String)] = [
    (0.5, "1秒未満", "less than a second"), (1, "1秒", "1 second"), (90, "2分", "2 minutes"),
    (18_000, "5時間", "5 hours"), (86_400, "1日", "1 day"), (5_356_800, "2か月", "2 months"),
    (96_422_400, "3年", "3 years"), (1e12, "100年以上", "centuries"),
  ]

  @Test("crack times in the largest unit that fits", arguments: crackTimeCases)
  func crackTimes(seconds: Double, ja: String, en: String) {
    #expect(MessageCatalog.standard.crackTime(seconds: seconds, locale: "ja") == ja)
    #expect(MessageCatalog.standard.crackTime(seconds: seconds, locale: "en-US") == en)
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

  @Test("the direct tables of the first two steps find what the search finds, ASCII or not")
  func firstSteps() {
    // Every string of one to three scalars over a mixed alphabet: ASCII steps go through the
    // tables (root, then a root child), the others through the search, and misses are misses.
    let alphabet: [Unicode.Scalar] = ["a", "b", "z", "0", "~", "\u{7F}", "é", "あ", "😀"]
    var all: [[Unicode.Scalar]] = alphabet.map { [$0] }
    for _ in 0..<2 { all += all.filter { $0.count == all.last?.count }.flatMap { w in alphabet.map { w + [$0] } } }
    // Two of every three, so each step has both hits and misses.
    let words = all.enumerated().filter { $0.offset % 3 != 1 }.map(\.element)
    let trie = WordTrie(rankedWords: words.map { String(String.UnicodeScalarView($0)) })
    var expected: [[UInt32]: Int] = [:]
    for (i, word) in words.enumerated() { expected[word.map(\.value)] = i + 1 }
    var wrong: [String] = []
    for word in all where trie.rank(of: word.map(\.value)) != expected[word.map(\.value)] ?? 0 {
      wrong.append(String(String.UnicodeScalarView(word)))
    }
    #expect(all.count == 9 + 81 + 729)
    #expect(wrong.isEmpty, "\(wrong.prefix(5))")
  }
}

/// `strength` itself on the edges, asked directly through `Policy.check` with a 1 MB limit:
/// the threshold, and the variant that packs the estimate's score, warning and suggestions
/// (the estimator itself is tested above).
@Suite("strength: the rule itself")
struct StrengthRuleTests {
  @Test("edges: a score under min fails, with the estimate's score, warning and suggestions", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"strength": 3}"#, options: #""trim": false"#)
    let found = policy.check(Strength.self, edge.value)
    guard edge != .empty else {
      #expect(found == nil)
      return
    }
    let estimate = StrengthTests.estimator.estimate(edge.value, userInputs: [])
    #expect(estimate.score < 3, "\(edge) scores \(estimate.score)")
    let verdict = try #require(found)
    #expect(verdict.variant & 7 == estimate.score)
    var params: Parameters = ["min": 3, "score": .int(estimate.score)]
    if let warning = estimate.warning { params["warning"] = .string(warning.rawValue) }
    params["suggestions"] = .strings(estimate.suggestions.prefix(Strength.maxSuggestions).map(\.rawValue))
    #expect(verdict.failure == Failure(code: "strength", params: params, detail: estimate.warning?.rawValue))
  }

  @Test("a strong password passes; min 4 is stricter than min 1")
  func threshold() throws {
    let strong = "correct horse battery staple 日本語 👍"
    #expect(try rulePolicy(#"{"strength": 3}"#).check(Strength.self, strong) == nil)
    #expect(try rulePolicy(#"{"strength": 1}"#).check(Strength.self, "password")?.failure.params["score"] == .int(0))
  }
}
