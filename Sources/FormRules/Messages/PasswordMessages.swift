/// Messages of the password rules. `characterClasses`, `noSequence` and `strength` have a
/// message per detail (`characterClasses.min`, `noSequence.keyboard`, `strength.sequence`…).
let passwordMessages: [CatalogEntry] = [
  CatalogEntry(
    "characterClasses", ja: ("{label}には{missing}を含めてください。", "{missing}を含めてください。"),
    en: ("{label} must include {missing}.", "Must include {missing}.")),
  CatalogEntry(
    "characterClasses.require", ja: ("{label}には{missing}を含めてください。", "{missing}を含めてください。"),
    en: ("{label} must include {missing}.", "Must include {missing}.")),
  CatalogEntry(
    "characterClasses.min",
    ja: ("{label}には{of}のうち{min}種類以上を含めてください。", "{of}のうち{min}種類以上を含めてください。"),
    en: ("{label} must include at least {min} of: {of}.", "Must include at least {min} of: {of}.")),
  CatalogEntry(
    "notCommon",
    ja: (
      "{label}はよく使われているため使用できません。推測されにくいものにしてください。",
      "よく使われているため使用できません。推測されにくいものにしてください。"
    ),
    en: (
      "{label} is too commonly used. Choose one that is harder to guess.",
      "Too commonly used. Choose one that is harder to guess."
    )),
  CatalogEntry(
    "notContainsField", ja: ("{label}に{fields}やその一部を含めないでください。", "{fields}やその一部を含めないでください。"),
    en: ("{label} must not contain {fields} or parts of it.", "Must not contain {fields} or parts of it.")),
  CatalogEntry(
    "maxRepeat", ja: ("{label}は同じ文字の連続を{max}{unit}までにしてください。", "同じ文字の連続は{max}{unit}までにしてください。"),
    en: (
      "{label} must not have more than {max} identical {unit} in a row.",
      "Must not have more than {max} identical {unit} in a row."
    )),
  CatalogEntry(
    "noSequence",
    ja: (
      "{label}に{min}文字以上続く並び（abcd、4321、qwerなど）を含めないでください。",
      "{min}文字以上続く並び（abcd、4321、qwerなど）を含めないでください。"
    ),
    en: (
      "{label} must not contain a run of {min} or more characters such as abcd, 4321 or qwer.",
      "Must not contain a run of {min} or more characters such as abcd, 4321 or qwer."
    )),
  CatalogEntry(
    "noSequence.numerical",
    ja: (
      "{label}に{min}桁以上の連続した数字（1234、9876など）を含めないでください。",
      "{min}桁以上の連続した数字（1234、9876など）を含めないでください。"
    ),
    en: (
      "{label} must not contain {min} or more consecutive digits such as 1234 or 9876.",
      "Must not contain {min} or more consecutive digits such as 1234 or 9876."
    )),
  CatalogEntry(
    "noSequence.alphabetical",
    ja: (
      "{label}に{min}文字以上続くアルファベットや五十音の並び（abcd、あいうえなど）を含めないでください。",
      "{min}文字以上続くアルファベットや五十音の並び（abcd、あいうえなど）を含めないでください。"
    ),
    en: (
      "{label} must not contain {min} or more letters in alphabetical order such as abcd or zyxw.",
      "Must not contain {min} or more letters in alphabetical order such as abcd or zyxw."
    )),
  CatalogEntry(
    "noSequence.keyboard",
    ja: (
      "{label}にキーボードで{min}文字以上並んだ文字列（qwer、asdf、!@#$など）を含めないでください。",
      "キーボードで{min}文字以上並んだ文字列（qwer、asdf、!@#$など）を含めないでください。"
    ),
    en: (
      "{label} must not contain {min} or more neighbouring keys such as qwer, asdf or !@#$.",
      "Must not contain {min} or more neighbouring keys such as qwer, asdf or !@#$."
    )),
  CatalogEntry(
    "notBreached",
    ja: (
      "{label}は過去に流出したパスワードに含まれているため使用できません。別のものにしてください。",
      "過去に流出したパスワードに含まれているため使用できません。別のものにしてください。"
    ),
    en: (
      "{label} has appeared in a data breach. Choose a different one.",
      "This has appeared in a data breach. Choose a different one."
    )),
  CatalogEntry(
    "strength",
    ja: (
      "{label}は推測されやすいです。単語を加えるなどして長くしてください。",
      "推測されやすいです。単語を加えるなどして長くしてください。"
    ),
    en: (
      "{label} is too easy to guess. Make it longer, for example by adding a word.",
      "Too easy to guess. Make it longer, for example by adding a word."
    )),
  CatalogEntry(
    "strength.commonPassword",
    ja: (
      "{label}はよく使われているため、すぐに推測されます。別のものにしてください。",
      "よく使われているため、すぐに推測されます。別のものにしてください。"
    ),
    en: (
      "{label} is a commonly used password and is guessed at once. Choose another.",
      "A commonly used password, guessed at once. Choose another."
    )),
  CatalogEntry(
    "strength.similarToCommon",
    ja: (
      "{label}はよく使われているパスワードに似ているため推測されやすいです。別のものにしてください。",
      "よく使われているパスワードに似ているため推測されやすいです。別のものにしてください。"
    ),
    en: (
      "{label} is similar to a commonly used password. Choose another.",
      "Similar to a commonly used password. Choose another."
    )),
  CatalogEntry(
    "strength.wordByItself",
    ja: ("{label}は単語1つだけのため推測されやすいです。", "単語1つだけのため推測されやすいです。"),
    en: ("{label} is a single word, which is easy to guess.", "A single word is easy to guess.")),
  CatalogEntry(
    "strength.commonWord",
    ja: ("{label}はよく使われる単語が中心のため推測されやすいです。", "よく使われる単語が中心のため推測されやすいです。"),
    en: (
      "{label} is built around a common word, which is easy to guess.",
      "Built around a common word, which is easy to guess."
    )),
  CatalogEntry(
    "strength.nameByItself",
    ja: ("{label}は名前や名字だけのため推測されやすいです。", "名前や名字だけのため推測されやすいです。"),
    en: (
      "{label} is a name or surname by itself, which is easy to guess.", "A name or surname by itself is easy to guess."
    )),
  CatalogEntry(
    "strength.commonName",
    ja: ("{label}はよくある名前や名字が中心のため推測されやすいです。", "よくある名前や名字が中心のため推測されやすいです。"),
    en: (
      "{label} is built around a common name or surname, which is easy to guess.",
      "Built around a common name or surname, which is easy to guess."
    )),
  CatalogEntry(
    "strength.serviceWord",
    ja: (
      "{label}にサービス名など、このサービスに関係する語が含まれているため推測されやすいです。",
      "サービス名など、このサービスに関係する語が含まれているため推測されやすいです。"
    ),
    en: (
      "{label} contains a word tied to this service, such as its name, which is easy to guess.",
      "Contains a word tied to this service, such as its name, which is easy to guess."
    )),
  CatalogEntry(
    "strength.userInput",
    ja: (
      "{label}にほかの項目で入力した内容が含まれているため推測されやすいです。",
      "ほかの項目で入力した内容が含まれているため推測されやすいです。"
    ),
    en: (
      "{label} contains details you entered elsewhere, which makes it easy to guess.",
      "Contains details you entered elsewhere, which makes it easy to guess."
    )),
  CatalogEntry(
    "strength.straightRow",
    ja: ("{label}はキーボードの1列の並びのため推測されやすいです。", "キーボードの1列の並びのため推測されやすいです。"),
    en: ("{label} is a straight row of keys, which is easy to guess.", "A straight row of keys is easy to guess.")),
  CatalogEntry(
    "strength.keyboardPattern",
    ja: ("{label}は短いキーボードの並びのため推測されやすいです。", "短いキーボードの並びのため推測されやすいです。"),
    en: ("{label} is a short keyboard pattern, which is easy to guess.", "A short keyboard pattern is easy to guess.")),
  CatalogEntry(
    "strength.repeatedCharacter",
    ja: ("{label}は同じ文字の繰り返し（aaaなど）のため推測されやすいです。", "同じ文字の繰り返し（aaaなど）のため推測されやすいです。"),
    en: (
      "{label} repeats one character (like aaa), which is easy to guess.",
      "Repeating one character (like aaa) is easy to guess."
    )),
  CatalogEntry(
    "strength.repeatedPattern",
    ja: (
      "{label}は同じ並びの繰り返し（abcabcなど）のため推測されやすいです。",
      "同じ並びの繰り返し（abcabcなど）のため推測されやすいです。"
    ),
    en: (
      "{label} repeats a pattern (like abcabc), which is barely harder to guess than the pattern.",
      "Repeating a pattern (like abcabc) is barely harder to guess than the pattern."
    )),
  CatalogEntry(
    "strength.sequence",
    ja: ("{label}は連続した並び（abc、6543など）のため推測されやすいです。", "連続した並び（abc、6543など）のため推測されやすいです。"),
    en: (
      "{label} uses a sequence like abc or 6543, which is easy to guess.",
      "Sequences like abc or 6543 are easy to guess."
    )),
  CatalogEntry(
    "strength.recentYear",
    ja: ("{label}は最近の年を含むため推測されやすいです。", "最近の年を含むため推測されやすいです。"),
    en: ("{label} contains a recent year, which is easy to guess.", "Recent years are easy to guess.")),
  CatalogEntry(
    "strength.date",
    ja: ("{label}は日付を含むため推測されやすいです。", "日付を含むため推測されやすいです。"),
    en: ("{label} contains a date, which is easy to guess.", "Dates are easy to guess.")),
]

