// Per-password cost of the `strength` estimator and the `notBreached` lookup on a 1 GB
// Have I Been Pwned style file.
//
//     swift build -c release --product password-bench
//     .build/release/password-bench [--file /tmp/form-rules-pwned-1g.txt] [--size-mb 1024] [--runs 11]
//     .build/release/password-bench strength     # dictionary load, memory, p50/p99 per estimate
//     .build/release/password-bench estimate     # JSON strings in, scores out (the zxcvbn comparison)
//     .build/release/password-bench --generate-only [--file F] [--size-mb N]   # the file, nothing else
//     .build/release/password-bench range --url http://127.0.0.1:PORT/range/   # p50/p99 per range check
//                                  (Benchmarks/breach-range.sh runs it against `validate serve --breach-file`)
//
// The file is generated once (sorted by construction, deterministic) and reused.
import FormRules
import FormRulesPassword
import Foundation

struct Options {
  var file = "/tmp/form-rules-pwned-1g.txt"
  var sizeMB = 1024
  var runs = 11
  var rulesDirectory = FileManager.default.currentDirectoryPath + "/Rules"
  var generateOnly = false

  init(_ arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--file": file = iterator.next() ?? file
      case "--size-mb": sizeMB = iterator.next().flatMap(Int.init) ?? sizeMB
      case "--runs": runs = iterator.next().flatMap(Int.init) ?? runs
      case "--rules": rulesDirectory = iterator.next() ?? rulesDirectory
      case "--generate-only": generateOnly = true
      default:
        FileHandle.standardError.write(Data("Error: unknown argument \(argument)\n".utf8))
        exit(2)
      }
    }
  }
}

/// SplitMix64: small, fast and the same on every machine, so the file and the
/// passwords are reproducible.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Passwords planted in the generated file, so lookups that hit are measured too.
let plantedPasswords = ["password", "123456", "qwerty", "P@ssw0rd", "パスワード"] + (0..<2_000).map { "bench-known-\($0)" }

func generate(path: String, bytes target: Int) throws {
  // A line is 40 hex digits, ':', a count of 1–6 digits (4.9 on average) and CRLF.
  let lines = target * 10 / 479
  var planted = plantedPasswords.map { SHA1.digest($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }[...]
  guard FileManager.default.createFile(atPath: path, contents: nil),
    let handle = FileHandle(forWritingAtPath: path)
  else { throw CocoaError(.fileWriteUnknown) }
  defer { try? handle.close() }
  var random = SplitMix64(state: 0x5EED)
  let hex = Array("0123456789ABCDEF".utf8)
  var buffer: [UInt8] = []
  buffer.reserveCapacity(1 << 23)
  let step = UInt64.max / UInt64(lines)
  var digest = [UInt8](repeating: 0, count: 20)

  func append(_ digest: [UInt8], count: UInt64) {
    for byte in digest {
      buffer.append(hex[Int(byte >> 4)])
      buffer.append(hex[Int(byte & 15)])
    }
    buffer.append(UInt8(ascii: ":"))
    buffer.append(contentsOf: String(count).utf8)
    buffer.append(0x0D)
    buffer.append(0x0A)
  }

  for i in 0..<lines {
    // Sorted by construction: line i's first 64 bits fall in the i-th slice of the range.
    let top = UInt64(i) * step + random.next() % step
    let low1 = random.next()
    let low2 = random.next()
    for k in 0..<8 { digest[k] = UInt8(truncatingIfNeeded: top >> (56 - 8 * UInt64(k))) }
    for k in 0..<8 { digest[8 + k] = UInt8(truncatingIfNeeded: low1 >> (56 - 8 * UInt64(k))) }
    for k in 0..<4 { digest[16 + k] = UInt8(truncatingIfNeeded: low2 >> (56 - 8 * UInt64(k))) }
    while let next = planted.first, next.lexicographicallyPrecedes(digest) {
      append(next, count: 1 + random.next() % 100_000)
      planted = planted.dropFirst()
    }
    append(digest, count: 1 + random.next() % 100_000)
    if buffer.count > (1 << 23) - 128 {
      try handle.write(contentsOf: buffer)
      buffer.removeAll(keepingCapacity: true)
    }
  }
  for next in planted { append(next, count: 1) }
  try handle.write(contentsOf: buffer)
}

func randomPassword(length: Int, using random: inout SplitMix64) -> String {
  let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*()-_=+[]{};:,.<>/?")
  return String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
}

struct Stats {
  var perRun: [Double]
  var description: String {
    let sorted = perRun.sorted()
    let median = sorted[sorted.count / 2]
    return String(format: "%9.0f %9.0f %9.0f", sorted[0], median, sorted[sorted.count - 1])
  }
}

/// Runs `body` over every input `runs` times; the cost of one call in ns, per run.
func measure(_ inputs: [String], runs: Int, _ body: (String) -> Int) -> Stats {
  var perRun: [Double] = []
  var sink = 0
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    for input in inputs { sink &+= body(input) }
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    perRun.append(Double(elapsed) / Double(inputs.count))
  }
  if sink == Int.min { print(sink) }
  return Stats(perRun: perRun)
}

