import FormRulesTestSupport
import FormRulesUI
import Foundation
import Testing

@testable import TerminalForm

@MainActor
@Suite("FormScreen")
struct FormScreenTests {
  func controller(locale: String) throws -> FormController {
    FormController(model: FormModel(policy: try ShippedRules.policy("login.json"), locale: locale))
  }

  @Test("The Japanese form aligns labels by display width and masks the password")
  func japanese() throws {
    let controller = try controller(locale: "ja")
    _ = controller.handle(.text("taro@example.jp"))
    _ = controller.handle(.tab)
    _ = controller.handle(.text("abc"))
    _ = controller.handle(.tab)
    let frame = FormScreen(controller: controller, width: 80, height: 24).frame()
    let expected = """
       ログイン

         メールアドレス  taro@example.jp
         パスワード      •••                                       Ctrl-R 表示
                         6文字以上で入力してください。

      ›                  [ 送信 ]

       Tab/↓ 次へ  Shift-Tab/↑ 前へ  Enter 送信  Esc 中止
      """
    #expect(frame.plainText == expected)
    #expect(frame.cursor == nil)
    // The form is invalid, so the submit line is dimmed.
    #expect(frame.lines[6].last?.style.contains(.dim) == true)
  }

  @Test("The English form while typing: no message yet, cursor after the text, submit bold when valid")
  func english() throws {
    let controller = try controller(locale: "en")
    _ = controller.handle(.text("taro@example.jp"))
    var frame = FormScreen(controller: controller, width: 80, height: 24).frame()
    #expect(frame.lines[2].map(\.text).joined().hasPrefix("›  Email address  taro@example.jp"))
    #expect(frame.cursor == Frame.Position(row: 2, column: 3 + 13 + 2 + 15))
    _ = controller.handle(.tab)
    _ = controller.handle(.text("abcdef"))
    _ = controller.handle(.control("r"))
    frame = FormScreen(controller: controller, width: 80, height: 24).frame()
    #expect(frame.plainText.contains("Password       abcdef"))
    #expect(frame.plainText.contains("Ctrl-R Hide"))
    let submit = frame.lines.first { $0.contains { $0.text == "[ Submit ]" } }
    #expect(submit?.last?.style == .bold)
  }

  @Test("A shake moves only the shaken field's line, by whole columns")
  func shake() throws {
    let controller = try controller(locale: "en")
    let screen = FormScreen(controller: controller, width: 80, height: 24)
    let still = screen.frame().lines.map { $0.map(\.text).joined() }
    let moved = screen.frame(shaking: ["email"], shakeColumns: 2).lines.map { $0.map(\.text).joined() }
    #expect(moved[2] == "›  " + still[2].dropFirst())
    #expect(moved[3] == still[3])
    let left = screen.frame(shaking: ["email"], shakeColumns: -2).lines[2].map(\.text).joined()
    #expect(left.hasPrefix("›Email address"))
    #expect(screen.frame(shaking: ["email"], shakeColumns: 2).cursor == nil)
  }

  @Test("Shake offsets map to columns: 5 points → 2 columns")
  func shakeColumns() {
    let columns = ShakeAnimation.standard.samples(every: 1.0 / 30).map {
      FormScreen.columns(forOffset: $0.offset)
    }
    #expect(columns.max() == 2)
    #expect(columns.min() == -2)
    #expect(columns.first == 0 && columns.last == 0)
  }

  @Test("A narrow terminal clips lines and wraps messages without cutting wide characters")
  func narrow() throws {
    let controller = try controller(locale: "ja")
    _ = controller.handle(.tab)
    _ = controller.handle(.text("abc"))
    _ = controller.handle(.tab)
    let frame = FormScreen(controller: controller, width: 30, height: 24).frame()
    for line in frame.lines {
      #expect(DisplayWidth.of(line.map(\.text).joined()) <= 29)
    }
    // Values move under their labels, and the long message wraps.
    let expected = """
       ログイン

         メールアドレス
         ___________
         入力してください。

         パスワード
         •••________  Ctrl-R 表示
         6文字以上で入力してくださ
         い。

      ›  [ 送信 ]

       Tab/↓ 次へ  Shift-Tab/↑ 前へ
       Enter 送信  Esc 中止
      """
    #expect(Self.underlinesShown(frame) == expected)
  }

