import Foundation

/// A report as an RFC 9457 problem document (`application/problem+json`), so a server
/// can answer an invalid form with it as it is.
///
/// ```swift
/// let report = policy.validate(jsonRecord: body)
/// switch report.response(locale: "ja") {
/// case .valid:
///   return Response(status: 201)
/// case .problem(let problem):
///   // status 422 (or 400 for a malformed body), Content-Type: application/problem+json
///   return Response(status: problem.status, contentType: ProblemDetails.mediaType, body: problem.bytes)
/// }
/// ```
///
/// The document carries the standard members `type`, `title`, `status` and `detail`, and
/// two extensions: `language` (the language of every text in it) and `errors`, one entry
/// per error-severity failure:
///
/// ```json
/// {"type": "about:blank", "title": "Unprocessable Content", "status": 422,
///  "detail": "Please check the following fields: Password.", "language": "en",
///  "errors": [{"detail": "Password must be at least 8 characters.", "pointer": "/password",
///              "code": "minLength", "params": {"min": 8, "actual": 5, "unit": "characters"}}]}
/// ```
///
/// `pointer` is a JSON Pointer (RFC 6901) into the submitted document; a form-level
/// failure points at the whole document (`""`), except a value of the wrong type
/// (`input.malformed` with reason `notString`), which points at its field (`/password`). Field values never appear, so a sensitive
/// field is as safe here as in every other output. Warnings are left out: they do not make
/// the input invalid.
public struct ProblemDetails: Sendable, Equatable {
  /// The media type to send the document with.
  public static let mediaType = "application/problem+json"

  /// The HTTP status: 422 Unprocessable Content when values break the rules, 400 Bad Request
  /// when the body could not be read as a form (``ReportOutcome/malformed``).
  public let status: Int
  /// The language of `title`, `detail` and every message, for `Content-Language`.
  public let language: String
  /// The document as UTF-8 bytes.
  public let bytes: [UInt8]
  /// The named checks that were due and did not run (also in the document as
  /// `checksNotRun`); each fails its field with `check.unavailable`.
  public internal(set) var checksNotRun: [CheckNotRun] = []

  /// The document as a string.
  public var json: String { String(decoding: bytes, as: UTF8.self) }
}

/// What a server answers for a report: nothing to complain about, or a problem document.
///
/// ```swift
/// switch report.response(locale: language) {
/// case .valid: return save(values)
/// case .problem(let problem): return (problem.status, problem.bytes)  // 422 or 400
/// }
/// ```
public enum ReportResponse: Sendable, Equatable {
  /// Every field passed (warnings aside): answer 200 or 201 with the app's own body.
  case valid
  /// The input is invalid (status 422) or malformed (status 400): send the document with
  /// ``ProblemDetails/mediaType``.
  case problem(ProblemDetails)
}

extension Report {
  /// What to answer for the report: ``ReportResponse/valid``, or an RFC 9457 problem document
  /// with status 422 (values break the rules) or 400 (the body was malformed, see
  /// ``outcome``).
  ///
  /// - Parameters:
  ///   - locale: the language of the texts (negotiated: `ja-JP` → `ja`).
  ///   - type: a URI naming the problem type; with the default `about:blank` the title is
  ///     the status phrase.
  ///   - instance: a URI naming this occurrence, if the server has one.
  /// - Returns: `.valid`, or `.problem` with the document.
  public func response(locale: String, type: String = "about:blank", instance: String? = nil) -> ReportResponse {
    problemDetails(locale: locale, type: type, instance: instance).map(ReportResponse.problem) ?? .valid
  }

  /// ``response(locale:type:instance:)-(String,_,_)`` in a Foundation `Locale` (negotiated: `en_US` → `en`).
  ///
  /// - Parameters:
  ///   - locale: the language of the texts.
  ///   - type: a URI naming the problem type.
  ///   - instance: a URI naming this occurrence, if the server has one.
  /// - Returns: `.valid`, or `.problem` with the document.
  public func response(locale: Locale, type: String = "about:blank", instance: String? = nil) -> ReportResponse {
    response(locale: locale.identifier, type: type, instance: instance)
  }

