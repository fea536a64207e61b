/// Short checklist phrases (`requirement.<code>`), shown next to a field while the user
/// types. Both variants are the same phrase: a checklist has no label.
let requirementPhrases: [CatalogEntry] = [
  CatalogEntry("requirement.required", ja: ("入力必須", "入力必須"), en: ("Required", "Required")),
  CatalogEntry(
    "requirement.minLength", ja: ("{min}{unit}以上", "{min}{unit}以上"),
    en: ("At least {min} {unit}", "At least {min} {unit}")),
  CatalogEntry(
    "requirement.maxLength", ja: ("{max}{unit}以下", "{max}{unit}以下"),
    en: ("At most {max} {unit}", "At most {max} {unit}")),
  CatalogEntry(
    "requirement.maxLength.utf8", ja: ("{max}バイト以下（日本語は1文字3バイト）", "{max}バイト以下（日本語は1文字3バイト）"),
    en: ("At most {max} bytes (Japanese characters take 3)", "At most {max} bytes (Japanese characters take 3)")),
  CatalogEntry("requirement.pattern", ja: ("指定の形式", "指定の形式"), en: ("In the required format", "In the required format")),
  CatalogEntry(
    "requirement.notPattern", ja: ("使用できない文字列を含まない", "使用できない文字列を含まない"),
    en: ("No disallowed text", "No disallowed text")),
  CatalogEntry(
    "requirement.email", ja: ("メールアドレスの形式", "メールアドレスの形式"),
    en: ("A valid email address", "A valid email address")),
  CatalogEntry("requirement.sameAs", ja: ("{other}と一致", "{other}と一致"), en: ("Matches {other}", "Matches {other}")),
  CatalogEntry(
    "requirement.trimmed", ja: ("先頭と末尾に空白なし", "先頭と末尾に空白なし"),
    en: ("No leading or trailing spaces", "No leading or trailing spaces")),
  CatalogEntry(
    "requirement.anyOf", ja: ("いずれかの条件を満たす", "いずれかの条件を満たす"),
    en: ("Meets one of the conditions", "Meets one of the conditions")),
  CatalogEntry(
    "requirement.not", ja: ("禁止された値ではない", "禁止された値ではない"), en: ("Not a disallowed value", "Not a disallowed value")),
]
