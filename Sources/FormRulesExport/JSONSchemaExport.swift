import FormRules

/// Writes the JSON Schema (2020-12) of a rules file's input document: field values are
/// strings or `null`; each field's rules become `minLength`, `maxLength` (code points, as
/// our default unit counts), `format: email`, `pattern`, `not: {pattern}` and `required`.
///
/// Our rules skip an empty optional value, so the constraints of a field without
/// `required` sit under `if: {type: string, minLength: 1}`.
struct JSONSchemaExporter {
  static let dialect = "https://json-schema.org/draft/2020-12/schema"
  static let format = "JSON Schema"

  let ruleSet: RuleSet
  var notes: [ExportNote] = []

  init(ruleSet: RuleSet) {
    self.ruleSet = ruleSet
  }

  mutating func export(field name: String?) -> Export {
    var root = JSONObject()
    root["$schema"] = .string(Self.dialect)
    if let name, let spec = ruleSet.field(name) {
      for member in fieldSchema(spec).members { root[member.key] = member.value }
    } else {
      if let title = ruleSet.name { root["title"] = .string(title) }
      root["type"] = .string("object")
      var properties = JSONObject()
      var required: [JSONValue] = []
      for field in ruleSet.fields {
        properties[field.name] = .object(fieldSchema(field))
        if field.isRequired || field.mustBeAccepted { required.append(.string(field.name)) }
      }
      root["properties"] = .object(properties)
      if !required.isEmpty { root["required"] = .array(required) }
    }
    return Export(format: .jsonSchema, text: PrettyJSON.render(.object(root)) + "\n", notes: notes)
  }

  mutating func fieldSchema(_ field: FieldSpec) -> JSONObject {
    var schema = JSONObject()
    if let title = field.label[ruleSet.defaultLocale] ?? field.label["en"] { schema["title"] = .string(title) }
    if field.sensitive { schema["writeOnly"] = .bool(true) }
    var fragments: [JSONObject] = []
    for node in field.rules {
      if let skipped = ExportCommonNotes.skipped(node, in: field, format: Self.format) {
        notes.append(skipped)
        continue
      }
      if let fragment = fragment(node, field: field) { fragments.append(fragment) }
    }
    let constraints = Self.merge(fragments)
    if !constraints.isEmpty { notes += ExportCommonNotes.transforms(of: field, format: Self.format) }
    if field.rules.contains(where: \.readsScalars) {
      // An `accepted` field also reads JSON booleans and numbers (docs/rules.md, "Input documents").
      let types: [JSONValue] = [.string("string"), .string("boolean"), .string("number")]
      if field.mustBeAccepted {
        schema["type"] = .array(types)
        for member in constraints.members { schema[member.key] = member.value }
      } else {
        schema["type"] = .array(types + [.string("null")])
        if !constraints.isEmpty {
          schema["if"] = .object(JSONObject([("type", .string("string")), ("minLength", .number(1))]))
          schema["then"] = .object(constraints)
        }
      }
    } else if field.isRequired {
      schema["type"] = .string("string")
      for member in constraints.members { schema[member.key] = member.value }
    } else {
      schema["type"] = .array([.string("string"), .string("null")])
      if !constraints.isEmpty {
        schema["if"] = .object(JSONObject([("type", .string("string")), ("minLength", .number(1))]))
        schema["then"] = .object(constraints)
      }
    }
    return schema
  }

  /// The schema of one rule node; `nil` (with a note) when it cannot be expressed.
  mutating func fragment(_ node: RuleNode, field: FieldSpec) -> JSONObject? {
    switch node.kind {
    case .rule(let rule):
      return fragment(rule, node: node, field: field)
    case .allOf(let inner):
      let parts = inner.compactMap { child -> JSONObject? in
        if child.severity == .warning { return nil }
        if let skipped = ExportCommonNotes.skipped(child, in: field, format: Self.format) {
          notes.append(skipped)
          return nil
        }
        return fragment(child, field: field)
      }
      return parts.isEmpty ? nil : Self.merge(parts)
    case .anyOf(let inner), .not(let inner):
      // Leaving out part of an anyOf or a not would make the schema stricter than the
      // rules; leave out the whole rule instead, which only makes it looser.
      var probe = self
      probe.notes = []
      var parts: [JSONObject] = []
      for child in inner {
        if child.severity == .warning {
          // A warning never fails, so an anyOf holding one always passes; a not ignores it.
          if case .anyOf = node.kind { return JSONObject() }
          continue
        }
        guard child.condition == nil, let part = probe.fragment(child, field: field), probe.notes.isEmpty else {
          notes.append(field.note(node, "a part of it cannot be expressed in \(Self.format), so it is left out whole"))
          return nil
        }
        parts.append(part)
      }
      if case .anyOf = node.kind {
        return JSONObject([("anyOf", .array(parts.map(JSONValue.object)))])
      }
      return JSONObject([("not", .object(Self.merge(parts)))])
    }
  }

