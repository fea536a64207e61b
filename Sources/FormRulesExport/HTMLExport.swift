import FormRules

/// Writes one `<input>` per field with the attributes a browser enforces before the
/// server does: `type`, `required`, `minlength`/`maxlength`, `pattern`, `autocomplete`
/// and Apple's `passwordrules`.
///
/// An email field gets `type=email` only when every value the engine accepts is one the
/// browser accepts too (``emailTypeObstacle(_:field:)``); otherwise `type="text"` with the
/// hints a mobile keyboard and autofill need, and a note on stderr saying why.
///
/// Two browser rules decide what can be said:
/// - `minlength` and `maxlength` count UTF-16 code units, where an emoji is 2. They are
///   written only for lengths counted in `utf16`, or in `characters` when the field also has a
///   whole-value pattern that admits only Basic Multilingual Plane characters (then the two
///   counts are equal).
/// - `pattern` is compiled with the `v` flag and must match the whole value; only patterns
///   that ``ECMAPattern`` translates without changing their meaning are written, and
///   several `pattern`/`notPattern`/`trimmed` rules are joined with lookaheads.
struct HTMLExporter {
  static let format = "HTML"

  let ruleSet: RuleSet
  var notes: [ExportNote] = []

  init(ruleSet: RuleSet) {
    self.ruleSet = ruleSet
  }

  mutating func export(field name: String?) -> Export {
    let selected = name.map { name in ruleSet.fields.filter { $0.name == name } } ?? ruleSet.fields
    let lines = selected.map { input(for: $0) }
    return Export(format: .html, text: lines.joined(separator: "\n") + "\n", notes: notes)
  }

  /// A search pattern (`pattern`) or one that must not be found (`notPattern`, `trimmed`).
  struct Search {
    var pattern: ECMAPattern
    var mustMatch: Bool
  }

  mutating func input(for field: FieldSpec) -> String {
    var isEmail = false
    var emailAsText = false
    var isCheckbox = false
    var required = false
    var minimums: [(node: RuleNode, rule: MinLength)] = []
    var maximums: [(node: RuleNode, rule: MaxLength)] = []
    var searches: [Search] = []
    var exported = false
    for node in field.rules {
      if let skipped = ExportCommonNotes.skipped(node, in: field, format: Self.format) {
        notes.append(skipped)
        continue
      }
      guard case .rule(let rule) = node.kind else {
        notes.append(field.note(node, "composite rules are not exported to \(Self.format)"))
        continue
      }
      switch rule {
      case let rule as Required:
        required = required || rule.isRequired
      case let rule as MinLength:
        minimums.append((node, rule))
      case let rule as MaxLength:
        maximums.append((node, rule))
      case let rule as PatternRule:
        if let pattern = translated(rule.pattern, node: node, field: field) {
          searches.append(Search(pattern: pattern, mustMatch: true))
        }
      case let rule as NotPattern:
        if let pattern = translated(rule.pattern, node: node, field: field) {
          searches.append(Search(pattern: pattern, mustMatch: false))
        }
      case let rule as Trimmed:
        if rule.isRequired { searches.append(Search(pattern: Whitespace.outer, mustMatch: false)) }
      case let rule as Accepted:
        // A ticked checkbox sends "on", which the rule accepts; `required` makes the browser insist on it.
        guard rule.isRequired else { break }
        isCheckbox = true
        required = true
      case let rule as Email:
        isEmail = true
        exported = true
        if let obstacle = Self.emailTypeObstacle(rule.syntax, field: field) {
          emailAsText = true
          notes.append(
            field.note(
              node, "type=\"text\", not type=email: the browser would refuse \(obstacle) that the rules accept"))
        } else if rule.syntax.profile != .html {
          notes.append(
            field.note(
              node,
              "type=email checks the WHATWG grammar, which is looser than \(rule.syntax.profile.rawValue) "
                + "(dots in a row, dotless domains); the server checks the rest"))
        }
      case let rule as SameAs:
        notes.append(
          field.note(node, "browsers cannot compare \"\(field.name)\" with \"\(rule.other)\"; the server does"))
      default:
        notes.append(field.note(node, "has no \(Self.format) attribute"))
      }
    }

    // Lengths in characters equal lengths in UTF-16 only when every character is in the BMP.
    let bmpOnly = searches.contains { $0.mustMatch && $0.pattern.isWholeMatch && $0.pattern.isBMPOnly }
    var attributes: [(String, String?)] = [("name", field.name)]
    attributes.append(
      ("type", isCheckbox ? "checkbox" : field.sensitive ? "password" : isEmail && !emailAsText ? "email" : "text"))
    if emailAsText { attributes.append(("inputmode", "email")) }
    if required {
      attributes.append(("required", nil))
      exported = true
    }
    func countsUTF16(_ unit: LengthUnit) -> Bool { unit == .utf16 || (unit == .characters && bmpOnly) }
    var minlength: Int?
    for (node, rule) in minimums {
      if countsUTF16(rule.unit) {
        minlength = max(minlength ?? 0, rule.min)
      } else {
        notes.append(field.note(node, Self.unitReason(rule.min, rule.unit, attribute: "minlength")))
      }
    }
    var maxlength: Int?
    for (node, rule) in maximums {
      if countsUTF16(rule.unit) {
        maxlength = min(maxlength ?? Int.max, rule.max)
      } else {
        notes.append(field.note(node, Self.unitReason(rule.max, rule.unit, attribute: "maxlength")))
      }
    }
    if let minlength {
      attributes.append(("minlength", String(minlength)))
      exported = true
    }
    if let maxlength {
      attributes.append(("maxlength", String(maxlength)))
      exported = true
    }
    if let pattern = Self.combine(searches) {
      attributes.append(("pattern", pattern))
      exported = true
    }
    if let autocomplete = autocomplete(for: field, isEmail: isEmail) {
      attributes.append(("autocomplete", autocomplete))
    }
    if emailAsText { attributes += [("spellcheck", "false"), ("autocapitalize", "off")] }
    if field.sensitive, !field.isConfirmation, ruleSet.hasConfirmation {
      var ignored: [ExportNote] = []
      let rules = PasswordRulesExporter.rules(for: field, notes: &ignored)
      if !rules.isEmpty { attributes.append(("passwordrules", rules)) }
    }
    if exported { notes += ExportCommonNotes.transforms(of: field, format: "the browser") }
    return "<input "
      + attributes.map { name, value in value.map { "\(name)=\"\(Self.escape($0))\"" } ?? name }.joined(separator: " ")
      + ">"
  }

