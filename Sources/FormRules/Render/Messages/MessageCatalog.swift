/// A message in two forms: with the field label, and inline (shown under the field).
public struct MessageTemplate: Sendable, Equatable {
  /// `{label}は{min}文字以上で入力してください。`
  public var labeled: String
  /// `{min}文字以上で入力してください。`
  public var inline: String

  /// A template from its two forms, each with `{placeholder}`s.
  public init(labeled: String, inline: String) {
    self.labeled = labeled
    self.inline = inline
  }
}

/// Which form of a message to render.
public enum MessageStyle: String, Sendable {
  /// With the field's label: 「{label}を入力してください。」, for a summary or a dialog.
  case labeled
  /// Without it: 「入力してください。」, for text shown next to the field.
  case inline
}

/// One code's message in every supported language.
package struct CatalogEntry: Sendable {
  package var key: String
  package var ja: MessageTemplate
  package var en: MessageTemplate

  package init(_ key: String, ja: (String, String), en: (String, String)) {
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
  /// The same templates split at their placeholders once, so rendering a message is a walk
  /// over ready pieces: no search for `{` and no Foundation string search per call.
  private var parsed: [String: [String: ParsedTemplate]]
  /// The languages negotiation offers: `ja`, `en`, then those added from catalog files
  /// (``CatalogLanguage``) in the order they were added.
  public internal(set) var languages: [String] = RuleSet.supportedLocales
  /// For a language added from a file, the built-in language a key it lacks falls back to.
  var fallbacks: [String: String] = [:]
  /// For a language added from a file, its field labels by field name.
  var fileLabels: [String: [String: String]] = [:]
  /// Each rule's judgment of which of its suggestions add to its message
  /// (``Rule/suggestionAdds(_:to:)``), by rule name; the registry fills it.
  var suggestionFilters: [String: @Sendable (String, Failure) -> Bool] = [:]

  init(templates: [String: [String: MessageTemplate]]) {
    self.templates = templates
    self.parsed = Self.parse(templates)
  }

  private static func parse(_ templates: [String: [String: MessageTemplate]]) -> [String: [String: ParsedTemplate]] {
    templates.mapValues { table in
      table.mapValues {
        ParsedTemplate(labeled: TemplatePiece.parse($0.labeled), inline: TemplatePiece.parse($0.inline))
      }
    }
  }

  /// The whole built-in catalog: the general tables and every built-in rule's messages
  /// (``RuleRegistry/builtIn``'s catalog).
  public static var builtIn: MessageCatalog { RuleRegistry.builtIn.catalog }

  /// The tables that belong to no rule (input errors, unit words, form-level messages…);
  /// the registry adds each rule's own messages to them.
  static let general: MessageCatalog = {
    var templates: [String: [String: MessageTemplate]] = ["ja": [:], "en": [:]]
    for table in generalCatalogTables {
      for entry in table {
        templates["ja", default: [:]][entry.key] = entry.ja
        templates["en", default: [:]][entry.key] = entry.en
      }
    }
    return MessageCatalog(templates: templates)
  }()

  /// Sets one template and its parsed pieces: only what changed is parsed again.
  mutating func set(_ template: MessageTemplate, for key: String, language: String) {
    templates[language, default: [:]][key] = template
    parsed[language, default: [:]][key] = ParsedTemplate(
      labeled: TemplatePiece.parse(template.labeled), inline: TemplatePiece.parse(template.inline))
  }

  /// Adds a rule's messages (registration has checked them) and its suggestion filter.
  mutating func add(_ type: any Rule.Type) {
    add(type.messages)
    suggestionFilters[type.name] = { type.suggestionAdds($0, to: $1) }
  }

  /// Adds a rule's messages (registration has checked them).
  mutating func add(_ messages: [RuleMessage]) {
    for message in messages {
      set(message.ja, for: message.key, language: "ja")
      set(message.en, for: message.key, language: "en")
    }
  }

  /// This catalog with a front end's own tables added (the `validate` tool's words).
  package func adding(entries tables: [[CatalogEntry]]) -> MessageCatalog {
    var copy = self
    for table in tables {
      for entry in table {
        copy.set(entry.ja, for: entry.key, language: "ja")
        copy.set(entry.en, for: entry.key, language: "en")
      }
    }
    return copy
  }

  /// This catalog with `messages` added.
  func adding(_ messages: [RuleMessage]) -> MessageCatalog {
    var copy = self
    copy.add(messages)
    return copy
  }

  /// Every key of the built-in catalog: each built-in rule's messages in registry order
  /// (composites after the rules they hold), then the general tables.
  public static var builtInKeys: [String] {
    var seen: Set<String> = []
    let ruleKeys =
      (RuleRegistry.builtIn.types.flatMap { $0.messages } + RuleRegistry.composites.flatMap { $0.messages })
      .map(\.key)
    return (ruleKeys + generalCatalogTables.flatMap { $0.map(\.key) }).filter { seen.insert($0).inserted }
  }

  /// The built-in catalog with the rules file's templates laid over it.
  public func overridden(by messages: [String: [String: MessageTemplate]]) -> MessageCatalog {
    var copy = self
    for (language, table) in messages {
      for (key, template) in table { copy.set(template, for: key, language: language) }
    }
    return copy
  }

  /// The languages to look a key up in: `language`, then (for a language from a file) its
  /// fallback, then English. A key is never rendered as its raw code while any of them has it.
  @inline(__always)
  func lookupOrder(_ language: String) -> (String, String?) {
    if language == "en" { return ("en", nil) }
    if let fallback = fallbacks[language], fallback != "en" { return (language, fallback) }
    return (language, nil)
  }

  /// The parsed template for the first key that has one, in `language`, else in its
  /// fallback, else in English.
  private func parsedTemplate(for keys: [String], language: String) -> ParsedTemplate? {
    let (first, second) = lookupOrder(language)
    if let table = parsed[first] { for key in keys { if let t = table[key] { return t } } }
    if let second, let table = parsed[second] { for key in keys { if let t = table[key] { return t } } }
    if first != "en", let table = parsed["en"] { for key in keys { if let t = table[key] { return t } } }
    return nil
  }

  /// The template for the first key that has one, in `language`, else in its fallback (a
  /// language from a file), else in English.
  public func template(for keys: [String], language: String) -> MessageTemplate? {
    let (first, second) = lookupOrder(language)
    for key in keys { if let t = templates[first]?[key] { return t } }
    if let second { for key in keys { if let t = templates[second]?[key] { return t } } }
    for key in keys { if let t = templates["en"]?[key] { return t } }
    return nil
  }

  /// A rule's own text (`message`, `requirement`) in `language`, else the fallback's, else English.
  func text(of own: LocalizedText, language: String) -> String? {
    let (first, second) = lookupOrder(language)
    return own[first] ?? second.flatMap { own[$0] } ?? own["en"] ?? own.texts.values.sorted().first
  }

  /// Renders a failure. `label` fills `{label}`; `fieldLabel` turns a field name in
  /// `other`/`field` parameters into that field's label.
  public func render(
    _ failure: Failure, label: String?, locale language: String, style: MessageStyle,
    fieldLabel: (String) -> String? = { _ in nil }
  ) -> String {
    let pieces: [TemplatePiece]
    if let override = failure.messageOverride, let text = text(of: override, language: language) {
      pieces = TemplatePiece.parse(text)
    } else if let t = parsedTemplate(
      for: failure.severity == .warning ? failure.warningKeys + failure.messageKeys : failure.messageKeys,
      language: language)
    {
      pieces = style == .inline || label == nil ? t.inline : t.labeled
    } else {
      return failure.code
    }
    return fill(pieces, failure: failure, label: label, language: language, fieldLabel: fieldLabel)
  }

  /// Renders a form-level code such as `auth.invalidCredentials`.
  /// `locale` is negotiated (`en-US` → `en`, an unsupported one → English).
  public func render(code: String, params: Parameters = [:], locale: String) -> String {
    let language = negotiate([locale])
    return render(Failure(code: code, params: params), label: nil, locale: language, style: .labeled)
  }

  /// Every placeholder a message can use: `{label}`, `{unit}`, and the name of any failure
  /// parameter (`{min}`, `{max}`, `{actual}`, `{other}`, `{fields}`…). A rules file whose
  /// message names anything else is refused: the placeholder would be shown as typed.
  public static let placeholders: Set<String> = {
    var names: Set<String> = [
      "label", "unit", "min", "max", "actual", "other", "field", "fields", "missing", "of", "minCount", "count",
      "value", "score", "requirement", "alternatives", "profile", "kind", "reason", "line", "column", "failures",
      "suggestions",
      "warning", "maxJapanese",
    ]
    // The tool's lines (`cli.*`) name their own values; a rules file's message cannot use them.
    for table in builtIn.templates.values {
      for (key, template) in table where !key.hasPrefix("cli.") {
        names.formUnion(placeholderNames(in: template.labeled) + placeholderNames(in: template.inline))
      }
    }
    return names
  }()

  /// The `{name}`s of a template, read as rendering reads them.
  public static func placeholderNames(in template: String) -> [String] {
    TemplatePiece.parse(template).compactMap {
      if case .placeholder(let name) = $0 { return name }
      return nil
    }
  }

  func fill(
    _ template: String, failure: Failure, label: String?, language: String, fieldLabel: (String) -> String?
  ) -> String {
    fill(TemplatePiece.parse(template), failure: failure, label: label, language: language, fieldLabel: fieldLabel)
  }

  func fill(
    _ pieces: [TemplatePiece], failure: Failure, label: String?, language: String, fieldLabel: (String) -> String?
  ) -> String {
    if pieces.count == 1, case .text(let text) = pieces[0] { return text }
    var result = ""
    for piece in pieces {
      switch piece {
      case .text(let text): result += text
      case .placeholder(let name):
        // English capitalizes a label only where a sentence starts: "Password is required."
        // but "Does not match password." (labels and phrases are written capitalized).
        let lower = Self.lowercasesNames(language) && !Self.startsSentence(after: result)
        result +=
          placeholder(name, failure: failure, label: label, language: language, fieldLabel: fieldLabel, lower: lower)
          ?? "{\(name)}"
      }
    }
    return result
  }

  /// Whether a language lowercases a label inside a sentence: English. (Japanese has no
  /// case, and German would keep its nouns capitalized.)
  static func lowercasesNames(_ language: String) -> Bool { language == "en" }

  /// Whether text written after `prefix` starts a sentence: at the start, or after `.`, `!`, `?`.
  static func startsSentence(after prefix: String) -> Bool {
    guard let last = prefix.last(where: { $0 != " " }) else { return true }
    return last == "." || last == "!" || last == "?"
  }

  /// "Email address" → "email address"; an acronym ("PIN", "URL") stays as written.
  static func lowerFirst(_ text: String) -> String {
    guard let first = text.first, first.isUppercase else { return text }
    let rest = text.dropFirst()
    // "A", "PIN": a letter or an acronym keeps its case.
    guard let second = rest.first, !second.isUppercase else { return text }
    return first.lowercased() + rest
  }

  /// The separator of a Japanese list of words: 「英大文字・記号」, 「メールアドレス・ユーザー名」
  /// (the 、 would look like the clause's own 、).
  static let japaneseListSeparator = "・"

  private func placeholder(
    _ name: String, failure: Failure, label: String?, language: String, fieldLabel: (String) -> String?,
    lower: Bool = false
  ) -> String? {
    let cased: (String) -> String = { lower ? Self.lowerFirst($0) : $0 }
    if name == "label" { return cased(label ?? "") }
    if name == "requirement" {
      return cased(requirementPhrase(failure, language: language, fieldLabel: fieldLabel, orMessage: false))
    }
    if name == "maxJapanese", case .int(let max) = failure.params["max"] {
      // A Japanese character takes 3 bytes in UTF-8: 72バイト → 24文字程度.
      return String(max / 3)
    }
    if name == "alternatives" {
      // 「15文字以上」または「英大文字、数字を含む」 / "At least 15 characters" or "Includes digits".
      let phrases = failure.alternatives.map { alternativePhrase($0, language: language, fieldLabel: fieldLabel) }
      return language == "ja"
        ? phrases.joined(separator: "」または「") : phrases.joined(separator: "\" or \"")
    }
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
      if name == "other" || name == "field" { return cased(fieldLabel(s) ?? s) }
      return term(s, language: language) ?? s
    case .strings(let list):
      // A list of field names (`fields`) renders as their labels, like `other` and `field`.
      let words = list.map {
        name == "fields" ? cased(fieldLabel($0) ?? $0) : term($0, language: language) ?? $0
      }
      if language == "ja" || words.count < 2 { return words.joined(separator: Self.japaneseListSeparator) }
      // English names the last item with "and" (every one is needed, every field to check)
      // or "or" (any one: the classes to choose from, the fields not to contain).
      let conjunction = name == "of" || (name == "fields" && failure.code == NotContainsField.name) ? "or" : "and"
      return words.dropLast().joined(separator: ", ") + " \(conjunction) " + (words.last ?? "")
    default:
      return value.description
    }
  }

  /// One alternative of an `anyOf`: its checklist phrase; an `allOf`'s phrases joined.
  private func alternativePhrase(_ failure: Failure, language: String, fieldLabel: (String) -> String?) -> String {
    if failure.code == AllOf.name, failure.requirementOverride == nil {
      return failure.alternatives.map { alternativePhrase($0, language: language, fieldLabel: fieldLabel) }
        .joined(separator: language == "ja" ? Self.japaneseListSeparator : ", ")
    }
    return requirementPhrase(failure, language: language, fieldLabel: fieldLabel, orMessage: false)
  }

  /// A word the catalog translates, such as a character class (`term.upper`).
  private func term(_ word: String, language: String) -> String? {
    template(for: ["term.\(word)"], language: language)?.inline
  }
}

