import FormRulesTestSupport
import Foundation
import Testing

/// `validate --jsonl` at scale: `--jobs` keeps the order, and the documented
/// split + xargs recipe gives the same bytes as one process.
@Suite("validate --jsonl in bulk: --jobs and split + xargs")
struct BulkJSONLinesTests {
  /// Runs a shell command in the package root with `$VALIDATE` naming the binary.
  static func shell(_ command: String) throws -> ValidateRun { try ValidateBinary.shell(command) }

  /// A scratch folder holding `input.jsonl`: corpus records with malformed lines, an
  /// over-long line and a blank line mixed in, enough for many batches.
  static func scratch(records: Int, oddLines: Bool) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("form-rules-bulk-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let input = directory.appendingPathComponent("input.jsonl")
    let generate = try shell(
      "python3 Benchmarks/gen_corpus.py --n \(records) --out '\(input.path)'")
    try #require(generate.status == 0, "python3 Benchmarks/gen_corpus.py failed: \(generate.stderr)")
    if oddLines {
      var lines = try String(contentsOf: input, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false)
      lines.insert("not json", at: 5)
      lines.insert("{\"email\": 42}", at: 3000)
      lines.insert("", at: 4500)
      lines.insert(Substring("{\"email\": \"" + String(repeating: "x", count: 1_300_000) + "\"}"), at: 7000)
      try lines.joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
    }
    return directory
  }

  @Test("--jobs 1, 2, 3 and the default print the same bytes in input order")
  func jobsKeepOrder() throws {
    try #require(ValidateBinary.executable != nil, "build the validate executable first")
    let directory = try Self.scratch(records: 12_000, oddLines: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("input.jsonl").path
    let base = "\"$VALIDATE\" --rules Rules/signup.json --jsonl --locale en --input '\(input)'"
    let one = try Self.shell(base + " --jobs 1")
    #expect(one.status == 1)
    // 31 fewer valid than before issue 15: all `…@bücher.example`, a special-use name `practical` refuses.
    #expect(one.stderr == "records: 12004, valid: 5294, invalid: 6710, malformed: 4\n")
    #expect(one.stdoutBytes.split(separator: 0x0A, omittingEmptySubsequences: false).count == 12_004 + 1)
    for jobs in ["--jobs 2", "--jobs 3", ""] {
      let run = try Self.shell(base + " " + jobs)
      #expect(run.status == one.status, "\(jobs)")
      #expect(run.stderr == one.stderr, "\(jobs)")
      #expect(run.stdoutBytes == one.stdoutBytes, "\(jobs)")
    }
    // The malformed lines keep their place and their line numbers.
    let lines = one.stdoutBytes.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
    #expect(lines[5].contains(#""line":6"#))
    #expect(lines[3000].contains(#""reason":"notString""#))
    #expect(lines[4500].contains(#""line":4501"#))
    #expect(lines[7000].contains(#""reason":"lineTooLong""#))
  }

  @Test("line edges read the same with one job and with several: CRLF, limits, no final newline")
  func lineEdges() throws {
    try #require(ValidateBinary.executable != nil, "build the validate executable first")
    let directory = try Self.scratch(records: 3_000, oddLines: false)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("input.jsonl")
    let records = try String(contentsOf: input, encoding: .utf8).split(separator: "\n").map(String.init)
    let limit = 1 << 20
    // A record of exactly `limit` bytes, one byte over, and one far over.
    func record(_ total: Int) -> String { "{\"email\": \"" + String(repeating: "x", count: total - 14) + "\"}" }
    var lines = records.map { $0 + "\r" }
    lines.insert(record(limit), at: 10)
    lines.insert(record(limit + 1), at: 1500)
    lines.insert(record(limit) + "\r", at: 2000)
    lines.insert(record(3 * limit), at: 2500)
    for (name, text) in [
      ("crlf.jsonl", lines.joined(separator: "\n") + "\n"),
      ("no-final-newline.jsonl", lines.joined(separator: "\n")),
      ("long-last-line.jsonl", records.prefix(100).joined(separator: "\n") + "\n" + record(2 * limit)),
    ] {
      let path = directory.appendingPathComponent(name).path
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      let base = "\"$VALIDATE\" --rules Rules/signup.json --jsonl --locale en"
      let one = try Self.shell(base + " --jobs 1 --input '\(path)'")
      // Through a pipe the reads are short and cut lines anywhere.
      let two = try Self.shell("cat '\(path)' | " + base + " --jobs 2")
      #expect(String(decoding: one.stdoutBytes, as: UTF8.self).contains("lineTooLong"), "\(name)")
      #expect(two.stdoutBytes == one.stdoutBytes, "\(name)")
      #expect(two.stderr == one.stderr, "\(name)")
    }
  }

  @Test("--jobs refuses zero and words")
  func jobsUsage() throws {
    try #require(ValidateBinary.executable != nil, "build the validate executable first")
    for value in ["0", "two", "-1"] {
      let run = try Self.shell(
        "echo '{}' | \"$VALIDATE\" --rules Rules/signup.json --jsonl --jobs=\(value)")
      #expect(run.status == 2)
      #expect(run.stderr.hasPrefix("Error: --jobs needs a number"))
    }
  }

  /// The recipe of docs/performance-history.md, "Scale beyond one machine".
  @Test("split + xargs -P: the concatenated outputs equal one process's output")
  func splitAndXargs() throws {
    try #require(ValidateBinary.executable != nil, "build the validate executable first")
    let directory = try Self.scratch(records: 5_000, oddLines: false)
    defer { try? FileManager.default.removeItem(at: directory) }
    let single = try Self.shell(
      "\"$VALIDATE\" --rules Rules/signup.json --jsonl --jobs 1 --input '\(directory.path)/input.jsonl'")
    let recipe = """
      set -e
      cd '\(directory.path)'
      split -l 700 -d -a 4 input.jsonl part-
      ls part-* | xargs -P 4 -I{} sh -c '"$VALIDATE" --rules \(ValidateBinary.packageRoot.path)/Rules/signup.json \\
        --jsonl --jobs 1 --input {} > {}.out 2> {}.err || [ $? -eq 1 ]'
      cat part-*.out
      """
    let split = try Self.shell(recipe)
    #expect(split.status == 0, "\(split.stderr)")
    #expect(!single.stdoutBytes.isEmpty)
    #expect(split.stdoutBytes == single.stdoutBytes)
  }
}
