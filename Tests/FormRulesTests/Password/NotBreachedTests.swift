import Foundation
import Testing

@testable import FormRules
@testable import FormRulesPassword

@Suite("notBreached")
struct NotBreachedTests {
  static let rules = #"[{"notBreached": {"file": "lists/breached-sample.txt"}}]"#

  /// Passwords that Benchmarks/make-breached.py puts in the sample file, with its counts.
  @Test(
    "the sample file: known passwords are found by the SHA-1 of their UTF-8 bytes",
    arguments: [
      ("password", true), ("123456", true), ("P@ssw0rd", true), ("パスワード", true), ("ｐａｓｓｗｏｒｄ", true),
      ("correct horse battery staple", true), ("Tr0ub4dor&3", true), ("seen-once-only", true),
      ("Password", false), ("password ", false), ("not-in-the-file-42", false), ("👍", false),
    ])
  func sample(password: String, breached: Bool) throws {
    let policy = try passwordPolicy(Self.rules)
    #expect(ruleCodes(NotBreached.self, policy, password) == (breached ? ["notBreached"] : []))
  }

  @Test("minCount is inclusive (hunter2 is in the sample 25 times)")
  func minCount() throws {
    let at = try passwordPolicy(#"[{"notBreached": {"file": "lists/breached-sample.txt", "minCount": 25}}]"#)
    let above = try passwordPolicy(#"[{"notBreached": {"file": "lists/breached-sample.txt", "minCount": 26}}]"#)
    #expect(ruleCodes(NotBreached.self, at, "hunter2") == ["notBreached"])
    #expect(ruleCodes(NotBreached.self, above, "hunter2") == [])
    let two = try passwordPolicy(#"[{"notBreached": {"file": "lists/breached-sample.txt", "minCount": 2}}]"#)
    #expect(ruleCodes(NotBreached.self, two, "seen-once-only") == [])
  }

  @Test("a string is short for {file}; NFKC on the field folds full-width before hashing")
  func shorthandAndNormalization() throws {
    let policy = try passwordPolicy(#"[{"notBreached": "lists/breached-sample.txt"}]"#, normalize: "nfkc")
    #expect(ruleCodes(NotBreached.self, policy, "ｑｗｅｒｔｙ") == ["notBreached"])
  }

  @Test("empty is left to required; 10,000 characters are hashed and not found")
  func emptyAndLong() throws {
    let policy = try passwordPolicy(Self.rules)
    #expect(ruleCodes(NotBreached.self, policy, "") == [])
    #expect(ruleCodes(NotBreached.self, policy, String(repeating: "あ", count: 10_000)) == [])
  }

  @Test("the failure carries minCount only, never the count or the hash")
  func noLeak() throws {
    let policy = try passwordPolicy(Self.rules)
    let failure = try #require(passwordFailures(policy, "letmein").first)
    #expect(failure.params == ["minCount": 1])
    #expect(passwordMessage(policy, "letmein", locale: "ja") == "パスワードは過去に流出したことがあるため使用できません。別のものを設定してください。")
    #expect(
      passwordMessage(policy, "letmein", locale: "en")
        == "Password has appeared in a data breach. Choose a different one.")
    let json = policy.validate(["password": "letmein"]).json(locale: "en")
    #expect(!json.contains(SHA1.hex("letmein")))
    #expect(!json.contains("150000"))
    expectNoLeak(policy, "letmein")
  }

  @Test("a missing file is a compile error with its path")
  func missingFile() throws {
    let problems = compileProblems(
      #"{"fields": {"password": {"rules": [{"notBreached": {"file": "lists/nope.txt"}}]}}}"#)
    let problem = try #require(problems.first)
    #expect(jsonPathString(problem.path) == "fields.password.rules[0].notBreached")
    #expect(problem.message.contains("Rules/lists/nope.txt"))
  }

  @Test(
    "bad options are load errors",
    arguments: [
      #"{"notBreached": {}}"#, #"{"notBreached": {"file": "x", "minCount": 0}}"#, #"{"notBreached": 3}"#,
      #"{"notBreached": {"file": "x", "mincount": 2}}"#,
    ])
  func decodingErrors(rule: String) {
    #expect(!loadProblems(#"{"fields": {"p": {"rules": [\#(rule)]}}}"#).isEmpty)
  }
}

@Suite("BreachFile")
struct BreachFileTests {
  /// Writes a file of `count` sorted random hashes (and the given passwords) and returns
  /// its path, the hashes and the passwords' counts.
  static func write(
    _ passwords: [String: Int], random count: Int, lowercase: Bool = false, lineEnding: String = "\n",
    trailingNewline: Bool = true, in directory: URL
  ) throws -> (path: String, hashes: [String]) {
    var generator = SystemRandomNumberGenerator()
    var lines: [String: Int] = [:]
    for (password, n) in passwords { lines[SHA1.hex(password)] = n }
    while lines.count < passwords.count + count {
      let bytes = (0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) }
      lines[bytes.map { String(format: "%02X", $0) }.joined()] = Int.random(in: 1...1000)
    }
    let sorted = lines.keys.sorted()
    var text = sorted.map { "\(lowercase ? $0.lowercased() : $0):\(lines[$0] ?? 0)" }.joined(separator: lineEnding)
    if trailingNewline { text += lineEnding }
    let url = directory.appendingPathComponent("pwned-\(UUID().uuidString).txt")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return (url.path, sorted)
  }

  @Test(
    "every line is found, including the first and the last, in every line format",
    arguments: [(false, "\n", true), (true, "\r\n", true), (false, "\r\n", false), (true, "\n", false)])
  func everyLine(lowercase: Bool, lineEnding: String, trailingNewline: Bool) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (path, hashes) = try Self.write(
      ["password": 42, "パスワード": 7], random: 2_000, lowercase: lowercase, lineEnding: lineEnding,
      trailingNewline: trailingNewline, in: directory)
    let file = try BreachFile(path: path)
    #expect(file.count(ofPassword: "password") == 42)
    #expect(file.count(ofPassword: "パスワード") == 7)
    #expect(file.count(ofPassword: "Password") == 0)
    for hex in hashes {
      let digest = stride(from: 0, to: 40, by: 2).map { i -> UInt8 in
        let start = hex.index(hex.startIndex, offsetBy: i)
        return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16) ?? 0
      }
      #expect(file.count(ofDigest: digest) > 0, "\(hex)")
      // The neighbouring digest (last byte + 1) is almost surely absent.
      var next = digest
      next[19] &+= 1
      if !hashes.contains(next.map { String(format: "%02X", $0) }.joined()) {
        #expect(file.count(ofDigest: next) == 0)
      }
    }
    #expect(file.count(ofDigest: [UInt8](repeating: 0, count: 20)) == 0)
    #expect(file.count(ofDigest: [UInt8](repeating: 0xFF, count: 20)) == 0)
  }

  @Test("a one-line file and an empty file")
  func tiny() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let one = directory.appendingPathComponent("one.txt")
    try "\(SHA1.hex("123456")):5".write(to: one, atomically: true, encoding: .utf8)
    #expect(try BreachFile(path: one.path).count(ofPassword: "123456") == 5)
    #expect(try BreachFile(path: one.path).count(ofPassword: "1234567") == 0)
    let empty = directory.appendingPathComponent("empty.txt")
    try "".write(to: empty, atomically: true, encoding: .utf8)
    #expect(try BreachFile(path: empty.path).count(ofPassword: "123456") == 0)
  }

