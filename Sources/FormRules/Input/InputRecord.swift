/// Why an input record could not be validated. Holds positions and field names, never values.
public struct MalformedRecord: Error, Sendable, Equatable {
  /// A stable camelCase reason: a ``JSONSyntaxError/Reason`` code, `notObject`, `notString` or `lineTooLong`.
  public var reason: String
  /// Where a JSON syntax error is, inside the record's own text. A JSON Lines record is
  /// one line; a whole document may span many, and a column alone would not find it.
  public var line: Int?
  public var column: Int?
  /// The field whose value had the wrong type, for `notString`.
  public var field: String?

  public init(reason: String, line: Int? = nil, column: Int? = nil, field: String? = nil) {
    self.reason = reason
    self.line = line
    self.column = column
    self.field = field
  }

  /// The form-level failure that takes the record's place in the output. `line` is the
  /// record's line in the input stream, not the line inside the record.
  public func failure(line: Int?) -> Failure {
    var params: Parameters = [:]
    if let line { params["line"] = .int(line) }
    params["reason"] = .string(reason)
    if let column { params["column"] = .int(column) }
    if let field { params["field"] = .string(field) }
    return Failure(code: "input.malformed", params: params, detail: line == nil ? nil : "line")
  }
}

/// Decodes one input document: a JSON object whose values are strings, `null` or absent.
public enum InputRecord {
  /// Nesting allowed in an input record; field values are flat, so this only bounds hostile input.
  public static let maxDepth = 32
  /// The largest single input document the command line reads. Far above any form, yet large
  /// enough that a 10 MB value reaches the per-value limit (`input.tooLong`) instead.
  public static let maxDocumentBytes = 16 << 20

  /// Decodes a record. Fields the policy does not know may hold any JSON; fields it knows
  /// must be strings or `null`.
  public static func decode(_ bytes: some Collection<UInt8>, knownFields: Set<String>) -> Result<
    [String: String?], MalformedRecord
  > {
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
      default: return .failure(MalformedRecord(reason: "notString", field: key))
      }
    }
    return .success(values)
  }
}

extension Policy {
  /// Validates one JSON record; a malformed one gets a report with a form-level
  /// `input.malformed` failure in its place.
  public func validate(jsonRecord bytes: some Collection<UInt8>, line: Int? = nil) -> Report {
    switch InputRecord.decode(bytes, knownFields: knownFieldSet) {
    case .success(let values): return validate(values)
    case .failure(let malformed): return report(formErrors: [malformed.failure(line: line)])
    }
  }
}
