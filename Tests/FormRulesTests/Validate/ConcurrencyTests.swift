import Dispatch
import Testing

@testable import FormRules

@Suite("one policy, many threads")
struct ConcurrencyTests {
  @Test("concurrent validation gives the sequential results")
  func sameResults() throws {
    let policy = try RuleSet(
      contentsOf: repositoryRoot.appendingPathComponent("Rules/signup.json"), registry: .standard
    ).compile()
    let inputs: [[String: String]] = (0..<2_000).map { i in
      let password = i % 3 == 0 ? "short" : i % 3 == 1 ? "correct horse \(i)" : String(i * 7919)
      return [
        "email": i % 5 == 0 ? "bad..\(i)@example.com" : " user\(i)@example.jp ",
        "password": password,
        "password_confirmation": i % 7 == 0 ? password + "x" : password,
      ]
    }
    let expected = inputs.map { policy.validate($0).json(locale: "ja") }
    let threads = 8
    let box = ResultBox(count: threads)
    DispatchQueue.concurrentPerform(iterations: threads) { t in
      box.set(t, inputs.map { policy.validate($0).json(locale: "ja") })
    }
    for t in 0..<threads { #expect(box.get(t) == expected, "thread \(t) differs") }
  }
}

/// Per-thread slots; each thread writes only its own.
final class ResultBox: @unchecked Sendable {
  private var slots: [[String]]
  private let lock = DispatchQueue(label: "ResultBox")

  init(count: Int) { slots = Array(repeating: [], count: count) }
  func set(_ i: Int, _ value: [String]) { lock.sync { slots[i] = value } }
  func get(_ i: Int) -> [String] { lock.sync { slots[i] } }
}
