import FormRulesTestSupport
import Testing

@Suite("validate explain")
struct ExplainCommandTests {
  @Test(
    "text checklist in both locales",
    arguments: [
      (
        "ja",
        """
        メールアドレス
          ・入力必須
          ・正しいメールアドレスの形式
        パスワード
          ・入力必須
          ・6文字以上

        """
      ),
      (
        "en",
        """
        Email address
          • Required
          • A valid email address
        Password
          • Required
          • At least 6 characters

        """
      ),
    ])
  func text(_ locale: String, stdout: String) throws {
    let result = try ValidateBinary.run(["explain", "--rules", "Rules/login.json", "--locale", locale])
    expectRun(result, status: 0, stdout: stdout, stderr: "")
  }

  @Test(
    "JSON for UIs, in both locales",
    arguments: [
      (
        "ja",
        #"""
        {"locale":"ja","fields":{"email":{"label":"メールアドレス","requirements":[{"code":"required","text":"入力必須","severity":"error"},{"code":"email","text":"正しいメールアドレスの形式","severity":"error"}]},"password":{"label":"パスワード","requirements":[{"code":"required","text":"入力必須","severity":"error"},{"code":"minLength","text":"6文字以上","severity":"error"}]}}}

        """#
      ),
      (
        "en",
        #"""
        {"locale":"en","fields":{"email":{"label":"Email address","requirements":[{"code":"required","text":"Required","severity":"error"},{"code":"email","text":"A valid email address","severity":"error"}]},"password":{"label":"Password","requirements":[{"code":"required","text":"Required","severity":"error"},{"code":"minLength","text":"At least 6 characters","severity":"error"}]}}}

        """#
      ),
    ])
  func json(_ locale: String, stdout: String) throws {
    let result = try ValidateBinary.run([
      "explain", "--rules", "Rules/login.json", "--locale", locale, "--format", "json",
    ])
    expectRun(result, status: 0, stdout: stdout, stderr: "")
  }

  @Test("--field shows one field, with warnings marked")
  func oneField() throws {
    let result = try ValidateBinary.run([
      "explain", "--rules", "Rules/signup.json", "--field", "password", "--locale", "ja",
    ])
    expectRun(
      result, status: 0,
      stdout: """
        パスワード
          ・入力必須
          ・8文字以上
          ・64文字以内
          ・72バイト以内（日本語は24文字程度まで）
          ・よく使われるパスワードではない
          ・数字だけではない
          ・推奨：先頭と末尾に空白なし

        """, stderr: "")
  }

  @Test("--field in JSON names the other field by its label")
  func oneFieldJSON() throws {
    let result = try ValidateBinary.run(
      ["explain", "--rules", "Rules/signup.json", "--field", "password_confirmation", "--format", "json"],
      environment: ["LANG": "en_US.UTF-8"])
    expectRun(
      result, status: 0,
      stdout: #"""
        {"locale":"en","fields":{"password_confirmation":{"label":"Password confirmation","requirements":[{"code":"sameAs","text":"Matches password","severity":"error"}]}}}

        """#, stderr: "")
  }

  @Test("the locale comes from the environment, then the file's defaultLocale")
  func localeFromEnvironment() throws {
    let fromLang = try ValidateBinary.run(
      ["explain", "--rules", CLI.fixture("english-default.json")], environment: ["LANG": "ja_JP.UTF-8"])
    expectRun(fromLang, status: 0, stdout: "ニックネーム\n  ・入力必須\n  ・12文字以内\n", stderr: "")
    let fallback = try ValidateBinary.run(["explain", "--rules", CLI.fixture("english-default.json")])
    expectRun(fallback, status: 0, stdout: "Nickname\n  • Required\n  • At most 12 characters\n", stderr: "")
  }

  @Test(
    "errors exit 2",
    arguments: [
      (["explain", "--rules", "Rules/signup.json", "--field", "pasword"], "no field named 'pasword'"),
      (["explain", "--rules", "Rules/signup.json", "--format", "html"], "--format must be one of text, json"),
      (["explain"], "missing --rules"),
      (["explain", "--rules", "Tests/ValidateCLITests/Fixtures/cycle-a.json"], "extends cycle"),
    ])
  func errors(_ arguments: [String], message: String) throws {
    // The English wording (LANG=C); ToolWordsTests pins the Japanese.
    expectUsageError(try ValidateBinary.run(arguments, environment: ["LANG": "C"]), contains: message)
  }

  @Test("--help prints to stdout and exits 0")
  func help() throws {
    let result = try ValidateBinary.run(["explain", "--help"])
    expectRun(result, status: 0, stderr: "")
    #expect(result.stdout.contains("USAGE: validate explain --rules <file>"))
  }

  @Test("--input marks each requirement met or not for the given values")
  func liveChecklist() throws {
    let secret = "abc"
    let result = try ValidateBinary.run(
      ["explain", "--rules", "Rules/signup.json", "--field", "password", "--locale", "ja", "--input", "-"],
      stdin: #"{"password": "\#(secret)"}"#)
    expectRun(
      result, status: 0,
      stdout: """
        パスワード
          ✓ 入力必須
          ✗ 8文字以上
          ✓ 64文字以内
          ✓ 72バイト以内（日本語は24文字程度まで）
          ✗ よく使われるパスワードではない
          ✓ 数字だけではない
          ✓ 推奨：先頭と末尾に空白なし

        """, stderr: "")
    let json = try ValidateBinary.run(
      [
        "explain", "--rules", "Rules/login.json", "--field", "password", "--locale", "en", "--format", "json",
        "--input", "-",
      ],
      stdin: #"{"password": "abcdef"}"#)
    expectRun(
      json, status: 0,
      stdout: #"""
        {"locale":"en","fields":{"password":{"label":"Password","requirements":[{"code":"required","text":"Required","severity":"error","met":true,"state":"met"},{"code":"minLength","text":"At least 6 characters","severity":"error","met":true,"state":"met"}]}}}

        """#, stderr: "")
    #expect(!json.stdout.contains("abcdef") && !result.stdout.contains(secret + "\""))
  }

  @Test("--input with a malformed document is a usage error")
  func liveChecklistMalformed() throws {
    expectUsageError(
      try ValidateBinary.run(
        ["explain", "--rules", "Rules/login.json", "--input", "-", "--locale", "en"], stdin: "[1]"),
      contains: "not an object")
  }
}
