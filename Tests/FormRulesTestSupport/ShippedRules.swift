import FormRules
import FormRulesPassword
import Foundation

/// The rules files the package ships (`Rules/`), used by tests in place of copies: a test of
/// the login screen runs on `Rules/login.json` itself, so the two cannot drift apart.
///
/// ```swift
/// let policy = try ShippedRules.policy("login.json")
/// let text = try ShippedRules.text("signup.json")
/// ```
public enum ShippedRules {
  /// The package's `Rules/` folder, found from this file so tests run from any directory.
  public static let directory = ValidateBinary.packageRoot.appendingPathComponent("Rules")

  /// A shipped file by its path under `Rules/` (`"login.json"`, `"policies/nist-800-63b.json"`).
  public static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

  /// Its path relative to the package root, as a user types it (`Rules/login.json`).
  public static func path(_ name: String) -> String { "Rules/\(name)" }

  /// The file's text, for tests that change one thing in a copy (a server reload).
  public static func text(_ name: String) throws -> String {
    try String(contentsOf: url(name), encoding: .utf8)
  }

  public static func ruleSet(_ name: String) throws -> RuleSet {
    try RuleSet(contentsOf: url(name), registry: .standard)
  }

  /// The compiled file.
  public static func policy(_ name: String) throws -> Policy { try ruleSet(name).compile() }

  // Found by walking the folder, so that a new policy is covered without touching the tests.

  /// Every JSON file under `Rules/` that is a rules file (a top-level `fields` or `extends`).
  public static var rulesFiles: [String] {
    let root = directory
    guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
    var files: [String] = []
    for case let relative as String in walker where relative.hasSuffix(".json") && !relative.hasSuffix(".tests.json") {
      guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(relative).path),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        object["fields"] != nil || object["extends"] != nil
      else { continue }
      files.append("Rules/" + relative)
    }
    return files.sorted()
  }

  /// The rules files that carry examples, inline or in a sibling `NAME.tests.json`.
  public static var filesWithTests: [String] {
    rulesFiles.filter { path in
      let url = ValidateBinary.packageRoot.appendingPathComponent(path)
      let sibling = url.deletingPathExtension().appendingPathExtension("tests.json")
      if FileManager.default.fileExists(atPath: sibling.path) { return true }
      guard let data = FileManager.default.contents(atPath: url.path),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let tests = object["tests"] as? [Any]
      else { return false }
      return !tests.isEmpty
    }
  }
}
