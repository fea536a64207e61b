/// A message in two forms: with the field label, and inline (shown under the field).
public struct MessageTemplate: Sendable, Equatable {
  /// `{label}は{min}文字以上で入力してください。`
  public var labeled: String
  /// `{min}文字以上で入力してください。`
  public var inline: String

  public init(labeled: String, inline: String) {
    self.labeled = labeled
    self.inline = inline
  }
}

/// Which form of a message to render.
public enum MessageStyle: String, Sendable {
  case labeled
  case inline
}

/// One code's message in every supported language.
struct CatalogEntry {
  var key: String
  var ja: MessageTemplate
  var en: MessageTemplate

  init(_ key: String, ja: (String, String), en: (String, String)) {
    self.key = key
    self.ja = MessageTemplate(labeled: ja.0, inline: ja.1)
    self.en = MessageTemplate(labeled: en.0, inline: en.1)
  }
}

/// Turns failures into sentences, per language.
///
/// The built-in catalog covers every code in Japanese and English; a rules file's
/// `messages` override it and add codes of the app's own.
public struct MessageCatalog: Sendable {
  /// language → key → template
  public private(set) var templates: [String: [String: MessageTemplate]]

  public static let builtIn: MessageCatalog = {
    var templates: [String: [String: MessageTemplate]] = ["ja": [:], "en": [:]]
    for table in catalogTables {
      for entry in table {
        templates["ja", default: [:]][entry.key] = entry.ja
        templates["en", default: [:]][entry.key] = entry.en
      }
    }
    return MessageCatalog(templates: templates)
  }()

  /// Every key of the built-in catalog.
  public static var builtInKeys: [String] { catalogTables.flatMap { $0.map(\.key) } }

  /// The built-in catalog with the rules file's templates laid over it.
  public func overridden(by messages: [String: [String: MessageTemplate]]) -> MessageCatalog {
    var copy = self
    for (language, table) in messages {
      copy.templates[language, default: [:]].merge(table) { _, new in new }
    }
    return copy
  }

  /// The template for the first key that has one, in `language`, else in English.
  public func template(for keys: [String], language: String) -> MessageTemplate? {
    for key in keys { if let t = templates[language]?[key] { return t } }
    for key in keys { if let t = templates["en"]?[key] { return t } }
    return nil
  }

  /// Renders a failure. `label` fills `{label}`; `fieldLabel` turns a field name in
  /// `other`/`field` parameters into that field's label.
  public func render(
    _ failure: Failure, label: String?, locale language: String, style: MessageStyle,
    fieldLabel: (String) -> String? = { _ in nil }
  ) -> String {
    let template: String
    if let override = failure.messageOverride, let text = override[language] ?? override["en"] {
      template = text
    } else if let t = self.template(for: failure.messageKeys, language: language) {
      template = style == .inline || label == nil ? t.inline : t.labeled
    } else {
      return failure.code
    }
    return fill(template, failure: failure, label: label, language: language, fieldLabel: fieldLabel)
  }

  /// Renders a form-level code such as `auth.invalidCredentials`.
  public func render(code: String, params: Parameters = [:], locale language: String) -> String {
    render(Failure(code: code, params: params), label: nil, locale: language, style: .labeled)
  }

  /// Every placeholder a message can use: `{label}`, `{unit}`, and the name of any failure
  /// parameter (`{min}`, `{max}`, `{actual}`, `{other}`, `{fields}`…). A rules file whose
  /// message names anything else is refused: the placeholder would be shown as typed.
  public static let placeholders: Set<String> = {
    var names: Set<String> = [
      "label", "unit", "min", "max", "actual", "other", "field", "fields", "missing", "of", "minCount", "count",
      "value", "score", "profile", "kind", "reason", "line", "column", "failures", "suggestions", "warning",
    ]
    for table in builtIn.templates.values {
      for template in table.values {
        names.formUnion(placeholderNames(in: template.labeled) + placeholderNames(in: template.inline))
      }
    }
    return names
  }()

  /// The `{name}`s of a template, read as ``fill`` reads them.
  public static func placeholderNames(in template: String) -> [String] {
    var names: [String] = []
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      names.append(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return names
  }

  func fill(
    _ template: String, failure: Failure, label: String?, language: String, fieldLabel: (String) -> String?
  ) -> String {
    guard template.contains("{") else { return template }
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "}") else {
        rest = rest[open...]
        break
      }
      let name = String(rest[rest.index(after: open)..<close])
      result +=
        placeholder(name, failure: failure, label: label, language: language, fieldLabel: fieldLabel)
        ?? "{\(name)}"
      rest = rest[rest.index(after: close)...]
    }
    result += rest
    return result
  }

  private func placeholder(
    _ name: String, failure: Failure, label: String?, language: String, fieldLabel: (String) -> String?
  ) -> String? {
    if name == "label" { return label ?? "" }
    if name == "unit" {
      let unit = failure.params["unit"]?.description ?? "characters"
      let count: Int? = ["min", "max", "count", "value"].lazy.compactMap { key -> Int? in
        if case .int(let n) = failure.params[key] { return n }
        return nil
      }.first
      let keys = count == 1 ? ["unit.\(unit).one", "unit.\(unit)"] : ["unit.\(unit)"]
      return template(for: keys, language: language)?.inline ?? unit
    }
    guard let value = failure.params[name] else { return nil }
    switch value {
    case .string(let s):
      if name == "other" || name == "field" { return fieldLabel(s) ?? s }
      return term(s, language: language) ?? s
    case .strings(let list):
      // A list of field names (`fields`) renders as their labels, like `other` and `field`.
      let words = list.map { (name == "fields" ? fieldLabel($0) : nil) ?? term($0, language: language) ?? $0 }
      return language == "ja" ? words.joined(separator: "、") : words.joined(separator: ", ")
    default:
      return value.description
    }
  }

  /// A word the catalog translates, such as a character class (`term.upper`).
  private func term(_ word: String, language: String) -> String? {
    template(for: ["term.\(word)"], language: language)?.inline
  }

  /// Picks a supported language from preferences such as `ja-JP`, `ja_JP.UTF-8` or `en`;
  /// else `fallback` when supported; else English. The POSIX locales `C` and `POSIX`
  /// (`LC_ALL=C`, `C.UTF-8`) mean English, as they do for every other program.
  public static func negotiate(_ preferred: [String], default fallback: String) -> String {
    for tag in preferred {
      let language = String(tag.lowercased().prefix { $0.isLetter })
      if language == "c" || language == "posix" { return "en" }
      if RuleSet.supportedLocales.contains(language) { return language }
    }
    return RuleSet.supportedLocales.contains(fallback) ? fallback : "en"
  }
}