/// `password-bench estimate [--rules DIR] [--languages en,ja]`: one JSON string per line
/// on stdin → `score<TAB>log10 guesses<TAB>warning` per line on stdout, with the shipped
/// dictionaries. The zxcvbn comparison (`Tests/strength-agreement`) drives it.
func estimateMode(_ arguments: [String]) -> Never {
  var rules = FileManager.default.currentDirectoryPath + "/Rules"
  var languages = Set(StrengthLanguage.allCases)
  var iterator = arguments.makeIterator()
  while let argument = iterator.next() {
    switch argument {
    case "--rules": rules = iterator.next() ?? rules
    case "--languages":
      languages = Set(
        (iterator.next() ?? "").split(separator: ",").compactMap { StrengthLanguage(rawValue: String($0)) })
    default:
      FileHandle.standardError.write(Data("Error: unknown argument \(argument)\n".utf8))
      exit(2)
    }
  }
  let estimator: StrengthEstimator
  do {
    let dictionary = try StrengthDictionary.shared(
      directory: dictionaryFolder(rules),
      languages: languages)
    estimator = StrengthEstimator(dictionary: dictionary)
  } catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(1)
  }
  var output = ""
  while let line = readLine(strippingNewline: true) {
    guard case .string(let password) = try? JSONParser().parse(line) else {
      FileHandle.standardError.write(Data("Error: expected one JSON string per line\n".utf8))
      exit(2)
    }
    let estimate = estimator.estimate(password)
    output += "\(estimate.score)\t\(estimate.guessesLog10)\t\(estimate.warning?.rawValue ?? "-")\n"
    if output.utf8.count > 1 << 16 {
      FileHandle.standardOutput.write(Data(output.utf8))
      output = ""
    }
  }
  FileHandle.standardOutput.write(Data(output.utf8))
  exit(0)
}

/// CPU time of the calling thread in ns.
func threadCPUNanoseconds() -> UInt64 {
  var t = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
  return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// Resident memory of this process in KiB (Linux `/proc/self/status`), or 0.
func residentKiB() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
  for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
    return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
  }
  return 0
}