/// A message template in both variants, split at its placeholders.
struct ParsedTemplate: Sendable {
  var labeled: [TemplatePiece]
  var inline: [TemplatePiece]
}

/// A run of literal text or a `{name}` placeholder of a template.
enum TemplatePiece: Sendable, Equatable {
  case text(String)
  case placeholder(String)

  /// `{label}は{min}文字以上` → `[{label}, "は", {min}, "文字以上"]`. A `{` without its `}`
  /// stays text, as it always rendered.
  static func parse(_ template: String) -> [TemplatePiece] {
    // Every catalog parses its templates when it is built (about 2,400 at start-up): the bytes
    // are read in place, and a template without a brace is one piece, the string itself.
    ByteView.withUTF8(template) { bytes in
      guard var open = bytes.firstIndex(of: UInt8(ascii: "{")) else { return [.text(template)] }
      var pieces: [TemplatePiece] = []
      var textStart = 0
      while let found = bytes.suffix(from: open + 1).firstIndex(of: UInt8(ascii: "}")) {
        let close = open + 1 + found
        if open > textStart { pieces.append(.text(bytes[textStart..<open].string)) }
        pieces.append(.placeholder(bytes[(open + 1)..<close].string))
        textStart = close + 1
        guard let next = bytes.suffix(from: textStart).firstIndex(of: UInt8(ascii: "{")) else { break }
        open = textStart + next
      }
      if textStart < bytes.count || pieces.isEmpty { pieces.append(.text(bytes.suffix(from: textStart).string)) }
      return pieces
    }
  }
}

