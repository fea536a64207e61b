/// Form-level messages a login screen shows above the form, for error codes thrown by
/// the app's submit action. A rules file's `messages` may override them or add more.
let generalMessages: [CatalogEntry] = [
  CatalogEntry(
    "auth.invalidCredentials",
    ja: ("メールアドレスまたはパスワードが正しくありません。", "メールアドレスまたはパスワードが正しくありません。"),
    en: ("The email address or password is incorrect.", "The email address or password is incorrect.")),
  CatalogEntry(
    "auth.tooManyRequests",
    ja: ("試行回数が多すぎます。しばらくしてからもう一度お試しください。", "試行回数が多すぎます。しばらくしてからもう一度お試しください。"),
    en: (
      "Too many attempts. Please wait a while and try again.", "Too many attempts. Please wait a while and try again."
    )),
  CatalogEntry(
    "auth.accountLocked",
    ja: ("このアカウントはロックされています。サポートにお問い合わせください。", "このアカウントはロックされています。サポートにお問い合わせください。"),
    en: ("This account is locked. Please contact support.", "This account is locked. Please contact support.")),
  CatalogEntry(
    "network.offline",
    ja: ("ネットワークに接続できません。接続を確認してもう一度お試しください。", "ネットワークに接続できません。接続を確認してもう一度お試しください。"),
    en: (
      "You appear to be offline. Check your connection and try again.",
      "You appear to be offline. Check your connection and try again."
    )),
  CatalogEntry(
    "network.timeout",
    ja: ("通信がタイムアウトしました。もう一度お試しください。", "通信がタイムアウトしました。もう一度お試しください。"),
    en: ("The request timed out. Please try again.", "The request timed out. Please try again.")),
  CatalogEntry(
    "server.error",
    ja: ("サーバーでエラーが発生しました。しばらくしてからもう一度お試しください。", "サーバーでエラーが発生しました。しばらくしてからもう一度お試しください。"),
    en: (
      "Something went wrong on our side. Please try again later.",
      "Something went wrong on our side. Please try again later."
    )),
  CatalogEntry(
    "unknown",
    ja: ("エラーが発生しました。もう一度お試しください。", "エラーが発生しました。もう一度お試しください。"),
    en: ("Something went wrong. Please try again.", "Something went wrong. Please try again.")),
]

/// The words of the front ends' own controls (buttons, toggles), so that the SwiftUI
/// example, the web pages and the terminal form say the same thing: `ui.logIn` is
/// 「ログイン」 everywhere. Words, not sentences: no 。. Read them with
/// ``MessageCatalog/render(code:params:locale:)`` or `FormModel.text(_:)`.
let uiWords: [CatalogEntry] = [
  CatalogEntry("ui.logIn", ja: ("ログイン", "ログイン"), en: ("Log in", "Log in")),
  CatalogEntry("ui.signUp", ja: ("登録する", "登録する"), en: ("Sign up", "Sign up")),
  CatalogEntry("ui.submit", ja: ("送信", "送信"), en: ("Submit", "Submit")),
  CatalogEntry("ui.show", ja: ("表示", "表示"), en: ("Show", "Show")),
  CatalogEntry("ui.hide", ja: ("非表示", "非表示"), en: ("Hide", "Hide")),
  CatalogEntry("ui.showPassword", ja: ("パスワードを表示", "パスワードを表示"), en: ("Show password", "Show password")),
  CatalogEntry("ui.hidePassword", ja: ("パスワードを非表示", "パスワードを非表示"), en: ("Hide password", "Hide password")),
]
