import FormRulesTestSupport
import Foundation
import Testing

@testable import FormRules

#if canImport(FoundationXML)
  import FoundationXML
#endif

typealias Reason = EmailSyntax.Reason

// MARK: - Helpers

/// One address and the outcome expected under each profile with its default options.
struct ProfileCase: Sendable, CustomTestStringConvertible {
  let address: String
  let html: Reason?
  let practical: Reason?
  let rfc: Reason?

  var testDescription: String { String(reflecting: address) }

  /// The same outcome under every profile.
  static func all(_ address: String, _ reason: Reason?) -> ProfileCase {
    ProfileCase(address: address, html: reason, practical: reason, rfc: reason)
  }

  static func row(_ address: String, html: Reason?, practical: Reason?, rfc: Reason?) -> ProfileCase {
    ProfileCase(address: address, html: html, practical: practical, rfc: rfc)
  }

  /// A quoted local part: only rfc looks inside it; the others stop at the opening quote.
  static func quoted(_ address: String, rfc: Reason?) -> ProfileCase {
    ProfileCase(address: address, html: .quotedLocalPart, practical: .quotedLocalPart, rfc: rfc)
  }

  func verify(sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(EmailSyntax(profile: .html).check(address) == html, "html", sourceLocation: sourceLocation)
    #expect(
      EmailSyntax(profile: .practical).check(address) == practical, "practical",
      sourceLocation: sourceLocation)
    #expect(EmailSyntax(profile: .rfc).check(address) == rfc, "rfc", sourceLocation: sourceLocation)
  }
}

func check(_ syntax: EmailSyntax, _ bytes: [UInt8]) -> Reason? {
  ByteView.with(bytes) { syntax.check(utf8: $0) }
}

/// A profile with every option turned on: the most permissive checker there is.
func permissive(_ profile: EmailSyntax.Profile) -> EmailSyntax {
  var syntax = EmailSyntax(profile: profile)
  syntax.allowQuotedLocalPart = true
  syntax.allowDomainLiteral = true
  syntax.allowUnicode = true
  return syntax
}

func repeated(_ text: String, _ count: Int) -> String {
  String(repeating: text, count: count)
}

/// For scalars Swift refuses in a literal, such as noncharacters.
func scalar(_ value: UInt32) -> String {
  Unicode.Scalar(value).map { String(Character($0)) } ?? ""
}

/// A domain of `count` one-letter IDN labels plus `.com`: short in UTF-8, long as A-labels.
func unicodeLabels(_ count: Int) -> String {
  Array(repeating: "é", count: count).joined(separator: ".") + ".com"
}
