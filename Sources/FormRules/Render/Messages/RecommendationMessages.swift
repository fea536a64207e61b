/// How a warning is worded: as advice, never as a requirement. A rule may give its own
/// (`minLength.warning`); any other warning uses the frame `recommendation` around its
/// requirement phrase, and a checklist marks the phrase with `requirement.recommended`.
let recommendationMessages: [CatalogEntry] = [
  CatalogEntry(
    "recommendation",
    ja: ("{label}は「{requirement}」を満たすと、より安全です。", "「{requirement}」を満たすと、より安全です。"),
    en: ("Recommended for {label}: {requirement}.", "Recommended: {requirement}.")),
  CatalogEntry(
    "requirement.recommended", ja: ("推奨：{requirement}", "推奨：{requirement}"),
    en: ("Recommended: {requirement}", "Recommended: {requirement}")),
]
