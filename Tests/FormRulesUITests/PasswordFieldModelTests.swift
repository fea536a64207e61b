import Testing

@testable import FormRulesUI

/// Replays keystrokes the way iOS delivers them to a show/hide password field: the plain
/// input appends; the secure input appends too, except for the first key after it becomes
/// the input again with text in it, which replaces everything (the "autofill" overwrite).
@MainActor
struct PlatformReplay {
  let field: PasswordFieldModel
  private var secureSessionFresh = false
  private var selectedAll = false

  init(_ field: PasswordFieldModel) {
    self.field = field
  }

  mutating func toggle() {
    let input = field.toggleReveal()
    secureSessionFresh = input == .secure && field.revealMode == .editable && !field.text.isEmpty
  }

  mutating func selectAll() { selectedAll = true }

  mutating func type(_ keys: String) {
    for key in keys {
      let replaces = secureSessionFresh || selectedAll
      secureSessionFresh = false
      selectedAll = false
      field.applyEdit(replaces ? String(key) : field.text + String(key))
    }
  }

  mutating func backspace() {
    // A fresh secure session clears everything on backspace as well.
    let clears = secureSessionFresh || selectedAll
    secureSessionFresh = false
    selectedAll = false
    field.applyEdit(clears ? "" : String(field.text.dropLast()))
  }
}

@MainActor
@Suite("PasswordFieldModel")
struct PasswordFieldModelTests {
  @Test("Reveal, type ABC, hide, type D → ABCD: the guard repairs the overwrite")
  func overwriteRepaired() {
    var replay = PlatformReplay(PasswordFieldModel())
    replay.toggle()
    #expect(replay.field.visibleInput == .plain)
    replay.type("ABC")
    replay.toggle()
    #expect(replay.field.isGuardArmed)
    replay.type("D")
    #expect(replay.field.text == "ABCD")
    #expect(!replay.field.isGuardArmed)
    replay.type("E")
    #expect(replay.field.text == "ABCDE")
  }

  @Test("Reveal, type ABC, hide, select all, type D → ABCD: the known false positive")
  func selectAllFalsePositive() {
    // The user meant "D". The platform delivers "D" in both stories, and the guard only
    // sees "ABC" → "D" right after a hide, so it assumes the overwrite and keeps ABCD.
    var replay = PlatformReplay(PasswordFieldModel())
    replay.toggle()
    replay.type("ABC")
    replay.toggle()
    replay.selectAll()
    replay.type("D")
    #expect(replay.field.text == "ABCD")
  }

  @Test("Without the guard the overwrite loses the password")
  func withoutGuard() {
    let field = PasswordFieldModel(text: "ABC")
    // Never toggled: the guard is not armed, so an edit passes through unchanged.
    #expect(field.textDidChange(from: "ABC", to: "D") == "D")
  }

  @Test("The guard disarms after one edit, whatever it was")
  func disarmsAfterOneEdit() {
    var replay = PlatformReplay(PasswordFieldModel())
    replay.toggle()
    replay.type("ABC")
    replay.toggle()
    replay.backspace()
    #expect(replay.field.text == "")
    #expect(!replay.field.isGuardArmed)
    replay.type("X")
    #expect(replay.field.text == "X")
  }

  @Test(
    "Only one character replacing non-empty text counts as the overwrite",
    arguments: [
      ("ABC", "D", "ABCD"),
      ("ABC", "ABCD", "ABCD"),
      ("ABC", "", ""),
      ("AB", "A", "A"),
      ("A", "B", "AB"),
      ("", "D", "D"),
      ("ABC", "DE", "DE"),
      ("パス", "ワ", "パスワ"),
      ("ABC", "👍🏽", "ABC👍🏽"),
    ])
  func overwriteShapes(old: String, new: String, expected: String) {
    let field = PasswordFieldModel(text: old)
    field.toggleReveal()
    field.toggleReveal()
    #expect(field.isGuardArmed == !old.isEmpty)
    #expect(field.textDidChange(from: old, to: new) == expected)
  }

  @Test("toggleReveal names the input that must take focus")
  func focusTarget() {
    let field = PasswordFieldModel(text: "secret")
    #expect(field.toggleReveal() == .plain)
    #expect(field.isRevealed)
    #expect(field.toggleReveal() == .secure)
    #expect(!field.isRevealed)
  }

  @Test("Hiding an empty password arms nothing")
  func emptyHide() {
    let field = PasswordFieldModel()
    field.toggleReveal()
    field.toggleReveal()
    #expect(!field.isGuardArmed)
  }

  @Test("Read-only reveal keeps the secure input focused, so nothing is overwritten")
  func readOnlyMode() {
    var replay = PlatformReplay(PasswordFieldModel(revealMode: .readOnly))
    replay.type("ABC")
    replay.toggle()
    #expect(replay.field.isRevealed)
    #expect(replay.field.visibleInput == .secure)
    replay.toggle()
    #expect(!replay.field.isGuardArmed)
    replay.selectAll()
    replay.type("D")
    // The user's select-all is honoured: read-only mode has no false positive.
    #expect(replay.field.text == "D")
  }

  @Test("Double entry passes only when the confirmation repeats a non-empty password")
  func doubleEntry() {
    let field = PasswordFieldModel(requiresConfirmation: true)
    #expect(!field.isConfirmed)
    field.applyEdit("hunter22")
    field.confirmation = "hunter2"
    #expect(!field.isConfirmed)
    field.confirmation = "hunter22"
    #expect(field.isConfirmed)
  }
}
