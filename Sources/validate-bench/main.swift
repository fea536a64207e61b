import FormRules
import FormRulesBulk
import FormRulesPassword
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `validate-bench`: the performance figures of docs/performance.md, reproducible.
///
///     swift build -c release && swift run -c release validate-bench [--records N] [--runs N]
///       [--jobs N] [--rules FILE] [--corpus FILE] [--scenario NAME]…
///
/// Scenarios: `single` (one `Policy.validate` call on a login record), `bulk-inprocess`
/// (the JSON Lines loop without process or I/O), `bulk-1` and `bulk-n` (the `validate`
/// binary on the corpus, output to /dev/null, `--jobs 1` and `--jobs N`), `memory` (peak
/// RSS on 10k and on the whole corpus) and `startup` (the whole process on one record).
/// Each prints min, median and max over the runs. A scenario with a threshold in
/// `Benchmarks/Thresholds/validate-bench.json` (or `--thresholds FILE`; `--thresholds none` for
/// none) is compared by its median, and a missed one makes the exit status 1.

struct Options {
  var records = 1_000_000
  var runs = 5
  var jobs = max(ProcessInfo.processInfo.activeProcessorCount, 1)
  var rules = "Rules/signup.json"
  var corpus: String?
  var scenarios: [String] = []
  var output = "/dev/null"
  var iterations = 200_000
  var thresholds = "Benchmarks/Thresholds/validate-bench.json"

  static func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var i = 0
    func value() -> String {
      i += 1
      guard i < arguments.count else { fail("\(arguments[i - 1]) needs a value") }
      return arguments[i]
    }
    while i < arguments.count {
      switch arguments[i] {
      case "--records": options.records = Int(value()) ?? options.records
      case "--runs": options.runs = max(Int(value()) ?? options.runs, 1)
      case "--jobs": options.jobs = max(Int(value()) ?? options.jobs, 1)
      case "--rules": options.rules = value()
      case "--corpus": options.corpus = value()
      case "--scenario": options.scenarios.append(value())
      case "--output": options.output = value()
      case "--iterations": options.iterations = max(Int(value()) ?? options.iterations, 1)
      case "--thresholds": options.thresholds = value()
      case "--help":
        print(
          """
          USAGE: validate-bench [--records N] [--runs N] [--jobs N] [--rules FILE] [--corpus FILE]
                                [--output FILE] [--thresholds FILE|none] [--scenario single|render|bulk-inprocess|bulk-1|bulk-n|memory|startup]…
          """)
        exit(0)
      default: fail("unknown option \(arguments[i])")
      }
      i += 1
    }
    if options.scenarios.isEmpty {
      options.scenarios = ["single", "bulk-inprocess", "bulk-1", "bulk-n", "memory", "startup"]
    }
    return options
  }
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("validate-bench: \(message)\n".utf8))
  exit(2)
}

/// CPU time of this process (user + system), which other processes on a shared machine
/// do not inflate the way they inflate wall time.
func cpuTime() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
    + Double(usage.ru_stime.tv_usec) / 1e6
}

