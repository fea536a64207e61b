/// Messages of the core rules and of input errors.
let coreMessages: [CatalogEntry] = [
  CatalogEntry(
    "required", ja: ("{label}を入力してください。", "入力してください。"),
    en: ("{label} is required.", "This field is required.")),
  CatalogEntry(
    "minLength", ja: ("{label}は{min}{unit}以上で入力してください。", "{min}{unit}以上で入力してください。"),
    en: ("{label} must be at least {min} {unit}.", "Must be at least {min} {unit}.")),
  CatalogEntry(
    "maxLength", ja: ("{label}は{max}{unit}以下で入力してください。", "{max}{unit}以下で入力してください。"),
    en: ("{label} must be at most {max} {unit}.", "Must be at most {max} {unit}.")),
  CatalogEntry(
    "maxLength.utf8",
    ja: (
      "{label}は{max}バイト以下で入力してください（日本語や絵文字は1文字で3〜4バイトです）。",
      "{max}バイト以下で入力してください（日本語や絵文字は1文字で3〜4バイトです）。"
    ),
    en: (
      "{label} must be at most {max} bytes (Japanese characters and emoji take 3–4 bytes each).",
      "Must be at most {max} bytes (Japanese characters and emoji take 3–4 bytes each)."
    )),
  CatalogEntry(
    "pattern", ja: ("{label}の形式が正しくありません。", "形式が正しくありません。"),
    en: ("{label} is not in the expected format.", "Not in the expected format.")),
  CatalogEntry(
    "notPattern", ja: ("{label}に使用できない文字列が含まれています。", "使用できない文字列が含まれています。"),
    en: ("{label} contains text that is not allowed.", "Contains text that is not allowed.")),
  CatalogEntry(
    "pattern.limit",
    ja: ("{label}が複雑すぎるため確認できませんでした。短くして入力してください。", "複雑すぎるため確認できませんでした。短くして入力してください。"),
    en: (
      "{label} could not be checked because it is too complex. Please shorten it.",
      "Could not be checked because it is too complex. Please shorten it."
    )),
  CatalogEntry(
    "sameAs", ja: ("{label}が{other}と一致しません。", "{other}と一致しません。"),
    en: ("{label} does not match {other}.", "Does not match {other}.")),
  CatalogEntry(
    "trimmed", ja: ("{label}の先頭または末尾に空白があります。", "先頭または末尾に空白があります。"),
    en: ("{label} starts or ends with a space.", "Starts or ends with a space.")),
  CatalogEntry(
    "anyOf", ja: ("{label}はいずれかの条件を満たすように入力してください。", "いずれかの条件を満たすように入力してください。"),
    en: ("{label} must meet at least one of the conditions.", "Must meet at least one of the conditions.")),
  CatalogEntry(
    "not", ja: ("{label}にはこの値を使用できません。", "この値は使用できません。"),
    en: ("{label} cannot be this value.", "This value is not allowed.")),
  CatalogEntry(
    "input.tooLong", ja: ("{label}が長すぎます。{max}バイト以下で入力してください。", "長すぎます。{max}バイト以下で入力してください。"),
    en: ("{label} is too long. Please use at most {max} bytes.", "Too long. Please use at most {max} bytes.")),
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
  CatalogEntry("unit.utf16", ja: ("文字（UTF-16単位）", "文字（UTF-16単位）"), en: ("UTF-16 code units", "UTF-16 code units")),
  CatalogEntry("unit.utf16.one", ja: ("文字（UTF-16単位）", "文字（UTF-16単位）"), en: ("UTF-16 code unit", "UTF-16 code unit")),
  CatalogEntry("unit.utf8", ja: ("バイト", "バイト"), en: ("bytes", "bytes")),
  CatalogEntry("unit.utf8.one", ja: ("バイト", "バイト"), en: ("byte", "byte")),
]