/// `password-bench strength [--rules DIR] [--count N]`: the dictionaries' load time and
/// resident memory, then the latency of single estimates (p50 / p99 / max in µs).
func strengthMode(_ arguments: [String]) -> Never {
  var rules = FileManager.default.currentDirectoryPath + "/Rules"
  var count = 5_000
  var iterator = arguments.makeIterator()
  while let argument = iterator.next() {
    switch argument {
    case "--rules": rules = iterator.next() ?? rules
    case "--count": count = iterator.next().flatMap(Int.init) ?? count
    default:
      FileHandle.standardError.write(Data("Error: unknown argument \(argument)\n".utf8))
      exit(2)
    }
  }
  let before = residentKiB()
  let start = DispatchTime.now().uptimeNanoseconds
  let cpuStart = threadCPUNanoseconds()
  let dictionary: StrengthDictionary
  do {
    dictionary = try StrengthDictionary.shared(
      directory: dictionaryFolder(rules),
      languages: Set(StrengthLanguage.allCases))
  } catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(1)
  }
  let loadMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
  let loadCPUMs = Double(threadCPUNanoseconds() - cpuStart) / 1e6
  let after = residentKiB()
  print(
    String(
      format: "dictionaries: %d words, loaded in %.1f ms (%.1f ms CPU); "
        + "resident +%.1f MB (%.1f → %.1f MB); tries %.1f MB",
      dictionary.wordCount, loadMs, loadCPUMs, Double(after - before) / 1024, Double(before) / 1024,
      Double(after) / 1024, Double(dictionary.byteCount) / 1_048_576))
  let estimator = StrengthEstimator(dictionary: dictionary)
  var random = SplitMix64(state: 16)
  let words = ["sakura", "tokyo", "correct", "horse", "battery", "staple", "yamada", "arigatou", "shinkansen"]
  let sets: [(String, [String])] = [
    ("64 random ASCII characters", (0..<count).map { _ in randomPassword(length: 64, using: &random) }),
    ("100 random ASCII characters", (0..<count).map { _ in randomPassword(length: 100, using: &random) }),
    (
      "100 characters of words and digits",
      (0..<count).map { _ in
        var s = ""
        while s.count < 100 { s += words[Int(random.next() % UInt64(words.count))] + String(random.next() % 100) }
        return String(s.prefix(100))
      }
    ),
    ("12 random ASCII characters", (0..<count).map { _ in randomPassword(length: 12, using: &random) }),
    (
      "Japanese + digits (14–17)",
      (0..<count).map { i in "さくら\(i % 1000)東京タワー" + randomPassword(length: 4, using: &random) }
    ),
  ]
  for (_, inputs) in sets { for input in inputs.prefix(200) { _ = estimator.estimate(input) } }  // warm up
  print("µs of CPU per estimate over \(count) passwords each:   p50      p99      max")
  for (name, inputs) in sets {
    var times: [Double] = []
    times.reserveCapacity(inputs.count)
    var sink = 0
    // Thread CPU time, not wall time: on a shared machine the wall clock also counts the
    // time other processes held the core, which says nothing about the estimator.
    for input in inputs {
      let t0 = threadCPUNanoseconds()
      sink &+= estimator.estimate(input).score
      times.append(Double(threadCPUNanoseconds() - t0) / 1000)
    }
    times.sort()
    let p = { (q: Double) in times[min(times.count - 1, Int(Double(times.count) * q))] }
    print(
      String(format: "  %-40@ %8.1f %8.1f %8.1f", name as NSString, p(0.5), p(0.99), times[times.count - 1])
        + (sink == Int.min ? "!" : ""))
  }
  exit(0)
}

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "estimate" {
  estimateMode(Array(CommandLine.arguments.dropFirst(2)))
}
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "strength" {
  strengthMode(Array(CommandLine.arguments.dropFirst(2)))
}
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "range" {
  rangeMode(Array(CommandLine.arguments.dropFirst(2)))
}

let options = Options(CommandLine.arguments)
let target = options.sizeMB << 20
let existing = (try? FileManager.default.attributesOfItem(atPath: options.file)[.size] as? Int) ?? 0
// Reuse a file within 2% of the size asked for (it is deterministic).
if abs(existing - target) > target / 50 {
  print("generating \(options.file) (\(options.sizeMB) MB)…")
  let start = Date()
  do {
    try generate(path: options.file, bytes: target)
  } catch {
    FileHandle.standardError.write(Data("Error: cannot write \(options.file): \(error)\n".utf8))
    exit(1)
  }
  print(String(format: "generated in %.1f s", Date().timeIntervalSince(start)))
}

if options.generateOnly { exit(0) }

