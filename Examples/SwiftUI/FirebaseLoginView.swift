#if canImport(SwiftUI) && canImport(FirebaseAuth)
  import FirebaseAuth
  import FormRulesUI
  import SwiftUI

  /// The seed login screen's next step: sign-in and sign-up with Firebase Authentication.
  ///
  /// - The screen checks the same rules files the project's Firebase policy is exported from
  ///   (`validate export --rules Rules/signup.json --to firebase`, applied in CI; see
  ///   docs/identity-providers.md), so a password this screen accepts, Firebase accepts.
  /// - Each password is sent as the rules checked it (`Policy.transformedValue`).
  /// - Firebase's errors are thrown as they come: `FormModel.submit` maps every
  ///   `AuthErrorCode` through `IdentityErrorMapping` — `emailAlreadyInUse` under the email
  ///   field, `wrongPassword` / `userNotFound` / `invalidCredential` as one general message
  ///   that does not tell whether the account exists — in the user's language.
  ///
  /// ```swift
  /// FirebaseLoginView(
  ///   signIn: try RuleSet(contentsOf: Bundle.main.url(forResource: "login", withExtension: "json")!).compile(),
  ///   signUp: try RuleSet(contentsOf: Bundle.main.url(forResource: "signup", withExtension: "json")!), registry: .standard).compile())
  /// ```
  struct FirebaseLoginView: View {
    enum Mode: String, CaseIterable, Identifiable {
      case signIn = "Sign in"
      case signUp = "Sign up"
      var id: Self { self }
    }

    let signIn: Policy
    let signUp: Policy
    @State private var mode = Mode.signIn
    @State private var signedIn: String?

    var body: some View {
      VStack {
        Picker("", selection: $mode) {
          ForEach(Mode.allCases) { Text($0.rawValue).tag($0) }
        }
        .pickerStyle(.segmented)
        .padding(.horizontal)

        if let signedIn {
          Text(signedIn)
        } else if mode == .signIn {
          // The seed screen, unchanged: only the action is Firebase's.
          LoginView(policy: signIn) { values in
            let result = try await Auth.auth().signIn(
              withEmail: signIn.transformedValue(values["email"] ?? "", for: "email"),
              password: signIn.transformedValue(values["password"] ?? "", for: "password"))
            signedIn = result.user.email
          }
        } else {
          SignUpForm(policy: signUp) { email in signedIn = email }
        }
      }
    }
  }

  /// Sign-up: email, new password with its checklist, confirmation.
  struct SignUpForm: View {
    @State private var model: FormModel
    private let done: @MainActor (String?) -> Void

    init(policy: Policy, done: @escaping @MainActor (String?) -> Void) {
      _model = State(initialValue: FormModel(policy: policy, locale: Locale.preferredLanguages.first))
      self.done = done
    }

    var body: some View {
      VStack(alignment: .leading, spacing: 8) {
        if let error = model.generalError { Text(error).foregroundStyle(.red) }
        TextField(model.label(of: "email"), text: binding("email"))
          .textContentType(.username)
          .keyboardType(.emailAddress)
          .textInputAutocapitalization(.never)
        messages("email")
        SecureField(model.label(of: "password"), text: binding("password"))
          .textContentType(.newPassword)
        ForEach(model.checklist(for: "password"), id: \.text) { item in
          Label(item.text, systemImage: item.isMet ? "checkmark.circle" : "circle").font(.footnote)
        }
        messages("password")
        SecureField(model.label(of: "password_confirmation"), text: binding("password_confirmation"))
          .textContentType(.newPassword)
        messages("password_confirmation")
        Button {
          Task { await submit() }
        } label: {
          if model.isLoading { ProgressView() } else { Text("Sign up") }
        }
        .buttonStyle(.borderedProminent)
        .opacity(model.isSubmitEnabled ? 1 : 0.5)  // the seed's gate, drawn; a tap is always answered
      }
      .padding()
      .shake(trigger: model.shakeTrigger)
    }

    private func submit() async {
      let policy = model.policy
      await model.submit {
        // An NSError in FIRAuthErrorDomain thrown here is mapped by the model.
        let result = try await Auth.auth().createUser(
          withEmail: policy.transformedValue(model["email"], for: "email"),
          password: policy.transformedValue(model["password"], for: "password"))
        done(result.user.email)
      }
    }

    private func binding(_ field: String) -> Binding<String> {
      Binding(get: { model[field] }, set: { model[field] = $0 })
    }

    @ViewBuilder
    private func messages(_ field: String) -> some View {
      ForEach(model.messages(for: field), id: \.self) { message in
        Text(message.text).font(.footnote).foregroundStyle(message.severity == .error ? Color.red : Color.orange)
      }
    }
  }
#endif
