import Foundation
import Testing

@testable import FormRules
@testable import FormRulesPassword

@Suite("notCommon")
struct NotCommonTests {
  @Test(
    "the shipped list, compared after NFKC, trimming and lower-casing",
    arguments: [
      ("password", true), ("PassWord", true), ("PASSWORD", true), ("ｐａｓｓｗｏｒｄ", true), (" password ", true),
      ("password\u{3000}", true), ("123456", true), ("１２３４５６", true), ("#1pimp", true), ("iloveyou", true),
      ("correct horse battery staple", false), ("パスワード", false), ("password!x", false), ("pass word", false),
      ("👍👍👍👍", false),
    ])
  func shippedList(password: String, common: Bool) throws {
    let policy = try passwordPolicy(#"[{"notCommon": true}]"#)
    #expect(ruleCodes(NotCommon.self, policy, password) == (common ? ["notCommon"] : []))
  }

  @Test("half-width kana compose under NFKC: ﾊﾟｽﾜｰﾄﾞ is パスワード")
  func halfWidthKana() throws {
    let policy = try passwordPolicy(#"[{"notCommon": true, "words": ["パスワード"]}]"#)
    #expect(ruleCodes(NotCommon.self, policy, "ﾊﾟｽﾜｰﾄﾞ") == ["notCommon"])
    #expect(ruleCodes(NotCommon.self, policy, "パスワード") == ["notCommon"])
    #expect(Transform.nfkc("ﾊﾟｶﾞ").unicodeScalars.map(\.value) == [0x30D1, 0x30AC])
  }

  @Test("empty is left to required; a 10,000-character value is not common")
  func emptyAndLong() throws {
    let policy = try passwordPolicy(#"[{"notCommon": true}]"#)
    #expect(ruleCodes(NotCommon.self, policy, "") == [])
    #expect(ruleCodes(NotCommon.self, policy, String(repeating: "password", count: 1250)) == [])
  }

  @Test("top N uses only the first N entries (the file is most common first)")
  func top() throws {
    // The list starts 123456, 123456789, qwerty, password.
    let policy = try passwordPolicy(#"[{"notCommon": true, "top": 3}]"#)
    #expect(ruleCodes(NotCommon.self, policy, "qwerty") == ["notCommon"])
    #expect(ruleCodes(NotCommon.self, policy, "password") == [])
    let all = try passwordPolicy(#"[{"notCommon": true, "top": 19640}]"#)
    let last = try #require(
      try String(
        contentsOf: repositoryRoot.appendingPathComponent("Rules/lists/common-passwords/common-passwords.txt"),
        encoding: .utf8
      ).split(separator: "\n").last)
    #expect(ruleCodes(NotCommon.self, all, String(last)) == ["notCommon"])
    let allButLast = try passwordPolicy(#"[{"notCommon": true, "top": 19639}]"#)
    #expect(ruleCodes(NotCommon.self, allButLast, String(last)) == [])
  }

  @Test("a rules file's own lists resolve next to it and add to the shipped list")
  func ownLists() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("lists"), withIntermediateDirectories: true)
    try "Acme2025\r\nＦＯＲＭＲＵＬＥＳ\n\n".write(
      to: directory.appendingPathComponent("lists/company.txt"), atomically: true, encoding: .utf8)
    let rules = #"""
      {"version": 1, "fields": {"password": {"sensitive": true, "rules": [
        {"notCommon": true, "lists": ["lists/company.txt"], "words": ["Tanuki Corp"]}]}}}
      """#
    let file = directory.appendingPathComponent("rules.json")
    try rules.write(to: file, atomically: true, encoding: .utf8)
    let policy = try RuleSet(contentsOf: file, registry: .standard).compile()
    for (password, common) in [
      ("acme2025", true), ("formrules", true), ("tanuki corp", true), ("password", true), ("acme2026", false),
    ] {
      let failures = policy.validate(["password": password]).fields["password"]?.failures.map(\.code)
      #expect(failures == (common ? ["notCommon"] : []), "\(password)")
    }
    let own = try RuleSet(
      data: Array(
        #"{"fields": {"password": {"rules": [{"notCommon": true, "defaultList": false, "lists": "lists/company.txt"}]}}}"#
          .utf8),
      baseDirectory: directory, registry: .standard
    ).compile()
    #expect(own.validate(["password": "password"]).isValid)
    #expect(!own.validate(["password": "ACME2025"]).isValid)
  }

  @Test("a missing list file is a compile error naming the path and the JSON path")
  func missingList() throws {
    let problems = compileProblems(
      #"{"fields": {"password": {"rules": [{"required": true}, {"notCommon": true, "lists": ["lists/nope.txt"]}]}}}"#)
    let problem = try #require(problems.first)
    #expect(jsonPathString(problem.path) == "fields.password.rules[1].lists")
    #expect(problem.message.contains("no such list file"))
    #expect(problem.message.contains("lists/nope.txt"))
  }

  @Test("the default list is compiled in: a rules file alone in an empty folder, no FORM_RULES_DIR, works")
  func defaultListCompiledIn() throws {
    let elsewhere = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let file = elsewhere.appendingPathComponent("app.json")
    try Data(#"{"fields": {"password": {"rules": [{"notCommon": true}, {"strength": 2}]}}}"#.utf8).write(to: file)
    let policy = try RuleSet(path: file.path, registry: .standard).compile()
    #expect(
      policy.validate(["password": "PassWord"]).fields["password"]?.errors.map(\.code).contains("notCommon") == true)
    #expect(policy.validate(["password": "ぱすわーど-correct-horse-7"]).isValid)
  }

  @Test("the compiled-in list is the shipped file, entry for entry")
  func compiledInMatchesFile() throws {
    let file = repositoryRoot.appendingPathComponent("Rules/lists/common-passwords/common-passwords.txt")
    let bytes = Array(try Data(contentsOf: file))
    #expect(PasswordList.defaultLines == PasswordList.parseLines(bytes))
    #expect(PasswordList.defaultLines.count == 19_640)
    #expect(PasswordList.defaultLines.first == "123456")
  }

  @Test("a list's lines are canonical as canonical(_:) makes them, by the ASCII shortcut or not")
  func parsedLinesAreCanonical() {
    let lines = [
      "PassWord", "  Tab\tInside ", "\tUPPER\u{0B}", "MiXeD123!@#", "\u{0C}", "", "   ", "ｐａｓｓ", "Ｐａｓｓ　",
      "Ｅ\u{301}té", "パスワード", "😀Emoji", "A\u{3000}", "zZ\u{7F}", "\u{1C}SEP",
    ]
    let data = Array(lines.joined(separator: "\r\n").utf8) + Array("\nLAST".utf8)
    let expected = (lines + ["LAST"]).map(PasswordList.canonical).filter { !$0.isEmpty }
    #expect(PasswordList.parseLines(data) == expected)
    for line in lines {
      var entries: [String] = []
      ByteView.withUTF8(line) { PasswordList.forEachEntry(in: $0) { entries.append($0.string) } }
      let canonical = PasswordList.canonical(line)
      #expect(entries == (canonical.isEmpty ? [] : [canonical]), "\(line.debugDescription)")
    }
  }

  @Test("lists load once per policy, however many rules use them")
  func loadedOnce() throws {
    let cache = ResourceCache()
    let context = CompileContext(
      baseDirectory: repositoryRoot.appendingPathComponent("Rules"), rulesDirectory: nil, cache: cache)
    let url = repositoryRoot.appendingPathComponent("Rules/lists/common-passwords/common-passwords.txt")
    let a = try PasswordList.set(at: url, top: nil, in: context, at: [])
    let b = try PasswordList.set(at: url, top: nil, in: context, at: [])
    #expect(a.count == b.count)
    #expect(a.count > 19_000)
    // One entry for the lines, one for the set.
    #expect(cache.values.count == 2)
    _ = try PasswordList.set(at: url, top: 3000, in: context, at: [])
    #expect(cache.values.count == 3)
  }

  @Test("the failure has no parameters, and the messages read well")
  func messages() throws {
    let policy = try passwordPolicy(#"[{"notCommon": true}]"#)
    let failure = try #require(passwordFailures(policy, "iloveyou").first)
    #expect(failure.params.isEmpty)
    #expect(passwordMessage(policy, "iloveyou", locale: "ja") == "パスワードはよく使われているため使用できません。推測されにくいものにしてください。")
    #expect(
      passwordMessage(policy, "iloveyou", locale: "en")
        == "Password is too commonly used. Choose one that is harder to guess.")
    expectNoLeak(policy, "iloveyou")
  }

  @Test("options are checked when the file loads")
  func decodingErrors() throws {
    #expect(
      jsonPathString(try #require(loadProblems(#"{"fields": {"p": {"rules": [{"notCommon": "yes"}]}}}"#).first).path)
        == "fields.p.rules[0].notCommon")
    #expect(
      jsonPathString(
        try #require(loadProblems(#"{"fields": {"p": {"rules": [{"notCommon": true, "top": 0}]}}}"#).first).path)
        == "fields.p.rules[0].top")
    #expect(
      jsonPathString(
        try #require(loadProblems(#"{"fields": {"p": {"rules": [{"notCommon": true, "defaultList": false}]}}}"#).first)
          .path) == "fields.p.rules[0].defaultList")
  }
}

/// `notCommon` itself on the edges, asked directly through `Policy.check` with a 1 MB limit.
@Suite("notCommon: the rule itself")
struct NotCommonRuleTests {
  @Test("edges: white space alone is empty once canonical; the rules file's words match", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"notCommon": true, "words": ["パスワード", "👨‍👩‍👧"]}"#, options: #""trim": false"#)
    let expected: RuleVerdict? =
      switch edge {
      case .empty, .spaces, .ideographicSpaces, .combining, .huge: nil
      case .japanese, .emoji: verdict(0, "notCommon")
      }
    #expect(policy.check(NotCommon.self, edge.value) == expected)
  }

  @Test("the shipped list after NFKC, trim and lower case; no parameters")
  func shipped() throws {
    let policy = try rulePolicy(#"{"notCommon": true}"#, options: #""trim": false"#)
    #expect(policy.check(NotCommon.self, "\u{3000}ＰＡＳＳＷＯＲＤ\u{3000}") == verdict(0, "notCommon"))
    #expect(policy.check(NotCommon.self, "password") == verdict(0, "notCommon"))
    #expect(policy.check(NotCommon.self, "correct horse battery staple") == nil)
  }
}
