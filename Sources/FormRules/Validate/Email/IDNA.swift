import Foundation

/// The domain of an email address in the form DNS and mail servers use: IDNA2008 with Unicode
/// UTS #46 processing, through GNU libidn2.
///
/// libidn2 is there when the package's `IDNA` trait is on (the default; Linux and macOS with
/// Homebrew). Without it (iOS and the other Apple platforms, or `--disable-default-traits`),
/// ``isAvailable`` is `false` and a fallback that is never laxer applies: ASCII domains and
/// already-encoded A-labels (`xn--…`) pass the checks that need no Unicode tables (LDH labels,
/// well-formed Punycode that decodes to non-ASCII), and any other non-ASCII domain is refused
/// with ``Failure/unavailable`` (`email.idnaUnavailable`), never guessed at.
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

    /// The code of a non-ASCII domain refused because this build has no IDNA tables.
    public static let unavailable = Failure(code: "IDNA_UNAVAILABLE")
  }

  /// The domain with every label as an A-label or lower-case ASCII, or why it has none.
  public static func asciiDomain(_ domain: String) -> Result<String, Failure> {
    ByteView.withUTF8(domain) { asciiDomain(utf8: $0) }
  }

  /// ``asciiDomain(utf8:)`` through a small cache shared by every thread. A libidn2 lookup costs
  /// 10–60 µs, about twenty times a whole record's validation, while the IDNs in a batch of sign-ups
  /// repeat (a few dozen domains cover most of them). The result depends on the domain alone.
  static func cachedASCIIDomain(utf8 domain: ByteView) -> Result<String, Failure> {
    if let cached = cache.lookup(domain) { return cached }
    let result = asciiDomain(utf8: domain)
    cache.store(domain, result)
    return result
  }

  private static let cache = DomainCache()

  /// Labels of lower-case letters, digits and inner hyphens only.
  static func isSTD3(_ ascii: String) -> Bool {
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

  private static func slot(_ domain: ByteView) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in domain { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return Int(hash % UInt32(slots))
  }

  func lookup(_ domain: ByteView) -> Result<String, IDNA.Failure>? {
    let index = Self.slot(domain)
    lock.lock()
    defer { lock.unlock() }
    guard let value = values[index], keys[index].elementsEqual(domain) else { return nil }
    return value
  }

  func store(_ domain: ByteView, _ value: Result<String, IDNA.Failure>) {
    guard domain.count <= 253 else { return }
    let index = Self.slot(domain)
    let key = domain.array
    lock.lock()
    defer { lock.unlock() }
    keys[index] = key
    values[index] = value
  }
}

extension IDNA.Failure: LocalizedError {
  /// What `localizedDescription` shows: its code (`A4_2`…), as ``description`` gives it.
  public var errorDescription: String? { description }
}
