import Foundation
import Testing

@testable import FormRules

/// One compiled `Policy` shared by eight threads, each validating the same deterministic records,
/// must give exactly what one thread gives. Run under `swift test --sanitize=thread` by
/// `scripts/sanitizers.sh`.
@Suite("Concurrency: one Policy, 8 threads × 5 000 records")
struct SharedPolicyStressTests {
  /// Records per thread: 5 000 (eight threads on two cores, each busy for about a second of a
  /// debug build, are preempted mid-record hundreds of times each), or
  /// `FORM_RULES_CONCURRENCY_RECORDS` (a soak raises it). It was 20 000 until December 2026:
  /// 29 CPU seconds, the costliest test of the run, for no race the sanitizer job's 5 000 miss.
  static let recordsPerThread: Int = {
    guard let text = ProcessInfo.processInfo.environment["FORM_RULES_CONCURRENCY_RECORDS"], let n = Int(text), n > 0
    else { return 5_000 }
    return n
  }()

  static let threadCount = 8

  static let rules = #"""
    {"defaultLocale": "ja", "limits": {"maxValueBytes": 256},
     "fields": {
       "email": {"label": {"ja": "メール", "en": "Email"}, "rules": [{"required": true}, {"email": "practical"}]},
       "name": {"label": {"ja": "名前", "en": "Name"}, "normalize": "nfkc",
         "rules": [{"maxLength": 12, "unit": "graphemes"}, {"pattern": "^(\\w+\\s?)*$"}]},
       "password": {"label": {"ja": "パスワード", "en": "Password"}, "sensitive": true,
         "rules": [{"required": true}, {"minLength": 8}, {"maxLength": 72, "unit": "utf8"},
                   {"notPattern": "^[0-9]+\\z"}, {"trimmed": true, "severity": "warning"}]},
       "password_confirmation": {"label": {"ja": "確認", "en": "Confirmation"}, "sensitive": true,
         "rules": [{"sameAs": "password"}]},
       "code": {"label": "Code", "rules": [{"anyOf": [{"pattern": "^[A-Z]{3}-[0-9]{4}\\z"}, {"maxLength": 0}]},
         {"notPattern": "(a+)+$", "when": {"field": "email", "notEmpty": true}}]}
     }}
    """#

  static let emails = [
    "taro@example.jp", "a..b@example.com", "taro@例え.jp", "ｔａｒｏ@example.jp", "", "   ", "no-at-sign",
    "test@iana.org\n", "\"quoted\"@example.com", "x@localhost",
  ]
  static let names = ["Taro", "ﾀﾛｳ", "e\u{301}", "👨‍👩‍👧 family", "a b c d e f g h", "bad!name", "名前 です"]
  static let passwords = [
    "correct horse", "1234567890", "short", " padded pass ", "パスワードです長い", String(repeating: "x", count: 300),
    "👍👍👍👍👍👍👍👍", "",
  ]
  static let codes = ["ABC-1234", "", "abc-1234", "XYZ-0000"]
  /// Backtracks until the match limit (about a millisecond), so it comes in one record of 64.
  static let catastrophicCode = String(repeating: "a", count: 30) + "b"

  /// Record `i`: a JSONL line from a fixed pseudo-random sequence; one in 16 is malformed.
  static func record(_ i: Int) -> [UInt8] {
    var x = UInt64(truncatingIfNeeded: i) &* 0x9E37_79B9_7F4A_7C15 &+ 0x632B_E59B_D9B4_E019
    func next(_ n: Int) -> Int {
      x ^= x >> 29
      x = x &* 0xBF58_476D_1CE4_E5B9
      x ^= x >> 32
      return Int(x % UInt64(n))
    }
    switch next(16) {
    case 0: return Array(#"{"email": 5}"#.utf8)
    case 1: return Array(#"{"email": "a", "email": "b"}"#.utf8)
    case 2: return [0x7B, 0x22, 0xFF, 0x22, 0x7D]
    default: break
    }
    let password = passwords[next(passwords.count)]
    let confirmation = next(4) == 0 ? password + "!" : password
    var writer = JSONWriter()
    writer.raw("{")
    writer.key("email")
    writer.string(emails[next(emails.count)])
    writer.raw(",")
    writer.key("name")
    writer.string(names[next(names.count)])
    writer.raw(",")
    writer.key("password")
    writer.string(password)
    writer.raw(",")
    writer.key("password_confirmation")
    writer.string(confirmation)
    writer.raw(",")
    writer.key("code")
    writer.string(next(64) == 0 ? catastrophicCode : codes[next(codes.count)])
    writer.raw("}")
    return writer.bytes
  }

  /// What a record's report says, in a form cheap to compare: validity, values, codes, params,
  /// severities, and for one record in ten the rendered messages in both languages.
  static func fingerprint(_ report: Report, index: Int) -> String {
    var text = report.isValid ? "valid" : "invalid"
    for failure in report.formErrors {
      text += " !\(failure.code)\(failure.params.entries.map { "\($0.name)=\($0.value)" })"
    }
    for field in report.fields {
      text += " \(field.name)=\(field.value ?? "∅")"
      for failure in field.failures {
        text +=
          ",\(failure.code):\(failure.severity.rawValue)\(failure.params.entries.map { "\($0.name)=\($0.value)" })"
      }
    }
    if index % 10 == 0 { text += report.json(locale: index % 20 == 0 ? "ja" : "en") }
    return text
  }

  /// Each thread's results, stored once at the end under a lock.
  final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: [String]] = [:]

    func store(_ fingerprints: [String], thread: Int) {
      lock.lock()
      results[thread] = fingerprints
      lock.unlock()
    }

    var all: [Int: [String]] {
      lock.lock()
      defer { lock.unlock() }
      return results
    }
  }

  @Test("8 threads × 5 000 records through one Policy give exactly the sequential results")
  func sharedPolicy() throws {
    let policy = try RuleSet(data: Array(Self.rules.utf8), file: "concurrency.json", registry: .standard).compile()
    let count = Self.recordsPerThread
    let records = (0..<count).map(Self.record)
    let sequential = records.enumerated().map { i, record in
      Self.fingerprint(policy.validate(jsonRecord: record, line: i + 1), index: i)
    }
    // The records exercise what they should: valid and invalid, malformed, and pattern.limit.
    #expect(sequential.contains { $0.hasPrefix("valid") })
    #expect(sequential.contains { $0.contains("!input.malformed") })
    #expect(sequential.contains { $0.contains("pattern.limit") })

    let collected = Collected()
    let done = DispatchGroup()
    for thread in 0..<Self.threadCount {
      done.enter()
      let worker = Thread {
        // Threads start at different records so that they overlap on different work.
        let offset = thread * count / Self.threadCount
        var fingerprints = [String](repeating: "", count: count)
        for step in 0..<count {
          let i = (offset + step) % count
          fingerprints[i] = Self.fingerprint(policy.validate(jsonRecord: records[i], line: i + 1), index: i)
        }
        collected.store(fingerprints, thread: thread)
        done.leave()
      }
      worker.stackSize = 1 << 20
      worker.start()
    }
    done.wait()
    let results = collected.all
    #expect(results.count == Self.threadCount)
    for thread in 0..<Self.threadCount {
      let mismatches = zip(results[thread] ?? [], sequential).filter { $0 != $1 }.count
      #expect(results[thread]?.count == count)
      #expect(mismatches == 0, "thread \(thread): \(mismatches) of \(count) records differ from the sequential run")
    }
  }

  @Test("Validating from many threads at once with the dictionary API gives the sequential report")
  func dictionaryAPI() throws {
    let policy = try RuleSet(data: Array(Self.rules.utf8), file: "concurrency.json", registry: .standard).compile()
    let values = [
      "email": "taro@example.jp", "name": "Taro", "password": "correct horse", "password_confirmation": "x",
    ]
    let expected = Self.fingerprint(policy.validate(values), index: 0)
    let collected = Collected()
    DispatchQueue.concurrentPerform(iterations: Self.threadCount) { thread in
      collected.store((0..<200).map { _ in Self.fingerprint(policy.validate(values), index: 0) }, thread: thread)
    }
    #expect(collected.all.values.allSatisfy { $0.allSatisfy { $0 == expected } })
  }
}
