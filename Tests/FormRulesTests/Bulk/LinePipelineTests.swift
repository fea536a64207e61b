import FormRulesTestSupport
import Foundation
import Testing

@testable import FormRules
@testable import FormRulesBulk

#if canImport(Glibc)
  import Glibc
#endif

/// The JSON Lines runner, now in the library for the CLI and any server: on seeded records with
/// lines that are not records mixed in, every job count writes the same reports, one per line,
/// in input order, each what a `BulkValidator` writes for that line alone.
@Suite("LinePipeline: JSON Lines through the library's runner")
struct LinePipelineTests {
  final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    func append(_ chunk: ByteView) { lock.withLock { bytes += chunk } }
    var all: [UInt8] { lock.withLock { bytes } }
  }

  static func run(_ input: [UInt8], jobs: Int, policy: Policy) throws -> (output: [UInt8], summary: LineSummary) {
    let folder = try ScratchFolder(["input.jsonl": input])
    defer { folder.remove() }
    let fd = open(folder.path("input.jsonl"), O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    let collected = Collected()
    let (summary, readError) = LinePipeline.run(fd: fd, jobs: jobs, write: { collected.append($0) }) {
      BulkValidator(policy: policy, locale: "en")
    }
    #expect(readError == nil)
    return (collected.all, summary)
  }

  @Test("one, two and three jobs: the same reports in input order, one per line", arguments: [UInt64(7), 2026])
  func sameReports(seed: UInt64) throws {
    let policy = try ShippedRules.policy("signup.json")
    var records = RecordGenerator(seed: seed, malformedOneIn: 25)
    // Enough lines for several 64 KiB blocks, so the parallel runner cuts and reorders.
    let input = records.jsonLines(6_000)
    let oracle = BulkValidator(policy: policy, locale: "en")
    var expected: [UInt8] = []
    for (i, line) in input.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().enumerated() {
      _ = oracle.validate(line: Array(line), number: i + 1)
      expected += oracle.output
      oracle.removeOutput()
    }
    for jobs in 1...3 {
      let (output, summary) = try Self.run(input, jobs: jobs, policy: policy)
      #expect(output == expected, "--jobs \(jobs)")
      #expect(summary.records == 6_000, "--jobs \(jobs)")
      #expect(summary.valid + summary.invalid == 6_000)
      #expect(summary.malformed > 0 && summary.valid > 0 && summary.invalid > summary.malformed)
    }
  }

  @Test("a last line without a newline, CRLF line ends and a blank line are lines like any other")
  func lineEnds() throws {
    let policy = try ShippedRules.policy("login.json")
    let input = Array("{\"email\":\"taro@example.jp\",\"password\":\"abc123\"}\r\n\n{\"email\":\"x\"}".utf8)
    for jobs in 1...2 {
      let (output, summary) = try Self.run(input, jobs: jobs, policy: policy)
      let lines = output.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
      #expect(lines.count == 3, "--jobs \(jobs)")
      #expect(lines.first?.hasPrefix(#"{"valid":true"#) == true)
      #expect(summary.records == 3 && summary.valid == 1 && summary.malformed == 1, "--jobs \(jobs)")
    }
  }
}

@Suite("RecordGenerator")
struct RecordGeneratorTests {
  @Test("the same seed gives the same records; another seed other records; every line is one line")
  func deterministic() {
    var a = RecordGenerator(seed: 42, malformedOneIn: 10)
    var b = RecordGenerator(seed: 42, malformedOneIn: 10)
    var c = RecordGenerator(seed: 43, malformedOneIn: 10)
    let first = a.jsonLines(500)
    #expect(first == b.jsonLines(500))
    #expect(first != c.jsonLines(500))
    #expect(first.split(separator: 0x0A, omittingEmptySubsequences: false).count == 501)
  }
}
