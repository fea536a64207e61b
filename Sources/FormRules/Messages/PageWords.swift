/// The words a web page or an app screen shows around the form, beyond the controls of
/// ``uiWords``: the checklist's spoken status, the pending and stale states near the
/// submit button, the one-line summary under a field that has a checklist, and the prefix
/// of the page title after a failed submit (`page.*`: sentences and marks, so not among the
/// control words). `Web/formrules.js` carries the same texts
/// (a browser test compares them), since it must show them without asking the server.
let pageWords: [CatalogEntry] = [
  CatalogEntry("page.sending", ja: ("送信中です…", "送信中です…"), en: ("Sending…", "Sending…")),
  CatalogEntry("page.checking", ja: ("確認中…", "確認中…"), en: ("Checking…", "Checking…")),
  CatalogEntry(
    "page.notChecked",
    ja: ("入力内容を確認できませんでした。接続が戻ると、もう一度確認します。", "入力内容を確認できませんでした。接続が戻ると、もう一度確認します。"),
    en: (
      "Your entries could not be checked. They will be checked again when the connection is back.",
      "Your entries could not be checked. They will be checked again when the connection is back."
    )),
  CatalogEntry("page.met", ja: ("（満たしています）", "（満たしています）"), en: ("(met)", "(met)")),
  CatalogEntry("page.notMet", ja: ("（満たしていません）", "（満たしていません）"), en: ("(not met)", "(not met)")),
  CatalogEntry(
    "page.recommendedNotMet", ja: ("（推奨：満たしていません）", "（推奨：満たしていません）"),
    en: ("(recommended, not met)", "(recommended, not met)")),
  CatalogEntry(
    "page.checklistSummary",
    ja: ("{label}が条件を満たしていません。下の条件を確認してください。", "条件を満たしていません。下の条件を確認してください。"),
    en: ("{label} does not meet the requirements below.", "Does not meet the requirements below.")),
  CatalogEntry("page.errorTitlePrefix", ja: ("エラー：", "エラー："), en: ("Error:", "Error:")),
]
