import FormRules
import FormRulesGenerators
import Foundation
import Testing

@testable import FormRulesBulk

/// The golden reports of `Fixtures/golden` (`Goldens.cases`): 2,000 seeded `RecordGenerator`
/// records under six policies, and the edge cases. The engine's reports now must equal the
/// committed ones line for line; a difference names the file, the record (its line and text) and
/// the first field that differs, with both values. `scripts/regenerate.sh` rewrites the files
/// after an intended change, and `git diff` shows what moved.
@Suite("Golden reports, record by record")
struct GoldenRecordsTests {
  static let root = GeneratedFile.repositoryRoot

  @Test("the committed input is what the seeded generator makes")
  func input() throws {
    let committed = try Data(contentsOf: Self.root.appendingPathComponent(Goldens.inputPath))
    let lines = Array(committed).split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map(Array.init)
    #expect(lines.count == Goldens.recordCount)
    #expect(lines == Goldens.recordLines(), "run scripts/regenerate.sh: RecordGenerator changed")
  }

  @Test(
    "every report equals the committed one", .enabled(if: IDNA.isAvailable, "needs libidn2: Unicode domains"),
    arguments: Goldens.cases.map(\.name))
  func reports(_ name: String) throws {
    let item = try #require(Goldens.cases.first { $0.name == name })
    let lines = item.lines()
    let policy = try item.policy(Self.root)
    let file = Self.root.appendingPathComponent("\(Goldens.folder)/\(name).jsonl")
    let expected = Array(try Data(contentsOf: file)).split(separator: 0x0A, omittingEmptySubsequences: false)
      .dropLast().map(Array.init)
    #expect(expected.count == lines.count, "\(name).jsonl has \(expected.count) reports for \(lines.count) records")
    let bulk = BulkValidator(policy: policy, locale: item.locale)
    var differing = 0
    for (i, line) in lines.enumerated() where i < expected.count {
      _ = bulk.validate(line: line, number: i + 1)
      var actual = Array(bulk.output)
      bulk.removeOutput()
      if actual.last == 0x0A { actual.removeLast() }
      guard actual != expected[i] else { continue }
      differing += 1
      if differing == 1 {
        Issue.record(
          """
          \(name).jsonl: record \(i + 1) differs (the first; \(item.locale)):
            input: \(String(decoding: line, as: UTF8.self))
            field: \(JSONDifference.first(expected: expected[i], actual: actual) ?? "?")
          """)
      }
    }
    #expect(differing == 0, "\(name).jsonl: \(differing) of \(lines.count) reports differ")
  }
}