/// Character class names for `{missing}` and `{of}` (`term.<class>`), joined with 、 or ", ".
let passwordTerms: [CatalogEntry] = [
  CatalogEntry("term.lower", ja: ("英小文字", "英小文字"), en: ("lowercase letters", "lowercase letters")),
  CatalogEntry("term.upper", ja: ("英大文字", "英大文字"), en: ("uppercase letters", "uppercase letters")),
  CatalogEntry("term.digit", ja: ("数字", "数字"), en: ("digits", "digits")),
  CatalogEntry("term.symbol", ja: ("記号", "記号"), en: ("symbols", "symbols")),
  CatalogEntry(
    "term.nonAscii", ja: ("かなや漢字などの文字", "かなや漢字などの文字"),
    en: ("letters such as kana or kanji", "letters such as kana or kanji")),
]

/// Checklist phrases of the password rules (`requirement.<code>[.<detail>]`).
let passwordRequirementPhrases: [CatalogEntry] = [
  CatalogEntry(
    "requirement.characterClasses", ja: ("{missing}を含む", "{missing}を含む"),
    en: ("Includes {missing}", "Includes {missing}")),
  CatalogEntry(
    "requirement.characterClasses.min", ja: ("{of}のうち{min}種類以上を含む", "{of}のうち{min}種類以上を含む"),
    en: ("Includes at least {min} of: {of}", "Includes at least {min} of: {of}")),
  CatalogEntry(
    "requirement.notCommon", ja: ("よく使われるパスワードではない", "よく使われるパスワードではない"),
    en: ("Not a commonly used password", "Not a commonly used password")),
  CatalogEntry(
    "requirement.notContainsField", ja: ("{fields}を含まない", "{fields}を含まない"),
    en: ("Does not contain {fields}", "Does not contain {fields}")),
  CatalogEntry(
    "requirement.maxRepeat", ja: ("同じ文字の連続は{max}{unit}まで", "同じ文字の連続は{max}{unit}まで"),
    en: ("No more than {max} identical {unit} in a row", "No more than {max} identical {unit} in a row")),
  CatalogEntry(
    "requirement.noSequence",
    ja: ("{min}文字以上続く並び（abcd、1234、qwerなど）を含まない", "{min}文字以上続く並び（abcd、1234、qwerなど）を含まない"),
    en: ("No run of {min} or more like abcd, 1234 or qwer", "No run of {min} or more like abcd, 1234 or qwer")),
  CatalogEntry(
    "requirement.notBreached", ja: ("過去に流出したパスワードではない", "過去に流出したパスワードではない"),
    en: ("Not found in known data breaches", "Not found in known data breaches")),
  CatalogEntry(
    "requirement.strength", ja: ("パスワードの強度が{min}以上（0〜4の5段階）", "パスワードの強度が{min}以上（0〜4の5段階）"),
    en: ("Password strength at least {min} on a scale of 0–4", "Password strength at least {min} on a scale of 0–4")),
]

