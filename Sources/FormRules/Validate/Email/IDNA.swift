internal import CIDN2
import Foundation

/// The domain of an email address in the form DNS and mail servers use: IDNA2008 with Unicode
/// UTS #46 processing, through GNU libidn2.
///
/// The processing is nontransitional (`faß.de` stays `xn--fa-hia.de`), with CheckHyphens,
/// CheckBidi, CheckJoiners and UseSTD3ASCIIRules. U-labels are mapped (case, width, compatibility
/// forms) and checked; A-labels (`xn--…`) are decoded, checked and must encode back to themselves.
/// The result is lower case.
///
/// ```swift
/// IDNA.asciiDomain("例え.jp")          // .success("xn--r8jz45g.jp")
/// IDNA.asciiDomain("xn--0.tld")       // .failure(IDNA.Failure(code: "IDN2_PUNYCODE_BAD_INPUT"))
/// ```
///
/// This is one step of ``EmailSyntax``; it does not check lengths, the top-level domain or
/// special-use names. For the whole address in its ASCII form use ``EmailSyntax/asciiAddress(_:)``.
public enum IDNA {
  /// Why a domain has no IDNA2008 ASCII form.
  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// libidn2's name for its error (`IDN2_DISALLOWED`, `IDN2_BIDI`, `IDN2_CONTEXTJ`,
    /// `IDN2_2HYPHEN`, `IDN2_PUNYCODE_BAD_INPUT`, `IDN2_ALABEL_ROUNDTRIP_FAILED`…), or `STD3` when
    /// mapping produced a character outside letters, digits and hyphen, or a new dot.
    public let code: String

    public var description: String { code }
  }

  /// The domain with every label as an A-label or lower-case ASCII, or why it has none.
  public static func asciiDomain(_ domain: String) -> Result<String, Failure> {
    var domain = domain
    return domain.withUTF8 { asciiDomain(utf8: $0) }
  }

  /// ``asciiDomain(utf8:)`` through a small cache shared by every thread. A libidn2 lookup costs
  /// 10–60 µs, about twenty times a whole record's validation, while the IDNs in a batch of sign-ups
  /// repeat (a few dozen domains cover most of them). The result depends on the domain alone.
  static func cachedASCIIDomain(utf8 domain: UnsafeBufferPointer<UInt8>) -> Result<String, Failure> {
    if let cached = cache.lookup(domain) { return cached }
    let result = asciiDomain(utf8: domain)
    cache.store(domain, result)
    return result
  }

  private static let cache = DomainCache()

  /// libidn2 does the mapping, normalization and IDNA2008 checks. UseSTD3ASCIIRules is checked
  /// here on its output instead of by libidn2's flag, because libidn2 2.3 drops a character that
  /// maps to a non-LDH ASCII character (`a;b` → `ab`) instead of refusing it.
  static func asciiDomain(utf8 domain: UnsafeBufferPointer<UInt8>) -> Result<String, Failure> {
    var input = [UInt8](domain)
    input.append(0)
    var output: UnsafeMutablePointer<UInt8>?
    let status = input.withUnsafeBufferPointer { buffer in
      idn2_lookup_u8(buffer.baseAddress, &output, cidn2_lookup_flags())
    }
    guard status == 0, let output else {
      let name = idn2_strerror_name(status).map { String(cString: $0) } ?? "IDN2_\(status)"
      return .failure(Failure(code: name))
    }
    let ascii = String(cString: output)
    idn2_free(output)
    let inputDots = domain.reduce(0) { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) }
    guard isSTD3(ascii), ascii.utf8.reduce(0, { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) }) == inputDots,
      !hasSTD3ValidOnlyScalar(ascii)
    else {
      return .failure(Failure(code: "STD3"))
    }
    return .success(ascii)
  }

  /// `≠`, `≮` and `≯` are the only non-ASCII scalars UTS #46 marks `disallowed_STD3_valid`: they
  /// decompose to `=`, `<`, `>` plus U+0338. They survive into A-labels, so the labels are decoded to
  /// find them (only domains that have an A-label get here).
  private static func hasSTD3ValidOnlyScalar(_ ascii: String) -> Bool {
    guard ascii.contains("xn--") else { return false }
    var unicode: UnsafeMutablePointer<CChar>?
    guard idn2_to_unicode_8z8z(ascii, &unicode, 0) == 0, let unicode else { return true }
    defer { idn2_free(unicode) }
    return String(cString: unicode).unicodeScalars.contains {
      $0.value == 0x2260 || $0.value == 0x226E || $0.value == 0x226F
    }
  }

  /// Labels of lower-case letters, digits and inner hyphens only.
  private static func isSTD3(_ ascii: String) -> Bool {
    var previous: UInt8 = UInt8(ascii: ".")
    for byte in ascii.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): break
      case UInt8(ascii: "-"): if previous == UInt8(ascii: ".") { return false }
      case UInt8(ascii: "."): if previous == UInt8(ascii: ".") || previous == UInt8(ascii: "-") { return false }
      default: return false
      }
      previous = byte
    }
    return previous != UInt8(ascii: "-") && previous != UInt8(ascii: ".")
  }
}

/// A direct-mapped table of recent IDNA results, keyed by the domain's bytes (FNV-1a). A collision
/// replaces the older entry, so the memory is bounded (`slots` domains of at most 253 bytes).
private final class DomainCache: @unchecked Sendable {
  private static let slots = 1024
  private let lock = NSLock()
  private var keys = [[UInt8]](repeating: [], count: DomainCache.slots)
  private var values = [Result<String, IDNA.Failure>?](repeating: nil, count: DomainCache.slots)

  private static func slot(_ domain: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in domain { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return Int(hash % UInt32(slots))
  }

  func lookup(_ domain: UnsafeBufferPointer<UInt8>) -> Result<String, IDNA.Failure>? {
    let index = Self.slot(domain)
    lock.lock()
    defer { lock.unlock() }
    guard let value = values[index], keys[index].elementsEqual(domain) else { return nil }
    return value
  }

  func store(_ domain: UnsafeBufferPointer<UInt8>, _ value: Result<String, IDNA.Failure>) {
    guard domain.count <= 253 else { return }
    let index = Self.slot(domain)
    let key = Array(domain)
    lock.lock()
    defer { lock.unlock() }
    keys[index] = key
    values[index] = value
  }
}
