import FormRulesTestSupport
import Foundation
import Testing

/// Issue 26: what the web page needs from the server in one request that answers 200 — the
/// whole form's verdict and every field's failures with both message variants — and the
/// strength suggestions as sentences in problem details (messages review M2, M3).
@Suite("validate serve: the live endpoint's fields and problem suggestions")
struct LiveFieldsTests {
  @Test("?field= also answers formValid and every field's message, inlineMessage and suggestion")
  func liveFields() async throws {
    let server = try InProcessServer()
    let body = #"{"email": "taro@example", "password": "correct horse", "password_confirmation": "correct horse!"}"#
    let response = try await server.post("signup", body, query: "?field=password&locale=ja")
    #expect(response.status == 200)
    let json = try #require(response.json)
    #expect(json["formValid"] as? Bool == false)
    let fields = try #require(json["fields"] as? [String: [String: Any]])
    #expect(Set(fields.keys) == ["email", "password", "password_confirmation"])
    #expect(fields["password"]?["valid"] as? Bool == true)
    let confirmation = try #require(fields["password_confirmation"]?["failures"] as? [[String: Any]])
    #expect(confirmation.first?["code"] as? String == "sameAs")
    #expect(confirmation.first?["message"] as? String == "パスワード（確認）がパスワードと一致しません。")
    #expect(confirmation.first?["inlineMessage"] as? String == "パスワードと一致しません。")
    // No value, and no sensitive value, anywhere in the answer.
    #expect(!response.text.contains("correct horse"))
    #expect(!response.text.contains("taro@example\""))
    let valid = try await server.post(
      "signup", #"{"email": "taro@example.jp", "password": "correct horse", "password_confirmation": "correct horse"}"#,
      query: "?field=email&locale=en")
    #expect(valid.status == 200)
    #expect(try #require(valid.json)["formValid"] as? Bool == true)
  }

  @Test("a strength warning carries the catalog's first useful suggestion")
  func strengthSuggestion() async throws {
    let server = try InProcessServer()
    let response = try await server.post(
      "nist-800-63b", #"{"password": "abcabcabcabcabcabc"}"#, query: "?field=password&locale=en")
    let json = try #require(response.json)
    let fields = try #require(json["fields"] as? [String: [String: Any]])
    let failures = try #require(fields["password"]?["failures"] as? [[String: Any]])
    let strength = try #require(failures.first { $0["code"] as? String == "strength" })
    #expect(strength["severity"] as? String == "warning")
    // The warning already says the password repeats itself; a suggestion that says it again is
    // left out (messages review M4), so the first useful one is another or none.
    #expect((strength["message"] as? String)?.lowercased().contains("repeat") == true, "\(strength)")
    #expect(strength["suggestion"] as? String != "Avoid repeated words and characters.")
    let minLength = try await server.post("nist-800-63b", #"{"password": "short"}"#, query: "?field=password")
    let other = try #require(minLength.json?["fields"] as? [String: [String: Any]])
    let shortFailures = try #require(other["password"]?["failures"] as? [[String: Any]])
    #expect(shortFailures.allSatisfy { $0["code"] as? String == "strength" || $0["suggestion"] == nil })
  }
}

extension LiveFieldsTests {
  @Test("?field= never shows a named check as met: its checklist line is notChecked, with met false")
  func checkNotCheckedYet() async throws {
    let rules = try String(
      contentsOf: ValidateBinary.packageRoot.appendingPathComponent("Tests/ValidateCLITests/Fixtures/named-check.json"),
      encoding: .utf8)
    let folder = try ScratchFolder(["app.json": rules])
    defer { folder.remove() }
    let server = try InProcessServer(rules: folder.url.path)
    let response = try await server.post("app", #"{"email": "a@example.jp"}"#, query: "?field=email&locale=ja")
    #expect(response.status == 200)
    let checklist = try #require(response.json?["checklist"] as? [[String: Any]])
    let line = try #require(checklist.first { $0["code"] as? String == "emailAvailable" })
    #expect(line["state"] as? String == "notChecked")
    #expect(line["met"] as? Bool == false)
    #expect(line["text"] as? String == "未登録のメールアドレス")
    let required = try #require(checklist.first { $0["code"] as? String == "required" })
    #expect(required["state"] as? String == "met")
    #expect(required["met"] as? Bool == true)
  }
}
