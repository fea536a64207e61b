import Foundation

/// A language added to the catalog from a file: `ko`, `zh-Hans`… Japanese and English are
/// built in and reviewed; any other language is a catalog file an app adds
/// (``RuleRegistry/add(_:)``) or a rules file names in its `messages`
/// (`"messages": {"ko": "messages/ko.sample.json"}`).
///
/// The file is JSON:
///
/// ```json
/// {"language": "ko", "fallback": "en", "note": "sample, not reviewed by a native speaker",
///  "labels": {"password": "비밀번호"},
///  "messages": {"required": {"labeled": "{label}을(를) 입력해 주세요.", "inline": "입력해 주세요."},
///               "unit.characters": "자", …}}
/// ```
///
/// It is checked when it is read, against the catalog it joins:
/// - every message key of that catalog is present, except the tool's own lines (`cli.*`);
/// - a key whose English forms differ gives both variants (`labeled` and `inline`); a key
///   whose forms are the same may be one string;
/// - every `{placeholder}` is one the English message of the same key uses (an app's own key:
///   one any message may use);
/// - `language` is a language tag other than `ja` and `en`; `fallback` is `ja` or `en`.
///
/// A key the file lacks at rendering time (a code the app adds later) falls back to
/// `fallback`, never to a raw code. `labels` names fields (by their name in a rules file) for
/// rules files that give no label in this language; without one, the rules file's
/// `defaultLocale` label is used.
public struct CatalogLanguage: Sendable, Equatable {
  /// The language tag, as `Accept-Language` and `--locale` name it: `ko`, `zh-Hans`.
  public let code: String
  /// The built-in language a missing key falls back to.
  public let fallback: String
  /// The file's own note (`sample, not reviewed by a native speaker`), shown by nothing.
  public let note: String?
  /// Field labels by field name, for rules files without a label in this language.
  public let labels: [String: String]
  /// key → template.
  public let templates: [String: MessageTemplate]

  /// The most bytes a catalog file may have.
  public static let maxFileBytes = 1 << 20

  /// Reads and checks a catalog file against `catalog` (by default the built-in one).
  ///
  /// - Throws: every problem found, as a rules file's problems are reported.
  public init(contentsOf url: URL, checkedAgainst catalog: MessageCatalog = .builtIn) throws(RuleSetError) {
    let file = url.path
    switch BoundedFile.read(path: url.path, limit: Self.maxFileBytes) {
    case .failure(let failure): throw RuleSetError(problems: [RuleSetProblem(file: file, path: [], failure.line)])
    case .success(let bytes): try self.init(bytes: bytes, file: file, checkedAgainst: catalog)
    }
  }

