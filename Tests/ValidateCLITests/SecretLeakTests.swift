import FormRulesTestSupport
import Foundation
import Testing

/// Runs every command and output format with a recognisable secret in a sensitive field and
/// fails if it appears anywhere in stdout or stderr.
@Suite("Secrets: no command prints a sensitive value")
struct SecretLeakTests {
  static let secret = "S3cr3t-Zebra-9417"

  /// A policy whose examples carry the secret (one passing, one failing) next to a file whose
  /// lint problems sit next to it.
  static let files: [String: [UInt8]] = [
    "signup.json": Array(
      #"""
      {"version": 1, "defaultLocale": "ja",
       "fields": {
         "email": {"label": {"ja": "メール", "en": "Email"}, "rules": [{"required": true}, {"email": "practical"}]},
         "password": {"label": {"ja": "パスワード", "en": "Password"}, "sensitive": true,
           "rules": [{"required": true}, {"minLength": 8}, {"maxLength": 20}, {"notPattern": "^[0-9]+\\z"},
                     {"pattern": "(a+)+$", "severity": "warning"}, {"trimmed": true, "severity": "warning"}]},
         "password_confirmation": {"label": {"ja": "確認", "en": "Confirmation"}, "sensitive": true,
           "rules": [{"sameAs": "password"}]}
       },
       "tests": [
         {"name": "passes", "input": {"email": "taro@example.jp", "password": "S3cr3t-Zebra-9417",
           "password_confirmation": "S3cr3t-Zebra-9417"}, "valid": true},
         {"name": "fails on purpose", "input": {"email": "taro@example.jp", "password": "S3cr3t-Zebra-9417",
           "password_confirmation": "S3cr3t-Zebra-9417!"}, "errors": {"password": ["minLength"]}}
       ]}
      """#.utf8),
    "broken.json": Array(
      #"""
      {"fields": {"password": {"sensitive": true, "rules": [{"minLenght": 8}]}},
       "tests": [{"name": "x", "input": {"passwrd": "S3cr3t-Zebra-9417", "password": "S3cr3t-Zebra-9417"},
                  "valid": true}]}
      """#.utf8),
  ]

  static func line(_ password: String, _ confirmation: String? = nil, email: String = "taro@example.jp") -> String {
    #"{"email": "\#(email)", "password": "\#(password)", "password_confirmation": "\#(confirmation ?? password)"}"#
  }

  /// Inputs where the secret is valid, invalid, mismatched, oversized, and inside malformed JSON.
  static let documents: [String] = [
    line(secret),
    line(secret, secret + "x"),
    line(" " + secret + " "),
    line(secret + String(repeating: "a", count: 30) + "b"),
    line(String(repeating: secret, count: 400)),
    line(secret, email: "not an email"),
    #"{"password": "S3cr3t-Zebra-9417", "email": 5}"#,
    #"{"password": "S3cr3t-Zebra-9417", "password": "S3cr3t-Zebra-9417"}"#,
    #"{"password": "S3cr3t-Zebra-9417"#,
    #"{"password": "S3cr3t-Zebra-9417\u0000"}"#,
    #"{"password": "S3cr3t-Zebra-9417\ud800"}"#,
    #"["S3cr3t-Zebra-9417"]"#,
  ]

  /// Every command × format × locale this branch knows, each with the secret in play.
  static func invocations() -> [(arguments: [String], stdin: String)] {
    var runs: [(arguments: [String], stdin: String)] = []
    for locale in ["ja", "en"] {
      for format in ["json", "text"] {
        for document in documents {
          runs.append((["--rules", "signup.json", "--format", format, "--locale", locale], document))
        }
        for jobs in ["1", "2"] {
          runs.append(
            (
              ["--rules", "signup.json", "--jsonl", "--jobs", jobs, "--format", format, "--locale", locale],
              documents.joined(separator: "\n")
            ))
        }
        runs.append((["test", "--rules", "signup.json", "--format", format], ""))
        runs.append((["test", "--rules", "signup.json", "--format", format, "--run", "fails"], ""))
        runs.append((["explain", "--rules", "signup.json", "--format", format, "--locale", locale], ""))
      }
      for document in documents {
        runs.append((["--rules", "signup.json", "--format", "problem", "--locale", locale], document))
      }
      runs.append((["--rules", "signup.json", "--locale", locale, "--field", "password=" + secret], ""))
      runs.append((["--rules", "signup.json", "--locale", locale, "--field", "password_confirmation=" + secret], ""))
    }
    for target in ["json-schema", "html", "passwordrules"] {
      runs.append((["export", "--rules", "signup.json", "--to", target], ""))
      runs.append((["export", "--rules", "broken.json", "--to", target], ""))
    }
    runs.append((["lint", "--rules", "signup.json"], ""))
    runs.append((["lint", "--rules", "broken.json"], ""))
    runs.append((["test", "--rules", "broken.json"], ""))
    runs.append((["--rules", "broken.json"], line(secret)))
    return runs
  }

  @Test("validate (json, text, problem; jsonl on one and two jobs), test, lint, explain, export never print the secret")
  func everyCommand() throws {
    let directory = try ScratchFolder.create(Self.files)
    defer { try? FileManager.default.removeItem(at: directory) }
    var statuses: Set<Int32> = []
    for run in Self.invocations() {
      let outcome = try ValidateBinary.run(run.arguments, stdin: Array(run.stdin.utf8), in: directory)
      statuses.insert(outcome.status)
      // A leak is reported with the command only; printing the output would print the secret.
      let leaked = (outcome.stdout + outcome.stderr).contains("Zebra-9417")
      #expect(
        !leaked,
        "the secret leaked from: validate \(run.arguments.map { $0.replacingOccurrences(of: Self.secret, with: "<SECRET>") })"
      )
      // Something was said (the problem format says nothing about valid input).
      if !run.arguments.contains("problem") { #expect(outcome.stdout.count + outcome.stderr.count > 0) }
    }
    // The runs cover valid, invalid and refused outcomes.
    #expect(statuses == [0, 1, 2])
  }

  @Test("A crash while holding a secret prints no backtrace or memory dump")
  func crashReport() throws {
    let directory = try ScratchFolder.create(Self.files)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Two jobs: the parallel reader hands over each 64 KiB block of input as soon as it is full.
    // The environment has no SWIFT_BACKTRACE (ValidateBinary removes it), as a user's would not.
    // Should the process never answer, it is killed rather than hang the suite; the checks
    // below then fail on how it ended.
    let child = try ValidateBinary.streaming(
      ["--rules", "signup.json", "--jsonl", "--format", "json", "--jobs", "2"], in: directory, killAfter: 120)
    // A little over one block of records (the process reads them all while this write waits),
    // so that the first block's reports arrive while the process still waits for the rest of
    // the second: the secret has been read and checked, and is in its memory. Then it crashes.
    let records = String(repeating: Self.line(Self.secret) + "\n", count: 640)
    try child.write(Array(records.utf8))
    let received = child.stdout.fileHandleForReading.availableData
    kill(child.pid, SIGSEGV)
    // A process that survived the signal (a crash handler returned) sees the end of its input
    // and exits normally, which fails the test below instead of hanging it.
    let result = try child.finish(stdoutPrefix: Array(received))
    let stdout = result.stdout
    let stderr = result.stderr
    #expect(result.endedBySignal)
    #expect(result.status == SIGSEGV)
    #expect(stdout.hasPrefix(#"{"valid":true,"#))
    // Booleans, so that a failure does not print the output it is about.
    let dumped = (stdout + stderr).contains("Registers")
    let leaked = (stdout + stderr).contains("Zebra-9417")
    #expect(!dumped)
    #expect(!leaked)
  }
}
