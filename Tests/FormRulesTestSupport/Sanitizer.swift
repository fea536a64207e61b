#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sanitizer this test process was built with (`swift test --sanitize=…`, as
/// scripts/sanitizers.sh runs it), found at run time: each runtime defines its own init
/// symbol in the process. The built `validate` beside the test bundle has the same one.
///
/// For the few tests whose point is a measurement of the uninstrumented binary (its address
/// space under `ulimit -v`, its resident set, a latency bound): a sanitizer reserves terabytes
/// of shadow address space at start and keeps freed memory in quarantine, so those figures
/// mean nothing under it. Every other test runs under the sanitizers.
public enum Sanitizer: String, Sendable {
  case address = "AddressSanitizer"
  case thread = "ThreadSanitizer"

  /// The sanitizer of this process, or `nil` in an ordinary build.
  public static let current: Sanitizer? = {
    // RTLD_DEFAULT: the whole process, the executable's own symbols included.
    #if canImport(Darwin)
      let everywhere = UnsafeMutableRawPointer(bitPattern: -2)
    #else
      let everywhere: UnsafeMutableRawPointer? = nil
    #endif
    if dlsym(everywhere, "__asan_init") != nil { return .address }
    if dlsym(everywhere, "__tsan_init") != nil { return .thread }
    return nil
  }()

  /// Whether the process runs without a sanitizer: `.enabled(if: Sanitizer.isOff, Sanitizer.skipReason)`.
  public static var isOff: Bool { current == nil }
}
