import FormRules
import Foundation

/// A PCRE2 pattern rewritten for ECMAScript, for exports that browsers and JavaScript
/// validators run: the HTML `pattern` attribute (compiled with the `v` flag) and JSON
/// Schema `pattern` (ECMA-262, compiled with the `u` flag by validators such as Ajv).
///
/// Only a small subset translates, and only where the meaning is the same in PCRE2 (as
/// the `pattern` rule compiles it: UTF, UCP, `$` only at the very end) and in ECMAScript under
/// both `u` and `v`: literal characters, escaped metacharacters, `\t \n \r \f`, `\xHH`,
/// `\x{…}`, character classes of literals and ranges, groups `( )` `(?: )`, lookaheads
/// `(?= )` `(?! )`, alternation, the quantifiers `* + ? {n} {n,} {n,m}` (greedy or lazy),
/// and the anchors `^ $ \A \z`. Everything else is refused with a reason, because it
/// means something else in a browser:
///
/// - `\d \w \s \b` match Unicode digits, letters and spaces under PCRE2's UCP, ASCII in ECMAScript;
/// - `.` stops at `\r`, U+2028 and U+2029 in ECMAScript, only at `\n` in PCRE2;
/// - `\Z` and `$` with the `m` flag accept a trailing newline in PCRE2;
/// - flags (`i`, `x`, `m`, `s`) cannot be passed to an HTML or JSON Schema pattern.
///
/// ```swift
/// let ecma = try ECMAPattern(pcre2: "^[0-9]+\\z")
/// ecma.source           // "^[0-9]+$"
/// ecma.isWholeMatch     // true: anchored at both ends in every branch
/// ```
public struct ECMAPattern: Sendable, Equatable {
  /// Why a pattern has no ECMAScript equivalent.
  public struct Untranslatable: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why, in words (`possessive quantifier`).
    public var reason: String
    /// Byte offset in the PCRE2 pattern where translation stopped.
    public var offset: Int

    public var description: String { "\(reason) (at offset \(offset))" }
  }

  /// The ECMAScript source, valid with the `u` and with the `v` flag.
  public let source: String
  /// Every top-level branch starts with `^` and ends with `$`, so searching for the pattern
  /// and matching it against the whole value are the same.
  public let isWholeMatch: Bool
  /// Every string the pattern can match lies in the Basic Multilingual Plane, where a
  /// length in UTF-16 code units equals the length in code points. Only meaningful with
  /// ``isWholeMatch``: a search constrains nothing outside the match.
  public let isBMPOnly: Bool

  /// Translates a PCRE2 pattern with its flags.
  /// - Throws: ``Untranslatable`` with the reason, when the meaning would change.
  public init(pcre2 pattern: String, flags: String = "") throws(Untranslatable) {
    guard flags.isEmpty else {
      throw Untranslatable(reason: "flags \"\(flags)\" cannot be given to an HTML or JSON Schema pattern", offset: 0)
    }
    var parser = Translator(Array(pattern.unicodeScalars))
    let result = try parser.alternation(depth: 0)
    if parser.position < parser.scalars.count {
      throw Untranslatable(reason: "unbalanced \")\"", offset: parser.offset)
    }
    source = result.source
    isWholeMatch = result.wholeMatch
    isBMPOnly = parser.bmpOnly
  }

  /// The HTML `pattern` attribute value that accepts exactly the values in which this
  /// pattern is found (the browser adds `^(?:` … `)$`).
  public var htmlSearch: String {
    isWholeMatch ? source : "[\\s\\S]*(?:\(source))[\\s\\S]*"
  }
}

/// A recursive-descent reader of the PCRE2 subset that writes the ECMAScript form.
private struct Translator {
  typealias Untranslatable = ECMAPattern.Untranslatable

  let scalars: [Unicode.Scalar]
  var position = 0
  var bmpOnly = true

