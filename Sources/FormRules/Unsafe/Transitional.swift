/// Pointer-taking doors into code already converted to ``ByteView``, for the callers not yet
/// converted (issue 27, point 4). Each wraps the pointer in a view and forwards; delete one when
/// `scripts/unsafe-fence.sh` shows its last caller converted.
///
/// Why it is safe: the callers hand in buffers they keep alive for the call, as before.
extension UTF8Text {
  package static var empty: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }

  static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int { scalarCount(ByteView(bytes)) }

  static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { needsEscaping(ByteView(bytes)) }

  package static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { isASCII(ByteView(bytes)) }

  @inline(__always)
  package static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
    scalar(in: ByteView(bytes), at: i)
  }

  static func scalarStart(in bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
    scalarStart(in: ByteView(bytes), before: end)
  }

  static func equalStrings(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    equalStrings(ByteView(a), ByteView(b))
  }
}

extension UTF8Text.Scalars {
  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.init(ByteView(bytes)) }
}

extension UTF8Validation {
  @inline(__always)
  static func scalarLength(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
    scalarLength(in: ByteView(bytes), at: i)
  }

  @inline(__always)
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (scalar: Unicode.Scalar, length: Int)? {
    decode(ByteView(bytes), at: i)
  }
}

extension Transform {
  static func normalized(_ bytes: UnsafeBufferPointer<UInt8>, _ form: Normalization) -> String {
    normalized(ByteView(bytes), form)
  }

  package static func trimmingWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    trimmingWhitespace(ByteView(bytes)).buffer
  }

  static func hasOuterWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { hasOuterWhitespace(ByteView(bytes)) }
}

extension LengthUnit {
  package func length(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int { length(utf8: ByteView(bytes)) }
}

extension PlainEmail {
  static func accepts(_ bytes: UnsafeBufferPointer<UInt8>, allowSpecialUse: Bool) -> Bool {
    accepts(ByteView(bytes), allowSpecialUse: allowSpecialUse)
  }
}

extension CharacterClass {
  static func present(in bytes: UnsafeBufferPointer<UInt8>) -> Int { present(in: ByteView(bytes)) }
}

// The other direction: converted code calling code not yet converted.

extension JSONString {
  @inline(__always)
  package static func read(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, into buffer: inout ByteBuffer
  ) throws(Failure) -> Read {
    try read(ByteView(bytes), at: &index, into: &buffer)
  }
}

extension Pattern {
  package func matches(utf8 subject: UnsafeBufferPointer<UInt8>) -> MatchResult { matches(utf8: ByteView(subject)) }
}

extension IDNA {
  static func cachedASCIIDomain(utf8 domain: UnsafeBufferPointer<UInt8>) -> Result<String, Failure> {
    cachedASCIIDomain(utf8: ByteView(domain))
  }

  static func tableFreeASCIIDomain(utf8 domain: UnsafeBufferPointer<UInt8>) -> Result<String, Failure> {
    tableFreeASCIIDomain(utf8: ByteView(domain))
  }
}
