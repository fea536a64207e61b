import Testing

@testable import FormRules

/// Issue 17's review of docs/messages.md, as a test over the whole catalog (rules' messages,
/// general tables, `ui.*` and the tool's `cli.*` lines): no English in the Japanese text and no
/// Japanese in the English text.
@Suite("the catalog keeps each language to its own script")
struct CatalogScriptTests {
  static let keys = MessageCatalog.standardKeys

  /// ASCII that Japanese text may carry: names of formats and encodings, paths, a JSON literal,
  /// and the examples of what a user types (abcd, qwer…). Longest first, so `abcabc` goes
  /// before `abc`.
  static let allowedInJapanese = [
    "Rules/login.json", "Rules/signup.json", "/v1/rules/signup", "docs/rules.md", "docs/server.md", "/dev/tty",
    ".tests.json", "Rules/", "JSON Schema", "JSON Lines", "JSON", "UTF-16", "UTF-8", "Shift_JIS", "EUC-JP", "MiB",
    "null",
    "abcabc", "abcd", "qwer", "asdf", "aaa", "abc",
    // Names of protocols, standards, products and signals (the `--help` pages name them as they are).
    "RFC 9457", "PCRE2", "HTTP", "HTML", "CORS", "TLS", "API", "SIGHUP", "SIGTERM", "SIGINT", "Swift", "Ajv", "Apple",
    "Firebase Auth", "Identity Platform", "Firebase", "Amazon Cognito", "Cognito", "Keycloak", "nginx", "Caddy",
  ]

  /// The ASCII words of three or more letters a Japanese template shows: outside its
  /// `{placeholders}`, outside 「…」 (a value quoted as typed: an option, a command, a character),
  /// and other than the allowed tokens.
  static func englishWords(inJapanese template: String) -> [String] {
    var text = ""
    var quoteDepth = 0
    for piece in TemplatePiece.parse(template) {
      guard case .text(let run) = piece else { continue }
      for character in run {
        if character == "「" {
          quoteDepth += 1
        } else if character == "」" {
          quoteDepth = max(0, quoteDepth - 1)
          text.append(" ")
        } else if quoteDepth == 0 {
          text.append(character)
        }
      }
      text.append(" ")
    }
    for token in allowedInJapanese { text = text.replacingOccurrences(of: token, with: " ") }
    return words(in: text)
  }

  /// Runs of three or more ASCII letters.
  static func words(in text: String) -> [String] {
    var found: [String] = []
    var run = ""
    for scalar in text.unicodeScalars {
      if scalar.isASCII, scalar.properties.isAlphabetic {
        run.unicodeScalars.append(scalar)
      } else {
        if run.count >= 3 { found.append(run) }
        run = ""
      }
    }
    if run.count >= 3 { found.append(run) }
    return found
  }

  /// Kana, kanji and full-width forms, outside "…" (an English message may quote the
  /// character it is about: `Contains a full-width "＠"; use "@".`).
  static func japaneseCharacters(inEnglish template: String) -> [Character] {
    var found: [Character] = []
    var quoted = false
    for character in template {
      if character == "\"" {
        quoted.toggle()
        continue
      }
      guard !quoted else { continue }
      if character.unicodeScalars.contains(where: isJapanese) { found.append(character) }
    }
    return found
  }

  static func isJapanese(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3000...0x303F, 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF00...0xFFEF:
      return true
    default: return false
    }
  }

  @Test("Japanese templates have no English words outside placeholders and quoted values", arguments: keys)
  func noEnglishInJapanese(key: String) throws {
    let template = try #require(MessageCatalog.standard.templates["ja"]?[key])
    for text in [template.labeled, template.inline] {
      #expect(Self.englishWords(inJapanese: text).isEmpty, "\(key): \(text)")
    }
  }

  @Test("English templates have no kana, kanji or full-width forms outside quotes", arguments: keys)
  func noJapaneseInEnglish(key: String) throws {
    let template = try #require(MessageCatalog.standard.templates["en"]?[key])
    for text in [template.labeled, template.inline] {
      #expect(Self.japaneseCharacters(inEnglish: text).isEmpty, "\(key): \(text)")
    }
  }

  @Test("the scans find what they are for")
  func scansFail() {
    #expect(Self.englishWords(inJapanese: "{label}はrequiredです。") == ["required"])
    #expect(Self.englishWords(inJapanese: "「--format」を指定してください。").isEmpty)
    #expect(Self.englishWords(inJapanese: "abcdやUTF-8は使えます。").isEmpty)
    #expect(Self.englishWords(inJapanese: "PASS {name}") == ["PASS"])
    #expect(Self.japaneseCharacters(inEnglish: "Must be 8文字.") == ["文", "字"])
    #expect(Self.japaneseCharacters(inEnglish: "Contains a full-width \"＠\"; use \"@\".").isEmpty)
    #expect(Self.japaneseCharacters(inEnglish: "OK（3 fields）") == ["（", "）"])
  }

  @Test(
    "the tool's Japanese lines use full-width marks with no space after them",
    arguments: keys.filter { $0.hasPrefix("cli.") })
  func toolLines(key: String) throws {
    let ja = try #require(MessageCatalog.standard.templates["ja"]?[key]).inline
    // Outside quoted command text, no half-width ( ) : ; and no space after a full-width mark.
    let unquoted = Self.outsideQuotes(ja)
    for mark in ["(", ")", ": ", ";", "!", "?"] {
      #expect(!unquoted.contains(mark), "\(key): \(ja)")
    }
    for mark in ["（", "）", "「", "」", "：", "、", "。"] {
      #expect(!ja.contains(mark + " "), "\(key): \(ja)")
    }
    // Half-width digits.
    #expect(!ja.unicodeScalars.contains { (0xFF10...0xFF19).contains($0.value) }, "\(key): \(ja)")
  }

  /// The text outside 「…」 and `{placeholders}`.
  static func outsideQuotes(_ text: String) -> String {
    var result = ""
    var depth = 0
    for piece in TemplatePiece.parse(text) {
      guard case .text(let run) = piece else { continue }
      for character in run {
        if character == "「" {
          depth += 1
        } else if character == "」" {
          depth = max(0, depth - 1)
        } else if depth == 0 {
          result.append(character)
        }
      }
    }
    return result
  }
}
