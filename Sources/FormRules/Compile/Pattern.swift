// PCRE2 by trait (Package.swift): the system library, or the XCFramework of the binary package.
#if BinaryPCRE2 && SystemPCRE2
  #error("FormRules takes PCRE2 one way: turn SystemPCRE2 off with BinaryPCRE2 (traits: [\"BinaryPCRE2\"])")
#elseif BinaryPCRE2
  internal import CPCRE2XCFramework
#elseif SystemPCRE2
  internal import CPCRE2
#else
  #error("FormRules needs PCRE2: the SystemPCRE2 trait (the default) or BinaryPCRE2 (iOS's XCFramework)")
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A PCRE2 regular expression, compiled once and shared by every thread.
///
/// Compiled with `PCRE2_UTF | PCRE2_UCP | PCRE2_DOLLAR_ENDONLY` (so `$` never accepts a
/// trailing newline) and JIT-compiled when the platform supports it. Matching runs on
/// the UTF-8 bytes of the subject, under a match limit, so a pattern that backtracks
/// catastrophically ends with ``Pattern/MatchResult/limitExceeded`` instead of hanging.
///
/// ```swift
/// let digits = try Pattern("^[0-9]+\\z")
/// digits.matches("12345")  // .match
/// ```
package final class Pattern: Sendable {
  /// A pattern that PCRE2 refused to compile.
  package struct CompileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// PCRE2's own message.
    package var message: String
    /// Byte offset in the pattern where PCRE2 stopped.
    package var offset: Int
    /// PCRE2's error code.
    package var code: Int32
    /// The unknown flag, for the "unknown flag" error (code 0).
    package var flag: String? = nil

    package var description: String { "\(message) at offset \(offset)" }
  }

  /// The answer of one search.
  package enum MatchResult: Sendable, Equatable {
    /// The pattern matches somewhere in the subject.
    case match
    /// It matches nowhere.
    case noMatch
    /// The match or depth limit was hit (`pattern.limit`).
    case limitExceeded
    /// Any other PCRE2 error, with its code.
    case error(Int32)
  }

  /// The pattern as written in the rules file.
  package let source: String
  /// The flags as written (`i`, `x`, `m`, `s`).
  package let flags: String
  /// Whether PCRE2's JIT compiler accepted the pattern.
  package let isJITCompiled: Bool

  // PCRE2 documents compiled code and a match context as read-only during matching,
  // so sharing them between threads is safe; match data is per thread (see `threadMatchData`).
  nonisolated(unsafe) let code: OpaquePointer
  nonisolated(unsafe) let matchContext: OpaquePointer

  /// The default bound on backtracking steps: far above what a sane pattern needs on a
  /// few kilobytes, far below what makes a request hang.
  package static let defaultMatchLimit: UInt32 = 1_000_000
  /// The default bound on backtracking depth (PCRE2's depth limit).
  package static let defaultDepthLimit: UInt32 = 10_000

  /// Compiles `source` with the given flags (`i` caseless, `x` extended, `m` multiline, `s` dotall).
  /// - Throws: ``CompileError`` with PCRE2's message and the offset.
  package init(
    _ source: String, flags: String = "", matchLimit: UInt32 = Pattern.defaultMatchLimit,
    depthLimit: UInt32 = Pattern.defaultDepthLimit
  ) throws(CompileError) {
    var options = UInt32(PCRE2_UTF) | UInt32(PCRE2_UCP) | UInt32(PCRE2_DOLLAR_ENDONLY)
    for flag in flags {
      switch flag {
      case "i": options |= UInt32(PCRE2_CASELESS)
      case "x": options |= UInt32(PCRE2_EXTENDED)
      case "m": options |= UInt32(PCRE2_MULTILINE)
      case "s": options |= UInt32(PCRE2_DOTALL)
      default:
        throw CompileError(
          message: "unknown flag \"\(flag)\" (use i, x, m or s)", offset: 0, code: 0, flag: String(flag))
      }
    }
    var errorCode: Int32 = 0
    var errorOffset: Int = 0
    let compiled = Pattern.compile(source, options: options, errorCode: &errorCode, errorOffset: &errorOffset)
    guard let compiled else {
      throw CompileError(message: Pattern.message(for: errorCode), offset: errorOffset, code: errorCode)
    }
    guard let context = pcre2_match_context_create_8(nil) else {
      pcre2_code_free_8(compiled)
      throw CompileError(message: "out of memory", offset: 0, code: 0)
    }
    pcre2_set_match_limit_8(context, matchLimit)
    pcre2_set_depth_limit_8(context, depthLimit)
    pcre2_set_heap_limit_8(context, 20_000)  // KiB
    self.code = compiled
    self.matchContext = context
    self.source = source
    self.flags = flags
    self.isJITCompiled = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
  }

  deinit {
    pcre2_match_context_free_8(matchContext)
    pcre2_code_free_8(code)
  }

  /// Searches `subject` for the pattern (anchor with `^` and `\z` for a whole match).
  package func matches(_ subject: String) -> MatchResult {
    ByteView.withUTF8(subject) { matches(utf8: $0) }
  }

  static func message(for errorCode: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 256)
    let length = pcre2_get_error_message_8(errorCode, &buffer, buffer.count)
    guard length > 0 else { return "PCRE2 error \(errorCode)" }
    return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
  }
}