/// The `strength` rule's suggestions (`strength.suggestion.<code>`), rendered by
/// ``MessageCatalog/suggestions(for:locale:)``. Both variants are the same sentence.
let strengthFeedback: [CatalogEntry] = [
  suggestion(
    "addWord", ja: "単語をもう1つか2つ加えてください。よく使われない単語ほど効果があります。",
    en: "Add another word or two. Uncommon words are better."),
  suggestion(
    "capitalizationNotHelpful", ja: "先頭だけを大文字にしても、あまり強くなりません。",
    en: "Capitalizing only the first letter does not help much."),
  suggestion(
    "allUppercaseNotHelpful", ja: "すべて大文字にしても、すべて小文字とほとんど変わりません。",
    en: "All-uppercase is almost as easy to guess as all-lowercase."),
  suggestion(
    "reversedNotHelpful", ja: "単語を逆から書いても、あまり強くなりません。", en: "Reversed words are not much harder to guess."),
  suggestion(
    "substitutionNotHelpful", ja: "「a」を「@」にするような置き換えでは、あまり強くなりません。",
    en: "Predictable substitutions like \"@\" for \"a\" do not help much."),
  suggestion(
    "romajiVariantNotHelpful", ja: "ローマ字の書き方を変えたり、かなで書いたりしても、あまり強くなりません。",
    en: "Spelling a Japanese word another way in romaji, or in kana, does not help much."),
  suggestion(
    "avoidNames", ja: "名前や名字は、ほかの単語と組み合わせても推測されやすいため避けてください。",
    en: "Avoid names and surnames: they are easy to guess even with other words."),
  suggestion(
    "avoidServiceWords", ja: "サービス名や会社名は使わないでください。", en: "Avoid the name of this service or company."),
  suggestion(
    "avoidPersonalInfo", ja: "名前やメールアドレスなど、ほかの項目で入力した内容を使わないでください。",
    en: "Avoid your name, email address and other details you entered."),
  suggestion(
    "longerKeyboardPattern", ja: "キーボードの並びを使う場合は、長くして向きを何度も変えてください。",
    en: "Use a longer keyboard pattern with more turns."),
  suggestion("avoidRepeats", ja: "同じ単語や文字の繰り返しは避けてください。", en: "Avoid repeated words and characters."),
  suggestion("avoidSequences", ja: "連続した並び（abc、123など）は避けてください。", en: "Avoid sequences like abc or 123."),
  suggestion(
    "avoidYears", ja: "最近の年や、自分に関係のある年は避けてください。", en: "Avoid recent years and years associated with you."),
  suggestion("avoidDates", ja: "自分に関係のある日付は避けてください。", en: "Avoid dates associated with you."),
]

