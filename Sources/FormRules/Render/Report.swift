/// The outcome of validating one set of field values.
public struct Report: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// Every field's result, in rules-file order.
  public let fields: FieldReports
  /// Failures that belong to the whole form, such as `input.malformed`.
  public let formErrors: [Failure]
  let policy: Policy
  /// Named checks (`{"check": NAME}`) that were due but not run: no check or stub of that
  /// name was given (see ``Policy/validate(_:checks:timeout:)-([String:String],_,_)``).
  public internal(set) var checksNotRun: [CheckNotRun] = []

  init(fields: FieldReports, formErrors: [Failure], policy: Policy) {
    self.fields = fields
    self.formErrors = formErrors
    self.policy = policy
  }

  /// True when no field and no form-level failure has error severity.
  public var isValid: Bool {
    !formErrors.contains { $0.severity == .error } && fields.allSatisfy(\.isValid)
  }

  /// `Report(valid: false, email: "taro@example.jp" [], password: <redacted> ["minLength"])`:
  /// sensitive values are never shown, and neither is the policy (whose examples hold passwords).
  public var description: String {
    var parts = ["valid: \(isValid)"]
    if !formErrors.isEmpty { parts.append("errors: \(formErrors.map(\.code))") }
    parts += fields.map(\.description)
    return "Report(\(parts.joined(separator: ", ")))"
  }

  public var debugDescription: String { description }

  public var customMirror: Mirror {
    Mirror(
      self, children: ["valid": isValid, "formErrors": formErrors, "fields": Array(fields)], displayStyle: .struct)
  }

  /// Every message, rendered for `locale` (negotiated: `ja-JP` → `ja`).
  public func messages(locale: String) -> RenderedMessages {
    let language = policy.negotiateLocale([locale])
    return RenderedMessages(
      form: formErrors.map { policy.catalog.render($0, label: nil, locale: language, style: .labeled) },
      fields: fields.map { field in
        (field.name, field.failures.map { policy.cachedMessage(for: $0, field: field.name, language: language) })
      })
  }

  /// The report as the JSON the CLI prints: `{"valid", "fields": {name: {"valid", "value", "errors"}}}`.
  public func json(locale: String) -> String {
    var output = ByteBuffer(capacity: 1024)
    write(to: &output, locale: locale)
    return String(decoding: output.bytes, as: UTF8.self)
  }

  /// Appends the report's JSON to `writer`, for streaming many reports.
  package func write(to writer: inout JSONWriter, locale: String) {
    var output = ByteBuffer(capacity: 1024)
    write(to: &output, locale: locale)
    writer.bytes.append(contentsOf: output.bytes)
  }

  /// Writes one failure object, memoised in the policy when the plan made the failure. Bulk
  /// validation memoises the bytes again per validator (`FailureRenderCache`).
  static func write(_ failure: Failure, field: String?, policy: Policy, language: String, to writer: inout JSONWriter) {
    guard let origin = failure.origin, let field else {
      render(failure, field: field, policy: policy, language: language, to: &writer)
      return
    }
    policy.rendered.write(.init(origin: origin, language: language, form: .reportObject), to: &writer) {
      render(failure, field: field, policy: policy, language: language, to: &$0)
    }
  }

  private static func render(
    _ failure: Failure, field: String?, policy: Policy, language: String, to writer: inout JSONWriter
  ) {
    writer.raw("{\"code\":")
    writer.string(failure.code)
    writer.raw(",\"severity\":")
    writer.string(failure.severity.rawValue)
    writer.raw(",\"params\":{")
    writeParams(failure.params, to: &writer)
    writer.raw("},\"message\":")
    if let field {
      writer.string(policy.message(for: failure, field: field, language: language))
    } else {
      writer.string(policy.catalog.render(failure, label: nil, locale: language, style: .labeled))
    }
    // `strength`'s suggestions, rendered beside their codes so a client needs no catalog.
    if case .strings(let codes) = failure.params["suggestions"], !codes.isEmpty {
      writer.raw(",\"suggestionMessages\":[")
      for (i, sentence) in policy.catalog.suggestions(for: failure, locale: language).enumerated() {
        if i > 0 { writer.raw(",") }
        writer.string(sentence)
      }
      writer.raw("]")
    }
    writer.raw("}")
  }

  /// The members of a failure's `params` object, without the braces.
  static func writeParams(_ params: Parameters, to writer: inout JSONWriter) {
    for (j, param) in params.entries.enumerated() {
      if j > 0 { writer.raw(",") }
      writer.key(param.name)
      param.value.write(to: &writer)
    }
  }
}

