import Foundation

/// Decodes one rules file's JSON object, recording each problem with its JSON path and
/// carrying on, so that `validate lint` can list them all.
struct FileDecoder {
  let file: String
  let directory: URL
  var problems: [RuleSetProblem] = []
  var locales: Set<String> = []
  /// The catalog files `messages` names (`"ko": "messages/ko.sample.json"`): language, the
  /// path as written, and where.
  var languageFiles: [(language: String, path: String, at: [JSONPathComponent])] = []
  /// The languages labels and messages may use: the registry's (`ja`, `en` and any the app
  /// added) and those this file adds from catalog files.
  var knownLocales: [String]

  let registry: RuleRegistry

  init(file: String, directory: URL, registry: RuleRegistry) {
    self.file = file
    self.directory = directory
    self.registry = registry
    self.knownLocales = registry.catalog.languages
  }

  mutating func problem(
    _ path: [JSONPathComponent], _ message: String, suggestion: String? = nil, key: String? = nil,
    values: [String: String] = [:], valueKeys: [String: String] = [:]
  ) {
    var problem = RuleSetProblem(file: file, path: path, message: message, suggestion: suggestion)
    problem.messageKey = key
    problem.messageValues = values
    problem.messageValueKeys = valueKeys
    problems.append(problem)
  }

  /// A problem said by a `cli.rules.*` line, in the tool's language.
  mutating func problem(_ path: [JSONPathComponent], _ line: ProblemLine, suggestion: String? = nil) {
    problems.append(RuleSetProblem(file: file, path: path, line, suggestion: suggestion))
  }

  /// Reports keys not in `allowed`; `what` is the `cli.rules.what.*` line naming the object
  /// (`field`), or `rule` the rule whose object it is.
  mutating func checkKeys(
    _ object: JSONObject, allowed: [String], at path: [JSONPathComponent], what: String = "", rule: String? = nil
  ) {
    for key in object.keys where !allowed.contains(key) {
      let line =
        rule.map { ProblemLine("cli.rules.unknownRuleKey", ["rule": $0, "key": key]) }
        ?? ProblemLine("cli.rules.unknownKey", ["key": key]).kind("what", "cli.rules.what.\(what)")
      problem(path + [.key(key)], line, suggestion: Suggestion.closest(to: key, in: allowed))
    }
  }

  mutating func decodeFile(_ object: JSONObject) -> RuleSetLoader.FileContent {
    var content = RuleSetLoader.FileContent()
    // A language a catalog file adds may label fields, wherever `messages` is in the file.
    for (language, value) in object["messages"]?.objectValue?.members ?? []
    where value.stringValue != nil && CatalogLanguage.isLanguageTag(language) && !knownLocales.contains(language) {
      knownLocales.append(language)
    }
    checkKeys(object, allowed: RuleSetLoader.topLevelKeys, at: [], what: "topLevel")
    if let version = object["version"] {
      if version.intValue == 1 {
        content.version = 1
      } else {
        problem([.key("version")], ProblemLine("cli.rules.unsupportedVersion").value("value", of: version))
      }
    }
    content.name = string(object["name"], at: [.key("name")])
    if let title = object["title"] { content.title = localizedText(title, at: [.key("title")]) }
    if let locale = object["defaultLocale"] {
      if let s = locale.stringValue, knownLocales.contains(s) {
        content.defaultLocale = s
      } else {
        problem(
          [.key("defaultLocale")],
          ProblemLine("cli.rules.expectedOneOf").choices(knownLocales).value("found", of: locale),
          suggestion: locale.stringValue.flatMap { Suggestion.closest(to: $0, in: knownLocales) })
      }
    }
    if let limits = object["limits"] {
      if let limitsObject = limits.objectValue {
        checkKeys(limitsObject, allowed: ["maxValueBytes"], at: [.key("limits")], what: "limits")
        if let max = limitsObject["maxValueBytes"] {
          if let n = max.intValue, n > 0 {
            content.limits = Limits(maxValueBytes: n)
          } else {
            problem(
              [.key("limits"), .key("maxValueBytes")], .expected("cli.rules.kind.positiveInteger", foundValue: max))
          }
        }
      } else {
        problem([.key("limits")], .expected("cli.rules.type.object", foundType: limits))
      }
    }
    if let fields = object["fields"] {
      if let fieldsObject = fields.objectValue {
        var names: Set<String> = []
        for (name, value) in fieldsObject.members {
          // Input keys are matched byte for byte; two names equal only under Unicode
          // normalization would be two fields to JSON and one to a Swift dictionary.
          if let index = names.firstIndex(of: name) {
            problem(
              [.key("fields"), .key(name)],
              ProblemLine("cli.rules.normalizationTwins", ["name": name, "other": names[index]]))
            continue
          }
          names.insert(name)
          if let field = decodeField(name: name, value, at: [.key("fields"), .key(name)]) {
            content.fields.append(field)
          }
        }
      } else {
        problem([.key("fields")], .expected("cli.rules.kind.objectOfFields", foundType: fields))
      }
    }
    if let messages = object["messages"] {
      content.messages = decodeMessages(messages, at: [.key("messages")])
    }
    if let tests = object["tests"] {
      if let array = tests.arrayValue {
        content.tests = decodeTests(array, at: [.key("tests")])
      } else {
        problem([.key("tests")], .expected("cli.rules.type.array", foundType: tests))
      }
    }
    content.locales = locales
    return content
  }

