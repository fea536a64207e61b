/// How a warning is worded: as advice, never as a requirement. A rule may give its own
/// (`minLength.warning`); any other warning uses the frame `recommendation` around its
/// requirement phrase, and a checklist marks the phrase with `requirement.recommended`.
let recommendationMessages: [CatalogEntry] = [
  CatalogEntry(
    "recommendation",
    ja: ("{label}は「{requirement}」にすることをおすすめします。", "「{requirement}」にすることをおすすめします。"),
    en: ("Recommended for {label}: {requirement}.", "Recommended: {requirement}.")),
  CatalogEntry(
    "requirement.recommended", ja: ("{requirement}（推奨）", "{requirement}（推奨）"),
    en: ("{requirement} (recommended)", "{requirement} (recommended)")),
]
