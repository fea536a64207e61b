/// Messages for identity providers' answers (Firebase Auth, Cognito), reached through
/// ``IdentityErrorMapping``. The general ones show above the form; `email.*` and
/// `password.*` show under their field. A rules file's `messages` may override any of them.
let identityProviderMessages: [CatalogEntry] = [
  CatalogEntry(
    "email.taken",
    ja: ("この{label}は既に登録されています。", "このメールアドレスは既に登録されています。"),
    en: ("{label} is already registered.", "This email address is already registered.")),
  CatalogEntry(
    "email.invalid",
    ja: ("{label}の形式が正しくありません。", "メールアドレスの形式が正しくありません。"),
    en: ("{label} is not a valid email address.", "Not a valid email address.")),
  CatalogEntry(
    "password.weak",
    ja: (
      "この{label}は安全性が低いため使用できません。より長く、推測されにくいものを設定してください。", "このパスワードは安全性が低いため使用できません。より長く、推測されにくいものを設定してください。"
    ),
    en: (
      "{label} is too weak. Please choose a longer one that is harder to guess.",
      "Too weak. Please choose a longer password that is harder to guess."
    )),
  CatalogEntry(
    "auth.userDisabled",
    ja: ("このアカウントは無効になっています。サポートにお問い合わせください。", "このアカウントは無効になっています。サポートにお問い合わせください。"),
    en: (
      "This account has been disabled. Please contact support.",
      "This account has been disabled. Please contact support."
    )),
  CatalogEntry(
    "auth.operationNotAllowed",
    ja: ("このログイン方法は現在ご利用いただけません。サポートにお問い合わせください。", "このログイン方法は現在ご利用いただけません。サポートにお問い合わせください。"),
    en: (
      "This way of logging in is not available. Please contact support.",
      "This way of logging in is not available. Please contact support."
    )),
  CatalogEntry(
    "auth.notConfirmed",
    ja: (
      "メールアドレスの確認が完了していません。お送りしたメールのリンクから確認を完了してください。", "メールアドレスの確認が完了していません。お送りしたメールのリンクから確認を完了してください。"
    ),
    en: (
      "Your email address is not confirmed yet. Please follow the link in the email we sent you.",
      "Your email address is not confirmed yet. Please follow the link in the email we sent you."
    )),
  CatalogEntry(
    "auth.passwordResetRequired",
    ja: ("パスワードの再設定が必要です。再設定してからログインしてください。", "パスワードの再設定が必要です。再設定してからログインしてください。"),
    en: (
      "You need to reset your password. Please reset it, then log in.",
      "You need to reset your password. Please reset it, then log in."
    )),
]
