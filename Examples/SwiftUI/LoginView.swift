#if canImport(SwiftUI)
  import FormRulesUI
  import SwiftUI

  /// Which input has focus. The password has two inputs (secure and plain) that swap when
  /// it is revealed, so its focus names the input too.
  enum LoginFocus: Hashable {
    case email
    case password(PasswordInput)

    /// The rules-file field the input belongs to.
    var field: String {
      switch self {
      case .email: "email"
      case .password: "password"
      }
    }
  }

  /// The seed login screen, bound to `FormModel`: the button looks enabled exactly when the
  /// policy passes and nothing is loading, and a tap on it is always answered; a failed
  /// submit focuses the first invalid field and shakes the form; a wrong password (an
  /// `auth.` error thrown by `login`) shakes it too, shows the error above the form in the
  /// user's language and puts focus back on the password.
  ///
  /// ```swift
  /// let url = Bundle.main.url(forResource: "login", withExtension: "json")!
  /// LoginView(policy: try RuleSet(contentsOf: url).compile()) { values in
  ///   let response = try await api.login(values["email"] ?? "", values["password"] ?? "")
  ///   if response.status == 401 { throw SubmitError("auth.invalidCredentials") }
  /// }
  /// ```
  struct LoginView: View {
    @State private var model: FormModel
    @State private var password = PasswordFieldModel()
    @FocusState private var focus: LoginFocus?
    private let login: @MainActor ([String: String]) async throws -> Void

    init(policy: Policy, login: @escaping @MainActor ([String: String]) async throws -> Void) {
      _model = State(initialValue: FormModel(policy: policy, locale: Locale.preferredLanguages.first))
      self.login = login
    }

    var body: some View {
      VStack(alignment: .leading, spacing: 12) {
        if let error = model.generalError {
          Text(error).foregroundStyle(.red)
        }
        VStack(alignment: .leading, spacing: 8) {
          TextField(model.label(of: "email"), text: value("email"))
            .textContentType(.username)
            .keyboardType(.emailAddress)
            .textInputAutocapitalization(.never)
            .autocorrectionDisabled()
            .submitLabel(.next)
            .focused($focus, equals: .email)
            .onSubmit { focus = .password(password.visibleInput) }
          messages(for: "email")

          PasswordField(
            title: model.label(of: "password"), showTitle: model.text("ui.showPassword"),
            hideTitle: model.text("ui.hidePassword"), model: password, focus: $focus
          )
          .submitLabel(.go)
          .onSubmit { Task { await submit() } }
          messages(for: "password")
        }
        .shake(trigger: model.shakeTrigger)

        Button {
          Task { await submit() }
        } label: {
          if model.isLoading { ProgressView() } else { Text(model.text("ui.logIn")) }
        }
        .buttonStyle(.borderedProminent)
        // The seed's gate, drawn but not enforced: `.disabled` would make a tap on a form that
        // is not ready do nothing, where `submit` answers it with messages, shake and focus.
        .opacity(model.isSubmitEnabled ? 1 : 0.5)
      }
      .padding()
      // The model decides when errors show, from what gained and lost focus.
      .onChange(of: focus) { _, new in model.focusedField = new?.field }
      .onChange(of: password.text) { _, new in model["password"] = new }
    }

    private func submit() async {
      await model.submit { try await login(model.values) }
      // After a failed or refused attempt the model has moved focus: to the first invalid
      // field, or after a wrong password to `fieldAfterRefusal` (`refusalTrigger` changed; a
      // UIKit text field would `selectAll` there so that typing replaces the password).
      switch model.focusedField {
      case "email": focus = .email
      case "password": focus = .password(password.visibleInput)
      default: break
      }
    }

    private func value(_ field: String) -> Binding<String> {
      Binding(get: { model[field] }, set: { model[field] = $0 })
    }

    @ViewBuilder
    private func messages(for field: String) -> some View {
      ForEach(model.messages(for: field), id: \.self) { message in
        Text(message.text)
          .font(.footnote)
          .foregroundStyle(message.severity == .error ? Color.red : Color.orange)
      }
    }
  }
#endif
