import FormRules

/// What a bulk report carries besides the verdict, for `validate --jsonl --keep … --only invalid`.
///
/// With ``keep``, each report starts with a `"keep"` object holding those members of the
/// input record, their JSON text copied byte for byte (any type); a member the record
/// lacks, or that cannot be read, is left out, so the object may be empty. With
/// ``onlyInvalid``, valid records get no report, and each report starts with
/// `"line"`, the record's 1-based line number, since the output's line numbers no
/// longer match the input's:
///
/// ```json
/// {"line":7,"keep":{"id":42},"valid":false,"fields":{…}}
/// ```
///
/// The rest of the report is exactly the plain report, on every path.
package struct BulkReportOptions: Sendable, Equatable {
  /// Members of the input record to copy into each report, in this order; no duplicates.
  package private(set) var keep: [String]
  /// Write reports for invalid records only (malformed ones included).
  package var onlyInvalid: Bool

  /// A name to keep that is a sensitive field of the policy.
  package struct SensitiveFieldError: Error, Sendable, Equatable {
    package let field: String
  }

  /// - Parameters:
  ///   - keep: member names; a repeated name is kept once.
  ///   - onlyInvalid: write reports only for invalid records, each with its line number.
  package init(keep: [String] = [], onlyInvalid: Bool = false) {
    var unique: [String] = []
    for name in keep where !unique.contains(name) { unique.append(name) }
    self.keep = unique
    self.onlyInvalid = onlyInvalid
  }

  /// Whether the reports are the plain ones.
  package var isPlain: Bool { keep.isEmpty && !onlyInvalid }

  /// Throws when a kept name is a sensitive field of `policy`: its value must never
  /// reach a report.
  package func check(against policy: Policy) throws(SensitiveFieldError) {
    if let name = keep.first(where: { policy.field($0)?.sensitive == true }) {
      throw SensitiveFieldError(field: name)
    }
  }
}

/// Applies ``BulkReportOptions`` to the report just written, whichever path wrote it:
/// drops a valid record's report, or puts `"line"` and `"keep"` in front of it. It owns its
/// buffers (`~Copyable`); they are freed with it.
struct ReportFramer: ~Copyable {
  let onlyInvalid: Bool
  private let members: KeptMembers
  /// `"name":` for each kept member, back to back; member `i`'s is
  /// `keys[keyOffsets[i]..<keyOffsets[i + 1]]`.
  private var keys = ByteBuffer(capacity: 64)
  private let keyOffsets: [Int]
  private var prefix = ByteBuffer(capacity: 256)

  init(options: BulkReportOptions) {
    onlyInvalid = options.onlyInvalid
    members = KeptMembers(names: options.keep)
    var offsets = [0]
    for name in options.keep {
      var writer = JSONWriter()
      writer.key(name)
      keys.append(writer.bytes)
      offsets.append(keys.count)
    }
    keyOffsets = offsets
  }

  /// `output[reportStart...]` is the record's report: `{…}` and a newline.
  mutating func frame(
    line: ByteView?, number: Int, outcome: BulkValidator.Outcome, output: inout ByteBuffer,
    reportStart: Int
  ) {
    if onlyInvalid && outcome == .valid {
      output.truncate(to: reportStart)
      return
    }
    prefix.removeAll()
    prefix.append(UInt8(ascii: "{"))
    if onlyInvalid {
      prefix.append("\"line\":")
      prefix.append(decimal: number)
      prefix.append(UInt8(ascii: ","))
    }
    if members.count > 0 {
      prefix.append("\"keep\":{")
      if let line {
        members.read(line)
        var first = true
        for i in 0..<members.count where members.starts[i] >= 0 {
          if !first { prefix.append(UInt8(ascii: ",")) }
          first = false
          prefix.append(keys.view(keyOffsets[i]..<keyOffsets[i + 1]))
          prefix.append(line[members.starts[i]..<members.ends[i]])
        }
      }
      prefix.append("},")
    }
    output.replace(at: reportStart, count: 1, with: prefix.bytes)
  }
}
