/// Turns the bytes a terminal sends in raw mode into keys.
///
/// Bytes arrive in arbitrary pieces: an escape sequence or a multi-byte UTF-8 character may
/// be split across reads, so the decoder keeps an unfinished tail until the next call.
/// A lone ESC is ambiguous (the Escape key, or the start of an arrow key's sequence); the
/// caller waits briefly for more input and calls ``flush()`` when none comes.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("ab\u{1B}[".utf8))   // [.text("ab")]
/// decoder.decode([UInt8(ascii: "Z")])          // [.backTab]
/// ```
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []
  /// Inside a control string (OSC `ESC ]`, DCS `ESC P`, SOS `ESC X`, PM `ESC ^`, APC `ESC _`,
  /// or their C1 forms): its bytes are dropped until BEL or ST (`ESC \\`, U+009C) ends it, so a
  /// pasted or answered-back sequence such as `ESC ] 52;c;… BEL` never becomes field text.
  /// CAN and SUB cancel it; any other control, or the input going quiet, ends it too, and that
  /// control is then read as a key (so Alt+] followed by typing cannot swallow Enter).
  private var inControlString = false

  /// The second byte of `ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _`.
  private static let controlStringIntroducers: [UInt8] = [0x5D, 0x50, 0x58, 0x5E, 0x5F]

  public init() {}

  /// Whether an unfinished sequence waits for more bytes.
  public var hasPending: Bool { !pending.isEmpty }

  /// Decodes as many keys as the bytes so far complete.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var text = ""
    var i = 0
    func emit(_ key: Key) {
      if !text.isEmpty {
        keys.append(.text(text))
        text = ""
      }
      keys.append(key)
    }
    decoding: while i < pending.count {
      let byte = pending[i]
      if inControlString {
        switch byte {
        case 0x07, 0x18, 0x1A:
          inControlString = false
          i += 1
        case 0x1B:
          guard i + 1 < pending.count else { break decoding }
          inControlString = false
          if pending[i + 1] == UInt8(ascii: "\\") { i += 2 }
        case 0xC2:
          guard i + 1 < pending.count else { break decoding }
          if pending[i + 1] == 0x9C { inControlString = false }
          i += 2
        case 0x00...0x1F:
          inControlString = false
        default:
          i += 1
        }
        continue
      }
      switch byte {
      case 0x1B where i + 1 < pending.count && Self.controlStringIntroducers.contains(pending[i + 1]):
        inControlString = true
        i += 2
      case 0x1B:
        switch escapeSequence(at: i) {
        case .incomplete: break decoding
        case .key(let key, let length):
          if let key { emit(key) }
          i += length
        }
      case 0x0D, 0x0A:
        emit(.enter)
        // A pasted CRLF is one line end, not two.
        i += byte == 0x0D && i + 1 < pending.count && pending[i + 1] == 0x0A ? 2 : 1
      case 0x09:
        emit(.tab)
        i += 1
      case 0x7F, 0x08:
        emit(.backspace)
        i += 1
      case 0x03:
        emit(.interrupt)
        i += 1
      case 0x01...0x1A:
        emit(.control(Character(Unicode.Scalar(byte + 0x60))))
        i += 1
      case 0x00...0x1F:
        i += 1
      default:
        switch scalar(at: i) {
        case .incomplete: break decoding
        case .scalar(let scalar, let length):
          switch scalar.value {
          case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
            // DCS, SOS, OSC, PM, APC in their C1 form: a control string, dropped whole.
            inControlString = true
          case 0x9B:
            // CSI in its C1 form: read as `ESC [`.
            switch controlSequence(at: i, parametersAt: i + length) {
            case .incomplete: break decoding
            case .key(let key, let sequenceLength):
              if let key { emit(key) }
              i += sequenceLength
              continue decoding
            }
          case 0x80...0x9F:
            // Other C1 controls are never text.
            break
          default:
            // Everything else printable joins the current run.
            text.unicodeScalars.append(scalar)
          }
          i += length
        }
      }
    }
    if !text.isEmpty { keys.append(.text(text)) }
    pending.removeFirst(i)
    return keys
  }

  /// Ends an unfinished tail after input went quiet: a lone ESC is the Escape key, a
  /// truncated UTF-8 character becomes U+FFFD.
  public mutating func flush() -> [Key] {
    if inControlString {
      // The input went quiet inside a control string: a terminal sends one whole, so end it.
      inControlString = false
      if pending.first == 0x1B || pending.first == 0xC2 { pending.removeFirst() }
    }
    guard !pending.isEmpty else { return [] }
    let rest = pending
    pending = []
    if rest[0] == 0x1B {
      var keys: [Key] = [.escape]
      keys += decode(rest.dropFirst())
      return keys + flush()
    }
    return [.text("\u{FFFD}")]
  }

  private enum Step<Value> {
    case incomplete
    case key(Value, length: Int)
  }

  private enum ScalarStep {
    case incomplete
    case scalar(Unicode.Scalar, length: Int)
  }

  /// Decodes the escape sequence starting at `start`; a `nil` key means a sequence that is
  /// complete but means nothing here (it is skipped).
  private func escapeSequence(at start: Int) -> Step<Key?> {
    guard start + 1 < pending.count else { return .incomplete }
    let introducer = pending[start + 1]
    switch introducer {
    case UInt8(ascii: "["):
      return controlSequence(at: start, parametersAt: start + 2)
    case UInt8(ascii: "O"):
      // SS3, sent for arrows and Home/End in application cursor mode.
      guard start + 2 < pending.count else { return .incomplete }
      return .key(csiKey(final: pending[start + 2], parameters: ""), length: 3)
    case 0x1B:
      return .key(.escape, length: 1)
    case 0x20...0x7E:
      // Alt plus a printable key: nothing in the form uses it, and reading it as Escape
      // would cancel the form on a slip of the thumb.
      return .key(nil, length: 2)
    default:
      return .key(.escape, length: 1)
    }
  }

  /// A CSI sequence whose introducer (`ESC [` or U+009B) starts at `start`: parameter bytes
  /// 0x30–0x3F and intermediate bytes 0x20–0x2F from `parametersAt`, then one final byte.
  private func controlSequence(at start: Int, parametersAt first: Int) -> Step<Key?> {
    var j = first
    while j < pending.count, (0x20...0x3F).contains(pending[j]) { j += 1 }
    guard j < pending.count else {
      // A runaway sequence is dropped rather than buffered forever.
      return j - start > 32 ? .key(nil, length: j - start) : .incomplete
    }
    let final = pending[j]
    let parameters = String(decoding: pending[first..<j], as: UTF8.self)
    return .key(csiKey(final: final, parameters: parameters), length: j - start + 1)
  }

  private func csiKey(final: UInt8, parameters: String) -> Key? {
    // Modifiers (`1;5C` for Ctrl-Right) are ignored: the form moves the same way.
    let first = parameters.split(separator: ";").first.flatMap { Int($0) }
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "~"):
      switch first {
      case 1, 7: return .home
      case 4, 8: return .end
      case 3: return .delete
      default: return nil
      }
    default: return nil
    }
  }

  /// Decodes one UTF-8 scalar; malformed bytes become U+FFFD one byte at a time.
  private func scalar(at start: Int) -> ScalarStep {
    let lead = pending[start]
    let replacement = ScalarStep.scalar("\u{FFFD}", length: 1)
    let length: Int
    var value: UInt32
    switch lead {
    case 0x20...0x7F: return .scalar(Unicode.Scalar(lead), length: 1)
    case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
    default: return replacement
    }
    for k in 1..<length {
      guard start + k < pending.count else { return .incomplete }
      let byte = pending[start + k]
      guard byte & 0xC0 == 0x80 else { return replacement }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    // Overlong forms, surrogates and values past U+10FFFF are rejected by the initializer
    // or by the minimum for the length.
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard value >= minimum, let scalar = Unicode.Scalar(value) else { return replacement }
    return .scalar(scalar, length: length)
  }
}
