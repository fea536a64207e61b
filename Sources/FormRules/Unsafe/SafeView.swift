/// The one place where the library's borrowed byte buffers become safe views for code outside
/// the fence (an app's rule): a `Span` checks every index in every build and cannot outlive the
/// closure it is handed to.
///
/// `Span(_unsafeElements:)` is part of the Span family, which Apple platforms back-deploy to
/// macOS 10.14.4 / iOS 12.2 (libswiftCompatibilitySpan, Swift 6.2 and later compilers); the
/// package's floor is macOS 14 / iOS 17. `UnsafeBufferPointer.span` is not used: on Apple
/// platforms it is annotated for the 26 releases.
enum SafeView {
  /// Calls `body` with a span over `buffer`, whose memory the caller keeps alive and unchanged
  /// for the call.
  @inline(__always)
  static func withSpan<R, E: Error>(_ buffer: UnsafeBufferPointer<UInt8>, _ body: (Span<UInt8>) throws(E) -> R)
    throws(E) -> R
  {
    let span = Span(_unsafeElements: buffer)
    return try body(span)
  }
}
