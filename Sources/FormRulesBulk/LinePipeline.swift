import FormRules
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns one input line into its output, on one thread; each worker has its own.
package protocol LineRenderer: AnyObject {
  /// Collects the line's output; `line` is `nil` for a line too long to read.
  func render(line: ByteView?, number: Int) -> BulkValidator.Outcome
  /// The bytes collected so far.
  var pendingBytes: Int { get }
  /// Hands the collected output to `body`, then forgets it.
  func drain(_ body: (ByteView) -> Void)
  /// Moves the collected output into `buffer` (emptied first), then forgets it.
  func drain(into buffer: ReportBuffer)
}

extension BulkValidator: LineRenderer {
  package func render(line: ByteView?, number: Int) -> Outcome {
    guard let line else { return validateTooLongLine(number: number) }
    return validate(line: line, number: number)
  }

  package var pendingBytes: Int { output.count }

  package func drain(_ body: (ByteView) -> Void) {
    body(output)
    removeOutput()
  }

  package func drain(into buffer: ReportBuffer) { exchangeOutput(with: buffer) }
}

/// Runs a JSON Lines stream through renderers and writes the output in input order: the
/// engine of `validate --jsonl`, for any front end that reads records from a descriptor.
///
/// With one job everything happens on the calling thread, line by line (`LineReader`).
/// With more, `jobs` threads each read a block of input cut at a newline, validate its
/// lines and write the finished blocks in sequence (see `Pipeline`). Lines mean the
/// same in both modes: both cut them with ``JSONLines/lineEnd(in:from:newline:)``.
///
/// ```swift
/// let (summary, readError) = LinePipeline.run(fd: fd, jobs: 4, write: { out.write($0) }) {
///   BulkValidator(policy: policy, locale: "ja")
/// }
/// ```
package enum LinePipeline {
  /// Bytes read per block: large enough that handing a block over costs nothing next
  /// to validating it (about 2,000 sign-up records), small enough that the pool of
  /// blocks and their output stays a few megabytes.
  static let batchBytes = 1 << 16
  static let maxLineBytes = LineReader.defaultMaxLineBytes

  /// Validates every line of `fd` and hands the output, in input order, to `write`.
  /// - Parameters:
  ///   - fd: the input.
  ///   - waitForInput: blocks until `fd` has input; `false` ends the input as its end would
  ///     (the `validate` tool's stop signals). By default input ends only at its end.
  ///   - jobs: threads, the calling one among them; 1 runs on the calling thread alone.
  ///   - flushEachRecord: with one job, write after every record (the output is a terminal).
  ///   - write: receives the output in order, from one thread at a time.
  ///   - makeRenderer: one renderer per thread; they share whatever the closure captures.
  /// - Returns: the counts, and the error of a failed read of `fd`, if any.
  package static func run(
    fd: Int32, jobs: Int, flushEachRecord: Bool = false,
    waitForInput: @escaping @Sendable (Int32) -> Bool = { _ in true },
    write: @escaping @Sendable (ByteView) -> Void,
    makeRenderer: @escaping @Sendable () -> LineRenderer
  ) -> (LineSummary, readError: Int32?) {
    if jobs <= 1 {
      var reader = LineReader(fileDescriptor: fd, maxLineBytes: maxLineBytes)
      return runSequentially(
        &reader, renderer: makeRenderer(), flushEachRecord: flushEachRecord, waitForInput: waitForInput, write: write)
    }
    let pipeline = Pipeline(jobs: jobs, fd: fd, waitForInput: waitForInput, write: write, makeRenderer: makeRenderer)
    return pipeline.run()
  }

  private static func runSequentially(
    _ reader: inout LineReader, renderer: LineRenderer, flushEachRecord: Bool,
    waitForInput: @escaping (Int32) -> Bool, write: @escaping (ByteView) -> Void
  ) -> (LineSummary, readError: Int32?) {
    var summary = LineSummary()
    // Reports leave as soon as no more input is ready (`tail -f log | validate --jsonl`), and
    // a termination request ends the input, so what was computed is written with the summary.
    reader.waitForInput = { fd in
      if renderer.pendingBytes > 0, !InputReadiness.isReady(fd) { renderer.drain(write) }
      return waitForInput(fd)
    }
    reader.forEachLine { line in
      summary.records += 1
      let bytes: ByteView?
      if case .line(let b) = line { bytes = b } else { bytes = nil }
      summary.count(renderer.render(line: bytes, number: summary.records))
      // Half the output buffer's 1 MiB: 256 more reports then still fit, where draining at
      // 1 MiB grew the buffer to 2 MiB and shrank it back on every drain (two copies of it).
      if flushEachRecord || (summary.records & 255 == 0 && renderer.pendingBytes >= 1 << 19) {
        renderer.drain(write)
      }
    }
    renderer.drain(write)
    return (summary, reader.readError)
  }
}

