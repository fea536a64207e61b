import FormRules
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Turns one input line into its output, on one thread; each worker has its own.
protocol LineRenderer: AnyObject {
  /// Collects the line's output; `line` is `nil` for a line too long to read.
  func render(line: UnsafeBufferPointer<UInt8>?, number: Int) -> BulkValidator.Outcome
  /// The bytes collected so far.
  var pendingBytes: Int { get }
  /// Hands the collected output to `body`, then forgets it.
  func drain(_ body: (UnsafeRawBufferPointer) -> Void)
  /// Moves the collected output into `buffer` (emptied first), then forgets it.
  func drain(into buffer: ReportBuffer)
}

extension BulkValidator: LineRenderer {
  func render(line: UnsafeBufferPointer<UInt8>?, number: Int) -> Outcome {
    guard let line else { return validateTooLongLine(number: number) }
    return validate(line: line, number: number)
  }

  var pendingBytes: Int { output.count }

  func drain(_ body: (UnsafeRawBufferPointer) -> Void) {
    body(output)
    removeOutput()
  }

  func drain(into buffer: ReportBuffer) { exchangeOutput(with: buffer) }
}

/// `--format text` under `--jsonl`: a `# N` header, then the text report.
final class TextLineRenderer: LineRenderer {
  let policy: Policy
  let locale: String
  let style: Style
  private var buffer: [UInt8] = []

  var pendingBytes: Int { buffer.count }

  func drain(_ body: (UnsafeRawBufferPointer) -> Void) {
    buffer.withUnsafeBytes(body)
    buffer.removeAll(keepingCapacity: true)
  }

  func drain(into target: ReportBuffer) {
    target.removeAll()
    drain { target.append($0) }
  }

  init(policy: Policy, locale: String, style: Style) {
    self.policy = policy
    self.locale = locale
    self.style = style
  }

  func render(line: UnsafeBufferPointer<UInt8>?, number: Int) -> BulkValidator.Outcome {
    let report =
      line.map { policy.validate(jsonRecord: $0, line: number) }
      ?? policy.report(formErrors: [MalformedRecord(reason: "lineTooLong").failure(line: number)])
    buffer.append(contentsOf: "# \(number)\n".utf8)
    buffer.append(contentsOf: TextReport.render(report, policy: policy, locale: locale, style: style).utf8)
    if report.formErrors.contains(where: { $0.code == "input.malformed" }) { return .malformed }
    return report.isValid ? .valid : .invalid
  }
}

/// Runs a JSON Lines stream through renderers and writes the output in input order.
///
/// With one job everything happens on the calling thread, line by line (`LineReader`).
/// With more, the calling thread reads the input in large blocks cut at a newline, `jobs`
/// worker threads split the blocks into lines and render them, and a writer thread
/// writes finished blocks in sequence. A fixed pool of blocks bounds memory: the reader
/// waits for a free block, so a slow consumer slows the reader instead of growing the
/// process. Lines mean the same in both modes (see ``Batch/forEachLine(_:)``).
enum LinePipeline {
  /// Bytes read per block: large enough that handing a block over costs nothing next
  /// to validating it (about 2,000 sign-up records), small enough that the pool of
  /// blocks and their output stays a few megabytes.
  static let batchBytes = 1 << 16
  static let maxLineBytes = LineReader.defaultMaxLineBytes

  static func run(
    fd: Int32, jobs: Int, output outputFD: Int32 = STDOUT_FILENO, makeRenderer: @escaping @Sendable () -> LineRenderer
  ) -> (Summary, readError: Int32?) {
    if jobs <= 1 {
      var reader = LineReader(fileDescriptor: fd, maxLineBytes: maxLineBytes)
      return runSequentially(&reader, renderer: makeRenderer(), outputFD: outputFD)
    }
    let pipeline = Pipeline(jobs: jobs, outputFD: outputFD, makeRenderer: makeRenderer)
    return pipeline.run(fd: fd)
  }

  private static func runSequentially(_ reader: inout LineReader, renderer: LineRenderer, outputFD: Int32) -> (
    Summary, readError: Int32?
  ) {
    var summary = Summary()
    reader.forEachLine { line in
      summary.records += 1
      let bytes: UnsafeBufferPointer<UInt8>?
      if case .line(let b) = line { bytes = b } else { bytes = nil }
      summary.count(renderer.render(line: bytes, number: summary.records))
      if summary.records & 255 == 0, renderer.pendingBytes >= 1 << 20 {
        renderer.drain { Console.write($0, to: outputFD) }
      }
    }
    renderer.drain { Console.write($0, to: outputFD) }
    return (summary, reader.readError)
  }
}

/// A block of consecutive input lines and, once rendered, their output and counts.
private final class Batch {
  var sequence = 0
  var firstNumber = 1
  /// Whole lines, each ending in `\n`, except that the last block of the input may end
  /// in a line without one.
  var input = RawBytes()
  /// The block stands for one line too long to read; `input` is empty.
  var isTooLongLine = false
  let output = ReportBuffer()
  var summary = Summary()

