import FormRules
import FormRulesBulk
import FormRulesExport
import FormRulesPassword
import ValidateWords

#if canImport(Glibc)
  import Glibc
#endif

/// The tool's own words, from the catalog's `cli.*` lines, in the language the messages use:
/// `--locale`, else LC_ALL / LC_MESSAGES / LANG (the first one set; C and POSIX mean English),
/// else the loaded rules file's `defaultLocale`, else English (before a rules file is loaded,
/// or when it does not load).
enum Words {
  /// The standard rules' catalog with the tool's own lines (`cli.*`, the help pages).
  static let catalog = toolCatalog

  /// `--locale` (read from the raw arguments, so that even a usage error about another option
  /// is in that language), then the first locale variable that is set.
  nonisolated(unsafe) static var preferences: [String] = []
  /// The rules file's `defaultLocale`, once one has loaded.
  nonisolated(unsafe) static var fileDefault: String?

  /// Reads `--locale X` / `--locale=X` and the locale variables, before any parsing.
  static func configure(arguments: [String]) {
    var preferences: [String] = []
    for (i, argument) in arguments.enumerated() {
      if argument == "--locale", i + 1 < arguments.count { preferences.append(arguments[i + 1]) }
      if argument.hasPrefix("--locale=") { preferences.append(String(argument.dropFirst("--locale=".count))) }
    }
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = Console.environment(name) {
        preferences.append(value)
        break
      }
    }
    Words.preferences = preferences
  }

  /// The negotiated language of the tool's words: `ja` or `en`.
  static var locale: String { MessageCatalog.negotiate(preferences, default: fileDefault ?? "en") }

  /// Whether the tool speaks Japanese (full-width marks, no space after them).
  static var isJapanese: Bool { locale == "ja" }

  /// The line `key` with its `{name}`s filled verbatim.
  static func text(_ key: String, _ values: [String: String] = [:]) -> String {
    catalog.text(key, locale: locale, values)
  }

  /// `key.one` for a count of one where the catalog has it (English singular), else `key`.
  /// A count with thousands separators, the same in both languages: 19640 → 「19,640」 / "19,640".
  static func grouped(_ count: Int) -> String {
    let digits = String(count.magnitude)
    var result = ""
    for (i, digit) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return count < 0 ? "-" + result : result
  }

  static func counted(_ key: String, _ count: Int, _ values: [String: String] = [:]) -> String {
    var values = values
    values["count"] = grouped(count)
    let singular = key + ".one"
    let hasSingular = catalog.templates["en"]?[singular] != nil
    return text(count == 1 && hasSingular ? singular : key, values)
  }

  /// Why a system call failed: the catalog's words for the common reasons, else `strerror`.
  static func systemError(_ code: Int32) -> String {
    let names: [Int32: String] = [
      ENOENT: "ENOENT", EACCES: "EACCES", EISDIR: "EISDIR", ENOSPC: "ENOSPC", ENXIO: "ENXIO",
    ]
    if let name = names[code] { return text("cli.errno.\(name)") }
    return String(cString: strerror(code))
  }

  /// Items of a list in the tool's language: `a, b` / `a、b`.
  static func list(_ items: [String]) -> String { items.joined(separator: isJapanese ? "、" : ", ") }
}
