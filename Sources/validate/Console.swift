import FormRules
import FormRulesBreachRange
import FormRulesBulk
import FormRulesExport
import FormRulesPassword
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Exit statuses, like grep and diff: 0 all valid, 1 something invalid, 2 trouble.
enum ExitCode {
  static let valid: Int32 = 0
  static let invalid: Int32 = 1
  static let trouble: Int32 = 2
  static let cancelled: Int32 = 130
}

/// The process's streams. Output is written in large blocks; errors go to stderr at once.
enum Console {
  // `write(_:to:)`, which takes bytes or a buffer, is in Unsafe/SystemCalls.swift.

  /// A write failed (not for a signal), with `errno` set. When stdout cannot be written it stops
  /// the process: a reader that went away (a closed pipe with SIGPIPE ignored) leaves nobody to
  /// validate for, and any other failure (a full disk) is said, or the reports would be lost
  /// behind a status of 0. Other streams lose the rest of what was written.
  static func failedWriting(to fd: Int32) {
    guard fd == STDOUT_FILENO else { return }
    if errno != EPIPE { fail(Words.text("cli.cannotWrite", ["reason": Words.systemError(errno)])) }
    exit(ExitCode.trouble)
  }

  static func print(_ text: String) { write(Array((text + "\n").utf8)) }

  static func printError(_ text: String) { write(Array((text + "\n").utf8), to: STDERR_FILENO) }

  /// `Error: …` (`エラー：…`) and an optional hint on stderr, the way swift-argument-parser does it.
  static func fail(_ message: String, hint: String? = nil) {
    printError(Words.text("cli.error", ["message": message]))
    if let hint { printError(hint) }
  }

  static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// Colour only on a terminal, and never when `NO_COLOR` is set (no-color.org).
  static var usesColor: Bool {
    isTerminal(STDOUT_FILENO) && (getenv("NO_COLOR").map { String(cString: $0).isEmpty } ?? true)
  }

  static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    let s = String(cString: value)
    return s.isEmpty ? nil : s
  }
}

/// ANSI styles, applied only when colour is on.
struct Style {
  let enabled: Bool

  func green(_ s: String) -> String { enabled ? "\u{1B}[32m\(s)\u{1B}[0m" : s }
  func red(_ s: String) -> String { enabled ? "\u{1B}[31m\(s)\u{1B}[0m" : s }
  func yellow(_ s: String) -> String { enabled ? "\u{1B}[33m\(s)\u{1B}[0m" : s }
  func bold(_ s: String) -> String { enabled ? "\u{1B}[1m\(s)\u{1B}[0m" : s }
  func dim(_ s: String) -> String { enabled ? "\u{1B}[2m\(s)\u{1B}[0m" : s }
}

/// Loads and compiles a rules file, printing its problems on failure. Only `validate test`
/// needs the examples: for the other commands (`siblingTests: .optional`) a broken sibling
/// `NAME.tests.json` is a warning naming the file, and the job goes on.
func loadPolicy(_ path: String, siblingTests: RuleSet.LoadOptions.SiblingTests = .optional, confine: Bool = false)
  -> Policy?
{
  do {
    let rules = try RuleSet(
      contentsOf: URL(fileURLWithPath: path), options: .init(siblingTests: siblingTests, confine: confine),
      registry: .standardWithBreachRange)
    printWarnings(rules)
    let policy = try rules.compile()
    Words.fileDefault = policy.negotiateLocale([])
    return policy
  } catch {
    for problem in error.problems {
      Console.printError(Words.text("cli.error", ["message": problem.description(locale: Words.locale)]))
    }
    // A missing or unreadable file, or one that is not an object, has nothing more for lint to say.
    if error.problems.contains(where: { !$0.path.isEmpty || $0.line != nil }) {
      Console.printError(Words.text("cli.runLint", ["file": path]))
    } else if error.problems.contains(where: { $0.message.hasPrefix("expected") }) {
      Console.printError(Words.text("cli.notAnObject", ["example": "{\"version\": 1, \"fields\": {…}}"]))
    } else {
      Console.printError(Words.text("cli.checkPath"))
    }
    return nil
  }
}

/// The message language: `--locale`, else LC_ALL / LC_MESSAGES / LANG, else the rules
/// file's `defaultLocale`, else English.
///
/// A `--locale` the catalog does not have (`fr`, `xx`) is not refused, but says so on
/// stderr, with the language used instead.
func resolveLocale(_ option: String?, policy: Policy) -> String {
  var preferences: [String] = []
  if let option { preferences.append(option) }
  defer {
    if let option, policy.catalog.supportedLanguage(of: option) == nil {
      let used = policy.negotiateLocale(Array(preferences.dropFirst()))
      Console.printError(
        Words.text(
          "cli.warning",
          [
            "message": Words.text(
              "cli.locale.unsupported",
              ["locale": option, "languages": policy.catalog.languages.joined(separator: ", "), "used": used])
          ]))
    }
  }
  for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
    if let value = Console.environment(name) {
      preferences.append(value)
      break
    }
  }
  return policy.negotiateLocale(preferences)
}

/// The problems of a sibling `NAME.tests.json` that did not stop the job, on stderr.
func printWarnings(_ rules: RuleSet) {
  guard !rules.warnings.isEmpty else { return }
  for problem in rules.warnings {
    Console.printError(Words.text("cli.warning", ["message": problem.description(locale: Words.locale)]))
  }
  Console.printError(Words.text("cli.warning", ["message": Words.text("cli.testsSkipped")]))
}