  init(_ scalars: [Unicode.Scalar]) {
    self.scalars = scalars
  }

  /// The byte offset of the current position, as PCRE2 reports offsets.
  var offset: Int { scalars[..<min(position, scalars.count)].reduce(0) { $0 + UTF8.width($1) } }

  var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

  func fail(_ reason: String) -> Untranslatable { Untranslatable(reason: reason, offset: offset) }

  struct Branch {
    var source = ""
    var startsAnchored = false
    var endsAnchored = false
  }

  mutating func alternation(depth: Int) throws(Untranslatable) -> (source: String, wholeMatch: Bool) {
    guard depth < 32 else { throw fail("groups nested too deeply") }
    var branches: [Branch] = []
    while true {
      branches.append(try sequence(depth: depth))
      guard current == "|" else { break }
      position += 1
    }
    let whole = branches.allSatisfy { $0.startsAnchored && $0.endsAnchored }
    return (branches.map(\.source).joined(separator: "|"), whole)
  }

  /// Terms up to `|`, `)` or the end.
  mutating func sequence(depth: Int) throws(Untranslatable) -> Branch {
    var branch = Branch()
    var first = true
    while let c = current, c != "|", c != ")" {
      let term = try self.term(depth: depth)
      var text = term.text
      if term.quantifiable {
        text += try quantifier()
      } else if let q = current, q == "*" || q == "+" || q == "?" || q == "{" {
        throw fail("a quantifier after an anchor or lookahead means something else in ECMAScript")
      }
      if first && term.isStartAnchor { branch.startsAnchored = true }
      // An end anchor counts only as the very last term of the branch.
      branch.endsAnchored = term.isEndAnchor
      branch.source += text
      first = false
    }
    return branch
  }

  struct Term {
    var text: String
    var quantifiable = true
    var isStartAnchor = false
    var isEndAnchor = false
  }

  mutating func term(depth: Int) throws(Untranslatable) -> Term {
    guard let c = current else { throw fail("unexpected end of pattern") }
    switch c {
    case "^":
      position += 1
      return Term(text: "^", quantifiable: false, isStartAnchor: true)
    case "$":
      position += 1
      return Term(text: "$", quantifiable: false, isEndAnchor: true)
    case ".":
      throw fail("\".\" excludes \\r, U+2028 and U+2029 in ECMAScript but only \\n in PCRE2; use a class")
    case "(":
      return try group(depth: depth)
    case "[":
      return Term(text: try characterClass())
    case "\\":
      return try escape()
    case "*", "+", "?":
      throw fail("a quantifier with nothing to repeat")
    case "{":
      throw fail("a literal \"{\" (escape it as \\{)")
    case "]", "}":
      position += 1
      return Term(text: "\\" + String(c))
    default:
      position += 1
      return Term(text: literal(c))
    }
  }

  mutating func group(depth: Int) throws(Untranslatable) -> Term {
    position += 1  // (
    var opener = "("
    var quantifiable = true
    if current == "?" {
      let next = position + 1 < scalars.count ? scalars[position + 1] : nil
      switch next {
      case ":": opener = "(?:"
      case "=":
        opener = "(?="
        quantifiable = false
      case "!":
        opener = "(?!"
        quantifiable = false
      default:
        throw fail("only (…), (?:…), (?=…) and (?!…) groups translate")
      }
      position += 2
    } else if current == "*" {
      throw fail("PCRE2 verbs (*…) have no ECMAScript equivalent")
    }
    let inner = try alternation(depth: depth + 1)
    guard current == ")" else { throw fail("missing \")\"") }
    position += 1
    return Term(text: opener + inner.source + ")", quantifiable: quantifiable)
  }

