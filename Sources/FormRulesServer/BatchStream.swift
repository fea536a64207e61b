import FormRules
import FormRulesBulk
import FormRulesPassword

/// `validate-batch`'s response: the request's JSON Lines validated block by block while
/// the response is written, by the library's ``BulkValidator`` (the engine of
/// `validate --jsonl`), so lines mean exactly what they mean there: one report per line
/// in order, `input.malformed` for a line that is not a JSON object of strings, a line
/// over ``LineReader/defaultMaxLineBytes`` reported as `lineTooLong`, `\r\n` accepted, a
/// last line without `\n` validated, an empty body no lines.
///
/// Used by one thread at a time: the daemon calls ``read(into:)`` from the connection's thread.
final class BatchStream: @unchecked Sendable {
  private let input: [UInt8]
  private var position = 0
  private var lineNumber = 0
  private let validator: BulkValidator
  private var pending: [UInt8] = []
  private var pendingStart = 0
  /// Bytes of output written so far, for the access log.
  private(set) var bytesWritten = 0
  private(set) var records = 0
  private(set) var invalid = 0
  private(set) var malformed = 0

  init(input: [UInt8], policy: Policy, locale: String) {
    self.input = input
    validator = BulkValidator(policy: policy, locale: locale)
  }

  /// Copies the next output bytes into `buffer`; 0 at the end.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    if pendingStart == pending.count {
      pending.removeAll(keepingCapacity: true)
      pendingStart = 0
      fill()
      if pending.isEmpty { return 0 }
    }
    let count = min(buffer.count, pending.count - pendingStart)
    pending.withUnsafeBytes { source in
      guard let from = source.baseAddress, let to = buffer.baseAddress else { return }
      to.copyMemory(from: from + pendingStart, byteCount: count)
    }
    pendingStart += count
    bytesWritten += count
    return count
  }

  /// Validates lines until about 64 KiB of reports are ready or the input ends.
  private func fill() {
    input.withUnsafeBufferPointer { all in
      guard let base = all.baseAddress else { return }
      while position < all.count, validator.output.count < 1 << 16 {
        var end = position
        while end < all.count, base[end] != 0x0A { end += 1 }
        let next = end < all.count ? end + 1 : end
        if end < all.count, end > position, base[end - 1] == 0x0D { end -= 1 }
        lineNumber += 1
        let outcome: BulkValidator.Outcome
        if end - position > LineReader.defaultMaxLineBytes {
          outcome = validator.validateTooLongLine(number: lineNumber)
        } else {
          outcome = validator.validate(
            line: UnsafeBufferPointer(start: base + position, count: end - position), number: lineNumber)
        }
        records += 1
        switch outcome {
        case .valid: break
        case .invalid: invalid += 1
        case .malformed: malformed += 1
        }
        position = next
      }
    }
    pending.append(contentsOf: validator.output)
    validator.removeOutput()
  }
}