/// The per-field results of a report, in rules-file order, looked up by name.
public struct FieldReports: Sendable, RandomAccessCollection {
  let reports: [FieldReport]

  init(_ reports: [FieldReport]) {
    self.reports = reports
  }

  public var startIndex: Int { reports.startIndex }
  public var endIndex: Int { reports.endIndex }
  public subscript(position: Int) -> FieldReport { reports[position] }

  /// The report of the named field, if the policy has it.
  public subscript(name: String) -> FieldReport? {
    reports.first { $0.name == name }
  }
}

/// The result of one field.
public struct FieldReport: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The field's name.
  public let name: String
  /// The value after the field's transforms; always `nil` for sensitive fields.
  public let value: String?
  /// Every failure of the field, errors and warnings, in rule order.
  public let failures: [Failure]
  /// Whether the field is sensitive: its value is never shown.
  public let isSensitive: Bool

  /// True when no failure has error severity (warnings do not count).
  public var isValid: Bool { !failures.contains { $0.severity == .error } }
  /// The failures that make the field invalid.
  public var errors: [Failure] { failures.filter { $0.severity == .error } }
  /// The failures reported as advice only.
  public var warnings: [Failure] { failures.filter { $0.severity == .warning } }

  public var description: String {
    let shown = isSensitive ? "<redacted>" : value.map { "\"\($0)\"" } ?? "nil"
    return "\(name): \(shown) \(failures.map(\.code))"
  }

  public var debugDescription: String { description }
}

/// Rendered messages of a report, JSON-encodable: `{"form": […], "fields": {name: […]}}`.
public struct RenderedMessages: Sendable, Encodable, Equatable {
  /// The form-level messages (``Report/formErrors``).
  public let form: [String]
  /// Each field's messages, in rules-file order.
  public let fields: [(name: String, messages: [String])]

  /// A field's messages; `nil` for a field the report does not have.
  public subscript(field: String) -> [String]? {
    fields.first { $0.name == field }?.messages
  }

  public static func == (lhs: RenderedMessages, rhs: RenderedMessages) -> Bool {
    lhs.form == rhs.form && lhs.fields.map(\.name) == rhs.fields.map(\.name)
      && lhs.fields.map(\.messages) == rhs.fields.map(\.messages)
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(form, forKey: Key(stringValue: "form"))
    var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "fields"))
    for (name, messages) in fields { try nested.encode(messages, forKey: Key(stringValue: name)) }
  }
}

extension Policy {
  /// Renders one failure of a field with its label, in `locale` (negotiated: `en-US` → `en`).
  public func message(for failure: Failure, field: String, locale: String, style: MessageStyle = .labeled)
    -> String
  {
    message(for: failure, field: field, language: negotiateLocale([locale]), style: style)
  }

  /// The labeled message of a failure of `field`, memoised when the plan made the failure.
  func cachedMessage(for failure: Failure, field: String, language: String) -> String {
    guard let origin = failure.origin else { return message(for: failure, field: field, language: language) }
    return rendered.text(.init(origin: origin, language: language, form: .message)) {
      message(for: failure, field: field, language: language)
    }
  }

  /// `message(for:field:locale:style:)` for a language already negotiated.
  func message(for failure: Failure, field: String, language: String, style: MessageStyle = .labeled) -> String {
    catalog.render(failure, label: label(of: field, language: language), locale: language, style: style) { name in
      self.field(name) == nil ? nil : self.label(of: name, language: language)
    }
  }

  /// The field's label in `locale` (negotiated: `en-US` → `en`), falling back to the rules
  /// file's default language, then to another language, then to the field's name.
  public func label(of field: String, locale: String) -> String {
    label(of: field, language: negotiateLocale([locale]))
  }

  func label(of field: String, language: String) -> String {
    guard let spec = self.field(field) else { return field }
    return spec.label[language] ?? catalog.fileLabels[language]?[field] ?? spec.label[ruleSet.defaultLocale]
      ?? spec.label.texts.values.sorted().first ?? field
  }
}
