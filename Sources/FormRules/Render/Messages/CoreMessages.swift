/// Messages of input errors: a value or a record the engine cannot read.
let inputMessages: [CatalogEntry] = [
  CatalogEntry(
    "input.tooLong", ja: ("{label}が長すぎます。短くしてください。", "長すぎます。短くしてください。"),
    en: ("{label} is far too long. Please shorten it.", "Far too long. Please shorten it.")),
  CatalogEntry(
    "input.malformed", ja: ("入力データの形式が正しくありません。", "入力データの形式が正しくありません。"),
    en: ("The input is not a valid record.", "The input is not a valid record.")),
  CatalogEntry(
    "input.malformed.line",
    ja: ("入力データの{line}行目の形式が正しくありません。", "入力データの{line}行目の形式が正しくありません。"),
    en: ("Line {line} of the input is not a valid record.", "Line {line} of the input is not a valid record.")),
]

/// Words for length units, chosen by count (`unit.characters.one` for English singular).
let unitWords: [CatalogEntry] = [
  CatalogEntry("unit.characters", ja: ("文字", "文字"), en: ("characters", "characters")),
  CatalogEntry("unit.characters.one", ja: ("文字", "文字"), en: ("character", "character")),
  CatalogEntry("unit.graphemes", ja: ("文字", "文字"), en: ("characters", "characters")),
  CatalogEntry("unit.graphemes.one", ja: ("文字", "文字"), en: ("character", "character")),
  CatalogEntry("unit.utf16", ja: ("文字", "文字"), en: ("characters", "characters")),
  CatalogEntry("unit.utf16.one", ja: ("文字", "文字"), en: ("character", "character")),
  CatalogEntry("unit.utf8", ja: ("バイト", "バイト"), en: ("bytes", "bytes")),
  CatalogEntry("unit.utf8.one", ja: ("バイト", "バイト"), en: ("byte", "byte")),
]
