// PCRE2 by trait, as in Compile/Pattern.swift.
#if BinaryPCRE2
  internal import CPCRE2XCFramework
#elseif SystemPCRE2
  internal import CPCRE2
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The calls into PCRE2 that take pointers: compiling a source, matching bytes, the per-thread
/// match data. The rest of ``Pattern`` (options, limits, errors, lifetime) is in `Compile/`.
extension Pattern {
  /// `pcre2_compile` over the UTF-8 of `source`.
  ///
  /// Why it is safe: PCRE2 reads `count` bytes from the base address during the call only (it
  /// copies the pattern), and a `String`'s contiguous UTF-8 (or the array copy) lives that long.
  static func compile(
    _ source: String, options: UInt32, errorCode: inout Int32, errorOffset: inout Int
  ) -> OpaquePointer? {
    source.utf8.withContiguousStorageIfAvailable { bytes in
      pcre2_compile_8(bytes.baseAddress, bytes.count, options, &errorCode, &errorOffset, nil)
    }
      ?? Array(source.utf8).withUnsafeBufferPointer { bytes in
        pcre2_compile_8(bytes.baseAddress, bytes.count, options, &errorCode, &errorOffset, nil)
      }
  }

  /// Searches UTF-8 bytes, which must be well-formed (every Swift `String` is).
  ///
  /// Why it is safe: PCRE2 reads `subject.count` bytes from the view's start during the call,
  /// and the view's owner keeps them alive for the call; an empty view passes a live byte.
  package func matches(utf8 subject: ByteView) -> MatchResult {
    guard let matchData = Pattern.threadMatchData() else { return .error(PCRE2_ERROR_NOMEMORY) }
    // An empty buffer may have no base address; PCRE2 wants a valid pointer.
    let result: Int32 = subject.withUnsafeBytes { subject in
      withUnsafePointer(to: UInt8(0)) { empty in
        let start = subject.baseAddress ?? empty
        let options = UInt32(PCRE2_NO_UTF_CHECK)
        // The JIT entry point skips the argument checks `pcre2_match` repeats on every call;
        // it never checks UTF-8, which is what `PCRE2_NO_UTF_CHECK` asks for anyway.
        if isJITCompiled {
          let jitResult = pcre2_jit_match_8(code, start, subject.count, 0, 0, matchData, matchContext)
          // The JIT's machine stack (32 KiB) runs out on ordinary patterns such as `^(\w+\s?)*$`
          // over a few kilobytes, long before the match limit. The interpreter keeps its
          // backtracking on the heap, bounded by the heap, depth and match limits, so it decides
          // those honestly.
          guard jitResult == PCRE2_ERROR_JIT_STACKLIMIT else { return jitResult }
          return pcre2_match_8(
            code, start, subject.count, 0, options | UInt32(PCRE2_NO_JIT), matchData, matchContext)
        }
        return pcre2_match_8(code, start, subject.count, 0, options, matchData, matchContext)
      }
    }
    if result >= 0 { return .match }
    switch result {
    case PCRE2_ERROR_NOMATCH: return .noMatch
    case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
      return .limitExceeded
    default: return .error(result)
    }
  }

  /// Match data for one pair of offsets, one block per thread and reused by every pattern:
  /// creating it per call cost a malloc and a free on every match. Only whether there is a
  /// match is read, and a vector too small for the captures still reports the match.
  ///
  /// Why it is safe: the block belongs to its thread's slot and is freed when the thread ends.
  private static func threadMatchData() -> OpaquePointer? {
    if let existing = pthread_getspecific(matchDataKey) { return OpaquePointer(existing) }
    guard let created = pcre2_match_data_create_8(1, nil) else { return nil }
    pthread_setspecific(matchDataKey, UnsafeRawPointer(created))
    return created
  }
}

/// The thread-local slot of ``Pattern``'s match data, freed when its thread ends.
private let matchDataKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key) { data in
    if let data { pcre2_match_data_free_8(OpaquePointer(data)) }
  }
  return key
}()
