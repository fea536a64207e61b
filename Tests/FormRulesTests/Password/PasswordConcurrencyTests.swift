import Testing

@testable import FormRules

@Suite("password rules under concurrency")
struct PasswordConcurrencyTests {
  @Test("one policy with every password rule gives the same answers from many tasks as in sequence")
  func manyTasks() async throws {
    let policy = try passwordPolicy(
      #"""
      [{"required": true}, {"minLength": 8}, {"characterClasses": {"min": 2}}, {"notCommon": true},
       {"notContainsField": ["email"]}, {"maxRepeat": 3}, {"noSequence": 4},
       {"notBreached": "lists/breached-sample.txt"}, {"strength": {"min": 3, "userInputs": ["email"]}}]
      """#)
    let passwords = [
      "password", "P@ssw0rd", "correct horse battery staple", "taro.yamada1", "aaaa1111", "qwer!ASDF",
      "さくら咲く春の日に2024年", "Xk9#mP2$vL7&nQ4@", "", "👍🏽👍🏽👍🏽👍🏽", "ﾊﾟｽﾜｰﾄﾞ", "hunter2",
    ]
    func run() -> [[String]] {
      passwords.map { passwordCodes(policy, $0, ["email": "taro.yamada@example.jp"]) }
    }
    let expected = run()
    #expect(expected[0].contains("notCommon"))
    #expect(expected[7] == [])
    try await withThrowingTaskGroup(of: [[String]].self) { group in
      for _ in 0..<8 { group.addTask { (0..<20).map { _ in run() }.last ?? [] } }
      for try await result in group { #expect(result == expected) }
    }
  }
}
