/// Why an input record could not be validated. Holds positions and field names, never values.
package struct MalformedRecord: Error, Sendable, Equatable {
  /// A stable camelCase reason: a ``JSONSyntaxError/Reason`` code, `notObject`, `notString` or `lineTooLong`.
  package var reason: String
  /// Where a JSON syntax error is, inside the record's own text. A JSON Lines record is
  /// one line; a whole document may span many, and a column alone would not find it.
  package var line: Int?
  package var column: Int?
  /// The field whose value had the wrong type, for `notString`.
  package var field: String?

  package init(reason: String, line: Int? = nil, column: Int? = nil, field: String? = nil) {
    self.reason = reason
    self.line = line
    self.column = column
    self.field = field
  }

  /// The form-level failure that takes the record's place in the output. `line` is the
  /// record's line in the input stream, not the line inside the record.
  package func failure(line: Int?) -> Failure {
    var params: Parameters = [:]
    if let line { params["line"] = .int(line) }
    params["reason"] = .string(reason)
    if let column { params["column"] = .int(column) }
    if let field { params["field"] = .string(field) }
    return Failure(code: "input.malformed", params: params, detail: line == nil ? nil : "line")
  }
}

/// Decodes one input document: a JSON object whose values are strings, `null` or absent.
package enum InputRecord {
  /// Nesting allowed in an input record; field values are flat, so this only bounds hostile input.
  package static let maxDepth = 32
  /// The largest single input document the command line reads. Far above any form, yet large
  /// enough that a 10 MB value reaches the per-value limit (`input.tooLong`) instead.
  package static let maxDocumentBytes = 16 << 20

  /// Decodes a record. Fields the policy does not know may hold any JSON; fields it knows
  /// must be strings or `null`, except those in `scalarFields` (a field with an `accepted`
  /// rule), which also take a boolean or a number, read as its JSON text (`true` → `"true"`).
  package static func decode(
    _ bytes: some Collection<UInt8>, knownFields: Set<String>, scalarFields: Set<String> = []
  ) -> Result<[String: String?], MalformedRecord> {
    ByteView.with(contentsOf: bytes) { decode($0, knownFields: knownFields, scalarFields: scalarFields) }
  }

  /// ``decode(_:knownFields:scalarFields:)-(some Collection<UInt8>,_,_)`` from bytes someone else owns.
  package static func decode(
    _ bytes: ByteView, knownFields: Set<String>, scalarFields: Set<String> = []
  ) -> Result<[String: String?], MalformedRecord> {
    let value: JSONValue
    do {
      value = try JSONParser(maxDepth: maxDepth).parse(bytes)
    } catch {
      return .failure(MalformedRecord(reason: error.reason.rawValue, line: error.line, column: error.column))
    }
    guard let object = value.objectValue else { return .failure(MalformedRecord(reason: "notObject")) }
    var values: [String: String?] = [:]
    // A key names a field only when its bytes are the field's name. `Set.contains` alone would
    // match by canonical equivalence (`"\u{212A}ey"`, with a KELVIN SIGN, would fill `Key`),
    // where every JSON tool, and the bulk record scanner, compares bytes.
    for (key, member) in object.members {
      guard let index = knownFields.firstIndex(of: key), knownFields[index].utf8.elementsEqual(key.utf8) else {
        continue
      }
      switch member {
      case .string(let s): values[key] = s
      case .null: values[key] = .some(nil)
      case .bool(let b) where scalarFields.contains(key): values[key] = b ? "true" : "false"
      case .number(let n) where scalarFields.contains(key): values[key] = Self.text(of: n)
      default: return .failure(MalformedRecord(reason: "notString", field: key))
      }
    }
    return .success(values)
  }

  /// A JSON number as the text it is most likely written as: `1` for 1, `0.5` for 0.5.
  static func text(of number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
    return String(number)
  }
}

extension Policy {
  /// Validates one JSON document, such as a request body: an object whose members are the
  /// fields' values (strings or `null`; booleans and numbers too for a field with an
  /// `accepted` rule). Members the policy has no field for may hold any JSON and are ignored.
  ///
  /// A body that is not such an object (broken JSON, invalid UTF-8, an array, a known field
  /// holding a number or an object) gets a report with one form-level `input.malformed`
  /// failure instead, whose ``Report/outcome`` is ``ReportOutcome/malformed`` (answer 400).
  /// When a field's value has the wrong type, the failure's `field` parameter names the
  /// field, and the problem document points at it (`/password`).
  public func validate(jsonRecord bytes: some Collection<UInt8>) -> Report {
    validate(jsonRecord: bytes, line: nil)
  }

  /// ``validate(jsonRecord:)`` for a record of a JSON Lines stream, whose `input.malformed`
  /// failure quotes the record's line number.
  package func validate(jsonRecord bytes: some Collection<UInt8>, line: Int?) -> Report {
    switch decode(record: bytes) {
    case .success(let values): return validate(values)
    case .failure(let malformed): return report(formErrors: [malformed.failure(line: line)])
    }
  }

  /// Decodes one input document against this policy's fields: the one reading of a request
  /// body or a JSON Lines record that the server, the CLI and the library share.
  package func decode(record bytes: some Collection<UInt8>) -> Result<[String: String?], MalformedRecord> {
    InputRecord.decode(bytes, knownFields: knownFieldSet, scalarFields: scalarFieldSet)
  }

  /// ``decode(record:)-(some Collection<UInt8>)`` from bytes someone else owns (a bulk line).
  package func decode(record bytes: ByteView) -> Result<[String: String?], MalformedRecord> {
    InputRecord.decode(bytes, knownFields: knownFieldSet, scalarFields: scalarFieldSet)
  }

  /// ``validate(jsonRecord:line:)-(some Collection<UInt8>,_)`` from bytes someone else owns.
  package func validate(jsonRecord bytes: ByteView, line: Int?) -> Report {
    switch decode(record: bytes) {
    case .success(let values): return validate(values)
    case .failure(let malformed): return report(formErrors: [malformed.failure(line: line)])
    }
  }
}