/// The strength meter (`meter.strength`, `meter.<attack>`) and crack-time
/// phrases (`meter.time.<unit>`; phrases, not sentences; `{n}` is the count), rendered by
/// ``MessageCatalog/strengthMeter(_:locale:)`` and ``MessageCatalog/crackTime(seconds:locale:)``.
let strengthMeterPhrases: [CatalogEntry] = [
  same(
    "meter.strength", ja: "強度{score}（0〜4の5段階）、推測に約10^{guessesLog10}回",
    en: "Strength {score} of 4, about 10^{guessesLog10} guesses"),
  same("meter.online", ja: "オンライン攻撃（毎秒10回）で{time}", en: "Online attack (10 guesses a second): {time}"),
  same(
    "meter.offline", ja: "オフライン攻撃（毎秒1万回、低速なハッシュ）で{time}",
    en: "Offline attack on a slow hash (10,000 guesses a second): {time}"),
  same("meter.time.instant", ja: "1秒未満", en: "less than a second"),
  same("meter.time.second", ja: "{n}秒", en: "{n} second"),
  same("meter.time.seconds", ja: "{n}秒", en: "{n} seconds"),
  same("meter.time.minute", ja: "{n}分", en: "{n} minute"),
  same("meter.time.minutes", ja: "{n}分", en: "{n} minutes"),
  same("meter.time.hour", ja: "{n}時間", en: "{n} hour"),
  same("meter.time.hours", ja: "{n}時間", en: "{n} hours"),
  same("meter.time.day", ja: "{n}日", en: "{n} day"),
  same("meter.time.days", ja: "{n}日", en: "{n} days"),
  same("meter.time.month", ja: "{n}か月", en: "{n} month"),
  same("meter.time.months", ja: "{n}か月", en: "{n} months"),
  same("meter.time.year", ja: "{n}年", en: "{n} year"),
  same("meter.time.years", ja: "{n}年", en: "{n} years"),
  same("meter.time.centuries", ja: "100年以上", en: "centuries"),
]

private func same(_ key: String, ja: String, en: String) -> CatalogEntry {
  CatalogEntry(key, ja: (ja, ja), en: (en, en))
}

private func suggestion(_ code: String, ja: String, en: String) -> CatalogEntry {
  CatalogEntry("strength.suggestion.\(code)", ja: (ja, ja), en: (en, en))
}
