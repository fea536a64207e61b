import FormRulesTestSupport
import Testing

@Suite("validate: one document")
struct ValidateCommandTests {
  static let login = "Rules/login.json"
  static let validInput = #"{"email":" taro@example.jp ","password":"abc123"}"#
  static let invalidInput = #"{"email":"taro.example.jp","password":"abc12"}"#

  struct FormatCase: CustomTestStringConvertible, Sendable {
    var locale: String
    var format: String
    var input: String
    var status: Int32
    var stdout: String
    var testDescription: String { "\(locale) \(format) exit \(status)" }
  }

  static let formatCases: [FormatCase] = [
    FormatCase(
      locale: "ja", format: "json", input: validInput, status: 0,
      stdout: #"""
        {"valid":true,"fields":{"email":{"valid":true,"value":"taro@example.jp","errors":[]},"password":{"valid":true,"errors":[]}}}

        """#),
    FormatCase(
      locale: "ja", format: "json", input: invalidInput, status: 1,
      stdout: #"""
        {"valid":false,"fields":{"email":{"valid":false,"value":"taro.example.jp","errors":[{"code":"email","severity":"error","params":{"reason":"missingAt","profile":"practical"},"message":"メールアドレスに「@」が含まれていません。"}]},"password":{"valid":false,"errors":[{"code":"minLength","severity":"error","params":{"min":6,"actual":5,"unit":"characters"},"message":"パスワードは6文字以上で入力してください。"}]}}}

        """#),
    FormatCase(
      locale: "en", format: "json", input: validInput, status: 0,
      stdout: #"""
        {"valid":true,"fields":{"email":{"valid":true,"value":"taro@example.jp","errors":[]},"password":{"valid":true,"errors":[]}}}

        """#),
    FormatCase(
      locale: "en", format: "json", input: #"{"password":null}"#, status: 1,
      stdout: #"""
        {"valid":false,"fields":{"email":{"valid":false,"value":null,"errors":[{"code":"required","severity":"error","params":{},"message":"Email address is required."}]},"password":{"valid":false,"errors":[{"code":"required","severity":"error","params":{},"message":"Password is required."}]}}}

        """#),
    FormatCase(
      locale: "ja", format: "text", input: validInput, status: 0,
      stdout: """
        ✓ メールアドレス
        ✓ パスワード

        """),
    FormatCase(
      locale: "ja", format: "text", input: invalidInput, status: 1,
      stdout: """
        ✗ メールアドレス: 「@」が含まれていません。
        ✗ パスワード: 6文字以上で入力してください。

        """),
    FormatCase(
      locale: "en", format: "text", input: validInput, status: 0,
      stdout: """
        ✓ Email address
        ✓ Password

        """),
    FormatCase(
      locale: "en", format: "text", input: invalidInput, status: 1,
      stdout: """
        ✗ Email address: Must contain an "@".
        ✗ Password: Must be at least 6 characters.

        """),
  ]

  @Test("valid and invalid input in both locales and both formats", arguments: formatCases)
  func formats(_ c: FormatCase) throws {
    let result = try ValidateBinary.run(
      ["--rules", Self.login, "--locale", c.locale, "--format", c.format], stdin: c.input)
    expectRun(result, status: c.status, stdout: c.stdout, stderr: "")
  }

  @Test("JSON is the default when stdout is not a terminal")
  func jsonByDefault() throws {
    let result = try ValidateBinary.run(["--rules", Self.login, "--locale", "en"], stdin: Self.invalidInput)
    #expect(result.status == 1)
    #expect(jsonObject(result.stdout)["valid"] as? Bool == false)
  }

  @Test("--format text asked for explicitly on a pipe is plain: no colour codes, even without NO_COLOR")
  func explicitTextOnPipe() throws {
    let result = try ValidateBinary.run(["--rules", Self.login, "--format", "text"], stdin: Self.invalidInput)
    #expect(result.status == 1)
    #expect(!result.stdoutBytes.contains(0x1B))
    #expect(result.stdoutLines.count == 2)
    #expect(result.stdoutLines.allSatisfy { $0.hasPrefix("✗ ") })
  }

  @Test("a warning keeps the input valid and is shown with its own mark")
  func warning() throws {
    let input =
      #"{"email":"hanako@example.co.jp","password":" correct horse ","password_confirmation":" correct horse "}"#
    let result = try ValidateBinary.run(
      ["--rules", "Rules/signup.json", "--locale", "en", "--format", "text"], stdin: input)
    expectRun(
      result, status: 0,
      stdout: """
        ✓ Email address
        ! Password: Starts or ends with a space. Check that it is intended.
        ✓ Password confirmation

        """, stderr: "")
  }

  @Test("an error and a warning of one field: one line each, their own marks, the label once")
  func errorAndWarningLines() throws {
    let ja = try ValidateBinary.run(
      ["--rules", "Rules/policies/owasp-asvs.json", "--locale", "ja", "--format", "text"],
      stdin: #"{"password":"kumonou"}"#)
    expectRun(
      ja, status: 1,
      stdout: """
        ✗ パスワード: 8文字以上で入力してください。
        ! パスワード: 15文字以上にすると、より安全です。

        """, stderr: "")
    #expect(!ja.stdout.contains("パスワード: パスワード"))
    let en = try ValidateBinary.run(
      ["--rules", "Rules/policies/owasp-asvs.json", "--locale", "en", "--format", "text"],
      stdin: #"{"password":"kumonoue"}"#)
    expectRun(en, status: 0, stdout: "! Password: We recommend at least 15 characters.\n", stderr: "")
  }

  @Test("a strength warning and its suggestion: Japanese sentences joined without a space")
  func strengthSuggestionJoin() throws {
    let ja = try ValidateBinary.run(
      ["--rules", "Rules/policies/nist-800-63b.json", "--locale", "ja", "--format", "text"],
      stdin: #"{"password":"Tanaka1234567890"}"#)
    #expect(ja.status == 0)
    #expect(ja.stdoutLines.count == 1)
    let line = try #require(ja.stdoutLines.first)
    #expect(line.hasPrefix("! パスワード: "))
    // The warning and its suggestion: two sentences, no half-width space between them.
    #expect(line.filter { $0 == "。" }.count >= 2)
    #expect(!line.contains("。 "))
    #expect(!line.contains("パスワード: パスワード"))
  }

  @Test("the input can come from --input FILE, and '-' means stdin")
  func inputFile() throws {
    let fromFile = try ValidateBinary.run(
      ["--rules", Self.login, "--locale", "en", "--format", "text", "--input", CLI.fixture("login-valid.json")])
    expectRun(fromFile, status: 0, stdout: "✓ Email address\n✓ Password\n", stderr: "")
    let dash = try ValidateBinary.run(
      ["--rules", Self.login, "--locale", "en", "--format", "text", "--input", "-"], stdin: Self.validInput)
    expectRun(dash, status: 0, stdout: "✓ Email address\n✓ Password\n", stderr: "")
  }

  // MARK: - Locale

  struct LocaleCase: CustomTestStringConvertible, Sendable {
    var name: String
    var rules: String = ValidateCommandTests.login
    var arguments: [String] = []
    var environment: [String: String] = [:]
    var language: String
    var testDescription: String { name }
  }

  static let localeCases: [LocaleCase] = [
    LocaleCase(
      name: "--locale en beats LANG", arguments: ["--locale", "en"], environment: ["LANG": "ja_JP.UTF-8"],
      language: "en"),
    LocaleCase(
      name: "--locale ja beats LC_ALL", arguments: ["--locale", "ja"], environment: ["LC_ALL": "en_US.UTF-8"],
      language: "ja"),
    LocaleCase(name: "--locale en-US is English", arguments: ["--locale", "en-US"], language: "en"),
    LocaleCase(
      name: "--locale ja_JP.UTF-8 is Japanese", rules: CLI.fixture("english-default.json"),
      arguments: ["--locale", "ja_JP.UTF-8"], language: "ja"),
    LocaleCase(
      name: "LC_ALL beats LC_MESSAGES and LANG",
      environment: ["LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8", "LANG": "ja_JP.UTF-8"], language: "en"),
    LocaleCase(
      name: "LC_MESSAGES beats LANG", environment: ["LC_MESSAGES": "en_US.UTF-8", "LANG": "ja_JP.UTF-8"], language: "en"
    ),
    LocaleCase(name: "an empty LC_ALL is unset", environment: ["LC_ALL": "", "LANG": "en_US.UTF-8"], language: "en"),
    LocaleCase(
      name: "LANG=ja_JP.UTF-8 is Japanese", rules: CLI.fixture("english-default.json"),
      environment: ["LANG": "ja_JP.UTF-8"], language: "ja"),
    LocaleCase(name: "LANG=en_US.UTF-8 is English", environment: ["LANG": "en_US.UTF-8"], language: "en"),
    LocaleCase(name: "LANG=C.UTF-8 is English (H13a)", environment: ["LANG": "C.UTF-8"], language: "en"),
    LocaleCase(
      name: "LC_ALL=C overrides a Japanese LANG: English (H13a)",
      environment: ["LC_ALL": "C", "LANG": "ja_JP.UTF-8"], language: "en"),
    LocaleCase(name: "no locale anywhere: the file's defaultLocale", language: "ja"),
    LocaleCase(
      name: "no locale and no defaultLocale: English", rules: CLI.fixture("english-default.json"), language: "en"),
    LocaleCase(
      name: "an unsupported --locale falls through to the environment", arguments: ["--locale", "fr"],
      environment: ["LANG": "en_US.UTF-8"], language: "en"),
  ]

  @Test("locale resolution: --locale, LC_ALL, LC_MESSAGES, LANG, defaultLocale, en", arguments: localeCases)
  func locale(_ c: LocaleCase) throws {
    let result = try ValidateBinary.run(
      ["--rules", c.rules, "--format", "text"] + c.arguments, stdin: "{}", environment: c.environment)
    #expect(result.status == 1)
    let japanese = result.stdout.contains("入力してください。")
    let english = result.stdout.contains("is required.")
    #expect(japanese == (c.language == "ja") && english == (c.language == "en"), "stdout: \(result.stdout)")
  }

  // MARK: - --field

  @Test("--field sets a non-sensitive field, on top of stdin")
  func fieldSetsValue() throws {
    let result = try ValidateBinary.run(
      ["--rules", Self.login, "--field", "email= hanako@example.jp ", "--format", "json"],
      stdin: #"{"email":"ignored@example.jp","password":"abc123"}"#)
    expectRun(
      result, status: 0,
      stdout: #"""
        {"valid":true,"fields":{"email":{"valid":true,"value":"hanako@example.jp","errors":[]},"password":{"valid":true,"errors":[]}}}

        """#, stderr: "")
  }

  @Test("--field with empty stdin validates the fields given")
  func fieldWithoutStdin() throws {
    let result = try ValidateBinary.run(
      ["--rules", Self.login, "--field=email=taro@example.jp", "--locale", "en", "--format", "text"])
    expectRun(result, status: 1, stdout: "✓ Email address\n✗ Password: This field is required.\n", stderr: "")
  }

  @Test(
    "--field refuses a sensitive field without echoing its value",
    arguments: [
      ["--rules", "Rules/login.json", "--field", "password=Hunter2-not-for-ps"],
      ["--rules", "Rules/login.json", "--field=password=Hunter2-not-for-ps"],
      [
        "--rules", "Rules/signup.json", "--field", "email=a@b.jp", "--field",
        "password_confirmation=Hunter2-not-for-ps",
      ],
    ])
  func fieldRefusesSensitive(_ arguments: [String]) throws {
    let result = try ValidateBinary.run(
      arguments + ["--locale", "en"], stdin: #"{"email":"taro@example.jp","password":"abc123"}"#)
    expectUsageError(result, contains: "sensitive field", hint: "standard input")
    expectNoSecret(result, "Hunter2-not-for-ps")
  }

  @Test(
    "--field mistakes are usage errors",
    arguments: [
      (["--field", "email"], "NAME=VALUE"),
      (["--field", "mail=taro@example.jp"], "no field named 'mail'"),
      (["--field", "email=taro@example.jp", "--jsonl"], "--jsonl"),
    ])
  func fieldMistakes(_ arguments: [String], message: String) throws {
    let result = try ValidateBinary.run(["--rules", Self.login, "--locale", "en"] + arguments, stdin: "{}")
    expectUsageError(result, contains: message)
  }

  // MARK: - Exit status and errors

  @Test(
    "usage errors: exit 2, 'Error: …' and a hint on stderr, nothing on stdout",
    arguments: [
      (["--rulez", "Rules/login.json"], "unknown option '--rulez'", "Did you mean '--rules'?"),
      (["--rules", "Rules/login.json", "--fromat", "json"], "unknown option '--fromat'", "Did you mean '--format'?"),
      ([], "missing --rules", "validate --rules"),
      (["--locale", "en"], "missing --rules", "validate --rules"),
      (
        ["--rules", "Rules/login.json", "--format", "xml"], "--format must be one of text, json, problem; got 'xml'",
        "--help"
      ),
      (["--rules", "Rules/login.json", "--format"], "--format needs a value", "--help"),
      (["--rules", "Rules/login.json", "--rules", "Rules/signup.json"], "more than once", "--help"),
      (["--rules", "Rules/login.json", "--jsonl=yes"], "--jsonl takes no value", "--help"),
      (["Rules/login.json"], "unexpected argument 'Rules/login.json'", "--"),
    ])
  func usageErrors(_ arguments: [String], message: String, hint: String) throws {
    let result = try ValidateBinary.run(arguments, stdin: Self.validInput)
    expectUsageError(result, contains: message, hint: hint)
  }

  @Test("an unreadable rules file: exit 2")
  func unreadableRules() throws {
    let missing = try ValidateBinary.run(["--rules", CLI.fixture("does-not-exist.json")], stdin: Self.validInput)
    expectUsageError(missing, contains: "no such file")
    let directory = try ValidateBinary.run(["--rules", "Rules"], stdin: Self.validInput)
    expectUsageError(directory, contains: "cannot read")
  }

  @Test("an invalid rules file: exit 2, every problem on stderr")
  func invalidRules() throws {
    let result = try ValidateBinary.run(["--rules", CLI.fixture("lint-problems.json")], stdin: Self.validInput)
    expectUsageError(result, contains: "lint-problems.json", hint: "validate lint --rules")
    #expect(result.stderrLines.filter { $0.hasPrefix("Error: ") }.count >= 4)
  }

  @Test("an unreadable input file: exit 2", arguments: ["Tests/ValidateCLITests/Fixtures/no-such-input.json", "Rules"])
  func unreadableInput(_ path: String) throws {
    let document = try ValidateBinary.run(["--rules", Self.login, "--input", path, "--locale", "en"])
    expectUsageError(document, contains: "cannot read input '\(path)'")
    let lines = try ValidateBinary.run(["--rules", Self.login, "--jsonl", "--input", path, "--locale", "en"])
    expectUsageError(lines, contains: path)
  }

  @Test(
    "malformed single-document input: exit 2 with where it went wrong",
    arguments: [
      ("", "unexpected end of input"),
      ("[1, 2]", "it is not an object"),
      (#"{"email": 42}"#, "field 'email' is neither a string nor null"),
      ("{\n  \"email\": \"a@b.jp\",\n  \"password\": \"abc\" \"def\"\n}\n", "line 3, column 21"),
      (#"{"email":"a@b.jp","password":"abcdef"}"# + "\n" + #"{"email":"a@b.jp"}"#, "line 2, column 1"),
    ])
  func malformedDocument(_ input: String, message: String) throws {
    let result = try ValidateBinary.run(["--rules", Self.login, "--locale", "en"], stdin: input)
    expectUsageError(result, contains: message, hint: "--jsonl")
  }

  @Test("--help prints usage to stdout and exits 0", arguments: [["--help"], ["-h"], ["--rules", "x", "--help"]])
  func help(_ arguments: [String]) throws {
    let result = try ValidateBinary.run(arguments)
    expectRun(result, status: 0, stderr: "")
    #expect(result.stdout.contains("USAGE: validate --rules <file>"))
    #expect(result.stdout.contains("--jsonl"))
  }

  @Test("--version prints the version to stdout and exits 0")
  func version() throws {
    let result = try ValidateBinary.run(["--version"])
    expectRun(result, status: 0, stderr: "")
    #expect(result.stdout.wholeMatch(of: /validate \d+\.\d+\.\d+\n/) != nil, "stdout: \(result.stdout)")
  }
}