/// A block of consecutive input lines and, once rendered, their output and counts.
private final class Batch {
  var sequence = 0
  var firstNumber = 1
  /// Whole lines, each ending in `\n`, except that the last block of the input may end
  /// in a line without one.
  var input = ByteBuffer(capacity: LinePipeline.batchBytes)
  /// The block stands for one line too long to read; `input` is empty.
  var isTooLongLine = false
  let output = ReportBuffer()
  var summary = LineSummary()

  func reset(sequence: Int, firstNumber: Int) {
    self.sequence = sequence
    self.firstNumber = firstNumber
    input.removeAll()
    isTooLongLine = false
    output.removeAll()
    summary = LineSummary()
  }

  /// The lines of the block as `LineReader` delivers them: without the `\n` and a `\r`
  /// before it; `nil` for a line over the limit. A last line without `\n` keeps its bytes.
  func forEachLine(_ body: (ByteView?) -> Void) {
    if isTooLongLine {
      body(nil)
      return
    }
    let bytes = input.view(0..<input.count)
    var start = 0
    while start < input.count {
      let newline = JSONLines.newline(in: bytes, from: start)
      let end = newline.map { JSONLines.lineEnd(in: bytes, from: start, newline: $0) } ?? input.count
      if end - start > LinePipeline.maxLineBytes {
        body(nil)
      } else {
        body(bytes[start..<end])
      }
      start = (newline ?? input.count) + 1
    }
  }

  /// How many lines `forEachLine` will deliver.
  var lineCount: Int {
    if isTooLongLine { return 1 }
    guard input.count > 0 else { return 0 }
    let bytes = input.view(0..<input.count)
    var newlines = 0
    var start = 0
    while let found = JSONLines.newline(in: bytes, from: start) {
      newlines += 1
      start = found + 1
    }
    return newlines + (bytes[input.count - 1] == 0x0A ? 0 : 1)
  }

  func render(with renderer: LineRenderer) {
    var number = firstNumber
    forEachLine { line in
      summary.count(renderer.render(line: line, number: number))
      number += 1
    }
    summary.records = number - firstNumber
    renderer.drain(into: output)
  }
}

/// A parallel run: `jobs` threads (the calling one among them) each take a free block,
/// read the next piece of input into it, validate it, and hand it to the output, which
/// the thread that completes the next block in sequence writes. No thread exists only
/// to read or to write, so on a machine with as many cores as jobs no thread waits for
/// a core while another holds one to move bytes around.
///
/// A fixed pool of blocks bounds memory: a thread waits for a free block, so a slow
/// consumer slows the readers instead of growing the process.
private final class Pipeline: @unchecked Sendable {
  let jobs: Int
  let fd: Int32
  let waitForInput: @Sendable (Int32) -> Bool
  let write: @Sendable (ByteView) -> Void
  let makeRenderer: @Sendable () -> LineRenderer
  let all: [Batch]
  /// Guards `free`.
  let poolCondition = NSCondition()
  var free: [Batch] = []
  /// Guards the reading state: one thread reads at a time, in input order.
  let readLock = NSLock()
  var carry = ByteBuffer(capacity: LinePipeline.batchBytes)
  var discarding = false
  var eof = false
  var readError: Int32?
  var nextSequence = 0
  var nextNumber = 1
  /// Guards `finished`, `nextToWrite` and `summary`; held while writing, so blocks leave in order.
  let outputLock = NSLock()
  var finished: [Int: Batch] = [:]
  var nextToWrite = 0
  var summary = LineSummary()
  /// Guards `running`: the calling thread waits for the others to finish.
  let exitCondition = NSCondition()
  var running = 0

