import Foundation

/// Locale negotiation: one function decides the language of every text the library renders.
///
/// Every API that takes a locale — `Report.messages(locale:)`, `Policy.message(for:field:locale:style:)`,
/// `Policy.label(of:locale:)`, `Report.response(locale:type:instance:)`, the checklist and
/// requirements — accepts a language tag (`"ja"`, `"en-US"`, `"ja_JP.UTF-8"`) or a Foundation
/// `Locale`, and negotiates it the same way: the primary language subtag if the catalog has it,
/// else the rules file's `defaultLocale`, else English.
extension MessageCatalog {
  /// Picks a supported language from preferences such as `ja-JP`, `ja_JP.UTF-8` or `en`, in
  /// order; else `fallback` when supported; else English.
  ///
  /// ```swift
  /// MessageCatalog.negotiate(["fr-CH", "en-GB"], default: "ja")   // "en"
  /// ```
  public static func negotiate(_ preferred: [String], default fallback: String) -> String {
    for tag in preferred {
      if let language = supportedLanguage(of: tag) { return language }
    }
    return RuleSet.supportedLocales.contains(fallback) ? fallback : "en"
  }

  /// Picks one of this catalog's ``languages`` (the built-in two and those added from catalog
  /// files) from preferences, in order; else `fallback` when this catalog has it; else English.
  ///
  /// ```swift
  /// catalog.adding(korean).negotiate(["ko-KR", "ja"])   // "ko"
  /// ```
  public func negotiate(_ preferred: [String], default fallback: String = "en") -> String {
    for tag in preferred {
      if let language = supportedLanguage(of: tag) { return language }
    }
    return languages.contains(fallback) ? fallback : "en"
  }

  /// The language of this catalog a tag names: `en-US` → `en`, `ko_KR.UTF-8` → `ko`,
  /// `zh-Hans-CN` → `zh-Hans` (the longest added language the tag starts with, subtag by
  /// subtag, as RFC 4647 lookup truncates), or `nil`.
  public func supportedLanguage(of tag: String) -> String? {
    if languages.count > 2 {
      // `ko_KR.UTF-8@euro` → `ko-KR`: the POSIX form of a tag.
      let tag = tag.prefix { $0 != "." && $0 != "@" }.replacingOccurrences(of: "_", with: "-").lowercased()
      var best: String?
      for language in languages.dropFirst(2) {
        let l = language.lowercased()
        if tag == l || tag.hasPrefix(l + "-"), language.count > (best?.count ?? 0) { best = language }
      }
      if let best { return best }
    }
    return Self.supportedLanguage(of: tag)
  }

  /// The built-in language a tag names (`en-US` → `en`), or `nil`.
  static func supportedLanguage(of tag: String) -> String? {
    // The common case, an exact supported tag, costs no allocation.
    for language in RuleSet.supportedLocales where tag == language { return language }
    let primary = tag.lowercased().prefix { $0.isLetter }
    // The POSIX locales `C` and `POSIX` (`LC_ALL=C`, `C.UTF-8`) mean English, as they do for
    // every other program.
    if primary == "c" || primary == "posix" { return "en" }
    return RuleSet.supportedLocales.first { $0 == primary }
  }

  /// The language tags of an HTTP `Accept-Language` header (RFC 9110 §12.5.4), most preferred
  /// first: ordered by q-value, ties in the order written. `*` and tags with `q=0` are left out.
  ///
  /// ```swift
  /// MessageCatalog.preferences(acceptLanguage: "fr-CH, fr;q=0.9, en;q=0.8")   // ["fr-CH", "fr", "en"]
  /// MessageCatalog.preferences(acceptLanguage: "en;q=0.1, ja;q=0.9")         // ["ja", "en"]
  /// ```
  public static func preferences(acceptLanguage header: String) -> [String] {
    parse(acceptLanguage: header).filter { $0.q > 0 && $0.tag != "*" }.map(\.tag)
  }

  /// Every range of the header with its weight, sorted by weight (stable).
  static func parse(acceptLanguage header: String) -> [(tag: String, q: Double)] {
    var ranked: [(tag: String, q: Double, order: Int)] = []
    for (order, part) in header.split(separator: ",").enumerated() {
      let pieces = part.split(separator: ";")
      guard let first = pieces.first else { continue }
      let tag = first.trimmingCharacters(in: .whitespaces)
      guard !tag.isEmpty else { continue }
      var q = 1.0
      for parameter in pieces.dropFirst() {
        let p = parameter.trimmingCharacters(in: .whitespaces)
        if p.hasPrefix("q=") || p.hasPrefix("Q=") {
          // A malformed weight counts as "not acceptable" rather than as the best.
          q = Double(p.dropFirst(2)).map { min(max($0, 0), 1) } ?? 0
        }
      }
      ranked.append((tag, q, order))
    }
    ranked.sort { $0.q != $1.q ? $0.q > $1.q : $0.order < $1.order }
    return ranked.map { ($0.tag, $0.q) }
  }
}

extension Policy {
  /// Chooses the language for messages from an HTTP `Accept-Language` header, weighing
  /// q-values: `fr-CH, fr;q=0.9, en;q=0.8` → `en`, `en;q=0.1, ja;q=0.9` → `ja`.
  ///
  /// When the header names no supported language, the rules file's `defaultLocale` is used,
  /// unless the header refuses it with `q=0`; then the other supported language. A missing
  /// or empty header gives the `defaultLocale`.
  public func negotiateLocale(acceptLanguage header: String?) -> String {
    guard let header, !header.isEmpty else { return negotiateLocale([]) }
    let ranges = MessageCatalog.parse(acceptLanguage: header)
    let accepted = ranges.filter { $0.q > 0 && $0.tag != "*" }.map(\.tag)
    for tag in accepted {
      if let language = catalog.supportedLanguage(of: tag) { return language }
    }
    let refused = Set(ranges.filter { $0.q == 0 }.compactMap { catalog.supportedLanguage(of: $0.tag) })
    let fallback = negotiateLocale([])
    if !refused.contains(fallback) { return fallback }
    return catalog.languages.first { !refused.contains($0) } ?? fallback
  }

  /// Chooses the language for messages from a Foundation `Locale` (`ja_JP` → `ja`).
  public func negotiateLocale(_ locale: Locale) -> String {
    negotiateLocale([locale.identifier])
  }

  /// Renders one failure of a field with its label, in `locale`.
  public func message(for failure: Failure, field: String, locale: Locale, style: MessageStyle = .labeled)
    -> String
  {
    message(for: failure, field: field, locale: locale.identifier, style: style)
  }

  /// The field's label in `locale`, falling back to the rules file's default language.
  public func label(of field: String, locale: Locale) -> String {
    label(of: field, locale: locale.identifier)
  }
}

extension Report {
  /// Every message, rendered for a Foundation `Locale` (negotiated: `en_US` → `en`).
  public func messages(locale: Locale) -> RenderedMessages {
    messages(locale: locale.identifier)
  }

  /// The report as the JSON the CLI prints, in a Foundation `Locale`.
  public func json(locale: Locale) -> String {
    json(locale: locale.identifier)
  }
}
