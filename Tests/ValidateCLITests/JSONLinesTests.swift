import FormRulesTestSupport
import Testing

@Suite("validate --jsonl")
struct JSONLinesTests {
  static let arguments = ["--rules", "Rules/login.json", "--jsonl", "--locale", "en"]
  static let valid = #"{"email":"taro@example.jp","password":"abc123"}"#
  static let validReport =
    #"{"valid":true,"fields":{"email":{"valid":true,"value":"taro@example.jp","errors":[]},"password":{"valid":true,"errors":[]}}}"#
  static let shortPassword = #"{"email":"hanako@example.jp","password":"abc"}"#
  static let shortPasswordReport =
    #"{"valid":false,"fields":{"email":{"valid":true,"value":"hanako@example.jp","errors":[]},"password":{"valid":false,"errors":[{"code":"minLength","severity":"error","params":{"min":6,"actual":3,"unit":"characters"},"message":"Password must be at least 6 characters."}]}}}"#

  /// The report that takes a malformed line's place.
  static func malformed(line: Int, _ params: String) -> String {
    #"{"valid":false,"errors":[{"code":"input.malformed","severity":"error","params":{"line":\#(line),\#(params)},"message":"Line \#(line) of the input is not a valid record."}],"fields":{}}"#
  }

  @Test("a malformed line in the middle: one line out per line in, in order, and the stream goes on")
  func malformedInTheMiddle() throws {
    let input =
      [Self.valid, #"{"email": "taro@example.jp", "password": "#, Self.shortPassword, Self.valid].joined(
        separator: "\n") + "\n"
    let result = try ValidateBinary.run(Self.arguments, stdin: input)
    expectRun(
      result, status: 1,
      stdout: [
        Self.validReport, Self.malformed(line: 2, #""reason":"unexpectedEnd","column":42"#), Self.shortPasswordReport,
        Self.validReport,
      ].map { $0 + "\n" }.joined(),
      stderr: "records: 4, valid: 2, invalid: 2, malformed: 1\n")
  }

  struct LineCase: CustomTestStringConvertible, Sendable {
    var name: String
    var input: [UInt8]
    var reports: [String]
    var summary: String
    var status: Int32
    var testDescription: String { name }
  }

  static let lineCases: [LineCase] = [
    LineCase(
      name: "every line valid: exit 0", input: Array("\(valid)\n\(valid)\n".utf8), reports: [validReport, validReport],
      summary: "records: 2, valid: 2, invalid: 0, malformed: 0", status: 0),
    LineCase(
      name: "a blank line is a record too", input: Array("\(valid)\n\n\(valid)\n".utf8),
      reports: [validReport, malformed(line: 2, #""reason":"unexpectedEnd","column":1"#), validReport],
      summary: "records: 3, valid: 2, invalid: 1, malformed: 1", status: 1),
    LineCase(
      name: "CRLF line endings", input: Array("\(valid)\r\n\(shortPassword)\r\n".utf8),
      reports: [validReport, shortPasswordReport], summary: "records: 2, valid: 1, invalid: 1, malformed: 0",
      status: 1),
    LineCase(
      name: "no newline after the last line", input: Array("\(shortPassword)\n\(valid)".utf8),
      reports: [shortPasswordReport, validReport], summary: "records: 2, valid: 1, invalid: 1, malformed: 0",
      status: 1),
    LineCase(
      name: "invalid UTF-8 in a line",
      input: Array("\(valid)\n{\"email\":\"".utf8) + [0xFF, 0xFE]
        + Array("\",\"password\":\"abc123\"}\n\(valid)\n".utf8),
      reports: [validReport, malformed(line: 2, #""reason":"invalidUTF8","column":11"#), validReport],
      summary: "records: 3, valid: 2, invalid: 1, malformed: 1", status: 1),
    LineCase(
      name: "a number where a string belongs",
      input: Array("{\"email\":\"taro@example.jp\",\"password\":123456}\n\(valid)\n".utf8),
      reports: [malformed(line: 1, #""reason":"notString","field":"password""#), validReport],
      summary: "records: 2, valid: 1, invalid: 1, malformed: 1", status: 1),
    LineCase(
      name: "a line that is JSON but not an object",
      input: Array("[\"taro@example.jp\"]\n\"abc123\"\n".utf8),
      reports: [malformed(line: 1, #""reason":"notObject""#), malformed(line: 2, #""reason":"notObject""#)],
      summary: "records: 2, valid: 0, invalid: 2, malformed: 2", status: 1),
    LineCase(
      name: "fields the rules do not know may hold anything",
      input: Array("{\"email\":\"taro@example.jp\",\"password\":\"abc123\",\"age\":42,\"tags\":[1]}\n".utf8),
      reports: [validReport], summary: "records: 1, valid: 1, invalid: 0, malformed: 0", status: 0),
    LineCase(
      name: "empty input: no records, exit 0", input: [], reports: [],
      summary: "records: 0, valid: 0, invalid: 0, malformed: 0", status: 0),
  ]

  @Test("line handling", arguments: lineCases)
  func lines(_ c: LineCase) throws {
    let result = try ValidateBinary.run(Self.arguments, stdin: c.input)
    expectRun(result, status: c.status, stderr: c.summary + "\n")
    #expect(result.stdoutLines == c.reports)
  }

  @Test("a line over 1 MiB is too long whether or not a newline ends it; one just under is read")
  func longLines() throws {
    let tooLong = #"{"email":""# + String(repeating: "a", count: 1_100_000) + #""}"#
    let nearlyTooLong =
      #"{"email":"taro@example.jp","password":"abc123","padding":""# + String(repeating: "b", count: 1_000_000) + #""}"#
    let result = try ValidateBinary.run(
      Self.arguments, stdin: [tooLong, nearlyTooLong, Self.valid, tooLong].joined(separator: "\n"))
    expectRun(result, status: 1, stderr: "records: 4, valid: 2, invalid: 2, malformed: 2\n")
    #expect(
      result.stdoutLines == [
        Self.malformed(line: 1, #""reason":"lineTooLong""#), Self.validReport, Self.validReport,
        Self.malformed(line: 4, #""reason":"lineTooLong""#),
      ])
  }

  @Test("--input FILE reads the lines from a file")
  func inputFile() throws {
    let result = try ValidateBinary.run(Self.arguments + ["--input", CLI.fixture("records.jsonl")])
    #expect(result.status == 1)
    #expect(result.stdoutLines.count == 4)
    #expect(result.stderr == "records: 4, valid: 2, invalid: 2, malformed: 1\n")
  }

  @Test("many lines: the count and the order of malformed lines hold")
  func manyLines() throws {
    let count = 20_000
    var input = ""
    for i in 1...count {
      input += i % 1000 == 0 ? "{\"email\": \(i)}\n" : "{\"email\":\"user\(i)@example.jp\",\"password\":\"abc123\"}\n"
    }
    let result = try ValidateBinary.run(Self.arguments, stdin: input)
    #expect(result.status == 1)
    #expect(result.stderr == "records: 20000, valid: 19980, invalid: 20, malformed: 20\n")
    let lines = result.stdoutLines
    #expect(lines.count == count)
    for (index, line) in lines.enumerated() {
      let number = index + 1
      if number % 1000 == 0 {
        #expect(line == Self.malformed(line: number, #""reason":"notString","field":"email""#))
      } else if !line.contains("\"value\":\"user\(number)@example.jp\"") {
        Issue.record("line \(number) out of order: \(line)")
        break
      }
    }
  }

  @Test("text format: a numbered block per line, messages in the chosen locale")
  func text() throws {
    let input = "\(Self.valid)\nnot json\n\(Self.shortPassword)\n"
    let ja = try ValidateBinary.run(
      ["--rules", "Rules/login.json", "--jsonl", "--format", "text", "--locale", "ja"], stdin: input)
    expectRun(
      ja, status: 1,
      stdout: """
        # 1
        ✓ メールアドレス
        ✓ パスワード
        # 2
        ✗ 入力データの2行目の形式が正しくありません。
        # 3
        ✓ メールアドレス
        ✗ パスワード: 6文字以上で入力してください。

        """, stderr: "全3件：有効1件、無効2件（うち形式の誤り1件）\n")
    let en = try ValidateBinary.run(
      ["--rules", "Rules/login.json", "--jsonl", "--format", "text", "--locale", "en"], stdin: input)
    #expect(en.stdoutLines[4] == "✗ Line 2 of the input is not a valid record.")
    #expect(en.stderr == "records: 3, valid: 1, invalid: 2, malformed: 1\n")
  }

  @Test("a malformed line's report in Japanese")
  func japanese() throws {
    let result = try ValidateBinary.run(["--rules", "Rules/login.json", "--jsonl", "--locale", "ja"], stdin: "{\n")
    expectRun(
      result, status: 1,
      stdout: #"""
        {"valid":false,"errors":[{"code":"input.malformed","severity":"error","params":{"line":1,"reason":"unexpectedEnd","column":2},"message":"入力データの1行目の形式が正しくありません。"}],"fields":{}}

        """#, stderr: "全1件：有効0件、無効1件（うち形式の誤り1件）\n")
  }
}
