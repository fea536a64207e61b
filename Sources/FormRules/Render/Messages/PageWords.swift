/// What a web page or an app screen shows around the form, beyond the controls: the
/// checklist's spoken status, the sending and checking states near the submit button, and the
/// prefix of the page title after a failed submit (`ui.*` words and marks, no 。), and two
/// sentences (`page.*`): the stale state and the one-line summary under a field that has a
/// checklist. `Web/formrules.js` carries the same texts (a browser test compares them), since
/// it must show them without asking the server.
let pageWords: [CatalogEntry] = [
  CatalogEntry("ui.sending", ja: ("送信中です…", "送信中です…"), en: ("Sending…", "Sending…")),
  CatalogEntry("ui.checking", ja: ("確認中…", "確認中…"), en: ("Checking…", "Checking…")),
  CatalogEntry(
    "page.notChecked",
    ja: ("入力内容を確認できませんでした。接続が戻ると、もう一度確認します。", "入力内容を確認できませんでした。接続が戻ると、もう一度確認します。"),
    en: (
      "Your entries could not be checked. They will be checked again when the connection is back.",
      "Your entries could not be checked. They will be checked again when the connection is back."
    )),
  CatalogEntry("ui.met", ja: ("（満たしています）", "（満たしています）"), en: ("(met)", "(met)")),
  CatalogEntry("ui.notMet", ja: ("（満たしていません）", "（満たしていません）"), en: ("(not met)", "(not met)")),
  CatalogEntry(
    "ui.notCheckedYet", ja: ("（まだ確認していません）", "（まだ確認していません）"),
    en: ("(not checked yet)", "(not checked yet)")),
  CatalogEntry(
    "ui.recommendedNotMet", ja: ("（推奨：満たしていません）", "（推奨：満たしていません）"),
    en: ("(recommended, not met)", "(recommended, not met)")),
  CatalogEntry(
    "page.checklistSummary",
    ja: ("{label}が条件を満たしていません。下の条件を確認してください。", "条件を満たしていません。下の条件を確認してください。"),
    en: ("{label} does not meet the requirements below.", "Does not meet the requirements below.")),
  CatalogEntry("ui.errorTitlePrefix", ja: ("エラー：", "エラー："), en: ("Error:", "Error:")),
]
