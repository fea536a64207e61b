import FormRules
import FormRulesTestSupport
import Foundation
import Testing

/// Paths inside the repository, found from this file so tests run from any directory.
enum Repository {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

  static let schema = url("Rules/schema/rules.schema.json")
  static let fixtures = url("Tests/EcosystemTests/Fixtures")

  /// Every JSON file under `Rules/` except the schema itself and the data lists of
  /// `Rules/lists/` (the strength dictionaries are JSON arrays, not rules files), as
  /// repository-relative paths.
  static var rulesFiles: [String] {
    let rules = url("Rules")
    guard let walker = FileManager.default.enumerator(at: rules, includingPropertiesForKeys: nil) else { return [] }
    var files: [String] = []
    for case let file as URL in walker where file.pathExtension == "json" {
      let relative = String(file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
      if !relative.hasPrefix("Rules/schema/"), !relative.hasPrefix("Rules/lists/"),
        !relative.hasPrefix("Rules/messages/")
      {
        files.append(relative)
      }
    }
    return files.sorted()
  }

  static func read(_ relative: String) throws -> String {
    try String(contentsOf: url(relative), encoding: .utf8)
  }
}

/// Whether an executable is on `PATH`.
func hasExecutable(_ name: String) -> Bool {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
}

/// The outcome of running a program.
struct ProcessResult {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Runs `executable` with `arguments`, feeding `stdin`, and collects both streams.
func runProcess(
  _ executable: URL, _ arguments: [String], stdin: String = "", environment: [String: String]? = nil,
  directory: URL = Repository.root
) throws -> ProcessResult {
  let child = try StreamingProcess(executable: executable, arguments, in: directory, environment: environment)
  let run = try child.finish(input: Array(stdin.utf8))
  return ProcessResult(status: run.status, stdout: run.stdout, stderr: run.stderr)
}

/// The built `validate`, run through `ValidateBinary` (FormRulesTestSupport) with English
/// messages and no colour.
enum CLI {
  static func run(_ arguments: [String], stdin: String = "") throws -> ValidateRun {
    try ValidateBinary.run(arguments, stdin: stdin, environment: ["LANG": "C", "NO_COLOR": "1"])
  }
}

/// Python's `jsonschema`, run through `Tests/tools/schema-check.sh` (which creates
/// `.build/venv` on first use): a validator that shares no code with ours.
enum SchemaChecker {
  static let isAvailable = hasExecutable("python3")
  static let unavailable: Comment = "python3 is not installed: the independent JSON Schema check cannot run"

  struct Verdict: Sendable {
    var valid: Bool
    var errors: [String]
  }

  struct Failed: Error, CustomStringConvertible {
    var description: String
  }

  /// Validates files (repository-relative or absolute) against `schema`; verdicts by file.
  static func check(schema: URL, files: [String], definition: String? = nil) throws -> [String: Verdict] {
    var arguments = [schema.path]
    if let definition { arguments += ["--def", definition] }
    let lines = try run(arguments + files)
    var verdicts: [String: Verdict] = [:]
    for line in lines {
      guard let file = line["file"]?.stringValue else { continue }
      verdicts[file] = verdict(line)
    }
    return verdicts
  }

  /// Validates each instance against `schema`; verdicts in order.
  static func check(schema: URL, instances: [JSONValue]) throws -> [Verdict] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("instances-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    var writer = JSONWriter()
    for instance in instances {
      writer.value(instance)
      writer.bytes.append(0x0A)
    }
    try Data(writer.bytes).write(to: file)
    return try run([schema.path, "--instances", file.path]).map(verdict)
  }

  private static func verdict(_ line: JSONObject) -> Verdict {
    Verdict(
      valid: line["valid"]?.boolValue ?? false,
      errors: line["errors"]?.arrayValue?.compactMap(\.stringValue) ?? [])
  }

  private static func run(_ arguments: [String]) throws -> [JSONObject] {
    let script = Repository.url("Tests/tools/schema-check.sh")
    let result = try runProcess(URL(fileURLWithPath: "/bin/sh"), [script.path] + arguments)
    guard result.status == 0 else {
      throw Failed(description: "schema-check.sh exited \(result.status): \(result.stderr)")
    }
    return try result.stdout.split(separator: "\n").map { line in
      guard let object = try JSONParser().parse(Array(line.utf8)).objectValue else {
        throw Failed(description: "schema-check.sh printed a line that is not an object: \(line)")
      }
      return object
    }
  }
}

/// Node.js, to run regular expressions in a real JavaScript engine.
enum JavaScript {
  static let isAvailable = hasExecutable("node")
  static let unavailable: Comment = "node is not installed: the JavaScript comparison cannot run"

  /// For each pattern, whether `new RegExp(pattern, flags)` matches each subject.
  static func test(_ patterns: [String], flags: String, on subjects: [String]) throws -> [[Bool]] {
    var job = JSONObject()
    job["patterns"] = .array(patterns.map(JSONValue.string))
    job["subjects"] = .array(subjects.map(JSONValue.string))
    job["flags"] = .string(flags)
    var writer = JSONWriter()
    writer.value(.object(job))
    let script = """
      const job = JSON.parse(require('fs').readFileSync(0, 'utf8'));
      const out = job.patterns.map(p => { const r = new RegExp(p, job.flags); return job.subjects.map(s => r.test(s)); });
      process.stdout.write(JSON.stringify(out));
      """
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/node" }
    guard let node = path.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
      throw SchemaChecker.Failed(description: "node not found")
    }
    let result = try runProcess(URL(fileURLWithPath: node), ["-e", script], stdin: writer.string)
    guard result.status == 0, let rows = try JSONParser().parse(result.stdout).arrayValue else {
      throw SchemaChecker.Failed(description: "node failed: \(result.stderr)")
    }
    return rows.map { $0.arrayValue?.map { $0.boolValue ?? false } ?? [] }
  }
}
