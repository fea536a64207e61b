/// The words of the terminal form's own chrome, in the form's language. Validation messages
/// come from the policy's catalog; these only name keys and the submit line.
struct TerminalStrings {
  var submit: String
  var show: String
  var hide: String
  var help: String

  static func forLanguage(_ language: String) -> TerminalStrings {
    switch language {
    case "ja":
      return TerminalStrings(
        submit: "[ 送信 ]", show: "Ctrl-R 表示", hide: "Ctrl-R 隠す",
        help: "Tab/↓ 次へ  Shift-Tab/↑ 前へ  Enter 送信  Esc 中止")
    default:
      return TerminalStrings(
        submit: "[ Submit ]", show: "Ctrl-R show", hide: "Ctrl-R hide",
        help: "Tab/↓ next  Shift-Tab/↑ back  Enter submit  Esc cancel")
    }
  }
}