  init(
    jobs: Int, fd: Int32, waitForInput: @escaping @Sendable (Int32) -> Bool,
    write: @escaping @Sendable (ByteView) -> Void, makeRenderer: @escaping @Sendable () -> LineRenderer
  ) {
    self.jobs = jobs
    self.fd = fd
    self.waitForInput = waitForInput
    self.write = write
    self.makeRenderer = makeRenderer
    // Two blocks per job: one being validated, one finished and waiting for its turn.
    all = (0..<(2 * jobs + 2)).map { _ in Batch() }
    free = all
  }

  func run() -> (LineSummary, readError: Int32?) {
    running = jobs
    for _ in 1..<jobs {
      let thread = Thread { [self] in self.workLoop() }
      thread.stackSize = 1 << 20
      thread.start()
    }
    workLoop()
    exitCondition.lock()
    while running > 0 { exitCondition.wait() }
    exitCondition.unlock()
    readLock.lock()
    let error = readError
    readLock.unlock()
    outputLock.lock()
    let total = summary
    outputLock.unlock()
    return (total, error)
  }

  private func workLoop() {
    let renderer = makeRenderer()
    while true {
      let batch = takeFreeBatch()
      guard readNext(into: batch) else {
        release(batch)
        break
      }
      batch.render(with: renderer)
      finish(batch)
    }
    exitCondition.lock()
    running -= 1
    exitCondition.broadcast()
    exitCondition.unlock()
  }

  /// Fills `batch` with the next block of input; `false` at the end of the input.
  private func readNext(into batch: Batch) -> Bool {
    readLock.lock()
    defer { readLock.unlock() }
    while !eof {
      batch.reset(sequence: nextSequence, firstNumber: nextNumber)
      readBlock(into: batch)
      let lines = batch.lineCount
      if lines == 0 && !batch.isTooLongLine { continue }
      nextNumber += lines
      nextSequence += 1
      return true
    }
    return false
  }