func now() -> Double {
  var t = timespec()
  clock_gettime(CLOCK_MONOTONIC, &t)
  return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// CPU time of the calling thread, which other processes on a busy machine do not inflate.
func threadCPU() -> Double {
  var t = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
  return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// min, median and max of a list of measurements.
struct Spread {
  var values: [Double]
  var sorted: [Double] { values.sorted() }
  var min: Double { sorted.first ?? 0 }
  var max: Double { sorted.last ?? 0 }
  var median: Double {
    let s = sorted
    guard !s.isEmpty else { return 0 }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
  }
}

func rssText(_ mebibytes: Double) -> String {
  mebibytes < 0 ? "n/a without /usr/bin/time" : "\(format(mebibytes, decimals: 1)) MiB"
}

func format(_ value: Double, decimals: Int = 0) -> String {
  let rounded = String(format: "%.\(decimals)f", value)
  guard decimals == 0, value >= 10_000 else { return rounded }
  var digits = Array(rounded)
  var i = digits.count - 3
  while i > 0 {
    digits.insert(",", at: i)
    i -= 3
  }
  return String(digits)
}

/// A scenario's floor or ceiling, from the thresholds file.
struct Threshold {
  var min: Double?
  var max: Double?
}

/// The thresholds for this run's rules file, by scenario line; none when the file is absent,
/// is `none`, or is for another rules file. (A static: read when the first scenario reports.)
enum Thresholds {
  static let table: [String: Threshold] = {
    guard options.thresholds != "none" else { return [:] }
    guard let data = FileManager.default.contents(atPath: options.thresholds) else {
      if options.thresholds != Options().thresholds { fail("cannot read \(options.thresholds)") }
      return [:]
    }
    guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
      let table = object["thresholds"] as? [String: [String: Double]]
    else { fail("\(options.thresholds): not {\"thresholds\": {NAME: {\"min\"|\"max\": NUMBER}}}") }
    if let rules = object["rules"] as? String, rules != options.rules { return [:] }
    return table.mapValues { Threshold(min: $0["min"], max: $0["max"]) }
  }()
}

/// Scenario lines whose median missed its threshold.
nonisolated(unsafe) var missed: [String] = []

func report(_ name: String, _ unit: String, _ spread: Spread, decimals: Int = 0, note: String = "") {
  var line =
    "\(name.padding(toLength: 38, withPad: " ", startingAt: 0)) \(unit.padding(toLength: 10, withPad: " ", startingAt: 0))"
    + " min \(format(spread.min, decimals: decimals))  median \(format(spread.median, decimals: decimals))"
    + "  max \(format(spread.max, decimals: decimals))" + (note.isEmpty ? "" : "  (\(note))")
  if let threshold = Thresholds.table[name] {
    let low = threshold.min.map { spread.median < $0 } ?? false
    let high = threshold.max.map { spread.median > $0 } ?? false
    let bound =
      threshold.min.map { "≥ \(format($0, decimals: decimals))" } ?? threshold.max.map {
        "≤ \(format($0, decimals: decimals))"
      } ?? ""
    line += low || high ? "  MISSED threshold \(bound)" : "  ok, threshold \(bound)"
    if low || high { missed.append(name) }
  }
  print(line)
  FileHandle.standardOutput.synchronizeFile()
}

// MARK: - Child processes

/// The outcome of one child process: wall time and its own resource usage (wait4).
struct ChildRun {
  var status: Int32
  var seconds: Double
  var maxRSSKiB: Int
  var cpuSeconds: Double
}

/// Runs `arguments` with stdin and stdout redirected to files and stderr discarded.
///
/// Peak RSS comes from `/usr/bin/time` when it is installed: `posix_spawn` starts the
/// child with `vfork`, and Linux then counts this (large) process's high-water mark in
/// the child's `ru_maxrss`. `time` is small and forks normally, so its figure is the
/// child's own.
func spawn(_ arguments: [String], stdin input: String, stdout output: String, measureRSS: Bool = false) -> ChildRun {
  let timeBinary = "/usr/bin/time"
  let rssFile = FileManager.default.temporaryDirectory.appendingPathComponent("validate-bench-rss-\(getpid())").path
  let useTime = measureRSS && FileManager.default.isExecutableFile(atPath: timeBinary)
  let command = useTime ? [timeBinary, "-f", "%M", "-o", rssFile] + arguments : arguments
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  var pid: pid_t = 0
  let start = now()
  guard Spawn.start(command, actions: &actions, pid: &pid) == 0 else {
    fail("cannot start \(command[0])")
  }
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
  let seconds = now() - start
  let cpu =
    Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
    + Double(usage.ru_stime.tv_usec) / 1e6
  var rss = -1
  if useTime, let text = try? String(contentsOfFile: rssFile, encoding: .utf8) {
    rss = Int(text.split(separator: "\n").last.map(String.init) ?? "") ?? -1
  }
  return ChildRun(status: (status >> 8) & 0xFF, seconds: seconds, maxRSSKiB: rss, cpuSeconds: cpu)
}

// MARK: - Setup

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
let validateBinary = binDirectory.appendingPathComponent("validate").path
guard FileManager.default.isExecutableFile(atPath: validateBinary) else {
  fail("no validate binary next to validate-bench (\(validateBinary)); run swift build -c release first")
}

/// The corpus: `--corpus`, else `Benchmarks/data/corpus-N.jsonl`, generated on first use.
func corpusFile(records: Int) -> String {
  if let corpus = options.corpus, records == options.records { return corpus }
  let path = "Benchmarks/data/corpus-\(records).jsonl"
  if !FileManager.default.fileExists(atPath: path) {
    try? FileManager.default.createDirectory(atPath: "Benchmarks/data", withIntermediateDirectories: true)
    print("generating \(path) with Benchmarks/gen_corpus.py …")
    let run = spawn(
      ["/usr/bin/env", "python3", "Benchmarks/gen_corpus.py", "--n", String(records), "--out", path],
      stdin: "/dev/null", stdout: "/dev/null")
    guard run.status == 0 else { fail("Benchmarks/gen_corpus.py failed (python3 needed)") }
  }
  return path
}

func loadPolicy(_ path: String) -> Policy {
  do {
    return try RuleSet(contentsOf: URL(fileURLWithPath: path), registry: .standard).compile()
  } catch {
    fail("cannot load \(path): \(error)")
  }
}

print("validate-bench: rules \(options.rules), \(options.runs) runs per scenario, \(options.jobs) jobs")
print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; load \(loadAverage())")
print("")

func loadAverage() -> String {
  (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(
    separator: " ") ?? "?"
}

// MARK: - Scenarios

/// One `Policy.validate` call on a valid login record, as a server or a keystroke makes it.
func single() {
  let policy = loadPolicy("Rules/login.json")
  let values: [String: String] = ["email": " taro@example.jp ", "password": "abc123"]
  let iterations = options.iterations
  var sink = 0
  for _ in 0..<10_000 { sink &+= policy.validate(values).isValid ? 1 : 0 }
  var nanoseconds: [Double] = []
  var cpuNanoseconds: [Double] = []
  for _ in 0..<options.runs {
    let start = now()
    let startCPU = threadCPU()
    for _ in 0..<iterations { sink &+= policy.validate(values).isValid ? 1 : 0 }
    cpuNanoseconds.append((threadCPU() - startCPU) / Double(iterations) * 1e9)
    nanoseconds.append((now() - start) / Double(iterations) * 1e9)
  }
  precondition(sink > 0)
  report("single call, login, valid (ns/op)", "ns/op", Spread(values: nanoseconds), decimals: 0)
  report("  … thread CPU time", "ns/op", Spread(values: cpuNanoseconds), decimals: 0)

  let signup = loadPolicy(options.rules)
  let signupValues: [String: String] = [
    "email": "hanako@example.co.jp", "password": "correct horse", "password_confirmation": "correct horse",
  ]
  nanoseconds = []
  cpuNanoseconds = []
  for _ in 0..<options.runs {
    let start = now()
    let startCPU = threadCPU()
    for _ in 0..<iterations { sink &+= signup.validate(signupValues).isValid ? 1 : 0 }
    cpuNanoseconds.append((threadCPU() - startCPU) / Double(iterations) * 1e9)
    nanoseconds.append((now() - start) / Double(iterations) * 1e9)
  }
  report("single call, sign-up, valid (ns/op)", "ns/op", Spread(values: nanoseconds), decimals: 0)
  report("  … thread CPU time", "ns/op", Spread(values: cpuNanoseconds), decimals: 0)
}

/// Rendering one invalid sign-up: the problem document, the messages, and a whole server
/// handler (body bytes → report → problem document), ns per call.
func render() {
  let policy = loadPolicy(options.rules)
  let values: [String: String] = [
    "email": "hanako@example.co.jp", "password": "abc", "password_confirmation": "abd",
  ]
  let body = Array(#"{"email":"hanako@example.co.jp","password":"abc","password_confirmation":"abd"}"#.utf8)
  let invalid = policy.validate(values)
  let iterations = max(options.iterations / 10, 1)
  var sink = 0
  func measure(_ name: String, _ call: () -> Int) {
    for _ in 0..<1_000 { sink &+= call() }
    var nanoseconds: [Double] = []
    for _ in 0..<options.runs {
      let start = now()
      for _ in 0..<iterations { sink &+= call() }
      nanoseconds.append((now() - start) / Double(iterations) * 1e9)
    }
    report(name, "ns/op", Spread(values: nanoseconds), decimals: 0)
  }
  measure("validate, sign-up, invalid (ns/op)") { policy.validate(values).isValid ? 1 : 2 }
  measure("response(locale: \"en\"), 3 errors (ns/op)") {
    if case .problem(let problem) = invalid.response(locale: "en") { problem.bytes.count } else { 0 }
  }
  measure("messages(locale: \"ja\"), 3 errors (ns/op)") { invalid.messages(locale: "ja").fields.count }
  measure("handler: validate(jsonRecord:) + response (ns/op)") {
    if case .problem(let problem) = policy.validate(jsonRecord: body).response(locale: "en") {
      problem.bytes.count
    } else {
      0
    }
  }
  // What `validate serve` runs for `POST …/validate`: the body's bytes to the report JSON.
  let validator = BulkValidator(policy: policy, locale: "en")
  measure("server handler: BulkValidator, body → report JSON (ns/op)") {
    let outcome = ByteView.with(body) { validator.validate(line: $0, number: 1) }
    let count = validator.output.count
    validator.removeOutput()
    return outcome == .invalid ? count : 0
  }
  precondition(sink > 0)
}

/// The bulk loop in-process: lines in memory, reports into a buffer, no I/O.
func bulkInProcess() {
  let policy = loadPolicy(options.rules)
  guard let data = FileManager.default.contents(atPath: corpusFile(records: options.records)) else {
    fail("cannot read the corpus")
  }
  var rates: [Double] = []
  var cpuRates: [Double] = []
  var outputBytes = 0
  for _ in 0..<options.runs {
    let validator = BulkValidator(policy: policy, locale: "ja")
    let start = now()
    let cpuStart = cpuTime()
    var records = 0
    ByteView.with(contentsOf: data) { bytes in
      var lineStart = 0
      for i in 0..<bytes.count where bytes[i] == 0x0A {
        records += 1
        _ = validator.validate(line: bytes[lineStart..<i], number: records)
        lineStart = i + 1
        if records & 1023 == 0 {
          outputBytes += validator.output.count
          validator.removeOutput()
        }
      }
    }
    outputBytes += validator.output.count
    rates.append(Double(records) / (now() - start))
    cpuRates.append(Double(records) / (cpuTime() - cpuStart))
  }
  report(
    "bulk, in-process loop, 1 thread", "records/s", Spread(values: rates),
    note: "\(format(Double(outputBytes / options.runs) / 1e6, decimals: 0)) MB of JSON per run")
  report("bulk, in-process loop, per CPU second", "records/s", Spread(values: cpuRates))
}

/// The `validate` binary on the corpus, whole process, output to `--output`.
func bulkProcess(jobs: Int) {
  let corpus = corpusFile(records: options.records)
  var rates: [Double] = []
  var cpu: [Double] = []
  var cpuRates: [Double] = []
  var rss: [Double] = []
  for _ in 0..<options.runs {
    let run = spawn(
      [validateBinary, "--rules", options.rules, "--jsonl", "--jobs", String(jobs), "--locale", "ja"],
      stdin: corpus, stdout: options.output, measureRSS: true)
    guard run.status == 0 || run.status == 1 else { fail("validate exited with \(run.status)") }
    rates.append(Double(options.records) / run.seconds)
    cpu.append(run.cpuSeconds)
    cpuRates.append(Double(options.records) / run.cpuSeconds)
    rss.append(Double(run.maxRSSKiB) / 1024)
  }
  report(
    "bulk, validate --jsonl --jobs \(jobs)", "records/s", Spread(values: rates),
    note: "CPU \(format(Spread(values: cpu).median, decimals: 2)) s, peak RSS \(rssText(Spread(values: rss).max))")
  report("  … per CPU second (all threads)", "records/s", Spread(values: cpuRates))
}

/// Peak RSS of the whole process on a small and on the full corpus, one job and N jobs.
func memory() {
  for jobs in Set([1, options.jobs]).sorted() {
    for records in [10_000, options.records] {
      let corpus = corpusFile(records: records)
      var rss: [Double] = []
      for _ in 0..<min(options.runs, 3) {
        let run = spawn(
          [validateBinary, "--rules", options.rules, "--jsonl", "--jobs", String(jobs)], stdin: corpus,
          stdout: "/dev/null", measureRSS: true)
        rss.append(Double(run.maxRSSKiB) / 1024)
      }
      guard rss.allSatisfy({ $0 >= 0 }) else {
        print("peak RSS: install GNU time (/usr/bin/time) to measure it")
        return
      }
      report("peak RSS, \(format(Double(records))) records, --jobs \(jobs)", "MiB", Spread(values: rss), decimals: 1)
    }
  }
}

/// The whole process on one record: start, load and compile the rules, validate, exit.
func startup() {
  let record = FileManager.default.temporaryDirectory.appendingPathComponent("validate-bench-one.json").path
  _ = FileManager.default.createFile(
    atPath: record,
    contents: Data(
      #"{"email": "hanako@example.co.jp", "password": "correct horse", "password_confirmation": "correct horse"}"#.utf8)
  )
  var milliseconds: [Double] = []
  var cpuMilliseconds: [Double] = []
  for _ in 0..<max(options.runs * 10, 20) {
    let run = spawn([validateBinary, "--rules", options.rules, "--format", "json"], stdin: record, stdout: "/dev/null")
    guard run.status == 0 else { fail("validate exited with \(run.status) on the start-up record") }
    milliseconds.append(run.seconds * 1000)
    cpuMilliseconds.append(run.cpuSeconds * 1000)
  }
  report("start-up, one record, whole process", "ms", Spread(values: milliseconds), decimals: 1)
  // Issue 27's budget is CPU time (user + system), which other processes on the machine do not inflate.
  report("  … CPU time (user + system)", "ms", Spread(values: cpuMilliseconds), decimals: 1)
}

for scenario in options.scenarios {
  switch scenario {
  case "single": single()
  case "render": render()
  case "bulk-inprocess": bulkInProcess()
  case "bulk-1": bulkProcess(jobs: 1)
  case "bulk-n": bulkProcess(jobs: options.jobs)
  case "memory": memory()
  case "startup": startup()
  default: fail("unknown scenario \(scenario)")
  }
}
print("")
print("load after: \(loadAverage())")
if !missed.isEmpty {
  print("thresholds missed (\(options.thresholds)): \(missed.joined(separator: "; "))")
  exit(1)
}