  mutating func quantifier() throws(Untranslatable) -> String {
    guard let c = current else { return "" }
    var text: String
    switch c {
    case "*", "+", "?":
      position += 1
      text = String(c)
    case "{":
      var digits = ""
      var i = position + 1
      while i < scalars.count, scalars[i] != "}" {
        digits.unicodeScalars.append(scalars[i])
        i += 1
      }
      let parts = digits.split(separator: ",", omittingEmptySubsequences: false)
      let valid =
        i < scalars.count && !digits.isEmpty && parts.count <= 2 && !parts[0].isEmpty
        && parts.allSatisfy { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
      guard valid else { throw fail("only {n}, {n,} and {n,m} quantifiers translate") }
      position = i + 1
      text = "{" + digits + "}"
    default:
      return ""
    }
    if current == "?" {
      position += 1
      text += "?"
    } else if current == "+" {
      throw fail("possessive quantifiers have no ECMAScript equivalent")
    }
    return text
  }

  /// One escape outside a class.
  mutating func escape() throws(Untranslatable) -> Term {
    position += 1  // backslash
    guard let c = current else { throw fail("a pattern cannot end with a backslash") }
    switch c {
    case "A":
      position += 1
      return Term(text: "^", quantifiable: false, isStartAnchor: true)
    case "z":
      position += 1
      return Term(text: "$", quantifiable: false, isEndAnchor: true)
    default:
      guard let scalar = try escapedScalar() else {
        throw fail(Self.reason(for: c))
      }
      return Term(text: literal(scalar))
    }
  }

  /// The scalar an escape stands for (`\.`, `\t`, `\x41`, `\x{3042}`), or `nil` when the
  /// escape is not a single character that means the same everywhere.
  mutating func escapedScalar() throws(Untranslatable) -> Unicode.Scalar? {
    guard let c = current else { return nil }
    if Self.syntaxCharacters.contains(c) || c == "/" || c == "-" {
      position += 1
      return c
    }
    switch c {
    case "t":
      position += 1
      return "\t"
    case "n":
      position += 1
      return "\n"
    case "r":
      position += 1
      return "\r"
    case "f":
      position += 1
      return "\u{0C}"
    case "x":
      position += 1
      var hex = ""
      if current == "{" {
        position += 1
        while let h = current, h != "}" {
          hex.unicodeScalars.append(h)
          position += 1
        }
        guard current == "}" else { throw fail("missing \"}\" in \\x{…}") }
        position += 1
      } else {
        for _ in 0..<2 {
          guard let h = current, h.properties.isASCIIHexDigit else { break }
          hex.unicodeScalars.append(h)
          position += 1
        }
      }
      guard !hex.isEmpty, hex.count <= 6, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value)
      else {
        throw fail("\\x needs a code point in hexadecimal")
      }
      return scalar
    default:
      return nil
    }
  }

  /// A character written so that it means itself outside a class in ECMAScript (`u`/`v`).
  mutating func literal(_ scalar: Unicode.Scalar) -> String {
    if scalar.value > 0xFFFF { bmpOnly = false }
    if Self.syntaxCharacters.contains(scalar) || scalar == "/" { return "\\" + String(scalar) }
    return Self.printable(scalar)
  }