  @Test("a file that is not SHA1HEX:COUNT, a folder and a missing path are errors")
  func errors() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bad = directory.appendingPathComponent("bad.txt")
    try "password:12\n".write(to: bad, atomically: true, encoding: .utf8)
    #expect(throws: BreachFileError.self) { try BreachFile(path: bad.path) }
    #expect(Self.openDescriptors(of: bad.path) == 0, "a refused file is closed, by deinit alone")
    #expect(throws: BreachFileError.self) { try BreachFile(path: directory.path) }
    do {
      _ = try BreachFile(path: directory.appendingPathComponent("missing.txt").path)
      Issue.record("expected an error")
    } catch {
      #expect(error.description.contains("missing.txt"))
      #expect(error.description.contains("No such file"))
    }
  }

  /// How many of this process's descriptors are open on `path` (read from /proc/self/fd).
  static func openDescriptors(of path: String) -> Int {
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return entries.filter {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == target
    }.count
  }

  @Test("one mapping serves many threads at once")
  func concurrent() async throws {
    let file = try BreachFile(path: repositoryRoot.appendingPathComponent("Rules/lists/breached-sample.txt").path)
    let passwords = ["password", "123456", "nope", "パスワード", "hunter2", "x"]
    let expected = passwords.map { file.count(ofPassword: $0) }
    try await withThrowingTaskGroup(of: [Int].self) { group in
      for _ in 0..<8 {
        group.addTask { (0..<200).flatMap { _ in passwords.map { file.count(ofPassword: $0) } } }
      }
      for try await counts in group {
        #expect(counts == Array((0..<200).map { _ in expected }.joined()))
      }
    }
    #expect(expected == [1_000_000, 2_000_000, 0, 50, 25, 0])
  }
}

