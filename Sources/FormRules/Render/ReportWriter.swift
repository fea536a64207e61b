/// What the one report writer reads: a report's verdicts, values and failures, by field
/// position in the plan. A ``Report`` value is one such content; a record in flight in
/// bulk validation (the plan's scratch memory, never made into a `Report`) is the other.
@usableFromInline
package protocol ReportContent: ~Copyable {
  /// No field and no form-level failure has error severity.
  var isValid: Bool { get }
  var hasFormErrors: Bool { get }
  /// Appends the form-level failure objects, separated by commas.
  mutating func writeFormErrors(to output: inout ByteBuffer)
  /// The plan's field count, or 0 for a report of form-level failures only.
  var fieldCount: Int { get }
  func isValid(field i: Int) -> Bool
  /// Calls `body` with field `i`'s value after its transforms (`nil`: absent, `null` or over
  /// the size limit) and whether the bytes are known to need no escaping.
  func withValue<R>(field i: Int, _ body: (ByteView?, _ needsNoEscaping: Bool) -> R) -> R
  /// Appends field `i`'s failure objects, separated by commas.
  mutating func writeFailures(field i: Int, to output: inout ByteBuffer)
}

/// The one writer of a report's JSON: `validate` on one document, `Report.json(locale:)`,
/// the server and every line of `validate --jsonl` get their report bytes here.
///
/// `{"valid":…,["errors":[…],]"fields":{"email":{"valid":…,"value":…,"errors":[…]},…}}`,
/// fields in rules-file order; a sensitive field has no `"value"`. Failure objects come from
/// ``Report/write(_:field:policy:language:to:)``, memoised by the caller.
@usableFromInline
package enum ReportWriter {
  /// Inlinable, so that each caller gets it specialized for its content: bulk's record in
  /// flight is a type of FormRulesBulk, and unspecialized every field cost a witness-table
  /// call and a closure context (+42M instructions per 100k records against `f075ce3`).
  @inlinable @inline(__always)
  package static func write<Content: ReportContent & ~Copyable>(
    _ content: inout Content, plan: Plan, to output: inout ByteBuffer
  ) {
    let valid = content.isValid
    if content.hasFormErrors {
      output.append(valid ? "{\"valid\":true,\"errors\":[" : "{\"valid\":false,\"errors\":[")
      content.writeFormErrors(to: &output)
      output.append("],\"fields\":{")
    } else {
      output.append(valid ? "{\"valid\":true,\"fields\":{" : "{\"valid\":false,\"fields\":{")
    }
    for i in 0..<content.fieldCount {
      if i > 0 { output.append(UInt8(ascii: ",")) }
      output.append(plan.heads.head(field: i, valid: content.isValid(field: i)))
      if !plan.fields[i].sensitive {
        content.withValue(field: i) { value, needsNoEscaping in
          if let value {
            if needsNoEscaping { output.appendQuoted(value) } else { output.appendJSONString(value) }
          } else {
            output.append("null")
          }
        }
        output.append(",\"errors\":[")
      }
      content.writeFailures(field: i, to: &output)
      output.append("]}")
    }
    output.append("}}")
  }
}

/// What ``ReportWriter`` writes before each field's value (before its failures, for a
/// sensitive field), per field and validity — `"email":{"valid":true,"value":` — rendered
/// once when the plan is built. It owns its memory (`~Copyable`) and frees it with its plan.
@usableFromInline
struct ReportHeads: ~Copyable {
  let bytes: FixedArray<UInt8>
  /// Head `2 * field + (valid ? 1 : 0)`, a view of `bytes`, which never move.
  @usableFromInline let heads: FixedArray<ByteView>

  init(names: [String], sensitive: [Bool]) {
    var all: [UInt8] = []
    var offsets = [0]
    for (i, name) in names.enumerated() {
      for valid in [false, true] {
        var head = JSONWriter()
        head.key(name)
        head.raw("{\"valid\":")
        head.bool(valid)
        if sensitive[i] { head.raw(",\"errors\":[") } else { head.raw(",\"value\":") }
        all += head.bytes
        offsets.append(all.count)
      }
    }
    bytes = FixedArray(all)
    heads = FixedArray(repeating: .empty, count: offsets.count - 1)
    for k in 0..<heads.count { heads[k] = bytes.view(offsets[k]..<offsets[k + 1]) }
  }

  @inlinable
  func head(field i: Int, valid: Bool) -> ByteView {
    heads[2 * i + (valid ? 1 : 0)]
  }
}

extension Report {
  /// Appends the report's JSON, with the one ``ReportWriter``.
  package func write(to output: inout ByteBuffer, locale: String) {
    var content = Content(report: self, language: policy.negotiateLocale([locale]))
    ReportWriter.write(&content, plan: policy.plan, to: &output)
    guard !checksNotRun.isEmpty else { return }
    // `"checksNotRun":[{"field","check","reason"}]` before the closing brace: which checks did not run.
    output.truncate(to: output.count - 1)
    var writer = JSONWriter()
    writer.raw(",")
    Self.writeChecksNotRun(checksNotRun, to: &writer)
    writer.raw("}")
    output.append(writer.bytes)
  }

  /// `"checksNotRun":[{"field":…,"check":…,"reason":…},…]`, for the report and the problem document.
  package static func writeChecksNotRun(_ checks: [CheckNotRun], to writer: inout JSONWriter) {
    writer.raw("\"checksNotRun\":[")
    for (i, check) in checks.enumerated() {
      if i > 0 { writer.raw(",") }
      writer.raw("{\"field\":")
      writer.string(check.field)
      writer.raw(",\"check\":")
      writer.string(check.check)
      writer.raw(",\"reason\":")
      writer.string(check.reason.rawValue)
      writer.raw("}")
    }
    writer.raw("]")
  }

  /// A ``Report`` as ``ReportWriter`` reads it. Its fields are the plan's, in order (every
  /// report is made by its policy), or none.
  private struct Content: ReportContent {
    let report: Report
    let language: String
    /// One failure object at a time, rendered (or found memoised) by `Report.write`.
    var scratch = JSONWriter()

    var isValid: Bool { report.isValid }
    var hasFormErrors: Bool { !report.formErrors.isEmpty }
    var fieldCount: Int { report.fields.count }

    func isValid(field i: Int) -> Bool { report.fields[i].isValid }

    func withValue<R>(field i: Int, _ body: (ByteView?, Bool) -> R) -> R {
      guard let value = report.fields[i].value else { return body(nil, false) }
      return ByteView.withUTF8(value) { body($0, false) }
    }

    mutating func writeFormErrors(to output: inout ByteBuffer) {
      write(report.formErrors, field: nil, to: &output)
    }

    mutating func writeFailures(field i: Int, to output: inout ByteBuffer) {
      write(report.fields[i].failures, field: report.fields[i].name, to: &output)
    }

    private mutating func write(_ failures: [Failure], field: String?, to output: inout ByteBuffer) {
      for (j, failure) in failures.enumerated() {
        if j > 0 { output.append(UInt8(ascii: ",")) }
        scratch.bytes.removeAll(keepingCapacity: true)
        Report.write(failure, field: field, policy: report.policy, language: language, to: &scratch)
        output.append(scratch.bytes)
      }
    }
  }
}
