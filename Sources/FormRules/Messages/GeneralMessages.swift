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
