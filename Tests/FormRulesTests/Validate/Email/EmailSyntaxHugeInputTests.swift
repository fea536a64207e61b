import FormRulesTestSupport
import Foundation
import Testing

@testable import FormRules

// MARK: - Huge input

struct HugeInput: Sendable, CustomTestStringConvertible {
  let name: String
  let text: String
  var testDescription: String { name }
}

@Suite("EmailSyntax on huge input")
struct EmailSyntaxHugeInputTests {
  static let size = 100_000

  /// The worst case for the A-label length: the most scalars a label can have, all different.
  static func distinctScalars(_ count: Int) -> String {
    var scalars = String.UnicodeScalarView()
    for value in 0x4E00..<(0x4E00 + UInt32(count)) {
      if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
    }
    return String(scalars)
  }
  static let inputs: [HugeInput] = [
    HugeInput(name: "letters, no @", text: repeated("a", size)),
    HugeInput(name: "long local part", text: repeated("a", size) + "@example.com"),
    HugeInput(name: "long label", text: "a@" + repeated("a", size) + ".com"),
    HugeInput(name: "many labels", text: "a@" + repeated("a.", size / 2) + "com"),
    HugeInput(name: "many dots", text: repeated(".", size) + "@" + repeated(".", size)),
    HugeInput(name: "long Unicode local part", text: repeated("é", size) + "@example.com"),
    HugeInput(name: "long Unicode label", text: "a@" + repeated("é", size) + ".com"),
    HugeInput(name: "many Unicode labels", text: "a@" + repeated("éü.", size / 3) + "com"),
    HugeInput(name: "many distinct scalars", text: "a@" + distinctScalars(59) + "." + repeated("例", size)),
    HugeInput(name: "long quoted string", text: "\"" + repeated("a", size) + "\"@example.com"),
    HugeInput(name: "long literal", text: "a@[" + repeated("1", size) + "]"),
    HugeInput(name: "many @", text: repeated("@", size)),
    HugeInput(name: "whitespace", text: repeated(" ", size)),
  ]

  /// `practical` and `rfc` refuse anything over 254 octets before scanning it: `tooLong` for
  /// every shape, where a scan would have found another reason first (`missingAt` for letters
  /// without an `@`, a dot or quoting error…). `html` has no length limit and scans in linear
  /// time; its cost, like every speed figure, is measured in a release build (docs/email.md,
  /// docs/performance.md), never by a timed test.
  @Test(
    "Huge input is refused as tooLong before it is scanned (practical, rfc); html runs to a verdict", arguments: inputs)
  func bounded(_ input: HugeInput) {
    for profile in EmailSyntax.Profile.allCases {
      for syntax in [EmailSyntax(profile: profile), permissive(profile)] {
        let result = syntax.check(input.text)
        if profile != .html { #expect(result == .tooLong, "\(profile)") }
      }
    }
  }
}
