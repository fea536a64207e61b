import FormRules
import Foundation
import Testing

/// `Report.response(locale:)` and `validate --format problem` (RFC 9457).
@Suite("Problem details")
struct ProblemDetailsTests {
  static let signup: Policy? = try? RuleSet(contentsOf: Repository.url("Rules/signup.json"), registry: .standard)
    .compile()

  static let secret = "s3cr!"
  static let invalid: [String: String] = [
    "email": "taro@example", "password": secret, "password_confirmation": secret + "x",
  ]

  func document(_ values: [String: String], locale: String) throws -> JSONObject {
    let policy = try #require(Self.signup)
    let problem = try #require(policy.validate(values).problemDocument(locale: locale))
    #expect(problem.status == 422)
    #expect(ProblemDetails.mediaType == "application/problem+json")
    return try #require(try JSONParser().parse(problem.bytes).objectValue)
  }

  @Test(
    "an invalid report becomes a 422 problem with one error per failure, in both languages",
    arguments: [
      ("en", "Unprocessable Content", "Password must be at least 8 characters."),
      ("ja", "入力内容に誤りがあります", "パスワードは8文字以上で入力してください。"),
    ])
  func members(locale: String, title: String, passwordDetail: String) throws {
    let object = try document(Self.invalid, locale: locale)
    #expect(object.keys == ["type", "title", "status", "detail", "language", "errors"])
    #expect(object["type"] == .string("about:blank"))
    #expect(object["title"] == .string(title))
    #expect(object["status"] == .number(422))
    #expect(object["language"] == .string(locale))
    let errors = (object["errors"]?.arrayValue ?? []).compactMap(\.objectValue)
    try #require(errors.count == 3)
    #expect(errors.map { $0["pointer"]?.stringValue } == ["/email", "/password", "/password_confirmation"])
    #expect(errors.map { $0["code"]?.stringValue } == ["email", "minLength", "sameAs"])
    #expect(errors.allSatisfy { $0.keys == ["detail", "pointer", "code", "params"] })
    #expect(errors[1]["detail"] == .string(passwordDetail))
    #expect(
      errors[1]["params"]
        == .object(
          JSONObject([("min", .number(8)), ("actual", .number(5)), ("unit", .string("characters"))])))
  }

  @Test("the top-level detail names the invalid fields by label")
  func detail() throws {
    let values = ["email": "taro@example.jp", "password": "abc", "password_confirmation": "abc"]
    #expect(try document(values, locale: "ja")["detail"] == .string("パスワードの入力内容を確認してください。"))
    #expect(
      try document(values, locale: "en")["detail"] == .string("Please check the following fields: password."))
    // H3: every listed field needs checking, so English says "and" (Japanese lists with ・).
    let two = ["email": "taro", "password": "abc", "password_confirmation": "abc"]
    #expect(
      try document(two, locale: "en")["detail"]
        == .string("Please check the following fields: email address and password."))
    #expect(try document(two, locale: "ja")["detail"] == .string("メールアドレス・パスワードの入力内容を確認してください。"))
  }

  @Test("the language is negotiated like every message: ja-JP is ja, an unknown one is the default")
  func language() throws {
    #expect(try document(Self.invalid, locale: "ja-JP")["language"] == .string("ja"))
    #expect(try document(Self.invalid, locale: "fr")["language"] == .string("ja"), "signup's defaultLocale")
  }

  @Test("a valid report is no problem")
  func validIsNil() throws {
    let policy = try #require(Self.signup)
    let values = [
      "email": "taro@example.jp", "password": " correct horse ", "password_confirmation": " correct horse ",
    ]
    #expect(policy.validate(values).isValid)
    #expect(policy.validate(values).problemDocument(locale: "en") == nil, "warnings alone are not a problem")
  }

  @Test("warnings are left out of errors")
  func warningsLeftOut() throws {
    let values = ["email": "taro@", "password": " correct horse ", "password_confirmation": " correct horse "]
    let errors = try document(values, locale: "en")["errors"]?.arrayValue ?? []
    #expect(errors.compactMap { $0.objectValue?["code"]?.stringValue } == ["email"])
  }

  @Test("type and instance can be named by the server")
  func typeAndInstance() throws {
    let policy = try #require(Self.signup)
    let problem = try #require(
      policy.validate(Self.invalid).problemDocument(
        locale: "en", type: "https://example.com/problems/invalid-form", instance: "/signup/requests/42"))
    let object = try #require(try JSONParser().parse(problem.json).objectValue)
    #expect(object["type"] == .string("https://example.com/problems/invalid-form"))
    #expect(object["instance"] == .string("/signup/requests/42"))
  }

  @Test("pointers escape ~ and / (RFC 6901); a form-level failure points at the document")
  func pointers() throws {
    let rules = try RuleSet(
      data: Array(#"{"fields": {"a/b~c": {"rules": [{"required": true}]}}}"#.utf8), registry: .standard)
    let policy = try rules.compile()
    let problem = try #require(policy.validate([:] as [String: String]).problemDocument(locale: "en"))
    #expect(problem.json.contains(#""pointer":"/a~1b~0c""#))
    let malformed = try #require(policy.validate(jsonRecord: Array("[1]".utf8)).problemDocument(locale: "en"))
    let object = try #require(try JSONParser().parse(malformed.json).objectValue)
    #expect(object["detail"] == .string("The input could not be processed."))
    #expect(object["errors"]?.arrayValue?.first?.objectValue?["pointer"] == .string(""))
    #expect(object["errors"]?.arrayValue?.first?.objectValue?["code"] == .string("input.malformed"))
  }

  @Test(
    "a malformed body is a 400 document, invalid values a 422 one, and a valid form no document",
    arguments: [
      (#"{"a/b~c": "x"}"#, 0), (#"{"a/b~c": ""}"#, 422), (#"{"a/b~c": "#, 400), ("[1]", 400),
      (#"{"a/b~c": 5}"#, 400), (#"{"a/b~c": ["x"]}"#, 400),
    ])
  func statuses(body: String, status: Int) throws {
    let policy = try RuleSet(
      data: Array(#"{"fields": {"a/b~c": {"rules": [{"required": true}]}}}"#.utf8), registry: .standard
    ).compile()
    let report = policy.validate(jsonRecord: Array(body.utf8))
    switch report.response(locale: "en") {
    case .valid: #expect(status == 0)
    case .problem(let problem):
      #expect(problem.status == status)
      let object = try #require(try JSONParser().parse(problem.json).objectValue)
      #expect(object["status"] == .number(Double(status)))
      #expect(object["title"] == .string(status == 400 ? "Bad Request" : "Unprocessable Content"))
    }
  }

  @Test("a known field of the wrong type points at that field, and never shows its value")
  func wrongTypePointer() throws {
    let policy = try #require(Self.signup)
    for value in ["123456", "true", "[\"s3cr!\"]", "{\"v\": \"s3cr!\"}"] {
      let body = #"{"email": "taro@example.jp", "password": \#(value)}"#
      let report = policy.validate(jsonRecord: Array(body.utf8))
      #expect(report.outcome == .malformed)
      guard case .problem(let problem) = report.response(locale: "ja") else {
        Issue.record("no problem for \(body)")
        continue
      }
      #expect(problem.status == 400)
      let object = try #require(try JSONParser().parse(problem.json).objectValue)
      let error = try #require(object["errors"]?.arrayValue?.first?.objectValue)
      #expect(error["pointer"] == .string("/password"))
      #expect(error["params"]?.objectValue?["field"] == .string("password"))
      #expect(!problem.json.contains("s3cr!") && !problem.json.contains("123456"))
    }
  }

  @Test("validate --format problem prints the document and exits 1; a sensitive value appears nowhere")
  func command() throws {
    var writer = JSONWriter()
    writer.value(.object(JSONObject(Self.invalid.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
    let result = try CLI.run(
      ["--rules", "Rules/signup.json", "--format", "problem", "--locale", "en"], stdin: writer.string)
    #expect(result.status == 1)
    #expect(result.stdout.hasSuffix("}\n"))
    let object = try #require(try JSONParser().parse(result.stdout).objectValue)
    #expect(object["status"] == .number(422))
    #expect(object["language"] == .string("en"))
    for output in [result.stdout, result.stderr] {
      #expect(!output.contains(Self.secret))
    }
  }

  @Test("validate --format problem prints nothing for valid input and exits 0")
  func commandValid() throws {
    let result = try CLI.run(
      ["--rules", "Rules/login.json", "--format", "problem"],
      stdin: #"{"email": "taro@example.jp", "password": "abc123"}"#)
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
  }

  @Test("--format problem with --jsonl is a usage error")
  func commandJSONL() throws {
    let result = try CLI.run(["--rules", "Rules/login.json", "--format", "problem", "--jsonl"], stdin: "{}\n")
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Error: "))
  }
}

extension Report {
  /// The document of ``response(locale:type:instance:)``, `nil` when the report is valid.
  fileprivate func problemDocument(locale: String, type: String = "about:blank", instance: String? = nil)
    -> ProblemDetails?
  {
    if case .problem(let problem) = response(locale: locale, type: type, instance: instance) { return problem }
    return nil
  }
}