  /// Reads the input into `batch` up to a cut after a newline; the part of a line after
  /// the cut is carried to the next block. A line that grows past the limit becomes a
  /// block of its own, marked too long, and is skipped to its newline without being
  /// kept, as `LineReader` does.
  private func readBlock(into batch: Batch) {
    batch.input.removeAll()
    batch.input.append(carry.view(0..<carry.count))
    carry.removeAll()
    var cut: Int?
    while true {
      batch.input.reserve(LinePipeline.batchBytes)
      // With at least one whole line and no more input ready, validate what is there: a
      // slow producer (`tail -f`) must not wait for a full block to see its reports.
      if cut != nil, !InputReadiness.isReady(fd) { break }
      if !waitForInput(fd) {
        eof = true
        break
      }
      let searchFrom0 = batch.input.count
      let n = batch.input.append(readingFrom: fd)
      if n < 0 && errno == EINTR { continue }
      if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        // A non-blocking stdin that is empty for now: wait, do not end the input.
        LineReader.waitUntilReadable(fd)
        continue
      }
      if n < 0 { readError = errno }
      if n <= 0 {
        eof = true
        break
      }
      var searchFrom = searchFrom0
      if discarding {
        // Skip the rest of an over-long line; what follows its newline is kept.
        guard let newline = JSONLines.newline(in: batch.input.view(0..<batch.input.count), from: searchFrom) else {
          batch.input.removeAll()
          continue
        }
        batch.input.removeFirst(newline + 1)
        discarding = false
        searchFrom = 0
      }
      if let last = lastNewline(in: batch.input.view(0..<batch.input.count), from: searchFrom) {
        cut = last + 1
      } else if cut == nil, batch.input.count > LinePipeline.maxLineBytes + 1 {
        // A partial line may end in the "\r" of a "\r\n", hence the + 1.
        batch.isTooLongLine = true
        batch.input.removeAll()
        discarding = true
        break
      }
      if cut != nil && batch.input.count >= LinePipeline.batchBytes { break }
    }
    if let cut, !eof {
      carry.removeAll()
      carry.append(batch.input.view(cut..<batch.input.count))
      batch.input.truncate(to: cut)
    }
    if eof && discarding { batch.input.removeAll() }
  }

  private func lastNewline(in bytes: ByteView, from start: Int) -> Int? {
    var i = bytes.count - 1
    while i >= start {
      if bytes[i] == 0x0A { return i }
      i -= 1
    }
    return nil
  }

  /// Queues a validated block; whoever completes the next block in sequence writes it
  /// and every queued block after it.
  private func finish(_ batch: Batch) {
    outputLock.lock()
    defer { outputLock.unlock() }
    finished[batch.sequence] = batch
    while let next = finished.removeValue(forKey: nextToWrite) {
      write(next.output.bytes)
      summary.add(next.summary)
      nextToWrite += 1
      release(next)
    }
  }

  private func takeFreeBatch() -> Batch {
    poolCondition.lock()
    while free.isEmpty { poolCondition.wait() }
    let batch = free.removeLast()
    poolCondition.unlock()
    return batch
  }

  private func release(_ batch: Batch) {
    poolCondition.lock()
    free.append(batch)
    poolCondition.signal()
    poolCondition.unlock()
  }
}

/// Counts for the summary line of a JSON Lines run.
package struct LineSummary: Sendable, CustomStringConvertible {
  package var records = 0
  package var valid = 0
  package var invalid = 0
  package var malformed = 0

  package init() {}

  package var description: String {
    "records: \(records), valid: \(valid), invalid: \(invalid), malformed: \(malformed)"
  }

  package mutating func count(_ outcome: BulkValidator.Outcome) {
    switch outcome {
    case .valid: valid += 1
    case .invalid: invalid += 1
    case .malformed:
      invalid += 1
      malformed += 1
    }
  }

  mutating func add(_ other: LineSummary) {
    records += other.records
    valid += other.valid
    invalid += other.invalid
    malformed += other.malformed
  }
}

/// Whether a read of `fd` would return at once.
package enum InputReadiness {
  package static func isReady(_ fd: Int32) -> Bool {
    var polled = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&polled, 1, 0) != 0
  }
}

/// What a line of JSON Lines input is, for every reader of it: the bytes before a `\n`,
/// without a `\r` just before it.
package enum JSONLines {
  /// The offset of the first `\n` in `bytes[start...]`, if any. `firstIndex(of:)` is
  /// `memchr`, vectorised; a byte loop here cost a reader a tenth of a worker.
  @inline(__always)
  package static func newline(in bytes: ByteView, from start: Int) -> Int? {
    guard start < bytes.count else { return nil }
    return bytes.suffix(from: start).firstIndex(of: 0x0A).map { start + $0 }
  }

  /// Where the line that starts at `start` and ends at the `\n` at `newline` ends: before
  /// the `\r` of a `\r\n`.
  @inline(__always)
  package static func lineEnd(in bytes: ByteView, from start: Int, newline: Int) -> Int {
    newline > start && bytes[newline - 1] == 0x0D ? newline - 1 : newline
  }
}
