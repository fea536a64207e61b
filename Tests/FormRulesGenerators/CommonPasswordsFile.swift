import Foundation

/// `Sources/FormRulesPassword/Generated/DefaultCommonPasswords.swift`: the shipped common-password
/// list as a raw string literal, so `{"notCommon": true}` needs no file at run time (an app that
/// copies only its rules file, an iOS app). A raw string literal compiles fast; SwiftPM's
/// `embedInCode` resource does not (swiftlang/swift-package-manager#6923).
enum CommonPasswordsFile {
  static let listPath = "Rules/lists/common-passwords/common-passwords.txt"

  static let file = GeneratedFile(
    path: "Sources/FormRulesPassword/Generated/DefaultCommonPasswords.swift", source: listPath
  ) { root in
    let text = try String(contentsOf: root.appendingPathComponent(listPath), encoding: .utf8)
    let entries = text.split(separator: "\n").count
    // Enough #s that the list cannot end the literal early (`"#` inside it).
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains("\"\"\"" + hashes) { hashes += "#" }
    // 19,640: thousands separated by commas.
    var count = String(entries)
    for i in stride(from: count.count - 3, to: 0, by: -3) {
      count.insert(",", at: count.index(count.startIndex, offsetBy: i))
    }
    let header = GeneratedFile.swiftHeader(
      source: listPath,
      extra: [
        "\(count) entries, most common first. The list is Django's CommonPasswordValidator list,",
        "BSD-3-Clause: see Rules/lists/common-passwords/LICENSE and README.md.",
        "swift-format-ignore-file",
      ])
    let body = """

      extension PasswordList {
        /// The shipped default common-password list, compiled into the library.
        static let defaultListText = \(hashes)\"\"\"
      \(text)\"\"\"\(hashes)
      }

      """
    return Array((header + body).utf8)
  }
}