  func describe(_ value: JSONValue) -> String { value.valueDescription }

  mutating func string(_ value: JSONValue?, at path: [JSONPathComponent]) -> String? {
    guard let value else { return nil }
    guard let s = value.stringValue else {
      problem(path, .expected("cli.rules.type.string", foundType: value))
      return nil
    }
    return s
  }

  mutating func bool(_ value: JSONValue?, at path: [JSONPathComponent]) -> Bool? {
    guard let value else { return nil }
    guard let b = value.boolValue else {
      problem(path, .expected("cli.rules.kind.trueOrFalse", foundValue: value))
      return nil
    }
    return b
  }

  /// Refuses a `{placeholder}` no failure fills (`{mn}` for `{min}`): it would reach users as typed.
  mutating func checkPlaceholders(_ text: String, at path: [JSONPathComponent]) {
    for name in MessageCatalog.placeholderNames(in: text) where !MessageCatalog.placeholders.contains(name) {
      problem(
        path, ProblemLine("cli.rules.unknownPlaceholder", ["placeholder": "{\(name)}"]),
        suggestion: Suggestion.closest(to: name, in: MessageCatalog.placeholders.sorted()).map { "{\($0)}" })
    }
  }

  /// A per-language text: `{"ja": "…", "en": "…"}`, or one string for every language.
  mutating func localizedText(_ value: JSONValue, at path: [JSONPathComponent]) -> LocalizedText? {
    if let s = value.stringValue {
      return LocalizedText(Dictionary(uniqueKeysWithValues: knownLocales.map { ($0, s) }))
    }
    guard let object = value.objectValue else {
      problem(path, .expected("cli.rules.kind.stringOrLanguages", foundType: value))
      return nil
    }
    var texts: [String: String] = [:]
    for (locale, text) in object.members {
      guard knownLocales.contains(locale) else {
        problem(
          path + [.key(locale)], ProblemLine("cli.rules.unknownLocale", ["locale": locale]),
          suggestion: Suggestion.closest(to: locale, in: knownLocales))
        continue
      }
      if let s = string(text, at: path + [.key(locale)]) {
        texts[locale] = s
        locales.insert(locale)
      }
    }
    return LocalizedText(texts)
  }

  mutating func decodeField(name: String, _ value: JSONValue, at path: [JSONPathComponent])
    -> RuleSetLoader.PartialField?
  {
    guard let object = value.objectValue else {
      problem(path, .expected("cli.rules.kind.fieldObject", foundType: value))
      return nil
    }
    if name.isEmpty { problem(path, ProblemLine("cli.rules.emptyFieldName")) }
    checkKeys(object, allowed: RuleSetLoader.fieldKeys, at: path, what: "field")
    var field = RuleSetLoader.PartialField(name: name, file: file, path: path)
    if let label = object["label"] { field.label = localizedText(label, at: path + [.key("label")]) }
    field.trim = bool(object["trim"], at: path + [.key("trim")])
    field.sensitive = bool(object["sensitive"], at: path + [.key("sensitive")])
    field.bail = bool(object["bail"], at: path + [.key("bail")])
    if let normalize = object["normalize"] {
      if let s = normalize.stringValue, let n = Normalization(rawValue: s) {
        field.normalize = n
      } else {
        problem(
          path + [.key("normalize")],
          ProblemLine("cli.rules.expectedChoice").choices(Normalization.allCases.map(\.rawValue), lastJoiner: " or ")
            .value("found", of: normalize),
          suggestion: normalize.stringValue.flatMap {
            Suggestion.closest(to: $0, in: Normalization.allCases.map(\.rawValue))
          })
      }
    }
    if let rules = object["rules"] {
      field.rules = decodeRuleList(rules, at: path + [.key("rules")])
    }
    return field
  }

