import FormRules
import FormRulesBulk
import FormRulesExport
import FormRulesPassword
import Foundation

/// The document `GET /v1/rules/{name}` returns: what a front end needs to draw the form.
///
/// ```json
/// {"name": "login", "title": {"ja": "ログイン", "en": "Log in"}, "defaultLocale": "ja", "locales": ["ja", "en"],
///  "fields": [{"name": "password", "label": {"ja": "パスワード", "en": "Password"}, "sensitive": true,
///              "requirements": {"ja": [{"code": "minLength", "text": "6文字以上", "severity": "error"}], "en": […]},
///              "html": {"input": "<input name=\"password\" …>", "attributes": {"type": "password", "required": true, …}}}]}
/// ```
///
/// Labels and requirement phrases come in every language of the policy (ja, en and any a catalog file adds), so the document does
/// not vary with `Accept-Language` and one `ETag` covers it. The contents of lists
/// (common passwords, breach files, `words`) never appear: only the requirement phrases.
enum RuleDescription {
  static func document(name: String, policy: Policy) -> [UInt8] {
    let locales = policy.catalog.languages
    var writer = JSONWriter()
    writer.raw("{\"name\":")
    writer.string(name)
    // The rules file's title per language (its `name` where it has none), for the page's title.
    writer.raw(",\"title\":")
    if policy.ruleSet.title(locale: policy.negotiateLocale([])) == nil {
      writer.null()
    } else {
      writer.raw("{")
      for (i, locale) in locales.enumerated() {
        if i > 0 { writer.raw(",") }
        writer.key(locale)
        writer.string(policy.ruleSet.title(locale: locale) ?? name)
      }
      writer.raw("}")
    }
    writer.raw(",\"defaultLocale\":")
    writer.string(policy.negotiateLocale([]))
    writer.raw(",\"locales\":[")
    for (i, locale) in locales.enumerated() {
      if i > 0 { writer.raw(",") }
      writer.string(locale)
    }
    writer.raw("],\"fields\":[")
    for (i, fieldName) in policy.fieldNames.enumerated() {
      guard let field = policy.field(fieldName) else { continue }
      if i > 0 { writer.raw(",") }
      writer.raw("{\"name\":")
      writer.string(fieldName)
      writer.raw(",\"label\":{")
      for (j, locale) in locales.enumerated() {
        if j > 0 { writer.raw(",") }
        writer.key(locale)
        writer.string(policy.label(of: fieldName, locale: locale))
      }
      writer.raw("},\"sensitive\":")
      writer.bool(field.sensitive)
      writer.raw(",\"requirements\":{")
      for (j, locale) in locales.enumerated() {
        if j > 0 { writer.raw(",") }
        writer.key(locale)
        writer.raw("[")
        for (k, requirement) in policy.requirements(for: fieldName, locale: locale).enumerated() {
          if k > 0 { writer.raw(",") }
          writer.raw("{\"code\":")
          writer.string(requirement.code)
          writer.raw(",\"text\":")
          writer.string(requirement.text)
          writer.raw(",\"severity\":")
          writer.string(requirement.severity.rawValue)
          writer.raw("}")
        }
        writer.raw("]")
      }
      writer.raw("},\"html\":")
      if let input = try? policy.ruleSet.export(.html, field: fieldName).text.trimmingSuffix() {
        writer.raw("{\"input\":")
        writer.string(input)
        writer.raw(",\"attributes\":{")
        for (k, attribute) in htmlAttributes(input).enumerated() {
          if k > 0 { writer.raw(",") }
          writer.key(attribute.name)
          if let value = attribute.value { writer.string(value) } else { writer.bool(true) }
        }
        writer.raw("}}")
      } else {
        writer.null()
      }
      writer.raw("}")
    }
    writer.raw("]}")
    return writer.bytes
  }

  /// The attributes of the one `<input …>` tag the HTML export writes per field: `name="value"`
  /// pairs with the five HTML entities escaped, and bare boolean attributes (`required`).
  static func htmlAttributes(_ tag: String) -> [(name: String, value: String?)] {
    var scalars = Substring(tag)
    if scalars.hasPrefix("<input") { scalars = scalars.dropFirst(6) }
    if scalars.hasSuffix(">") { scalars = scalars.dropLast() }
    var result: [(String, String?)] = []
    var rest = scalars[...]
    while true {
      rest = rest.drop { $0 == " " }
      guard !rest.isEmpty else { break }
      let name = rest.prefix { $0 != "=" && $0 != " " }
      rest = rest.dropFirst(name.count)
      guard rest.first == "=" else {
        result.append((String(name), nil))
        continue
      }
      rest = rest.dropFirst()
      guard rest.first == "\"" else { break }
      rest = rest.dropFirst()
      let raw = rest.prefix { $0 != "\"" }
      rest = rest.dropFirst(raw.count + 1)
      result.append((String(name), unescape(raw)))
    }
    return result
  }

  private static func unescape(_ text: Substring) -> String {
    guard text.contains("&") else { return String(text) }
    return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  /// FNV-1a, 64 bits, in hex: an `ETag` that changes when the document does.
  static func hash(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}

extension String {
  fileprivate func trimmingSuffix() -> String {
    var text = self
    while text.last == "\n" { text.removeLast() }
    return text
  }
}
