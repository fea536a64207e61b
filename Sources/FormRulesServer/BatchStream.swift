import FormRules
import FormRulesBulk
import FormRulesPassword

/// `validate-batch`: the request's JSON Lines validated line by line as the body arrives, by
/// the library's ``BulkValidator`` (the engine of `validate --jsonl`) with the bulk engine's
/// line splitter (``JSONLines``), so lines mean exactly what they mean there: one report per
/// line in order, `input.malformed` for a line that is not a JSON object of strings, a line
/// over ``LineReader/defaultMaxLineBytes`` reported as `lineTooLong` (and skipped to its `\n`
/// without being kept), `\r\n` accepted, a last line without `\n` validated, an empty body
/// no lines.
///
/// What it holds: the part of a line not yet ended (at most the line limit) and the reports
/// written so far, both reserved from the server's ``BodyBudget`` before they grow.
/// libmicrohttpd sends a response only once the whole request is in, so the reports wait for
/// the end of the body; then ``read(upTo:)`` hands them out. Past `maxLines` lines the
/// reports are dropped at once and the answer is 413; when the budget refuses, they are dropped
/// and the answer is 503. Either way the rest of the body is read and discarded.
///
/// Used by one thread at a time: the connection's.
final class BatchStream: @unchecked Sendable {
  enum Failure: Equatable {
    case tooManyLines, overBudget
  }

  private let validator: BulkValidator
  private let budget: BodyBudget
  private let maxLines: Int
  private let maxLineBytes = LineReader.defaultMaxLineBytes
  /// The start of a line whose `\n` has not arrived.
  private var partial: [UInt8] = []
  /// Skipping the rest of a line over the limit.
  private var discarding = false
  private var output: [UInt8] = []
  private var position = 0
  /// Bytes of the budget this batch holds, for the partial line and for the output.
  private var partialReserved = 0
  private var outputReserved = 0
  private let fixedReserved: Int
  var reserved: Int { partialReserved + outputReserved }
  private(set) var lines = 0
  private(set) var failure: Failure?
  /// Bytes of output written so far, for the access log.
  private(set) var bytesWritten = 0

  /// What a batch takes from the budget before its first byte: the validator's output buffer
  /// and its other working memory (a generous 64 KiB), so the budget also bounds how many
  /// batches run at once (192 with the default 256 MiB).
  static var fixedBytes: Int { BulkValidator.outputCapacity + (64 << 10) }

  /// A batch, or nil when the budget cannot hold one more (the answer is then 503).
  init?(policy: Policy, locale: String, budget: BodyBudget, maxLines: Int) {
    guard budget.reserve(BatchStream.fixedBytes, ceiling: budget.batchCeiling) else { return nil }
    fixedReserved = BatchStream.fixedBytes
    validator = BulkValidator(policy: policy, locale: locale)
    self.budget = budget
    self.maxLines = maxLines
  }

  deinit { budget.release(reserved + fixedReserved) }

  /// Validates the complete lines of the next piece of the body.
  func consume(_ bytes: ByteView) {
    guard failure == nil else { return }
    var start = 0
    while start < bytes.count, failure == nil {
      let newline = JSONLines.newline(in: bytes, from: start)
      let end = newline ?? bytes.count
      if discarding {
        if newline != nil { discarding = false }
      } else if partial.isEmpty, let newline {
        // A whole line in this piece: validated where it lies.
        let lineEnd = JSONLines.lineEnd(in: bytes, from: start, newline: newline)
        validate(bytes[start..<lineEnd])
      } else if partial.count + (end - start) > maxLineBytes + 1 {
        // The "+ 1": a partial line may end in the "\r" of a "\r\n".
        release(partialCapacity: true)
        tooLong()
        discarding = newline == nil
      } else {
        guard grow(&partial, to: partial.count + (end - start), reserved: &partialReserved) else {
          fail(.overBudget)
          return
        }
        partial.append(bytes[start..<end])
        if newline != nil { finishPartial() }
      }
      start = end + 1
    }
    collect()
  }

  /// The body is complete: validates a last line without `\n`.
  func finish() {
    if failure == nil, !discarding, !partial.isEmpty {
      finishPartial()
      collect()
    }
    release(partialCapacity: true)
  }

  /// The next output bytes, at most `max` (a slice of the output, not a copy); empty at the end.
  func read(upTo max: Int) -> ArraySlice<UInt8> {
    let count = min(max, output.count - position)
    guard count > 0 else { return [] }
    defer {
      position += count
      bytesWritten += count
    }
    return output[position..<position + count]
  }

  private func finishPartial() {
    var line = partial
    if line.last == 0x0D { line.removeLast() }
    ByteView.with(line) { validate($0) }
    partial.removeAll(keepingCapacity: true)
  }

  private func validate(_ line: ByteView) {
    guard countLine() else { return }
    if line.count > maxLineBytes {
      _ = validator.validateTooLongLine(number: lines)
    } else {
      _ = validator.validate(line: line, number: lines)
    }
    if validator.output.count >= 1 << 16 { collect() }
  }

  private func tooLong() {
    guard countLine() else { return }
    _ = validator.validateTooLongLine(number: lines)
  }

  private func countLine() -> Bool {
    lines += 1
    guard lines <= maxLines else {
      fail(.tooManyLines)
      return false
    }
    return true
  }

  /// Moves the validator's reports into the held output.
  private func collect() {
    guard failure == nil else { return }
    let produced = validator.output
    guard produced.count > 0 else { return }
    guard grow(&output, to: output.count + produced.count, reserved: &outputReserved) else {
      fail(.overBudget)
      return
    }
    output.append(produced)
    validator.removeOutput()
  }

  /// Makes room in `array` for `count` bytes, reserving the growth from the budget first
  /// (in steps of at least 64 KiB or a quarter); `false` when it is refused.
  private func grow(_ array: inout [UInt8], to count: Int, reserved: inout Int) -> Bool {
    guard count > reserved else { return true }
    let target = count + max(1 << 16, count / 4)
    let more = target - reserved
    guard budget.reserve(more, ceiling: budget.batchCeiling) else { return false }
    reserved = target
    array.reserveCapacity(target)
    return true
  }

  private func release(partialCapacity: Bool) {
    guard partialCapacity else { return }
    partial = []
    budget.release(partialReserved)
    partialReserved = 0
  }

  /// Drops everything held: the answer will be a problem, not the reports.
  private func fail(_ reason: Failure) {
    failure = reason
    partial = []
    output = []
    validator.removeOutput()
    budget.release(reserved)
    partialReserved = 0
    outputReserved = 0
  }
}
