import FormRulesUI

/// The words of the terminal form's own chrome, in the form's language. Validation messages
/// come from the policy's catalog, and so do the control words (`ui.submit`, `ui.show`,
/// `ui.hide`: the same words as the web pages and the SwiftUI example); only the key hints
/// are the terminal's own.
struct TerminalStrings {
  var submit: String
  var show: String
  var hide: String
  /// The key hints, one item each (`Tab/↓ 次へ`); the form packs them into lines.
  var help: [String]

  static func forLanguage(_ language: String, catalog: MessageCatalog) -> TerminalStrings {
    let submit = "[ " + catalog.render(code: "ui.submit", locale: language) + " ]"
    let show = "Ctrl-R " + catalog.render(code: "ui.show", locale: language)
    let hide = "Ctrl-R " + catalog.render(code: "ui.hide", locale: language)
    switch language {
    case "ja":
      return TerminalStrings(
        submit: submit, show: show, hide: hide, help: ["Tab/↓ 次へ", "Shift-Tab/↑ 前へ", "Enter 送信", "Esc 中止"])
    default:
      return TerminalStrings(
        submit: submit, show: show, hide: hide, help: ["Tab/↓ next", "Shift-Tab/↑ back", "Enter submit", "Esc cancel"])
    }
  }
}
