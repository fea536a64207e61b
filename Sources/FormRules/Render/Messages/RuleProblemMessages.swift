/// What is wrong in a rules file, in both languages (`cli.rules.*`). The English lines are the
/// messages the engine has always written, word for word; a Japanese line says the same with the
/// file's keys and values in 「…」 or as written.
///
/// Values: keys, names and JSON values are filled in verbatim; a JSON type (`a number`) and the
/// kind of value expected (`a non-negative integer`) are catalog lines themselves
/// (`cli.rules.type.*`, `cli.rules.kind.*`), rendered in the same language (`数値`, `0以上の整数`).
let ruleProblemMessages: [CatalogEntry] = [
  CatalogEntry(
    "cli.lint.checkWithoutRequirement",
    ja:
      "チェック「{check}」にチェックリスト用の表現がありません。チェックリストと「validate explain」には「サービス側の確認に合格」と表示されます。「requirement」か「{key}」のメッセージを加えてください。",
    en:
      "the check \"{check}\" has no checklist phrase: checklists and explain show \"Accepted by the service\"; add \"requirement\" or a \"{key}\" message"
  ),
  CatalogEntry("cli.json.unexpectedEnd", ja: "入力が途中で終わっています", en: "unexpected end of input"),
  CatalogEntry("cli.json.unexpectedCharacter", ja: "予期しない文字があります", en: "unexpected character"),
  CatalogEntry("cli.json.invalidUTF8", ja: "UTF-8として読めないバイトがあります", en: "invalid UTF-8"),
  CatalogEntry("cli.json.controlCharacter", ja: "文字列に制御文字があります", en: "control character in a string"),
  CatalogEntry("cli.json.invalidEscape", ja: "エスケープが正しくありません", en: "invalid escape sequence"),
  CatalogEntry(
    "cli.json.loneSurrogate", ja: "「\\u」のエスケープにUTF-16のサロゲートが1つだけあります",
    en: "lone UTF-16 surrogate in a \\u escape"),
  CatalogEntry("cli.json.invalidNumber", ja: "数値が正しくありません", en: "invalid number"),
  CatalogEntry("cli.json.tooDeep", ja: "入れ子が深すぎます", en: "nested too deeply"),
  CatalogEntry("cli.json.duplicateKey", ja: "キーが重複しています", en: "duplicate key"),
  CatalogEntry("cli.json.trailingData", ja: "JSONの値の後に余分なデータがあります", en: "unexpected data after the JSON value"),
  CatalogEntry("cli.json.nulCharacter", ja: "ヌル文字（U+0000）があります", en: "NUL character"),
  CatalogEntry(
    "cli.json.utf16", ja: "UTF-16のようです。UTF-8で保存してください", en: "this looks like UTF-16; save it as UTF-8"),
  CatalogEntry(
    "cli.rules.passwordRule",
    ja: "ルール「{name}」は「FormRulesPassword」にあります。「RuleRegistry.standard」で読み込んでください",
    en: "the rule \"{name}\" comes with FormRulesPassword: load the rules with the registry RuleRegistry.standard"),
  CatalogEntry(
    "cli.problem.didYouMean", ja: "{problem}（「{suggestion}」のことですか？）",
    en: "{problem} (did you mean \"{suggestion}\"?)"),
  CatalogEntry("cli.rules.unknownRule", ja: "ルール「{name}」はありません", en: "unknown rule \"{name}\""),
  CatalogEntry("cli.rules.malformedJSON", ja: "JSONの形式が正しくありません：{reason}", en: "malformed JSON: {reason}"),
  CatalogEntry(
    "cli.rules.malformedJSON.key", ja: "JSONの形式が正しくありません：{reason}（「{key}」）",
    en: "malformed JSON: {reason} \"{key}\""),
  CatalogEntry(
    "cli.lint.messageWithoutRequirement",
    ja:
      "「{messageKey}」に対する「{requirementKey}」がありません。チェックリストと「validate explain」に、エラーメッセージが要件として表示されます。{example}を加えてください。",
    en:
      "a \"{messageKey}\" without a \"{requirementKey}\": checklists and explain would show the error message as the requirement; add {example}"
  ),
  // JSON types, as a found value is named when it is not a scalar, or not the expected kind.
  CatalogEntry("cli.rules.type.null", ja: "null", en: "null"),
  CatalogEntry("cli.rules.type.boolean", ja: "真偽値", en: "a boolean"),
  CatalogEntry("cli.rules.type.number", ja: "数値", en: "a number"),
  CatalogEntry("cli.rules.type.string", ja: "文字列", en: "a string"),
  CatalogEntry("cli.rules.type.array", ja: "配列", en: "an array"),
  CatalogEntry("cli.rules.type.object", ja: "オブジェクト", en: "an object"),
  // The kinds of value a key expects.
  CatalogEntry("cli.rules.kind.positiveInteger", ja: "正の整数", en: "a positive integer"),
  CatalogEntry("cli.rules.kind.nonNegativeInteger", ja: "0以上の整数", en: "a non-negative integer"),
  CatalogEntry("cli.rules.kind.trueOrFalse", ja: "「true」または「false」", en: "true or false"),
  CatalogEntry("cli.rules.kind.objectOfFields", ja: "項目のオブジェクト", en: "an object of fields"),
  CatalogEntry(
    "cli.rules.kind.stringOrLanguages", ja: "文字列または言語ごとのオブジェクト", en: "a string or an object of languages"),
  CatalogEntry("cli.rules.kind.fieldObject", ja: "項目のオブジェクト", en: "a field object"),
  CatalogEntry("cli.rules.kind.arrayOfRules", ja: "ルールの配列", en: "an array of rules"),
  CatalogEntry("cli.rules.kind.objectOfLanguages", ja: "言語ごとのオブジェクト", en: "an object of languages"),
  CatalogEntry("cli.rules.kind.objectOfCodes", ja: "コードごとのオブジェクト", en: "an object of codes"),
  CatalogEntry("cli.rules.kind.codeTable", ja: "項目ごとのコードの配列のオブジェクト", en: "an object of field → [codes]"),
  CatalogEntry(
    "cli.rules.kind.checkStubs", ja: "チェック名ごとの「true」か「false」のオブジェクト",
    en: "an object of check name → true or false"),
  CatalogEntry("cli.rules.kind.arrayOfCodes", ja: "コードの配列", en: "an array of codes"),
  CatalogEntry("cli.rules.kind.testObject", ja: "テストのオブジェクト", en: "a test object"),
  CatalogEntry("cli.rules.kind.stringOrNull", ja: "文字列またはnull", en: "a string or null"),
  CatalogEntry(
    "cli.rules.kind.stringOrStrings", ja: "文字列または文字列の配列", en: "a string or an array of strings"),
  CatalogEntry("cli.rules.kind.arrayOfStrings", ja: "文字列の配列", en: "an array of strings"),
  // Expected one thing, found another.
  CatalogEntry(
    "cli.rules.expected", ja: "{expected}を指定してください（指定された値：{found}）", en: "expected {expected}, found {found}"),
  CatalogEntry("cli.rules.expectedOnly", ja: "{expected}を指定してください", en: "expected {expected}"),
  CatalogEntry(
    "cli.rules.expectedOneOf", ja: "{choiceList}のいずれかを指定してください（指定された値：{found}）",
    en: "expected one of {choices}, found {found}"),
  CatalogEntry(
    "cli.rules.expectedChoice", ja: "{choiceList}のいずれかを指定してください（指定された値：{found}）",
    en: "expected {choices}, found {found}"),
  CatalogEntry(
    "cli.rules.expectedRuleObject", ja: "{example}のようなルールのオブジェクトを指定してください（指定された値：{found}）",
    en: "expected a rule object such as {example}, found {found}"),
  CatalogEntry(
    "cli.rules.expectedMessage", ja: "文字列または{example}を指定してください（指定された値：{found}）",
    en: "expected a string or {example}, found {found}"),
  // Keys.
  CatalogEntry("cli.rules.unknownKey", ja: "{what}キー「{key}」はありません", en: "unknown {what} key \"{key}\""),
  CatalogEntry("cli.rules.what.topLevel", ja: "トップレベルの", en: "top-level"),
  CatalogEntry("cli.rules.what.limits", ja: "「limits」の", en: "limits"),
  CatalogEntry("cli.rules.what.catalog", ja: "言語カタログの", en: "catalog"),
  CatalogEntry("cli.rules.what.field", ja: "項目の", en: "field"),
  CatalogEntry("cli.rules.what.when", ja: "「when」の", en: "when"),
  CatalogEntry("cli.rules.what.message", ja: "メッセージの", en: "message"),
  CatalogEntry("cli.rules.what.test", ja: "テストの", en: "test"),
  CatalogEntry(
    "cli.rules.unknownRuleKey", ja: "ルール「{rule}」にキー「{key}」はありません", en: "unknown \"{rule}\" rule key \"{key}\""),
  // Top level and fields.
  CatalogEntry(
    "cli.rules.unsupportedVersion", ja: "バージョン{value}には対応していません。このエンジンが読めるのはバージョン1です",
    en: "unsupported version {value}; this engine reads version 1"),
  CatalogEntry(
    "cli.rules.normalizationTwins", ja: "「{name}」と「{other}」はユニコードの正規化だけが異なります。どちらかの名前を変えてください",
    en: "\"{name}\" and \"{other}\" differ only in Unicode normalization; rename one of them"),
  CatalogEntry(
    "cli.rules.unknownPlaceholder", ja: "プレースホルダー「{placeholder}」はありません", en: "unknown placeholder {placeholder}"),
  CatalogEntry(
    "cli.rules.unknownLocale", ja: "言語「{locale}」には対応していません（対応している言語：ja、en）",
    en: "unknown locale \"{locale}\" (supported: ja, en)"),
  // A language added from a catalog file (`"messages": {"ko": "messages/ko.json"}`).
  CatalogEntry(
    "cli.rules.catalog.language",
    ja: "カタログファイルの言語「{language}」は使用できません（ja、en以外の言語タグ、例：「ko」「zh-Hans」）",
    en:
      "a catalog file cannot add the language \"{language}\" (a language tag other than ja and en, such as ko or zh-Hans)"
  ),
  CatalogEntry(
    "cli.rules.catalog.otherLanguage", ja: "「{language}」として指定されたカタログファイルの言語は「{found}」です",
    en: "the catalog file named for \"{language}\" is for \"{found}\""),
  CatalogEntry(
    "cli.rules.catalog.variants",
    ja: "メッセージ「{key}」には「labeled」と「inline」の両方が必要です",
    en: "the message \"{key}\" needs both \"labeled\" and \"inline\""),
  CatalogEntry("cli.rules.catalog.missingKey", ja: "メッセージ「{key}」がありません", en: "the message \"{key}\" is missing"),
  CatalogEntry(
    "cli.rules.catalog.missingMore", ja: "ほかに{count}件のメッセージがありません", en: "{count} more messages are missing"),
  CatalogEntry("cli.rules.emptyFieldName", ja: "項目名を空にはできません", en: "a field name must not be empty"),
  // Rules.
  CatalogEntry(
    "cli.rules.tooManyRules", ja: "1つのリストにルールが{count}件あります。{max}件以下にしてください",
    en: "{count} rules in one list; at most {max} are allowed"),
  CatalogEntry(
    "cli.rules.noRuleKey", ja: "ルールのオブジェクトには「required」や「minLength」のようなルールのキーが1つ必要です",
    en: "a rule object needs one rule key, such as \"required\" or \"minLength\""),
  CatalogEntry(
    "cli.rules.severalRuleKeys", ja: "ルールのオブジェクトのルールのキーは1つだけです（指定されたキー：{keyList}）",
    en: "a rule object has exactly one rule key; found {keys}"),
  CatalogEntry("cli.rules.noRules", ja: "ルールを1つ以上指定してください", en: "expected at least one rule"),
  CatalogEntry(
    "cli.rules.when.expected", ja: "{equals}または{notEmpty}を指定してください", en: "expected {equals} or {notEmpty}"),
  CatalogEntry("cli.rules.when.noField", ja: "「when」には「field」が必要です", en: "\"when\" needs a \"field\""),
  CatalogEntry(
    "cli.rules.when.noTest", ja: "「when」には「equals」または「notEmpty」が必要です", en: "\"when\" needs \"equals\" or \"notEmpty\""),
  // Messages.
  CatalogEntry(
    "cli.rules.message.noText", ja: "メッセージのオブジェクトには「labeled」または「inline」が必要です",
    en: "a message object needs \"labeled\" or \"inline\""),
  // Tests.
  CatalogEntry("cli.rules.test.noName", ja: "テストには「name」が必要です", en: "a test needs a \"name\""),
  CatalogEntry(
    "cli.rules.test.noInput", ja: "テストには項目の値の「input」オブジェクトが必要です",
    en: "a test needs an \"input\" object of field values"),
  CatalogEntry(
    "cli.rules.test.both", ja: "テストには「valid」または「errors」のどちらか一方を指定してください",
    en: "a test has \"valid\" or \"errors\", not both"),
  CatalogEntry(
    "cli.rules.test.noExpectation", ja: "テストには{valid}または{errors}が必要です", en: "a test needs {valid} or {errors}"),
  CatalogEntry(
    "cli.rules.test.notArray", ja: "テストの配列または「tests」を持つオブジェクトを指定してください",
    en: "expected an array of tests or an object with \"tests\""),
  // Reading a file a rules file names (extends, lists).
  CatalogEntry("cli.rules.file.notFound", ja: "ファイルがありません", en: "no such file"),
  CatalogEntry(
    "cli.rules.file.isDirectory", ja: "ディレクトリなのでファイルを読めません", en: "cannot read the file (it is a directory)"),
  CatalogEntry("cli.rules.file.tooLargeMiB", ja: "{size} MiBを超えています", en: "larger than {size} MiB"),
  CatalogEntry("cli.rules.file.tooLargeBytes", ja: "{size}バイトを超えています", en: "larger than {size} bytes"),
  CatalogEntry("cli.rules.file.notRegular", ja: "通常のファイルではありません（{kind}）", en: "not a regular file ({kind})"),
  CatalogEntry("cli.rules.file.unreadable", ja: "ファイルを読めません（{reason}）", en: "cannot read the file ({reason})"),
  CatalogEntry("cli.rules.file.kind.a FIFO", ja: "名前付きパイプ", en: "a FIFO"),
  CatalogEntry("cli.rules.file.kind.a character device", ja: "キャラクターデバイス", en: "a character device"),
  CatalogEntry("cli.rules.file.kind.a block device", ja: "ブロックデバイス", en: "a block device"),
  CatalogEntry("cli.rules.file.kind.a socket", ja: "ソケット", en: "a socket"),
  CatalogEntry("cli.rules.file.kind.a directory", ja: "ディレクトリ", en: "a directory"),
  CatalogEntry("cli.rules.file.kind.not a file", ja: "ファイルではないもの", en: "not a file"),
  CatalogEntry("cli.rules.file.at", ja: "{failure}：{file}", en: "{failure}: {file}"),
  // extends, confinement, merging.
  CatalogEntry("cli.rules.extendsCycle", ja: "「extends」が循環しています：{cycle}", en: "extends cycle: {cycle}"),
  CatalogEntry(
    "cli.rules.extendsTooDeep", ja: "「extends」の連なりが{max}ファイルを超えています", en: "extends chain deeper than {max} files"),
  CatalogEntry(
    "cli.rules.outsideConfinement", ja: "「{path}」は{file}のフォルダーの外にあります。「--confine」では、その下の相対パスだけを指定できます",
    en: "\"{path}\" is outside the folder of {file}; --confine allows only relative paths below it"),
  CatalogEntry(
    "cli.rules.normalizationTwinsOf", ja: "「{name}」と{file}の「{other}」はユニコードの正規化だけが異なります。どちらかの名前を変えてください",
    en: "\"{name}\" and \"{other}\" of {file} differ only in Unicode normalization; rename one of them"),
  CatalogEntry(
    "cli.rules.sensitiveInParent", ja: "「{name}」は「{file}」で機密の項目です。それを拡張するファイルで表示される項目にはできません",
    en: "\"{name}\" is sensitive in {file}; a file that extends it cannot make it visible"),
  CatalogEntry(
    "cli.rules.confirmationSensitive",
    ja: "「{name}」は機密の項目「{confirmed}」を確認する項目なので、機密の項目です。「\"sensitive\": false」を削除してください",
    en: "\"{name}\" confirms the sensitive field \"{confirmed}\" and is sensitive too; remove \"sensitive\": false"),
  // The whole rule set.
  CatalogEntry(
    "cli.rules.tooManyRulesInAll", ja: "ルールが全部で{count}件あります。{max}件以下にしてください",
    en: "{count} rules in all; at most {max} are allowed"),
  CatalogEntry("cli.rules.noSuchField", ja: "項目「{name}」はありません", en: "no field named \"{name}\""),
  CatalogEntry(
    "cli.rules.notAField", ja: "「{name}」はこのルールファイルの項目ではありません", en: "\"{name}\" is not a field of this rules file"),
  CatalogEntry("cli.rules.noLabel", ja: "言語「{locale}」のラベルがありません", en: "no label for locale \"{locale}\""),
  CatalogEntry("cli.rules.noMessage", ja: "言語「{locale}」のメッセージがありません", en: "no message for locale \"{locale}\""),

  // Built-in rules' own values and options.
  CatalogEntry("cli.rules.kind.fieldName", ja: "項目名", en: "a field name"),
  CatalogEntry(
    "cli.rules.kind.fieldNameOrNames", ja: "項目名または項目名の配列", en: "a field name or an array of field names"),
  CatalogEntry("cli.rules.kind.arrayOfFieldNames", ja: "項目名の配列", en: "an array of field names"),
  CatalogEntry("cli.rules.kind.positiveLength", ja: "正の長さ", en: "a positive length"),
  CatalogEntry("cli.rules.kind.arrayOfClasses", ja: "文字の種類の配列", en: "an array of classes"),
  CatalogEntry("cli.rules.kind.positiveEntries", ja: "1以上の件数", en: "a positive number of entries"),
  CatalogEntry("cli.rules.unknownKeyIn", ja: "ルール「{rule}」にキー「{key}」はありません", en: "unknown key \"{key}\" in {rule}"),
  CatalogEntry("cli.rules.listedTwice", ja: "「{name}」が2回指定されています", en: "\"{name}\" is listed twice"),
  CatalogEntry(
    "cli.rules.email.unknownProfile",
    ja: "メールアドレスのプロファイル「{name}」はありません（「html」、「practical」、「rfc」のいずれかを指定してください）",
    en: "unknown email profile \"{name}\" (use html, practical or rfc)"),
  CatalogEntry(
    "cli.rules.email.expected",
    ja: "プロファイル名（「html」、「practical」、「rfc」）または「true」を指定してください（指定された値：{found}）",
    en: "expected a profile name (\"html\", \"practical\", \"rfc\") or true, found {found}"),
  CatalogEntry(
    "cli.rules.notContainsField.tooMany", ja: "指定できる項目は62件以下です", en: "at most 62 fields can be listed"),
  CatalogEntry(
    "cli.rules.characterClasses.expected", ja: "{require}または{min}を指定してください（指定された値：{found}）",
    en: "expected {require} or {min}, found {found}"),
  CatalogEntry(
    "cli.rules.characterClasses.ofWithRequire", ja: "「of」は「min」と一緒に指定します。「require」とは一緒に指定できません",
    en: "\"of\" goes with \"min\", not with \"require\""),
  CatalogEntry(
    "cli.rules.characterClasses.minRange", ja: "1以上{count}以下の整数を指定してください（{count}は「of」の文字の種類の数です）",
    en: "expected an integer from 1 to {count} (the number of classes in \"of\")"),
  CatalogEntry(
    "cli.rules.characterClasses.both", ja: "「require」と「min」のどちらか一方を指定してください。両方を使うには「allOf」で組み合わせてください",
    en: "use either \"require\" or \"min\"; combine both with allOf"),
  CatalogEntry(
    "cli.rules.characterClasses.neither", ja: "「require」または「min」を指定してください", en: "expected \"require\" or \"min\""),
  CatalogEntry("cli.rules.characterClasses.noClass", ja: "文字の種類を1つ以上指定してください", en: "expected at least one class"),
  CatalogEntry(
    "cli.rules.strength.noMin", ja: "「min」に1以上4以下のスコアを指定してください", en: "expected \"min\": a score from 1 to 4"),
  CatalogEntry("cli.rules.strength.noLanguage", ja: "言語を1つ以上指定してください", en: "expected at least one language"),
  CatalogEntry(
    "cli.rules.strength.score", ja: "1以上4以下のスコアを指定してください（指定された値：{found}）",
    en: "expected a score from 1 to 4, found {found}"),
  CatalogEntry(
    "cli.rules.strength.noDictionaries",
    ja: "パスワードの強度の辞書（「words.bin」）が{directory}にありません。辞書のあるフォルダーを指定してください",
    en: "the strength dictionaries (words.bin) are not in {directory}; name the folder that holds them"
  ),
  CatalogEntry(
    "cli.rules.strength.cannotLoad", ja: "パスワードの強度の辞書を読み込めません：{reason}",
    en: "cannot load the strength dictionaries: {reason}"),
  CatalogEntry(
    "cli.rules.notCommon.nothing", ja: "「\"defaultList\": false」のときは、照合する「lists」または「words」を指定してください",
    en: "with \"defaultList\": false, name \"lists\" or \"words\" to check against"),
  CatalogEntry(
    "cli.rules.notBreached.expected", ja: "ファイルのパスまたは{example}を指定してください（指定された値：{found}）",
    en: "expected a file path or {example}, found {found}"),
  CatalogEntry(
    "cli.rules.notBreached.noFile", ja: "「file」に「SHA1HEX:COUNT」形式のファイルのパスを指定してください",
    en: "expected \"file\": the path of a SHA1HEX:COUNT file"),
  CatalogEntry(
    "cli.rules.notBreached.fileOrRange", ja: "「file」（「SHA1HEX:COUNT」形式のファイル）か「range」（k匿名性の範囲APIのアドレス）のどちらか一方を指定してください",
    en: "expected either \"file\" (a SHA1HEX:COUNT file) or \"range\" (a k-anonymity range API URL), not both"),
  CatalogEntry(
    "cli.rules.notBreached.rangeURL",
    ja: "「/」で終わる「http://」または「https://」のアドレス（「https://api.pwnedpasswords.com/range/」など）を指定してください（指定された値：{found}）",
    en: "expected an http or https URL ending in / (such as https://api.pwnedpasswords.com/range/), found {found}"),
  CatalogEntry(
    "cli.rules.notBreached.rangeOnly", ja: "「{key}」は「range」と一緒にだけ指定できます",
    en: "\"{key}\" applies to \"range\" only"),
  CatalogEntry(
    "cli.rules.notBreached.timeout", ja: "0.001から{max}までの秒数を指定してください（指定された値：{found}）",
    en: "expected a number of seconds from 0.001 to {max}, found {found}"),
  CatalogEntry(
    "cli.rules.notBreached.noClient",
    ja: "「range」にはHTTPクライアントが必要です。「FormRulesBreachRange」のレジストリ（「RuleRegistry.standardWithBreachRange」）で読み込んでください",
    en: "\"range\" needs an HTTP client: load the rules with FormRulesBreachRange's registry "
      + "(RuleRegistry.standardWithBreachRange)"),
  CatalogEntry(
    "cli.rules.notBreached.cannotUse", ja: "流出したパスワードのファイルを使用できません：{reason}",
    en: "cannot use the breach file {reason}"),
  CatalogEntry(
    "cli.rules.noSequence.tooShort", ja: "3以上を指定してください（{length}文字の並びは多くの普通の単語に含まれます）",
    en: "expected 3 or more (a run of {length} is part of too many ordinary words)"),
  CatalogEntry(
    "cli.rules.maxRepeat.zero", ja: "1以上を指定してください（0ではすべての値が不合格になります）",
    en: "expected at least 1 (0 would reject every value)"),
  // Password lists.
  CatalogEntry("cli.rules.list.notFound", ja: "一覧のファイルがありません：{path}", en: "no such list file: {path}"),
  CatalogEntry(
    "cli.rules.list.notRegular", ja: "一覧のファイルが通常のファイルではありません（{kind}）：{path}",
    en: "list file is not a regular file ({kind}): {path}"),
  CatalogEntry(
    "cli.rules.list.tooLarge", ja: "一覧のファイルが{size} MiBを超えています：{path}。流出したパスワードの一覧には「notBreached」を使用してください",
    en: "list file larger than {size} MiB: {path}; for a breach corpus use notBreached"),
  CatalogEntry("cli.rules.list.unreadable", ja: "一覧を読めません：{path}", en: "cannot read the list: {path}"),
  CatalogEntry(
    "cli.rules.list.notUTF8", ja: "一覧のファイルがUTF-8のテキストではありません：{path}", en: "list file is not UTF-8 text: {path}"),
  CatalogEntry("cli.rules.list.empty", ja: "一覧のファイルにエントリーがありません：{path}", en: "list file has no entries: {path}"),
  // Conflicts between rules of one list.
  CatalogEntry(
    "cli.rules.conflict.minAboveMax", ja: "「minLength」の{min}が「maxLength」の{max}より大きいです（単位：「{unit}」）。どの値も合格できません",
    en: "minLength {min} is above maxLength {max} ({unit}); no value can pass"),
  // lint's warnings.
  CatalogEntry(
    "cli.rules.sameAsTransforms",
    ja:
      "「{field}」（「trim」が「{fieldTrim}」、「normalize」が「{fieldNormalize}」）は「{confirmed}」（「trim」が「{confirmedTrim}」、「normalize」が「{confirmedNormalize}」）を確認する項目です。比較は「{confirmed}」の変換の後に行われますが、両方の項目の「trim」と「normalize」をそろえてください",
    en:
      "\"{field}\" ({fieldTransforms}) confirms \"{confirmed}\" ({confirmedTransforms}); it is compared after the transforms of \"{confirmed}\", but give both fields the same trim and normalize"
  ),
  CatalogEntry(
    "cli.rules.check.name", ja: "「emailAvailable」のようなチェックの名前を指定してください",
    en: "expected a check name such as \"emailAvailable\""),
  CatalogEntry(
    "cli.rules.test.unknownCheck", ja: "ルールファイルに「{check}」というチェックはありません",
    en: "no rule of this file is the check \"{check}\""),
  CatalogEntry(
    "cli.rules.check.noMessage",
    ja:
      "チェック「{check}」のメッセージがありません（{languages}）。「RuleRegistry.register(check:)」か「compile(checks:)」でメッセージとともに登録するか、ルールファイルの「messages」に「{check}」を加えてください",
    en:
      "the check \"{check}\" has no message in {languages}: register it with its messages (RuleRegistry.register(check:) or compile(checks:)), or add \"{check}\" to the rules file's \"messages\""
  ),
  CatalogEntry(
    "cli.rules.pattern.unknownFlag", ja: "フラグ「{flag}」はありません（「i」、「x」、「m」、「s」のいずれかを指定してください）",
    en: "unknown flag \"{flag}\" (use i, x, m or s)"),
  CatalogEntry("cli.rules.pattern.outOfMemory", ja: "メモリーが足りません", en: "out of memory"),
  CatalogEntry(
    "cli.rules.pattern.invalid", ja: "正規表現が正しくありません：{reason}（位置：{offset}）",
    en: "invalid regular expression: {reason} at offset {offset}"),
]