  /// Why `type=email` would refuse some value the field's rules accept, or `nil` when it provably
  /// does not.
  ///
  /// The browser strips CR, LF and outer ASCII whitespace from the value and then checks the WHATWG
  /// grammar (ASCII only). Every profile with quoted local parts, literals and Unicode off accepts a
  /// subset of that grammar (`practical` and `rfc` only add limits to it), so what remains is what the
  /// field does to the value first: `trim` also removes NBSP and U+3000, which the browser keeps, and
  /// NFC/NFKC turn non-ASCII text (`ｔ`, the Kelvin sign) into ASCII the rules then accept.
  static func emailTypeObstacle(_ syntax: EmailSyntax, field: FieldSpec) -> String? {
    if syntax.allowUnicode {
      return "non-ASCII addresses (taro@例え.jp, josé@example.es; an IDN set by script stays Unicode)"
    }
    if syntax.allowQuotedLocalPart { return "quoted local parts (\"a..b\"@example.com)" }
    if syntax.allowDomainLiteral { return "address literals (a@[192.0.2.1])" }
    if field.trim {
      return "a value with a leading or trailing NBSP or U+3000, which the field trims and the browser keeps"
    }
    if field.normalize != .none {
      return
        "full-width and compatibility characters, which \(field.normalize.rawValue) turns into the ASCII the rules accept"
    }
    return nil
  }

  /// `email`, or for passwords `new-password` on a form that confirms one and
  /// `current-password` otherwise.
  func autocomplete(for field: FieldSpec, isEmail: Bool) -> String? {
    if field.sensitive { return ruleSet.hasConfirmation ? "new-password" : "current-password" }
    return isEmail ? "email" : nil
  }

  /// One pattern for the whole value: the browser wraps it in `^(?:` … `)$`.
  static func combine(_ searches: [Search]) -> String? {
    guard !searches.isEmpty else { return nil }
    if searches.count == 1, let only = searches.first, only.mustMatch { return only.pattern.htmlSearch }
    var text = ""
    for search in searches {
      let body =
        search.pattern.isWholeMatch ? "(?:\(search.pattern.source))" : "[\\s\\S]*(?:\(search.pattern.source))"
      text += (search.mustMatch ? "(?=" : "(?!") + body + ")"
    }
    return text + "[\\s\\S]*"
  }

  mutating func translated(_ pattern: Pattern, node: RuleNode, field: FieldSpec) -> ECMAPattern? {
    do {
      return try ECMAPattern(pcre2: pattern.source, flags: pattern.flags)
    } catch {
      notes.append(field.note(node, "no pattern attribute: \(error.reason)"))
      return nil
    }
  }

  static func unitReason(_ count: Int, _ unit: LengthUnit, attribute: String) -> String {
    "\(count) counted in \(unit.rawValue); browsers count UTF-16 code units (an emoji is 2), so no \(attribute)"
  }

  /// Escapes an attribute value for double quotes.
  static func escape(_ value: String) -> String {
    var result = ""
    for character in value {
      switch character {
      case "&": result += "&amp;"
      case "\"": result += "&quot;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      default: result.append(character)
      }
    }
    return result
  }
}
