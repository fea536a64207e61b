import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// libFuzzer target: a JSON Lines stream as `validate --jsonl` reads it. The line reader must give
// exactly one result per line, in order, whatever the chunk and line-length limits; every line must
// become a report whose JSON is well-formed and holds no newline; the sensitive value never shows.
// Every bulk report must be, byte for byte, the report of the single-document entry point
// (`Policy.validate(jsonRecord:)`), which reads the record into a `Report` value instead.

private let policy: Policy = {
  let rules = """
    {"version": 1, "defaultLocale": "ja", "limits": {"maxValueBytes": 64},
     "fields": {
       "email": {"label": {"ja": "メール", "en": "Email"}, "rules": [{"required": true}, {"email": "rfc"}]},
       "name": {"normalize": "nfkc", "rules": [{"pattern": "^(a+)+$"}, {"maxLength": 8, "unit": "graphemes"}]},
       "password": {"sensitive": true, "rules": [{"minLength": 4}, {"notPattern": "^[0-9]+\\\\z"}]},
       "confirm": {"sensitive": true, "rules": [{"sameAs": "password"}]}
     }}
    """
  do {
    return try RuleSet(data: Array(rules.utf8), file: "fuzz-jsonl.json").compile()
  } catch {
    fatalError("the fuzz policy does not load: \(error)")
  }
}()

/// A policy with trimming, `bail`, `when`, warnings and message overrides.
private let fastPolicy: Policy = {
  let rules = #"""
    {"version": 1, "defaultLocale": "en",
     "fields": {
       "email": {"label": {"ja": "メール", "en": "Email"},
         "rules": [{"required": true}, {"email": "practical"}, {"maxLength": 40, "unit": "utf8"}]},
       "user": {"trim": true, "bail": true,
         "rules": [{"required": true, "when": {"field": "email", "notEmpty": true}}, {"minLength": 3, "unit": "graphemes"},
                   {"pattern": "^[a-z0-9_]+\\z", "flags": "i"}, {"trimmed": true, "severity": "warning"}]},
       "password": {"sensitive": true,
         "rules": [{"required": true}, {"minLength": 8}, {"maxLength": 20, "unit": "utf16"},
                   {"notPattern": "^[0-9]+\\z", "message": {"ja": "数字だけです。", "en": "Only digits."}},
                   {"trimmed": true, "severity": "warning"}]},
       "confirm": {"sensitive": true, "rules": [{"sameAs": "password"}]},
       "plain": {"rules": [{"sameAs": "user", "when": {"field": "user", "equals": "x"}}]}
     }}
    """#
  do {
    return try RuleSet(data: Array(rules.utf8), file: "fuzz-jsonl-fast.json").compile()
  } catch {
    fatalError("the fuzz policy does not load: \(error)")
  }
}()

/// Bulk validators for both policies, in both languages.
nonisolated(unsafe) private let bulkValidators: [BulkValidator] = [
  BulkValidator(policy: fastPolicy, locale: "ja"), BulkValidator(policy: fastPolicy, locale: "en"),
  BulkValidator(policy: policy, locale: "en"),
]

/// Runs one line (or a too-long line) through every validator and demands the bytes and the
/// verdict of the single-document report.
private func compareBulk(_ line: UnsafeBufferPointer<UInt8>?, number: Int) {
  for bulk in bulkValidators {
    let report =
      line.map { bulk.policy.validate(jsonRecord: $0, line: number) }
      ?? bulk.policy.report(formErrors: [MalformedRecord(reason: "lineTooLong").failure(line: number)])
    let outcome = line.map { bulk.validate(line: $0, number: number) } ?? bulk.validateTooLongLine(number: number)
    let expected: BulkValidator.Outcome =
      report.outcome == .malformed ? .malformed : report.isValid ? .valid : .invalid
    precondition(outcome == expected, "bulk and single-document validation disagree on validity")
    precondition(
      Array(bulk.output) == Array((report.json(locale: bulk.locale) + "\n").utf8),
      "bulk and single-document validation wrote different reports")
    precondition(bulk.output.last == UInt8(ascii: "\n") && !bulk.output.dropLast().contains(UInt8(ascii: "\n")))
    bulk.removeOutput()
  }
}

/// One scratch file, rewritten for every input: LineReader reads a file descriptor. `tmpfile`
/// gives one already unlinked, so nothing is left behind.
private let scratch: Int32 = {
  guard let file = tmpfile() else { fatalError("tmpfile failed") }
  return fileno(file)
}()

private enum Expected: Equatable {
  case line([UInt8])
  case tooLong
}

/// The reader's contract, written the slow way: split at `\n` and drop one `\r` before it; a
/// last line without `\n` stays whole; a line longer than the limit after that is `tooLong`.
private func expectedLines(_ bytes: [UInt8], maxLineBytes: Int) -> [Expected] {
  var segments = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
  let terminated = bytes.last == UInt8(ascii: "\n") || bytes.isEmpty
  if terminated { segments.removeLast() }
  return segments.enumerated().map { i, segment in
    let isLast = i == segments.count - 1
    let content = (!isLast || terminated) && segment.last == UInt8(ascii: "\r") ? segment.dropLast() : segment
    return content.count > maxLineBytes ? .tooLong : .line(Array(content))
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func jsonlInputFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 2 else { return 0 }
  // Two bytes choose the limits, so chunk and line boundaries fall everywhere.
  let maxLineBytes = Int(data[0]) * 4
  let chunkSize = Int(data[1] % 64) + 1
  let input = Array(UnsafeBufferPointer(start: data + 2, count: size - 2))

  _ = ftruncate(scratch, 0)
  _ = input.withUnsafeBytes { pwrite(scratch, $0.baseAddress, $0.count, 0) }
  _ = lseek(scratch, 0, SEEK_SET)

  var reader = LineReader(fileDescriptor: scratch, maxLineBytes: maxLineBytes, chunkSize: chunkSize)
  var got: [Expected] = []
  var lineNumber = 0
  reader.forEachLine { line in
    lineNumber += 1
    let report: Report
    switch line {
    case .line(let bytes):
      got.append(.line(Array(bytes)))
      report = policy.validate(jsonRecord: bytes, line: lineNumber)
      compareBulk(bytes, number: lineNumber)
    case .tooLong:
      got.append(.tooLong)
      report = policy.report(formErrors: [MalformedRecord(reason: "lineTooLong").failure(line: lineNumber)])
      compareBulk(nil, number: lineNumber)
    }
    for locale in ["ja", "en"] {
      var writer = JSONWriter()
      report.write(to: &writer, locale: locale)
      precondition(!writer.bytes.contains(UInt8(ascii: "\n")), "a report spans two lines")
      guard case .object(let object)? = try? JSONParser().parse(writer.bytes) else {
        preconditionFailure("a report that is not a JSON object")
      }
      if let password = object["fields"]?.objectValue?["password"]?.objectValue {
        precondition(password["value"] == nil, "a sensitive value in the report")
      }
    }
  }
  precondition(reader.readError == nil, "read failed")
  let expected = expectedLines(input, maxLineBytes: maxLineBytes)
  if got != expected {
    func show(_ lines: [Expected]) -> String {
      lines.map {
        if case .line(let b) = $0 { return "line(\($0 == .tooLong ? 0 : b.count))" } else { return "tooLong" }
      }
      .joined(separator: " ")
    }
    fputs("max \(maxLineBytes) chunk \(chunkSize)\n got      \(show(got))\n expected \(show(expected))\n", stderr)
    preconditionFailure("lines dropped, added or reordered")
  }
  return 0
}