extension CatalogEntry {
  /// A line with no label (the tools' lines, rules-file problems): the same text in both variants (it has no label).
  package init(_ key: String, ja: String, en: String) {
    self.init(key, ja: (ja, ja), en: (en, en))
  }
}

extension MessageCatalog {
  /// One of the `validate` tool's own lines (`cli.*`) in `locale` (negotiated; English when the
  /// catalog has no such language), each `{name}` replaced by `values[name]` as given: file
  /// paths, option names and values are quoted, never translated.
  ///
  /// ```swift
  /// MessageCatalog.builtIn.text("cli.unknownOption", locale: "ja", ["option": "--frmat"])
  /// // "オプション「--frmat」はありません。"
  /// ```
  /// - Returns: the line; the key itself when the catalog has no such line.
  public func text(_ key: String, locale: String, _ values: [String: String] = [:]) -> String {
    let language = MessageCatalog.negotiate([locale], default: "en")
    guard let template = template(for: [key], language: language)?.inline else { return key }
    var result = ""
    for piece in TemplatePiece.parse(template) {
      switch piece {
      case .text(let text): result += text
      case .placeholder(let name): result += values[name] ?? "{\(name)}"
      }
    }
    return result
  }
}

extension MessageCatalog {
  /// The suggestions a failure carries (`strength`'s `suggestions` codes), as sentences
  /// from the keys `<code>.suggestion.<suggestion>`.
  ///
  /// ```swift
  /// policy.catalog.suggestions(for: failure, locale: "ja")
  /// // ["単語をもう1つか2つ加えてください。…", "キーボードの並びは…"]
  /// ```
  ///
  /// A suggestion that would repeat or contradict the failure's own message is left out, as
  /// its rule judges (``Rule/suggestionAdds(_:to:)``).
  public func suggestions(for failure: Failure, locale: String) -> [String] {
    let language = negotiate([locale])
    return usefulSuggestionCodes(of: failure).compactMap {
      template(for: ["\(failure.code).suggestion.\($0)"], language: language)?.inline
    }
  }

  /// The failure's suggestion codes that add something to its message.
  public func usefulSuggestionCodes(of failure: Failure) -> [String] {
    guard case .strings(let codes) = failure.params["suggestions"] else { return [] }
    guard let adds = suggestionFilters[failure.code] else { return codes }
    return codes.filter { adds($0, failure) }
  }
}