  func reset(sequence: Int, firstNumber: Int) {
    self.sequence = sequence
    self.firstNumber = firstNumber
    input.count = 0
    isTooLongLine = false
    output.removeAll()
    summary = Summary()
  }

  /// The lines of the block as `LineReader` delivers them: without the `\n` and a `\r`
  /// before it; `nil` for a line over the limit. A last line without `\n` keeps its bytes.
  func forEachLine(_ body: (UnsafeBufferPointer<UInt8>?) -> Void) {
    if isTooLongLine {
      body(nil)
      return
    }
    guard let base = input.base else { return }
    var start = 0
    while start < input.count {
      let newline = memchr(base + start, 0x0A, input.count - start).map {
        $0.assumingMemoryBound(to: UInt8.self) - base
      }
      var end = newline ?? input.count
      if newline != nil, end > start, base[end - 1] == 0x0D { end -= 1 }
      if end - start > LinePipeline.maxLineBytes {
        body(nil)
      } else {
        body(UnsafeBufferPointer(start: base + start, count: end - start))
      }
      start = (newline ?? input.count) + 1
    }
  }

  /// How many lines `forEachLine` will deliver.
  var lineCount: Int {
    if isTooLongLine { return 1 }
    guard let base = input.base, input.count > 0 else { return 0 }
    // memchr is vectorised; a byte loop here cost the reader thread a tenth of a worker.
    var newlines = 0
    var start = 0
    while start < input.count, let found = memchr(base + start, 0x0A, input.count - start) {
      newlines += 1
      start = found.assumingMemoryBound(to: UInt8.self) - base + 1
    }
    return newlines + (base[input.count - 1] == 0x0A ? 0 : 1)
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

/// A malloc'd byte buffer: copies are `memcpy`, growth is `realloc`.
private struct RawBytes {
  var base: UnsafeMutablePointer<UInt8>?
  var count = 0
  var capacity = 0

  mutating func reserve(_ needed: Int) {
    guard needed > capacity else { return }
    let newCapacity = max(needed, capacity * 2, 1 << 16)
    guard let grown = realloc(base, newCapacity) else { fatalError("out of memory") }
    base = grown.assumingMemoryBound(to: UInt8.self)
    capacity = newCapacity
  }

  mutating func replace(with bytes: UnsafeRawBufferPointer) {
    reserve(bytes.count)
    if let source = bytes.baseAddress, let base { memcpy(base, source, bytes.count) }
    count = bytes.count
  }

  func free() { Glibc.free(base) }
}

/// The shared state of a parallel run. Each queue has its own condition variable, so a
/// hand-over wakes only the thread that waits for it: the reader for a free block, a
/// worker for work, the writer for the next finished block.
private final class Pipeline: @unchecked Sendable {
  let jobs: Int
  let outputFD: Int32
  let makeRenderer: @Sendable () -> LineRenderer
  let all: [Batch]
  /// Guards `free`.
  let freeCondition = NSCondition()
  var free: [Batch] = []
  /// Guards `work`, `workHead` and `readingDone`.
  let workCondition = NSCondition()
  var work: [Batch] = []
  var workHead = 0
  var readingDone = false
  /// Guards `finished`, `batchesRead`, `allRead`, `writerDone` and `summary`. The writer
  /// and, at the end, the reading thread wait on it, so it is always broadcast.
  let doneCondition = NSCondition()
  var finished: [Int: Batch] = [:]
  var batchesRead = 0
  var allRead = false
  var writerDone = false
  var summary = Summary()

  init(jobs: Int, outputFD: Int32, makeRenderer: @escaping @Sendable () -> LineRenderer) {
    self.jobs = jobs
    self.outputFD = outputFD
    self.makeRenderer = makeRenderer
    // Two blocks per worker keep every worker busy while the writer drains another.
    all = (0..<(2 * jobs + 2)).map { _ in Batch() }
    free = all
  }

  deinit {
    for batch in all { batch.input.free() }
  }

  func run(fd: Int32) -> (Summary, readError: Int32?) {
    var threads: [Thread] = []
    for _ in 0..<jobs {
      let thread = Thread { [self] in self.workLoop() }
      thread.stackSize = 1 << 20
      threads.append(thread)
    }
    let writer = Thread { [self] in self.writeLoop() }
    threads.forEach { $0.start() }
    writer.start()
    let readError = readBlocks(fd: fd)
    workCondition.lock()
    readingDone = true
    workCondition.broadcast()
    workCondition.unlock()
    doneCondition.lock()
    while !writerDone { doneCondition.wait() }
    let total = summary
    doneCondition.unlock()
    return (total, readError)
  }

  /// Reads the input into blocks cut after a newline and submits them in order. The
  /// part of a line after the cut starts the next block. A line that grows past the
  /// limit becomes a block of its own, marked too long, and is skipped to its newline
  /// without being kept, as `LineReader` does.
  private func readBlocks(fd: Int32) -> Int32? {
    var sequence = 0
    var number = 1
    var carry = RawBytes()
    defer { carry.free() }
    var discarding = false
    var eof = false
    var readError: Int32?
    while !eof {
      let batch = takeFreeBatch()
      batch.reset(sequence: sequence, firstNumber: number)
      batch.input.replace(with: UnsafeRawBufferPointer(start: carry.base, count: carry.count))
      carry.count = 0
      var cut: Int?
      while true {
        batch.input.reserve(batch.input.count + LinePipeline.batchBytes)
        guard let base = batch.input.base else { break }
        let n = read(fd, base + batch.input.count, batch.input.capacity - batch.input.count)
        if n < 0 && errno == EINTR { continue }
        if n < 0 { readError = errno }
        if n <= 0 {
          eof = true
          break
        }
        var searchFrom = batch.input.count
        batch.input.count += n
        if discarding {
          // Skip the rest of an over-long line; what follows its newline is kept.
          guard let newline = memchr(base + searchFrom, 0x0A, batch.input.count - searchFrom) else {
            batch.input.count = 0
            continue
          }
          let after = newline.assumingMemoryBound(to: UInt8.self) - base + 1
          memmove(base, base + after, batch.input.count - after)
          batch.input.count -= after
          discarding = false
          searchFrom = 0
        }
        if let last = lastNewline(in: base, from: searchFrom, to: batch.input.count) {
          cut = last + 1
        } else if cut == nil, batch.input.count > LinePipeline.maxLineBytes + 1 {
          // A partial line may end in the "\r" of a "\r\n", hence the + 1.
          batch.isTooLongLine = true
          batch.input.count = 0
          discarding = true
          break
        }
        if cut != nil && batch.input.count >= LinePipeline.batchBytes { break }
      }
      if let cut, !eof {
        if let base = batch.input.base {
          carry.replace(with: UnsafeRawBufferPointer(start: base + cut, count: batch.input.count - cut))
        }
        batch.input.count = cut
      }
      if eof && discarding { batch.input.count = 0 }
      let lines = batch.lineCount
      if lines == 0 && !batch.isTooLongLine {
        release(batch)
        continue
      }
      number += lines
      sequence += 1
      submit(batch)
    }
    doneCondition.lock()
    batchesRead = sequence
    allRead = true
    doneCondition.broadcast()
    doneCondition.unlock()
    return readError
  }

  private func lastNewline(in base: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int) -> Int? {
    var i = end - 1
    while i >= start {
      if base[i] == 0x0A { return i }
      i -= 1
    }
    return nil
  }

  private func takeFreeBatch() -> Batch {
    freeCondition.lock()
    while free.isEmpty { freeCondition.wait() }
    let batch = free.removeLast()
    freeCondition.unlock()
    return batch
  }

  private func release(_ batch: Batch) {
    freeCondition.lock()
    free.append(batch)
    freeCondition.signal()
    freeCondition.unlock()
  }

  private func submit(_ batch: Batch) {
    workCondition.lock()
    work.append(batch)
    workCondition.signal()
    workCondition.unlock()
  }

  private func workLoop() {
    let renderer = makeRenderer()
    while true {
      workCondition.lock()
      while workHead == work.count && !readingDone { workCondition.wait() }
      guard workHead < work.count else {
        workCondition.unlock()
        return
      }
      let batch = work[workHead]
      workHead += 1
      if workHead > 64 {
        work.removeFirst(workHead)
        workHead = 0
      }
      workCondition.unlock()
      batch.render(with: renderer)
      doneCondition.lock()
      finished[batch.sequence] = batch
      doneCondition.broadcast()
      doneCondition.unlock()
    }
  }

  private func writeLoop() {
    var next = 0
    var total = Summary()
    while true {
      doneCondition.lock()
      while finished[next] == nil && !(allRead && next == batchesRead) { doneCondition.wait() }
      guard let batch = finished.removeValue(forKey: next) else {
        summary = total
        writerDone = true
        doneCondition.broadcast()
        doneCondition.unlock()
        return
      }
      doneCondition.unlock()
      Console.write(batch.output.bytes, to: outputFD)
      total.add(batch.summary)
      next += 1
      release(batch)
    }
  }
}

extension Console {
  /// Writes raw bytes as ``write(_:to:)`` writes an array, stopping the same way when
  /// stdout cannot be written.
  static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) {
    guard let base = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let n = Glibc.write(fd, base + offset, bytes.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        if fd == STDOUT_FILENO {
          if errno != EPIPE { fail("cannot write the output: \(String(cString: strerror(errno)))") }
          exit(ExitCode.trouble)
        }
        return
      }
      offset += n
    }
  }
}

extension Summary {
  mutating func count(_ outcome: BulkValidator.Outcome) {
    switch outcome {
    case .valid: valid += 1
    case .invalid: invalid += 1
    case .malformed:
      invalid += 1
      malformed += 1
    }
  }

  mutating func add(_ other: Summary) {
    records += other.records
    valid += other.valid
    invalid += other.invalid
    malformed += other.malformed
  }
}
