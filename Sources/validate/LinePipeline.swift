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
/// With more, `jobs` threads each read a block of input cut at a newline, validate its
/// lines and write the finished blocks in sequence (see `Pipeline`). Lines mean the
/// same in both modes (see ``Batch/forEachLine(_:)``).
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
    let pipeline = Pipeline(jobs: jobs, fd: fd, outputFD: outputFD, makeRenderer: makeRenderer)
    return pipeline.run()
  }

  private static func runSequentially(_ reader: inout LineReader, renderer: LineRenderer, outputFD: Int32) -> (
    Summary, readError: Int32?
  ) {
    var summary = Summary()
    // Reports leave as soon as no more input is ready (`tail -f log | validate --jsonl`), and
    // a termination request ends the input, so what was computed is written with the summary.
    reader.waitForInput = { fd in
      if renderer.pendingBytes > 0, !InputReadiness.isReady(fd) { renderer.drain { Console.write($0, to: outputFD) } }
      return StopSignals.waitForInput(fd)
    }
    let perRecord = isatty(outputFD) == 1
    reader.forEachLine { line in
      summary.records += 1
      let bytes: UnsafeBufferPointer<UInt8>?
      if case .line(let b) = line { bytes = b } else { bytes = nil }
      summary.count(renderer.render(line: bytes, number: summary.records))
      if perRecord || (summary.records & 255 == 0 && renderer.pendingBytes >= 1 << 20) {
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
  let outputFD: Int32
  let makeRenderer: @Sendable () -> LineRenderer
  let all: [Batch]
  /// Guards `free`.
  let poolCondition = NSCondition()
  var free: [Batch] = []
  /// Guards the reading state: one thread reads at a time, in input order.
  let readLock = NSLock()
  var carry = RawBytes()
  var discarding = false
  var eof = false
  var readError: Int32?
  var nextSequence = 0
  var nextNumber = 1
  /// Guards `finished`, `nextToWrite` and `summary`; held while writing, so blocks leave in order.
  let outputLock = NSLock()
  var finished: [Int: Batch] = [:]
  var nextToWrite = 0
  var summary = Summary()
  /// Guards `running`: the calling thread waits for the others to finish.
  let exitCondition = NSCondition()
  var running = 0

  init(jobs: Int, fd: Int32, outputFD: Int32, makeRenderer: @escaping @Sendable () -> LineRenderer) {
    self.jobs = jobs
    self.fd = fd
    self.outputFD = outputFD
    self.makeRenderer = makeRenderer
    // Two blocks per job: one being validated, one finished and waiting for its turn.
    all = (0..<(2 * jobs + 2)).map { _ in Batch() }
    free = all
  }

  deinit {
    for batch in all { batch.input.free() }
    carry.free()
  }

  func run() -> (Summary, readError: Int32?) {
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
    batch.input.replace(with: UnsafeRawBufferPointer(start: carry.base, count: carry.count))
    carry.count = 0
    var cut: Int?
    while true {
      batch.input.reserve(batch.input.count + LinePipeline.batchBytes)
      guard let base = batch.input.base else { break }
      // With at least one whole line and no more input ready, validate what is there: a
      // slow producer (`tail -f`) must not wait for a full block to see its reports.
      if cut != nil, !InputReadiness.isReady(fd) { break }
      if !StopSignals.waitForInput(fd) {
        eof = true
        break
      }
      let n = read(fd, base + batch.input.count, batch.input.capacity - batch.input.count)
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
  }

  private func lastNewline(in base: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int) -> Int? {
    var i = end - 1
    while i >= start {
      if base[i] == 0x0A { return i }
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
      Console.write(next.output.bytes, to: outputFD)
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

/// Whether a read of `fd` would return at once.
enum InputReadiness {
  static func isReady(_ fd: Int32) -> Bool {
    var polled = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&polled, 1, 0) != 0
  }
}

nonisolated(unsafe) private var stopSignalWriteEnd: Int32 = -1

/// SIGTERM, SIGINT and SIGHUP during `--jsonl` (a container stop, `timeout`, Ctrl-C) end the
/// input instead of the process: the signal is written to a pipe (the self-pipe trick) that
/// every wait for input polls beside the input, so the records read so far are validated
/// and written, the summary printed, and the exit status is 128 + N.
enum StopSignals {
  nonisolated(unsafe) private static var readEnd: Int32 = -1
  nonisolated(unsafe) static var received: Int32 = 0

  static func install() {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    stopSignalWriteEnd = ends[1]
    // A blocked signal would never arrive; a parent may have left these blocked.
    var set = sigset_t()
    sigemptyset(&set)
    for number in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&set, number) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    for number in [SIGTERM, SIGINT, SIGHUP] {
      _ = signal(number) { received in
        var byte = UInt8(truncatingIfNeeded: received)
        _ = write(stopSignalWriteEnd, &byte, 1)
      }
    }
  }

  /// Waits until `fd` has input; `false` when a stop signal came first (or had come).
  static func waitForInput(_ fd: Int32) -> Bool {
    guard readEnd >= 0 else { return true }
    if received != 0 { return false }
    var polled = [
      pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0),
    ]
    while poll(&polled, 2, -1) < 0 && errno == EINTR {}
    if polled[1].revents != 0 {
      var byte: UInt8 = 0
      if read(readEnd, &byte, 1) == 1 { received = Int32(byte) }
      return false
    }
    return true
  }
}
