import FormRulesTestSupport
import FormRulesUI
import Testing

@testable import TerminalForm

@MainActor
@Suite("FormController")
struct FormControllerTests {
  let controller: FormController

  init() throws {
    controller = FormController(model: FormModel(policy: try ShippedRules.policy("login.json"), locale: "ja"))
  }

  func press(_ keys: Key...) -> [FormController.Outcome] { keys.map(controller.handle) }

  @Test("Focus starts on the first field; Tab, arrows and Shift-Tab move and wrap")
  func focusMoves() {
    #expect(controller.focus == .field("email"))
    _ = press(.tab)
    #expect(controller.focus == .field("password"))
    _ = press(.down)
    #expect(controller.focus == .submit)
    _ = press(.tab)
    #expect(controller.focus == .field("email"))
    _ = press(.backTab)
    #expect(controller.focus == .submit)
    _ = press(.up, .up)
    #expect(controller.focus == .field("email"))
    #expect(controller.model.focusedField == "email")
  }

  @Test("Typed text reaches the model; Enter moves on, then submits the values as JSON")
  func typeAndSubmit() {
    _ = press(.text(" taro@example.jp "), .enter)
    #expect(controller.model["email"] == " taro@example.jp ")
    #expect(controller.focus == .field("password"))
    _ = press(.text("パスワード12"), .backspace, .text("3"))
    let outcomes = press(.enter)
    #expect(outcomes == [.submit])
    #expect(controller.valuesJSON() == #"{"email":"taro@example.jp","password":"パスワード13"}"#)
  }

  @Test("A failed submit shakes the invalid fields and focuses the first of them")
  func failedSubmit() {
    _ = press(.tab, .text("abc"))
    #expect(press(.enter) == [.shake(["email", "password"])])
    #expect(controller.focus == .field("email"))
    _ = press(.text("a@b.jp"), .down, .down)
    #expect(press(.enter) == [.shake(["password"])])
    #expect(controller.focus == .field("password"))
  }

  @Test("Ctrl-R reveals and hides only a sensitive field")
  func reveal() {
    #expect(press(.control("r")) == [.unchanged])
    _ = press(.tab, .text("secret"))
    #expect(controller.isMasked("password"))
    _ = press(.control("r"))
    #expect(!controller.isMasked("password"))
    _ = press(.control("r"))
    #expect(controller.isMasked("password"))
  }

  @Test("Esc and Ctrl-C cancel", arguments: [Key.escape, .interrupt])
  func cancel(key: Key) {
    #expect(controller.handle(key) == .cancel)
  }

  @Test("Keys that change nothing ask for no redraw")
  func unchanged() {
    #expect(press(.backspace, .left, .delete) == [.unchanged, .unchanged, .unchanged])
    _ = press(.down, .down)
    #expect(press(.text("x")) == [.unchanged])
  }
}