  /// Decodes and checks a catalog file's bytes; `file` names it in problems.
  public init(bytes: [UInt8], file: String, checkedAgainst catalog: MessageCatalog = .builtIn)
    throws(RuleSetError)
  {
    let root: JSONValue
    do {
      root = try JSONParser(maxDepth: 8).parse(bytes)
    } catch {
      var problem = RuleSetProblem(
        file: file, path: [], message: "malformed JSON: \(error.reason.message)",
        line: error.reason == .utf16 ? nil : error.line, column: error.reason == .utf16 ? nil : error.column)
      problem.messageKey = "cli.rules.malformedJSON"
      problem.messageValueKeys = ["reason": "cli.json.\(error.reason.rawValue)"]
      throw RuleSetError(problems: [problem])
    }
    var problems: [RuleSetProblem] = []
    func problem(_ path: [JSONPathComponent], _ line: ProblemLine, suggestion: String? = nil) {
      problems.append(RuleSetProblem(file: file, path: path, line, suggestion: suggestion))
    }
    guard let object = root.objectValue else {
      throw RuleSetError(problems: [
        RuleSetProblem(file: file, path: [], .expected("cli.rules.type.object", foundType: root))
      ])
    }
    let allowed = ["language", "fallback", "note", "labels", "messages"]
    for key in object.keys where !allowed.contains(key) {
      problem(
        [.key(key)], ProblemLine("cli.rules.unknownKey", ["key": key]).kind("what", "cli.rules.what.catalog"),
        suggestion: Suggestion.closest(to: key, in: allowed))
    }
    let code = object["language"]?.stringValue ?? ""
    if !Self.isLanguageTag(code) || RuleSet.supportedLocales.contains(code) {
      problem([.key("language")], ProblemLine("cli.rules.catalog.language", ["language": code]))
    }
    let fallback = object["fallback"]?.stringValue ?? "en"
    if !RuleSet.supportedLocales.contains(fallback) {
      problem(
        [.key("fallback")],
        ProblemLine("cli.rules.expectedOneOf").choices(RuleSet.supportedLocales).value(
          "found", of: object["fallback"] ?? .null))
    }
    var labels: [String: String] = [:]
    if let value = object["labels"] {
      if let table = value.objectValue {
        for (name, label) in table.members {
          if let s = label.stringValue {
            labels[name] = s
          } else {
            problem([.key("labels"), .key(name)], .expected("cli.rules.type.string", foundType: label))
          }
        }
      } else {
        problem([.key("labels")], .expected("cli.rules.type.object", foundType: value))
      }
    }
    var templates: [String: MessageTemplate] = [:]
    let reference = catalog.templates["en"] ?? [:]
    if let table = object["messages"]?.objectValue {
      for (key, entry) in table.members {
        let path: [JSONPathComponent] = [.key("messages"), .key(key)]
        let english = reference[key]
        let template: MessageTemplate
        if let s = entry.stringValue {
          if let english, english.labeled != english.inline {
            problem(path, ProblemLine("cli.rules.catalog.variants", ["key": key]))
            continue
          }
          template = MessageTemplate(labeled: s, inline: s)
        } else if let o = entry.objectValue, let labeled = o["labeled"]?.stringValue,
          let inline = o["inline"]?.stringValue, o.keys.count == 2
        {
          template = MessageTemplate(labeled: labeled, inline: inline)
        } else {
          problem(path, ProblemLine("cli.rules.catalog.variants", ["key": key]))
          continue
        }
        // The same placeholders as the English message (it is what the failure fills).
        let known: Set<String> =
          english.map {
            Set(MessageCatalog.placeholderNames(in: $0.labeled) + MessageCatalog.placeholderNames(in: $0.inline))
          } ?? MessageCatalog.placeholders
        for name in Set(
          MessageCatalog.placeholderNames(in: template.labeled) + MessageCatalog.placeholderNames(in: template.inline))
        where !known.contains(name) {
          problem(
            path, ProblemLine("cli.rules.unknownPlaceholder", ["placeholder": "{\(name)}"]),
            suggestion: Suggestion.closest(to: name, in: known.sorted()).map { "{\($0)}" })
        }
        templates[key] = template
      }
    } else {
      problem([.key("messages")], .expected("cli.rules.kind.objectOfCodes", foundType: object["messages"] ?? .null))
    }
    if object["messages"]?.objectValue != nil {
      let missing = reference.keys.filter { !$0.hasPrefix("cli.") && templates[$0] == nil }.sorted()
      for key in missing.prefix(20) {
        problem([.key("messages")], ProblemLine("cli.rules.catalog.missingKey", ["key": key]))
      }
      if missing.count > 20 {
        problem([.key("messages")], ProblemLine("cli.rules.catalog.missingMore", ["count": "\(missing.count - 20)"]))
      }
    }
    guard problems.isEmpty else { throw RuleSetError(problems: problems) }
    self.code = code
    self.fallback = fallback
    self.note = object["note"]?.stringValue
    self.labels = labels
    self.templates = templates
  }

  /// `ko`, `zh-Hans`, `pt-BR`: letters, then subtags of letters or digits, at most 35 bytes.
  static func isLanguageTag(_ tag: String) -> Bool {
    let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
    guard tag.utf8.count <= 35, let first = parts.first, (2...8).contains(first.count),
      first.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy { p in
      (1...8).contains(p.count) && p.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }
}

extension MessageCatalog {
  /// This catalog with a file's language added (or replaced): negotiation offers it, and a
  /// key it lacks falls back to its `fallback`.
  public func adding(_ language: CatalogLanguage) -> MessageCatalog {
    var copy = self
    copy.install(language)
    return copy
  }

  mutating func install(_ language: CatalogLanguage) {
    for (key, template) in language.templates { set(template, for: key, language: language.code) }
    if !languages.contains(language.code) { languages.append(language.code) }
    fallbacks[language.code] = language.fallback
    fileLabels[language.code] = language.labels
  }
}

extension RuleRegistry {
  /// Adds a language from a catalog file (checked when it was read, see ``CatalogLanguage``):
  /// every rules file loaded with this registry, and every policy compiled from one, offers it.
  ///
  /// ```swift
  /// var registry = RuleRegistry.builtIn
  /// registry.add(try CatalogLanguage(contentsOf: url))
  /// let policy = try RuleSet(contentsOf: rules, registry: registry).compile()
  /// policy.validate(values).messages(locale: "ko")
  /// ```
  public mutating func add(_ language: CatalogLanguage) {
    addLanguage(language)
  }
}
