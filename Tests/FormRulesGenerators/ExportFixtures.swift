import FormRulesExport
import FormRulesTestSupport
import Foundation

/// `Tests/EcosystemTests/Fixtures/exports/RULES.FORMAT` and `RULES.FORMAT.stderr`: what
/// `validate export` prints for every shipped rules file and format, stdout and stderr, as the
/// built binary prints them (English, no colour). `ExportTests` compares the command's output and
/// the library's with them. Plain output, so no header: `.gitattributes` and
/// `Fixtures/exports/README.md` name the source and the command.
enum ExportFixtures {
  static let folder = "Tests/EcosystemTests/Fixtures/exports"

  /// Every rules file under `Rules/` (not the schema, lists, messages or tests), without `.json`.
  static func shippedRules(root: URL) -> [String] {
    let rules = root.appendingPathComponent("Rules")
    guard let walker = FileManager.default.enumerator(atPath: rules.path) else { return [] }
    var names: [String] = []
    for case let relative as String in walker where relative.hasSuffix(".json") {
      if relative.hasSuffix(".tests.json") || relative.hasPrefix("schema/") || relative.hasPrefix("lists/")
        || relative.hasPrefix("messages/")
      {
        continue
      }
      names.append(String(relative.dropLast(".json".count)))
    }
    return names.sorted()
  }

  static func files(root: URL) -> [GeneratedFile] {
    shippedRules(root: root).flatMap { rules in
      ExportFormat.allCases.flatMap { format in
        let base = "\(folder)/\(rules.replacingOccurrences(of: "/", with: "-")).\(format.rawValue)"
        let source = "validate export --rules Rules/\(rules).json --to \(format.rawValue)"
        let run: @Sendable () throws -> ValidateRun = {
          try ValidateBinary.run(
            ["export", "--rules", "Rules/\(rules).json", "--to", format.rawValue],
            environment: ["LANG": "C", "NO_COLOR": "1"])
        }
        return [
          GeneratedFile(path: base, source: source) { _ in try run().stdoutBytes },
          GeneratedFile(path: base + ".stderr", source: source) { _ in try run().stderrBytes },
        ]
      }
    }
  }
}