  /// The plain text with underlined blanks drawn as `_`, so an input box is visible.
  static func underlinesShown(_ frame: Frame) -> String {
    Frame(
      lines: frame.lines.map { line in
        line.map { span in
          span.style.contains(.underline) ? Span(span.text.replacingOccurrences(of: " ", with: "_")) : span
        }
      }
    ).plainText
  }

  @Test("wrap breaks English at spaces and Japanese anywhere")
  func wrap() {
    #expect(
      FormScreen.wrap("Must be at least 6 characters.", columns: 12) == [
        "Must be at", "least 6", "characters.",
      ])
    #expect(FormScreen.wrap("6文字以上で入力してください。", columns: 10) == ["6文字以上", "で入力して", "ください。"])
  }

  @Test("The ANSI frame addresses rows absolutely and positions the cursor")
  func ansi() {
    let frame = Frame(lines: [[Span("a", .bold)], [Span("b")]], cursor: Frame.Position(row: 1, column: 3))
    #expect(
      frame.ansi()
        == "\u{1B}[?25l\u{1B}[1;1H\u{1B}[1ma\u{1B}[0m\u{1B}[K\u{1B}[2;1Hb\u{1B}[K\u{1B}[J\u{1B}[2;4H\u{1B}[?25h"
    )
  }

  // MARK: Issue 17 item 14

  @Test("kinsoku: no wrapped line starts with 。、」） and no line ends with 「（")
  func kinsoku() {
    #expect(FormScreen.wrap("入力してください。", columns: 16) == ["入力してくださ", "い。"])
    #expect(FormScreen.wrap("あいうえ、かき", columns: 8) == ["あいう", "え、かき"])
    #expect(FormScreen.wrap("あいう「。」です", columns: 8) == ["あいう", "「。」で", "す"])
    #expect(FormScreen.wrap("あいうえ（推奨）", columns: 10) == ["あいうえ", "（推奨）"])
    // A run of closing marks longer than a line cannot obey the rule: it is still cut, losing nothing.
    #expect(FormScreen.wrap("。。。。", columns: 4).joined() == "。。。。")
    // Every Japanese message of the catalog, at every width: nothing lost, the rule kept. The
    // command line's own lines (cli.*) are never drawn in the form.
    let templates = (MessageCatalog.standard.templates["ja"] ?? [:]).filter { !$0.key.hasPrefix("cli.") }.values
    for template in templates {
      let text = template.inline
      for columns in 6...40 {
        let lines = FormScreen.wrap(text, columns: columns)
        #expect(lines.joined() == text)
        for line in lines {
          #expect(DisplayWidth.of(line) <= columns, "\(columns): \(line)")
        }
        for line in lines.dropFirst() {
          #expect(!(line.first.map(FormScreen.noLineStart.contains) ?? false), "\(columns): \(lines)")
        }
        for line in lines.dropLast() {
          #expect(!(line.last.map(FormScreen.noLineEnd.contains) ?? false), "\(columns): \(lines)")
        }
      }
    }
  }

  @Test("the key hints wrap between hints at narrow widths, none is cut", arguments: [20, 24, 30, 40, 80])
  func helpWraps(width: Int) throws {
    for locale in ["ja", "en"] {
      let frame = FormScreen(controller: try controller(locale: locale), width: width, height: 40).frame()
      let text = frame.plainText
      let hints =
        locale == "ja"
        ? ["Tab/↓ 次へ", "Shift-Tab/↑ 前へ", "Enter 送信", "Esc 中止"]
        : ["Tab/↓ next", "Shift-Tab/↑ back", "Enter submit", "Esc cancel"]
      for hint in hints { #expect(text.contains(hint), "\(locale) \(width): \(hint)") }
    }
  }

}
