#if canImport(SwiftUI)
  import FormRulesUI
  import SwiftUI

  /// A password input with a show/hide button, bound to `PasswordFieldModel`.
  ///
  /// Typing goes through `applyEdit`, so the overwrite guard repairs the first keystroke
  /// after "hide". The button moves focus to the input `toggleReveal()` names, so the
  /// keyboard stays up across the swap.
  struct PasswordField: View {
    let title: String
    /// The toggle's accessible names, from the catalog (`ui.showPassword`, `ui.hidePassword`).
    let showTitle: String
    let hideTitle: String
    @Bindable var model: PasswordFieldModel
    var focus: FocusState<LoginFocus?>.Binding

    var body: some View {
      HStack {
        ZStack(alignment: .leading) {
          // The secure input stays in the hierarchy while revealed: in read-only mode it
          // keeps focus under the revealed text; in editable mode it is hidden and inert.
          SecureField(title, text: text)
            .textContentType(.password)
            .focused(focus, equals: .password(.secure))
            .opacity(model.isRevealed ? 0 : 1)
            .allowsHitTesting(model.visibleInput == .secure)
          if model.isRevealed {
            switch model.revealMode {
            case .editable:
              TextField(title, text: text)
                .textContentType(.password)
                .textInputAutocapitalization(.never)
                .autocorrectionDisabled()
                .focused(focus, equals: .password(.plain))
            case .readOnly:
              Text(model.text).allowsHitTesting(false)
            }
          }
        }
        Button {
          let input = model.toggleReveal()
          // Only an input that had focus hands it over; a tap elsewhere opens no keyboard.
          if case .password = focus.wrappedValue { focus.wrappedValue = .password(input) }
        } label: {
          Image(systemName: model.isRevealed ? "eye.slash" : "eye")
        }
        .buttonStyle(.plain)
        .accessibilityLabel(Text(model.isRevealed ? hideTitle : showTitle))
      }
    }

    private var text: Binding<String> {
      Binding(get: { model.text }, set: { model.applyEdit($0) })
    }
  }
#endif
