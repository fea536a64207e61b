import FormRulesTestSupport
import Testing

/// A value of a `sensitive` field never shows in stdout or stderr, whatever the command,
/// format, locale or mistake in the input.
@Suite("sensitive values are never printed")
struct SecretTests {
  static let secret = "S3cr3t-Hunter2-x9"
  static let rules = CLI.fixture("secrets.json")

  /// Documents and lines that carry the secret in sensitive fields, well formed or not.
  static let documents: [(name: String, bytes: [UInt8])] = [
    (
      "every rule fails",
      Array(
        #"{"email":"a@b.jp","pin":"\#(secret)","password":" \#(secret) ","password_confirmation":"x\#(secret)"}"#.utf8)
    ),
    (
      "valid apart from the secret",
      Array(#"{"email":"a@b.jp","pin":"1234","password":"\#(secret)","password_confirmation":"\#(secret)"}"#.utf8)
    ),
    ("over the value limit", Array(#"{"email":"a@b.jp","password":"\#(String(repeating: secret, count: 5))"}"#.utf8)),
    ("cut off after the secret", Array(#"{"email":"a@b.jp","password":"\#(secret)""#.utf8)),
    ("a number in another field", Array(#"{"password":"\#(secret)","email":5}"#.utf8)),
    ("a number in the secret field", Array(#"{"email":"a@b.jp","pin":1234,"password":"\#(secret)"}"#.utf8)),
    ("a control character in the secret", Array(#"{"password":"\#(secret)"#.utf8) + [0x01] + Array(#""}"#.utf8)),
    ("a bad escape in the secret", Array(#"{"password":"\#(secret)\q"}"#.utf8)),
    ("invalid UTF-8 in the secret", Array(#"{"password":"\#(secret)"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)),
    ("the secret field twice", Array(#"{"password":"\#(secret)","password":"\#(secret)"}"#.utf8)),
    ("data after the object", Array(#"{"password":"\#(secret)"} "\#(secret)""#.utf8)),
    ("an array holding the secret", Array(#"["\#(secret)"]"#.utf8)),
  ]

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var stdin: [UInt8]
    var testDescription: String { "\(name) \(arguments.dropFirst(2).joined(separator: " "))" }
  }

  static var cases: [Case] {
    var cases: [Case] = []
    for locale in ["ja", "en"] {
      for format in ["json", "text"] {
        let common = ["--rules", rules, "--locale", locale, "--format", format]
        for document in documents {
          cases.append(Case(name: document.name, arguments: common, stdin: document.bytes))
        }
        // All of them as JSON Lines, each line on its own, and the whole stream at once.
        let stream = documents.map(\.bytes).joined(separator: [0x0A])
        cases.append(Case(name: "every document as JSON Lines", arguments: common + ["--jsonl"], stdin: Array(stream)))
        let crlf = documents.map(\.bytes).joined(separator: [0x0D, 0x0A])
        cases.append(
          Case(name: "every document as CRLF JSON Lines", arguments: common + ["--jsonl"], stdin: Array(crlf)))
      }
    }
    return cases
  }

  @Test("validate, every format, locale and kind of input", arguments: cases)
  func validate(_ c: Case) throws {
    let result = try ValidateBinary.run(c.arguments, stdin: c.stdin)
    #expect(result.status == 1 || result.status == 2)
    expectNoSecret(result, Self.secret)
  }

  @Test(
    "command-line paths: --field refusals, stray arguments, and the other commands",
    arguments: [
      ["--rules", rules, "--field", "password=\(secret)"],
      ["--rules", rules, "--field=pin=\(secret)"],
      ["--rules", rules, "--field", "email=a@b.jp", "--field", "password_confirmation=\(secret)"],
      ["--rules", rules, "--password=\(secret)"],
      ["--rules", rules, "--field", "Password=\(secret)"],
      ["test", "--rules", rules],
      ["test", "--rules", rules, "--format", "json"],
      ["explain", "--rules", rules],
      ["explain", "--rules", rules, "--format", "json", "--locale", "ja"],
      ["lint", "--rules", rules],
    ])
  func commandLine(_ arguments: [String]) throws {
    let result = try ValidateBinary.run(
      arguments, stdin: Array(#"{"email":"a@b.jp","password":"\#(Self.secret)"}"#.utf8))
    expectNoSecret(result, Self.secret)
  }
}
