import FormRules

/// Pointer-taking doors into code converted to ``ByteView`` (issue 27, point 4), for callers
/// not yet converted: `NotCommon` until `Subject.bytes` is a `ByteView`, and the tests that
/// hand in a `String`'s or an array's buffer. Each wraps the pointer in a view and forwards;
/// delete one when its last caller is converted.
///
/// Why it is safe: the callers hand in buffers they keep alive and unchanged for the call.
extension CommonPasswordIndex {
  func contains(_ key: UnsafeBufferPointer<UInt8>) -> Bool { contains(ByteView(key)) }

  func rulesOut(_ value: UnsafeBufferPointer<UInt8>) -> Bool { rulesOut(ByteView(value)) }
}

extension StrengthListsFile {
  static func parse(_ bytes: UnsafeRawBufferPointer, file: String) throws(StrengthDictionary.LoadError) -> Parsed {
    try parse(ByteView(bytes.assumingMemoryBound(to: UInt8.self)), file: file)
  }

  static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    checksum(ByteView(bytes.assumingMemoryBound(to: UInt8.self)))
  }
}

extension NotCommon {
  /// `Transform.trimmingWhitespace` of a `Subject`'s bytes, as a view.
  static func view(_ bytes: UnsafeBufferPointer<UInt8>) -> ByteView { ByteView(bytes) }
}