  /// The problem document, or `nil` when the input is valid: the engine of
  /// ``response(locale:type:instance:)-(String,_,_)``, which names the two cases.
  func problemDetails(locale: String, type: String = "about:blank", instance: String? = nil)
    -> ProblemDetails?
  {
    guard !isValid else { return nil }
    let status = outcome == .malformed ? 400 : 422
    let language = policy.negotiateLocale([locale])
    let catalog = policy.catalog
    // The title and the detail depend only on the language and which fields are invalid.
    var invalidSet = 0
    for (i, field) in fields.enumerated() where !field.isValid && i < Int.bitWidth - 1 { invalidSet |= 1 << i }
    let detail = policy.rendered.text(
      .init(
        origin: FailureOrigin(slot: -1, variant: fields.count < Int.bitWidth ? invalidSet : -1), language: language,
        form: .problemDetail)
    ) {
      let invalidFields = fields.filter { !$0.isValid }
      return invalidFields.isEmpty
        ? catalog.render(code: "problem.detail.form", locale: language)
        : catalog.render(
          code: "problem.detail",
          params: ["fields": .strings(invalidFields.map { policy.label(of: $0.name, language: language) })],
          locale: language)
    }
    let titleKey = RenderedFailures.Key(
      origin: FailureOrigin(slot: -2, variant: 0), language: language, form: .problemDetail)
    let title = policy.rendered.text(titleKey) { catalog.render(code: "problem.title", locale: language) }

    var writer = JSONWriter()
    writer.raw("{\"type\":")
    writer.string(type)
    writer.raw(",\"title\":")
    writer.string(status == 400 ? Self.badRequestTitle(catalog, language) : title)
    writer.raw(",\"status\":")
    writer.int(status)
    writer.raw(",\"detail\":")
    writer.string(detail)
    if let instance {
      writer.raw(",\"instance\":")
      writer.string(instance)
    }
    writer.raw(",\"language\":")
    writer.string(language)
    writer.raw(",\"errors\":[")
    var first = true
    func entry(_ failure: Failure, pointer: String, message: String, to writer: inout JSONWriter) {
      writer.raw("{\"detail\":")
      writer.string(message)
      writer.raw(",\"pointer\":")
      writer.string(pointer)
      writer.raw(",\"code\":")
      writer.string(failure.code)
      writer.raw(",\"params\":{")
      for (i, param) in failure.params.entries.enumerated() {
        if i > 0 { writer.raw(",") }
        writer.key(param.name)
        param.value.write(to: &writer)
      }
      writer.raw("}")
      // `strength`'s suggestions as sentences, as the report gives them (messages review M2).
      if case .strings(let codes) = failure.params["suggestions"], !codes.isEmpty {
        writer.raw(",\"suggestionMessages\":[")
        for (i, sentence) in catalog.suggestions(for: failure, locale: language).enumerated() {
          if i > 0 { writer.raw(",") }
          writer.string(sentence)
        }
        writer.raw("]")
      }
      writer.raw("}")
    }
    for failure in formErrors where failure.severity == .error {
      // A value of the wrong type is the field's problem: point at it (`/password`).
      var pointer = ""
      if failure.code == "input.malformed", case .string(let field)? = failure.params["field"] {
        pointer = "/" + Self.pointerToken(field)
      }
      if !first { writer.raw(",") }
      first = false
      entry(
        failure, pointer: pointer, message: catalog.render(failure, label: nil, locale: language, style: .labeled),
        to: &writer)
    }
    for field in fields {
      for failure in field.failures where failure.severity == .error {
        if !first { writer.raw(",") }
        first = false
        func render(to writer: inout JSONWriter) {
          entry(
            failure, pointer: "/" + Self.pointerToken(field.name),
            message: policy.message(for: failure, field: field.name, language: language), to: &writer)
        }
        // A failure the plan made is the same entry every time (its node fixes the field).
        if let origin = failure.origin {
          policy.rendered.write(.init(origin: origin, language: language, form: .problemEntry), to: &writer) {
            render(to: &$0)
          }
        } else {
          render(to: &writer)
        }
      }
    }
    writer.raw("]")
    if !checksNotRun.isEmpty {
      writer.raw(",")
      Self.writeChecksNotRun(checksNotRun, to: &writer)
    }
    writer.raw("}")
    var document = ProblemDetails(status: status, language: language, bytes: writer.bytes)
    document.checksNotRun = checksNotRun
    return document
  }

  /// The title of a 400 document: the rules file's `problem.title.malformed` if it has one,
  /// else the status phrase (`Bad Request`), as RFC 9457 asks of `about:blank`.
  static func badRequestTitle(_ catalog: MessageCatalog, _ language: String) -> String {
    if let template = catalog.template(for: ["problem.title.malformed"], language: language) {
      return template.labeled
    }
    return language == "ja" ? "リクエストの形式が正しくありません。" : "Bad Request"
  }

  /// Escapes a member name for a JSON Pointer: `~` → `~0`, `/` → `~1`.
  package static func pointerToken(_ name: String) -> String {
    // Bytes, not `String.contains`: Foundation's string search cost more than the rest of the document.
    guard name.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return name }
    var token = ""
    for character in name {
      switch character {
      case "~": token += "~0"
      case "/": token += "~1"
      default: token.append(character)
      }
    }
    return token
  }
}