let breaches: BreachFile
do {
  breaches = try BreachFile(path: options.file)
} catch {
  FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
  exit(1)
}
let words: [String]
do {
  words = try String(
    contentsOf: URL(fileURLWithPath: options.rulesDirectory + "/lists/common-passwords/common-passwords.txt"),
    encoding: .utf8
  ).split(separator: "\n").map { String($0) }
} catch {
  FileHandle.standardError.write(Data("Error: run from the package root or pass --rules DIR: \(error)\n".utf8))
  exit(1)
}
let estimator: StrengthEstimator
do {
  estimator = StrengthEstimator(
    dictionary: try StrengthDictionary.shared(
      directory: dictionaryFolder(options.rulesDirectory),
      languages: Set(StrengthLanguage.allCases)))
} catch {
  FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
  exit(1)
}

/// One-rule policies, to show what a rule costs through the engine (transforms, report).
func policy(_ rule: String) -> Policy {
  let json = #"{"version": 1, "fields": {"password": {"sensitive": true, "rules": [\#(rule)]}}}"#
  do {
    return try RuleSet(
      data: Array(json.utf8), baseDirectory: URL(fileURLWithPath: options.rulesDirectory), registry: .standard
    ).compile()
  } catch {
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    exit(1)
  }
}
let strengthPolicy = policy(#"{"strength": {"min": 3}}"#)
let breachPolicy = policy(#"{"notBreached": {"file": "\#(options.file)"}}"#)

var random = SplitMix64(state: 42)
let random64 = (0..<2_000).map { _ in randomPassword(length: 64, using: &random) }
let random12 = (0..<2_000).map { _ in randomPassword(length: 12, using: &random) }
let common = Array(words.prefix(2_000))
let japanese = (0..<500).map { i in "さくら\(i)東京タワー" + randomPassword(length: 4, using: &random) }
let long = (0..<50).map { _ in String(repeating: randomPassword(length: 100, using: &random), count: 100) }
let planted = Array(plantedPasswords.suffix(2_000))
let absent = (0..<2_000).map { _ in randomPassword(length: 16, using: &random) }

// Warm up: first touches of the word trie, the tables and the file's pages.
_ = measure(random12, runs: 1) { estimator.estimate($0).score }
_ = measure(planted + absent, runs: 1) { breaches.count(ofPassword: $0) }

print("")
print("\(ProcessInfo.processInfo.activeProcessorCount) cores; file \(options.file): \(breaches.size >> 20) MB")
print("runs: \(options.runs); ns per password (min / median / max over runs)")
print("")
print("what                                         min    median       max")
let rows: [(String, [String], (String) -> Int)] = [
  ("strength, 64 random ASCII characters  ", random64, { estimator.estimate($0).score }),
  ("strength, 12 random ASCII characters  ", random12, { estimator.estimate($0).score }),
  ("strength, common passwords            ", common, { estimator.estimate($0).score }),
  ("strength, Japanese + digits (14–17)   ", japanese, { estimator.estimate($0).score }),
  ("strength, 10,000 characters (first 100)", long, { estimator.estimate($0).score }),
  ("notBreached, present (planted)        ", planted, { breaches.count(ofPassword: $0) }),
  ("notBreached, absent                   ", absent, { breaches.count(ofPassword: $0) }),
  (
    "rule strength via Policy, 64 characters", random64,
    { strengthPolicy.validate(field: "password", in: ["password": $0])?.failures.count ?? 0 }
  ),
  (
    "rule notBreached via Policy, absent    ", absent,
    { breachPolicy.validate(field: "password", in: ["password": $0])?.failures.count ?? 0 }
  ),
]
for (name, inputs, body) in rows {
  print("\(name) \(measure(inputs, runs: options.runs, body).description)")
}

/// The strength dictionaries: `lists/strength` under the given Rules folder when it holds them
/// (an override, as `FORM_RULES_DIR` is for the tool), else the ones bundled with FormRulesPassword.
func dictionaryFolder(_ rules: String) -> URL {
  let named = URL(fileURLWithPath: rules).appendingPathComponent(StrengthDictionary.relativePath)
  if FileManager.default.fileExists(atPath: named.appendingPathComponent("words.bin").path) { return named }
  return StrengthDictionary.bundledDirectory ?? named
}
