import FormRulesPassword
import Foundation

/// `Sources/FormRulesPassword/Resources/strength/words.bin`: the strength dictionaries' JSON lists
/// compiled into the tries the estimator maps read-only (format in that folder's README.md).
/// Binary, so no header: `.gitattributes` and the README name the source and the command.
/// The same lists give the same bytes (no time stamp, no hash-order dependence).
enum StrengthWords {
  static let folder = "Sources/FormRulesPassword/Resources/strength"

  static let file = GeneratedFile(
    path: "\(folder)/\(StrengthListsFile.name)", source: "the JSON lists in \(folder)"
  ) { root in
    try StrengthListsFile.bytes(directory: root.appendingPathComponent(folder))
  }
}