  mutating func decodeRuleList(_ value: JSONValue, at path: [JSONPathComponent]) -> [RuleNode] {
    guard let array = value.arrayValue else {
      problem(path, .expected("cli.rules.kind.arrayOfRules", foundType: value))
      return []
    }
    guard array.count <= RuleSetLoader.maxRulesPerList else {
      problem(
        path,
        ProblemLine("cli.rules.tooManyRules", ["count": "\(array.count)", "max": "\(RuleSetLoader.maxRulesPerList)"]))
      return []
    }
    return array.enumerated().compactMap { index, element in decodeRule(element, at: path + [.index(index)]) }
  }

  mutating func decodeRule(_ value: JSONValue, at path: [JSONPathComponent]) -> RuleNode? {
    guard let object = value.objectValue else {
      problem(
        path, ProblemLine("cli.rules.expectedRuleObject", ["example": #"{"required": true}"#]).type("found", of: value))
      return nil
    }
    let ruleKeys = object.keys.filter {
      registry.type(named: $0) != nil || RuleSetLoader.compositeNames.contains($0)
    }
    guard ruleKeys.count == 1, let name = ruleKeys.first else {
      if ruleKeys.isEmpty {
        let unknown = object.keys.filter { !RuleSetLoader.modifierKeys.contains($0) }
        if let key = unknown.first, RuleRegistry.passwordRuleNames.contains(key) {
          // Not a typo: the rule is real but lives in FormRulesPassword, which this registry lacks.
          problem(path + [.key(key)], ProblemLine("cli.rules.passwordRule", ["name": key]))
        } else if let key = unknown.first {
          problem(
            path + [.key(key)], "unknown rule \"\(key)\"",
            suggestion: Suggestion.closest(to: key, in: registry.names), key: "cli.rules.unknownRule",
            values: ["name": key])
        } else {
          problem(path, ProblemLine("cli.rules.noRuleKey"))
        }
      } else {
        problem(
          path,
          ProblemLine(
            "cli.rules.severalRuleKeys",
            [
              "keys": ruleKeys.map { "\"\($0)\"" }.joined(separator: ", "),
              "keyList": ruleKeys.map { "「\($0)」" }.joined(separator: "、"),
            ]))
      }
      return nil
    }
    let ruleType = registry.type(named: name)
    let allowed = [name] + RuleSetLoader.modifierKeys + (ruleType?.options ?? [])
    checkKeys(object, allowed: allowed, at: path, rule: name)

    var severity = Severity.error
    if let s = object["severity"] {
      if let text = s.stringValue, let parsed = Severity(rawValue: text) {
        severity = parsed
      } else {
        problem(
          path + [.key("severity")],
          ProblemLine("cli.rules.expectedChoice").choices(["error", "warning"], lastJoiner: " or ").value(
            "found", of: s))
      }
    }
    var message: LocalizedText?
    if let m = object["message"] {
      message = localizedText(m, at: path + [.key("message")])
      if let text = m.stringValue {
        checkPlaceholders(text, at: path + [.key("message")])
      } else if let languages = m.objectValue {
        for (locale, text) in languages.members {
          if let text = text.stringValue { checkPlaceholders(text, at: path + [.key("message"), .key(locale)]) }
        }
      }
    }
    var requirement: LocalizedText?
    if let r = object["requirement"] {
      requirement = localizedText(r, at: path + [.key("requirement")])
      if let text = r.stringValue {
        checkPlaceholders(text, at: path + [.key("requirement")])
      } else if let languages = r.objectValue {
        for (locale, text) in languages.members {
          if let text = text.stringValue { checkPlaceholders(text, at: path + [.key("requirement"), .key(locale)]) }
        }
      }
    }
    var condition: Condition?
    if let w = object["when"] { condition = decodeCondition(w, at: path + [.key("when")]) }

    let kind: RuleNode.Kind
    if let ruleType {
      do {
        kind = .rule(try ruleType.init(from: RuleDecoder(value: object[name] ?? .null, object: object, ruleName: name)))
      } catch {
        problem(
          path + error.subpath, error.message, suggestion: error.suggestion, key: error.messageKey,
          values: error.messageValues, valueKeys: error.messageValueKeys)
        return nil
      }
    } else {
      let inner = object[name] ?? .null
      let innerPath = path + [.key(name)]
      // `not` also takes a single rule object.
      let list =
        name == "not" && inner.objectValue != nil
        ? [decodeRule(inner, at: innerPath)].compactMap { $0 } : decodeRuleList(inner, at: innerPath)
      if list.isEmpty, inner.arrayValue?.isEmpty == true { problem(innerPath, ProblemLine("cli.rules.noRules")) }
      switch name {
      case "allOf": kind = .allOf(list)
      case "anyOf": kind = .anyOf(list)
      default: kind = .not(list)
      }
    }
    var node = RuleNode(
      kind: kind, severity: severity, message: message, condition: condition, file: file, path: path,
      directory: directory)
    node.requirement = requirement
    return node
  }

  mutating func decodeCondition(_ value: JSONValue, at path: [JSONPathComponent]) -> Condition? {
    guard let object = value.objectValue else {
      problem(
        path,
        ProblemLine(
          "cli.rules.when.expected",
          ["equals": #"{"field": …, "equals": …}"#, "notEmpty": #"{"field": …, "notEmpty": true}"#]))
      return nil
    }
    checkKeys(object, allowed: ["field", "equals", "notEmpty"], at: path, what: "when")
    guard let field = string(object["field"], at: path + [.key("field")]) else {
      if object["field"] == nil { problem(path, ProblemLine("cli.rules.when.noField")) }
      return nil
    }
    let equals = string(object["equals"], at: path + [.key("equals")])
    let notEmpty = bool(object["notEmpty"], at: path + [.key("notEmpty")])
    if equals == nil, notEmpty == nil { problem(path, ProblemLine("cli.rules.when.noTest")) }
    return Condition(field: field, equals: equals, notEmpty: notEmpty)
  }

  mutating func decodeMessages(_ value: JSONValue, at path: [JSONPathComponent]) -> [String: [String: MessageTemplate]]
  {
    guard let object = value.objectValue else {
      problem(path, .expected("cli.rules.kind.objectOfLanguages", foundType: value))
      return [:]
    }
    var result: [String: [String: MessageTemplate]] = [:]
    for (locale, table) in object.members {
      let localePath = path + [.key(locale)]
      if let catalogFile = table.stringValue {
        // A language from a catalog file: the loader reads and checks it.
        if RuleSet.supportedLocales.contains(locale) || !CatalogLanguage.isLanguageTag(locale) {
          problem(localePath, ProblemLine("cli.rules.catalog.language", ["language": locale]))
        } else {
          languageFiles.append((locale, catalogFile, localePath))
        }
        continue
      }
      guard knownLocales.contains(locale) else {
        problem(
          localePath, ProblemLine("cli.rules.unknownLocale", ["locale": locale]),
          suggestion: Suggestion.closest(to: locale, in: knownLocales))
        continue
      }
      guard let tableObject = table.objectValue else {
        problem(localePath, .expected("cli.rules.kind.objectOfCodes", foundType: table))
        continue
      }
      locales.insert(locale)
      var templates: [String: MessageTemplate] = [:]
      for (code, entry) in tableObject.members {
        if let s = entry.stringValue {
          checkPlaceholders(s, at: localePath + [.key(code)])
          templates[code] = MessageTemplate(labeled: s, inline: s)
        } else if let o = entry.objectValue {
          checkKeys(o, allowed: ["labeled", "inline"], at: localePath + [.key(code)], what: "message")
          let labeled = string(o["labeled"], at: localePath + [.key(code), .key("labeled")])
          let inline = string(o["inline"], at: localePath + [.key(code), .key("inline")])
          if let labeled { checkPlaceholders(labeled, at: localePath + [.key(code), .key("labeled")]) }
          if let inline { checkPlaceholders(inline, at: localePath + [.key(code), .key("inline")]) }
          if let text = labeled ?? inline {
            templates[code] = MessageTemplate(labeled: labeled ?? text, inline: inline ?? text)
          } else {
            problem(localePath + [.key(code)], ProblemLine("cli.rules.message.noText"))
          }
        } else {
          problem(
            localePath + [.key(code)],
            ProblemLine("cli.rules.expectedMessage", ["example": #"{"labeled", "inline"}"#]).type("found", of: entry))
        }
      }
      result[locale] = templates
    }
    return result
  }

  /// `{"field": ["code", …]}`
  mutating func codeTable(_ value: JSONValue, at path: [JSONPathComponent]) -> [String: [String]]? {
    guard let object = value.objectValue else {
      problem(path, .expected("cli.rules.kind.codeTable", foundType: value))
      return nil
    }
    var table: [String: [String]] = [:]
    for (field, codes) in object.members {
      guard let list = codes.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
        problem(
          path + [.key(field)], ProblemLine("cli.rules.expectedOnly").kind("expected", "cli.rules.kind.arrayOfCodes"))
        continue
      }
      table[field] = list.compactMap(\.stringValue)
    }
    return table
  }

  mutating func decodeTests(_ array: [JSONValue], at path: [JSONPathComponent]) -> [PolicyTest] {
    var tests: [PolicyTest] = []
    for (index, element) in array.enumerated() {
      let testPath = path + [.index(index)]
      guard let object = element.objectValue else {
        problem(testPath, .expected("cli.rules.kind.testObject", foundType: element))
        continue
      }
      checkKeys(
        object, allowed: ["name", "input", "valid", "errors", "warnings", "checks", "description"], at: testPath,
        what: "test")
      let name = string(object["name"], at: testPath + [.key("name")]) ?? "test \(index + 1)"
      if object["name"] == nil { problem(testPath, ProblemLine("cli.rules.test.noName")) }
      var input: [String: String?] = [:]
      if let inputObject = object["input"]?.objectValue {
        for (key, value) in inputObject.members {
          switch value {
          case .string(let s): input[key] = s
          case .null: input[key] = .some(nil)
          default:
            problem(testPath + [.key("input"), .key(key)], .expected("cli.rules.kind.stringOrNull", foundType: value))
          }
        }
      } else {
        problem(testPath + [.key("input")], ProblemLine("cli.rules.test.noInput"))
      }
      // `"checks": {"emailAvailable": false}`: this case's answers for its named checks.
      var checks: [String: Bool]?
      if let value = object["checks"] {
        if let members = value.objectValue?.members {
          var table: [String: Bool] = [:]
          for (name, answer) in members {
            if let b = bool(answer, at: testPath + [.key("checks"), .key(name)]) { table[name] = b }
          }
          checks = table
        } else {
          problem(testPath + [.key("checks")], .expected("cli.rules.kind.checkStubs", foundType: value))
        }
      }
      let expectation: PolicyTest.Expectation
      var warnings: [String: [String]]?
      if let w = object["warnings"] {
        warnings = codeTable(w, at: testPath + [.key("warnings")])
      }
      switch (object["valid"], object["errors"]) {
      case (let valid?, nil):
        guard let b = bool(valid, at: testPath + [.key("valid")]) else { continue }
        expectation = .valid(b)
      case (nil, let errors?):
        guard let expected = codeTable(errors, at: testPath + [.key("errors")]) else { continue }
        expectation = .errors(expected)
      case (.some, .some):
        problem(testPath, ProblemLine("cli.rules.test.both"))
        continue
      case (nil, nil):
        problem(
          testPath,
          ProblemLine(
            "cli.rules.test.noExpectation",
            ["valid": #""valid": true/false"#, "errors": #""errors": {field: [codes]}"#]))
        continue
      }
      tests.append(
        PolicyTest(
          name: name, input: input, expectation: expectation, warnings: warnings, checks: checks, file: file,
          path: testPath))
    }
    return tests
  }
}
