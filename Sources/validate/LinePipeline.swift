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
/// With one job everything happens on the calling thread. With more, the calling thread
/// reads lines into batches, `jobs` worker threads render whole batches, and a writer
/// thread writes finished batches in sequence. A fixed pool of batches bounds memory:
/// the reader waits for a free batch, so a slow consumer slows the reader instead of
/// growing the process.
enum LinePipeline {
  /// Lines and bytes per batch: large enough that handing a batch over costs nothing
  /// next to validating it, small enough that the pool stays a few megabytes.
  static let batchLines = 2048
  static let batchBytes = 1 << 18

  static func run(
    fd: Int32, jobs: Int, output outputFD: Int32 = STDOUT_FILENO, makeRenderer: @escaping @Sendable () -> LineRenderer
  ) -> (Summary, readError: Int32?) {
    var reader = LineReader(fileDescriptor: fd)
    if jobs <= 1 { return runSequentially(&reader, renderer: makeRenderer(), outputFD: outputFD) }
    let pipeline = Pipeline(jobs: jobs, outputFD: outputFD, makeRenderer: makeRenderer)
    return pipeline.run(&reader)
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

/// A run of consecutive lines and, once rendered, their output and counts.
private final class Batch {
  var sequence = 0
  var firstNumber = 1
  var input: [UInt8] = []
  /// End offset of each line in `input`; -1 marks a line too long to read.
  var ends: [Int] = []
  var output: [UInt8] = []
  var summary = Summary()

  init() {
    input.reserveCapacity(LinePipeline.batchBytes + 4096)
    ends.reserveCapacity(LinePipeline.batchLines)
  }

  var isFull: Bool { ends.count >= LinePipeline.batchLines || input.count >= LinePipeline.batchBytes }

  func reset(sequence: Int, firstNumber: Int) {
    self.sequence = sequence
    self.firstNumber = firstNumber
    input.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    output.removeAll(keepingCapacity: true)
    summary = Summary()
  }

  func render(with renderer: LineRenderer) {
    input.withUnsafeBufferPointer { all in
      var start = 0
      for (k, end) in ends.enumerated() {
        let number = firstNumber + k
        if end < 0 {
          summary.count(renderer.render(line: nil, number: number))
        } else {
          let line = UnsafeBufferPointer(rebasing: all[start..<end])
          summary.count(renderer.render(line: line, number: number))
          start = end
        }
      }
    }
    summary.records = ends.count
    renderer.drain { output.append(contentsOf: $0) }
  }
}

/// The shared state of a parallel run, guarded by one condition variable. Batches are
/// large, so the lock is taken a few hundred times per second.
private final class Pipeline: @unchecked Sendable {
  let jobs: Int
  let outputFD: Int32
  let makeRenderer: @Sendable () -> LineRenderer
  let condition = NSCondition()
  var free: [Batch] = []
  var work: [Batch] = []
  var workHead = 0
  var finished: [Int: Batch] = [:]
  var readingDone = false
  var batchesRead = 0
  var writerDone = false
  var summary = Summary()

  init(jobs: Int, outputFD: Int32, makeRenderer: @escaping @Sendable () -> LineRenderer) {
    self.jobs = jobs
    self.outputFD = outputFD
    self.makeRenderer = makeRenderer
    // Two batches per worker keep every worker busy while the writer drains the third.
    free = (0..<(2 * jobs + 2)).map { _ in Batch() }
  }

  func run(_ reader: inout LineReader) -> (Summary, readError: Int32?) {
    var threads: [Thread] = []
    for _ in 0..<jobs {
      let thread = Thread { [self] in self.workLoop() }
      thread.stackSize = 1 << 20
      threads.append(thread)
    }
    let writer = Thread { [self] in self.writeLoop() }
    threads.forEach { $0.start() }
    writer.start()

    var number = 1
    var batch = takeFreeBatch(sequence: 0, firstNumber: number)
    reader.forEachLine { line in
      switch line {
      case .line(let bytes):
        batch.input.append(contentsOf: bytes)
        batch.ends.append(batch.input.count)
      case .tooLong:
        batch.ends.append(-1)
      }
      number += 1
      if batch.isFull {
        submit(batch)
        batch = takeFreeBatch(sequence: batch.sequence + 1, firstNumber: number)
      }
    }
    submit(batch)
    condition.lock()
    readingDone = true
    batchesRead = batch.sequence + 1
    condition.broadcast()
    while !writerDone { condition.wait() }
    condition.unlock()
    return (summary, reader.readError)
  }

  private func takeFreeBatch(sequence: Int, firstNumber: Int) -> Batch {
    condition.lock()
    while free.isEmpty { condition.wait() }
    let batch = free.removeLast()
    condition.unlock()
    batch.reset(sequence: sequence, firstNumber: firstNumber)
    return batch
  }

  private func submit(_ batch: Batch) {
    condition.lock()
    work.append(batch)
    condition.broadcast()
    condition.unlock()
  }

  private func workLoop() {
    let renderer = makeRenderer()
    while true {
      condition.lock()
      while workHead == work.count && !readingDone { condition.wait() }
      guard workHead < work.count else {
        condition.unlock()
        return
      }
      let batch = work[workHead]
      workHead += 1
      if workHead > 64 {
        work.removeFirst(workHead)
        workHead = 0
      }
      condition.unlock()
      batch.render(with: renderer)
      condition.lock()
      finished[batch.sequence] = batch
      condition.broadcast()
      condition.unlock()
    }
  }

  private func writeLoop() {
    var next = 0
    var total = Summary()
    while true {
      condition.lock()
      while finished[next] == nil && !(readingDone && next == batchesRead) { condition.wait() }
      guard let batch = finished.removeValue(forKey: next) else {
        summary = total
        writerDone = true
        condition.broadcast()
        condition.unlock()
        return
      }
      condition.unlock()
      batch.output.withUnsafeBytes { Console.write($0, to: outputFD) }
      total.add(batch.summary)
      next += 1
      condition.lock()
      free.append(batch)
      condition.broadcast()
      condition.unlock()
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