  mutating func fragment(_ rule: any Rule, node: RuleNode, field: FieldSpec) -> JSONObject? {
    switch rule {
    case let required as Required:
      return required.isRequired ? JSONObject([("minLength", .number(1))]) : JSONObject()
    case let accepted as Accepted:
      // `true`, `1`, or the words in any ASCII case; the field's `trim` is noted with the transforms.
      guard accepted.isRequired else { return JSONObject() }
      let word = JSONObject([
        ("type", .string("string")), ("pattern", .string("^(?:[Tt][Rr][Uu][Ee]|[Oo][Nn]|[Yy][Ee][Ss]|1)$")),
      ])
      return JSONObject([
        ("anyOf", .array([.object(JSONObject([("enum", .array([.bool(true), .number(1)]))])), .object(word)]))
      ])
    case let minLength as MinLength:
      guard minLength.unit == .characters else {
        notes.append(field.note(node, Self.unitReason(minLength.min, minLength.unit)))
        return nil
      }
      return JSONObject([("minLength", .number(Double(minLength.min)))])
    case let maxLength as MaxLength:
      guard maxLength.unit == .characters else {
        notes.append(field.note(node, Self.unitReason(maxLength.max, maxLength.unit)))
        return nil
      }
      return JSONObject([("maxLength", .number(Double(maxLength.max)))])
    case let pattern as PatternRule:
      return translated(pattern.pattern, node: node, field: field).map { JSONObject([("pattern", .string($0.source))]) }
    case let notPattern as NotPattern:
      return translated(notPattern.pattern, node: node, field: field).map {
        JSONObject([("not", .object(JSONObject([("pattern", .string($0.source))])))])
      }
    case let trimmed as Trimmed:
      guard trimmed.isRequired else { return JSONObject() }
      return JSONObject([("not", .object(JSONObject([("pattern", .string(Whitespace.outer.source))])))])
    case let email as Email:
      notes.append(
        field.note(
          node,
          "approximated by format: email; each validator checks its own grammar (and only when format "
            + "assertion is on), not the \(email.syntax.profile.rawValue) profile"))
      return JSONObject([("format", .string("email"))])
    case let sameAs as SameAs:
      notes.append(field.note(node, "compares with \"\(sameAs.other)\"; \(Self.format) cannot compare two values"))
      return nil
    default:
      notes.append(field.note(node, "has no \(Self.format) equivalent"))
      return nil
    }
  }

  mutating func translated(_ pattern: Pattern, node: RuleNode, field: FieldSpec) -> ECMAPattern? {
    do {
      return try ECMAPattern(pcre2: pattern.source, flags: pattern.flags)
    } catch {
      notes.append(field.note(node, "the pattern does not translate to ECMAScript: \(error.reason)"))
      return nil
    }
  }

  static func unitReason(_ count: Int, _ unit: LengthUnit) -> String {
    "\(count) counted in \(unit.rawValue); \(format) counts code points"
  }

  /// Combines rule schemas into one: the tightest bounds win, and a keyword that is
  /// already taken goes into `allOf`.
  static func merge(_ fragments: [JSONObject]) -> JSONObject {
    var result = JSONObject()
    var extra: [JSONValue] = []
    for fragment in fragments {
      for (key, value) in fragment.members {
        switch (key, result[key]) {
        case (_, nil): result[key] = value
        case ("minLength", .number(let old)?): result[key] = .number(max(old, value.numberValue ?? old))
        case ("maxLength", .number(let old)?): result[key] = .number(min(old, value.numberValue ?? old))
        case ("allOf", .array(let old)?): result[key] = .array(old + (value.arrayValue ?? []))
        case (_, let old?) where old == value: break
        default: extra.append(.object(JSONObject([(key, value)])))
        }
      }
    }
    if !extra.isEmpty { result["allOf"] = .array((result["allOf"]?.arrayValue ?? []) + extra) }
    return result
  }
}

extension JSONValue {
  var numberValue: Double? {
    if case .number(let d) = self { return d }
    return nil
  }
}

/// The `trimmed` rule as a pattern: white space (Unicode White_Space, which `trim` removes)
/// at either end.
enum Whitespace {
  static let pcre2Class =
    "[\\t\\n\\x0B\\f\\r \\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}"
    + "\\x{205F}\\x{3000}]"

  /// Found when the value starts or ends with white space.
  static let outer: ECMAPattern = {
    do {
      return try ECMAPattern(pcre2: "^\(pcre2Class)|\(pcre2Class)\\z")
    } catch {
      preconditionFailure("the white-space pattern must translate: \(error)")
    }
  }()
}

/// Pretty-printed JSON with two-space indentation, keys in document order.
enum PrettyJSON {
  static func render(_ value: JSONValue, indent: String = "") -> String {
    switch value {
    case .array(let elements):
      guard !elements.isEmpty else { return "[]" }
      // Short arrays of scalars stay on one line: `"type": ["string", "null"]`.
      if elements.allSatisfy({ $0.arrayValue == nil && $0.objectValue == nil }) {
        return "[" + elements.map { render($0) }.joined(separator: ", ") + "]"
      }
      let inner = indent + "  "
      return "[\n" + elements.map { inner + render($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
    case .object(let object):
      guard !object.isEmpty else { return "{}" }
      let inner = indent + "  "
      let members = object.members.map { member in
        inner + scalar(.string(member.key)) + ": " + render(member.value, indent: inner)
      }
      return "{\n" + members.joined(separator: ",\n") + "\n" + indent + "}"
    default:
      return scalar(value)
    }
  }

  private static func scalar(_ value: JSONValue) -> String {
    var writer = JSONWriter()
    writer.value(value)
    return writer.string
  }
}