/// One `cli.rules.*` line and its values: what a rules-file problem says, in any language.
package struct ProblemLine: Sendable {
  package var key: String
  package var values: [String: String] = [:]
  package var valueKeys: [String: String] = [:]

  package init(_ key: String, _ values: [String: String] = [:], valueKeys: [String: String] = [:]) {
    self.key = key
    self.values = values
    self.valueKeys = valueKeys
  }

  /// `name` is a value's JSON type (`a number` / `数値`).
  package func type(_ name: String, of value: JSONValue) -> ProblemLine {
    var line = self
    line.valueKeys[name] = value.typeKey
    return line
  }

  /// `name` is a scalar as written (`-1`, `"jp"`, `true`), anything else its type.
  package func value(_ name: String, of value: JSONValue) -> ProblemLine {
    switch value {
    case .string, .number, .bool:
      var line = self
      line.values[name] = value.valueDescription
      return line
    default: return type(name, of: value)
    }
  }

  /// `name` is a number as written, anything else its type.
  package func numberOrType(_ name: String, of value: JSONValue) -> ProblemLine {
    if case .number = value { return self.value(name, of: value) }
    return type(name, of: value)
  }

  /// `name` is a catalog line (`cli.rules.kind.*`).
  package func kind(_ name: String, _ key: String) -> ProblemLine {
    var line = self
    line.valueKeys[name] = key
    return line
  }

  /// `choices` in English (`"a", "b"` or `"a" or "b"`) and `choiceList` in Japanese (`「a」、「b」`).
  package func choices(_ names: [String], lastJoiner: String = ", ") -> ProblemLine {
    var line = self
    let quoted = names.map { "\"\($0)\"" }
    line.values["choices"] =
      quoted.count > 1 ? quoted.dropLast().joined(separator: ", ") + lastJoiner + (quoted.last ?? "") : quoted.joined()
    line.values["choiceList"] = names.map { "「\($0)」" }.joined(separator: "、")
    return line
  }

  package func text(locale: String) -> String {
    MessageCatalog.builtIn.problemText(key, locale: locale, values: values, valueKeys: valueKeys)
  }

  package var english: String { text(locale: "en") }

  /// "expected `kind`, found `value`'s type".
  package static func expected(_ kind: String, foundType value: JSONValue) -> ProblemLine {
    ProblemLine("cli.rules.expected").kind("expected", kind).type("found", of: value)
  }

  /// "expected `kind`, found `value` as written (its type when not a scalar)".
  package static func expected(_ kind: String, foundValue value: JSONValue) -> ProblemLine {
    ProblemLine("cli.rules.expected").kind("expected", kind).value("found", of: value)
  }
}

extension JSONValue {
  /// The catalog line naming the value's type (`cli.rules.type.number`).
  package var typeKey: String {
    switch self {
    case .null: return "cli.rules.type.null"
    case .bool: return "cli.rules.type.boolean"
    case .number: return "cli.rules.type.number"
    case .string: return "cli.rules.type.string"
    case .array: return "cli.rules.type.array"
    case .object: return "cli.rules.type.object"
    }
  }
}

extension MessageCatalog {
  /// A rules-file problem's line: `valueKeys` are catalog lines rendered in `locale` first, then
  /// every `{name}` is filled.
  package func problemText(_ key: String, locale: String, values: [String: String], valueKeys: [String: String])
    -> String
  {
    // Two passes: a value line may itself have a value line (a file's failure and its kind).
    var all = values
    for _ in 0..<2 {
      for (name, valueKey) in valueKeys { all[name] = text(valueKey, locale: locale, all) }
    }
    return text(key, locale: locale, all)
  }
}
