import FormRulesTestSupport
import Foundation
import Testing

/// Issue 30, point 4: a language added from a catalog file named in a rules file's `messages`
/// is served by `validate serve` under `Accept-Language`, with the built-in two unchanged.
@Suite("validate serve: a third language from a catalog file")
struct CatalogLanguageServerTests {
  /// A folder with a rules file whose `messages` names the sample Korean catalog, copied
  /// beside it (the server confines what a rules file names to its folder).
  static func folder() throws -> URL {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-ko-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("messages"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("Rules/messages/ko.sample.json"),
      to: folder.appendingPathComponent("messages/ko.sample.json"))
    let rules = #"""
      {"version": 1, "defaultLocale": "ja",
       "fields": {
         "email": {"label": {"ja": "メールアドレス", "en": "Email address"}, "rules": [{"required": true}, {"email": true}]},
         "password": {"label": {"ja": "パスワード", "en": "Password"}, "sensitive": true, "rules": [{"required": true}, {"minLength": 8}]}},
       "messages": {"ko": "messages/ko.sample.json"}}
      """#
    try Data(rules.utf8).write(to: folder.appendingPathComponent("signup.json"))
    return folder
  }

  @Test(
    "Accept-Language picks the file's language, a regional tag included; ja and en stay as they were",
    arguments: [
      ("ko", "ko", "비밀번호은(는) 8자 이상 입력해 주세요."),
      ("ko-KR,ja;q=0.5", "ko", "비밀번호은(는) 8자 이상 입력해 주세요."),
      ("fr, ko;q=0.3", "ko", "비밀번호은(는) 8자 이상 입력해 주세요."),
      ("ja", "ja", "パスワードは8文字以上で入力してください。"),
      ("en", "en", "Password must be at least 8 characters."),
    ])
  func negotiated(acceptLanguage: String, expected: String, message: String) async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try InProcessServer(rules: folder.path)
    let response = try await server.post(
      "signup", #"{"email": "taro@example.jp", "password": "abc"}"#, headers: ["Accept-Language": acceptLanguage])
    #expect(response.status == 422)
    #expect(response.header("Content-Language") == expected)
    #expect(response.text.contains(message), "\(response.text)")
    #expect(!response.text.contains("\"abc\""))
  }

  @Test("problem+json in the file's language: title and detail from the catalog file")
  func problem() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try InProcessServer(rules: folder.path)
    let response = try await server.post(
      "signup", #"{"email": "taro", "password": "abc"}"#,
      headers: ["Accept-Language": "ko", "Accept": "application/problem+json"])
    #expect(response.status == 422)
    let json = try #require(response.json)
    #expect(json["title"] as? String == "입력 내용에 오류가 있습니다")
    #expect((json["detail"] as? String)?.hasSuffix("의 입력 내용을 확인해 주세요.") == true)
  }

  @Test("a catalog file that lacks a key is refused when the server loads the rules")
  func incomplete() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("messages/ko.sample.json")
    let text = try String(contentsOf: url, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "\"requirement.required\"", with: "\"requirement.requiredX\"").utf8).write(
      to: url)
    let process = try ValidateBinary.process(["lint", "--rules", folder.appendingPathComponent("signup.json").path])
    // lint lists the problems on stdout and counts them on stderr.
    let stdout = Pipe()
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus != 0)
    #expect(output.contains("requirement.required"), "\(output)")
  }
}
