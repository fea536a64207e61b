/// The words of an RFC 9457 problem document (`Report.problemDetails(locale:)`). With the
/// default type `about:blank`, the title is the status phrase of 422.
let problemMessages: [CatalogEntry] = [
  CatalogEntry(
    "problem.title", ja: ("入力内容に誤りがあります", "入力内容に誤りがあります"),
    en: ("Unprocessable Content", "Unprocessable Content")),
  CatalogEntry(
    "problem.detail", ja: ("{fields}の入力内容を確認してください。", "{fields}の入力内容を確認してください。"),
    en: ("Please check the following fields: {fields}.", "Please check the following fields: {fields}.")),
  CatalogEntry(
    "problem.detail.form", ja: ("入力データを処理できませんでした。", "入力データを処理できませんでした。"),
    en: ("The input could not be processed.", "The input could not be processed.")),
]