@Suite("notBreached: a breach file replaced or rewritten while in use")
struct BreachFileRefreshTests {
  static let password = "5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8:10434004\n"
  static let letmein = "B7A875FC1EA228B9061041B7CEC4BD3C52AB3CE3:150000\n"

  func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("breach-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("A file renamed over the path is seen by the next BreachFile; the open one keeps its snapshot")
  func renamedOver() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("pwned.txt").path
    try Data(Self.password.utf8).write(to: URL(fileURLWithPath: path))
    let old = try BreachFile(path: path)
    let replacement = directory.appendingPathComponent("new.txt").path
    try Data(Self.letmein.utf8).write(to: URL(fileURLWithPath: replacement))
    #expect(rename(replacement, path) == 0)
    let new = try BreachFile(path: path)
    #expect(old.count(ofPassword: "password") == 10_434_004)
    #expect(old.count(ofPassword: "letmein") == 0)
    #expect(new.count(ofPassword: "password") == 0)
    #expect(new.count(ofPassword: "letmein") == 150_000)
  }

  @Test("A file truncated in place after it was opened: lookups answer 0, no crash")
  func truncatedInPlace() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("pwned.txt").path
    let filler = (0..<5000).map { String(format: "%08X", $0) + String(repeating: "0", count: 32) + ":1\n" }
    try Data((filler.joined() + Self.password).utf8).write(to: URL(fileURLWithPath: path))
    let file = try BreachFile(path: path)
    #expect(file.count(ofPassword: "password") == 10_434_004)
    #expect(truncate(path, 100) == 0)
    #expect(file.count(ofPassword: "password") == 0)
    #expect(truncate(path, 0) == 0)
    #expect(file.count(ofPassword: "password") == 0)
  }
}

/// `notBreached` itself on the edges, asked directly through `Policy.check` with a 1 MB limit.
@Suite("notBreached: the rule itself")
struct NotBreachedRuleTests {
  @Test("edges: パスワード is in the sample; the failure carries minCount only", arguments: Edge.allCases)
  func edges(edge: Edge) throws {
    let policy = try rulePolicy(#"{"notBreached": "lists/breached-sample.txt"}"#, options: #""trim": false"#)
    let expected: RuleVerdict? = edge == .japanese ? verdict(0, "notBreached", ["minCount": 1]) : nil
    #expect(policy.check(NotBreached.self, edge.value) == expected)
  }

  @Test("the bytes are hashed as they are: a trailing U+3000 is another password")
  func exactBytes() throws {
    let policy = try rulePolicy(
      #"{"notBreached": {"file": "lists/breached-sample.txt", "minCount": 25}}"#, options: #""trim": false"#)
    #expect(policy.check(NotBreached.self, "hunter2") == verdict(0, "notBreached", ["minCount": 25]))
    #expect(policy.check(NotBreached.self, "hunter2\u{3000}") == nil)
  }
}