  /// Control and invisible characters as escapes; everything else as itself.
  static func printable(_ scalar: Unicode.Scalar) -> String {
    if scalar.value < 0x20 || scalar.value == 0x7F {
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "\\x" + (hex.count < 2 ? "0" + hex : hex)
    }
    let category = scalar.properties.generalCategory
    let invisible =
      category == .format || category == .control || category == .lineSeparator || category == .paragraphSeparator
      || category == .nonspacingMark || category == .enclosingMark || category == .spaceSeparator
    if invisible && !scalar.isASCII {
      if scalar.value <= 0xFFFF {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return String(scalar)
  }

  /// `[…]`: literals, escapes and ranges; a leading `^` negates.
  mutating func characterClass() throws(Untranslatable) -> String {
    position += 1  // [
    var negated = false
    if current == "^" {
      negated = true
      position += 1
      // A negated class matches characters outside the Basic Multilingual Plane.
      bmpOnly = false
    }
    if current == "]" { throw fail("a \"]\" first in a class (write \\])") }
    var ranges: [ClosedRange<UInt32>] = []
    while current != nil && current != "]" {
      let low = try classAtom()
      if current == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
        position += 1
        let high = try classAtom()
        guard low.value <= high.value else { throw fail("a class range out of order") }
        ranges.append(low.value...high.value)
      } else {
        ranges.append(low.value...low.value)
      }
    }
    guard current == "]" else { throw fail("missing \"]\"") }
    position += 1
    if !negated && ranges.contains(where: { $0.upperBound > 0xFFFF }) { bmpOnly = false }
    var text = negated ? "[^" : "["
    for range in ranges {
      guard let low = Unicode.Scalar(range.lowerBound), let high = Unicode.Scalar(range.upperBound) else { continue }
      if range.count > 1 {
        if Self.doublePunctuators.contains(low) || Self.doublePunctuators.contains(high) {
          throw fail("a range ending in \"\(low)\" or \"\(high)\" could form a reserved pair under the v flag")
        }
        text += classLiteral(low) + "-" + classLiteral(high)
      } else {
        text += classLiteral(low)
      }
    }
    // Under the `v` flag a doubled punctuator (`&&`, `!!`…) is an operator or an error.
    var previous: Character?
    for character in text {
      if let p = previous, p == character, let scalar = character.unicodeScalars.first,
        Self.doublePunctuators.contains(scalar)
      {
        throw fail("a doubled \"\(character)\" in a class is reserved under the v flag")
      }
      previous = character
    }
    return text + "]"
  }

  /// One character inside a class.
  mutating func classAtom() throws(Untranslatable) -> Unicode.Scalar {
    guard let c = current else { throw fail("missing \"]\"") }
    if c == "\\" {
      position += 1
      guard let escaped = current else { throw fail("a pattern cannot end with a backslash") }
      guard let scalar = try escapedScalar() else { throw fail(Self.reason(for: escaped)) }
      return scalar
    }
    if c == "[" {
      let next = position + 1 < scalars.count ? scalars[position + 1] : nil
      if next == ":" || next == "." || next == "=" { throw fail("POSIX classes follow Unicode under PCRE2's UCP") }
    }
    position += 1
    return c
  }

  /// A character written so that it means itself inside a class under both `u` and `v`.
  func classLiteral(_ scalar: Unicode.Scalar) -> String {
    if Self.syntaxCharacters.contains(scalar) || scalar == "/" || scalar == "-" { return "\\" + String(scalar) }
    return Self.printable(scalar)
  }

  static let syntaxCharacters: Set<Unicode.Scalar> = [
    "^", "$", "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|",
  ]

  /// Punctuators that the `v` flag reserves when doubled and that the `u` flag forbids escaping.
  static let doublePunctuators: Set<Unicode.Scalar> = [
    "&", "!", "#", "%", ",", ":", ";", "<", "=", ">", "@", "`", "~",
  ]

  static func reason(for escape: Unicode.Scalar) -> String {
    switch escape {
    case "d", "D", "w", "W", "s", "S":
      return "\\\(escape) follows Unicode under PCRE2's UCP but ASCII in ECMAScript; write the class out, e.g. [0-9]"
    case "b", "B":
      return "\\\(escape) uses Unicode word characters under PCRE2's UCP but ASCII ones in ECMAScript"
    case "Z":
      return "\\Z accepts a trailing newline; use \\z"
    case "p", "P":
      return "Unicode properties are not supported by every JSON Schema validator"
    default:
      if escape.properties.numericType != nil { return "backreferences are not translated" }
      return "\\\(escape) has no identical ECMAScript form"
    }
  }
}

extension ECMAPattern.Untranslatable: LocalizedError {
  /// What `localizedDescription` shows: ``description``, in English.
  public var errorDescription: String? { description }
}
