import FormRules

/// The `validate` tool's own words (`cli.*`): usage errors, the frames around a rules file's
/// problems, `lint`'s and `test`'s lines, the `--jsonl` summary. They are chosen by the same
/// locale negotiation as the messages and read with ``MessageCatalog/text(_:locale:_:)``, which
/// fills each `{name}` verbatim (values, paths and option names are never translated).
///
/// Lines, not form messages: the English ones keep the command line's conventions (lower case,
/// no full stop after an error); the Japanese ones use full-width marks （）「」：、 with no
/// space after them, half-width digits, and 。 after a sentence.
package let toolMessages: [CatalogEntry] = [
  // Frames: the mark in front of a line on stderr.
  CatalogEntry("cli.error", ja: "エラー：{message}", en: "Error: {message}"),
  CatalogEntry("cli.warning", ja: "警告：{message}", en: "Warning: {message}"),
  CatalogEntry(
    "cli.locale.unsupported", ja: "言語「{locale}」には対応していません（対応している言語：{languages}）。「{used}」で表示します。",
    en: "the language \"{locale}\" is not supported (supported: {languages}); showing \"{used}\"."),
  CatalogEntry("cli.note", ja: "注：{message}", en: "Note: {message}"),
  CatalogEntry("cli.seeHelp", ja: "「{command} --help」を参照してください。", en: "See '{command} --help'."),
  CatalogEntry("cli.didYouMean", ja: "「{suggestion}」のことですか？", en: "Did you mean '{suggestion}'?"),
  CatalogEntry("cli.forExample", ja: "例：{example}", en: "For example: {example}"),
  CatalogEntry("cli.fields", ja: "項目：{fields}", en: "Fields: {fields}."),
  // The argument parser.
  CatalogEntry(
    "cli.unknownSubcommand", ja: "サブコマンド「{name}」はありません。", en: "unknown subcommand '{name}'"),
  CatalogEntry(
    "cli.unexpectedArgument", ja: "引数「{argument}」は使用できません。", en: "unexpected argument '{argument}'"),
  CatalogEntry("cli.optionsStart", ja: "オプションは「--」で始まります。", en: "Options start with '--'."),
  CatalogEntry("cli.unknownOption", ja: "オプション「{option}」はありません。", en: "unknown option '{option}'"),
  CatalogEntry("cli.takesNoValue", ja: "「{option}」に値は指定できません。", en: "{option} takes no value"),
  CatalogEntry("cli.needsValue", ja: "「{option}」の値を指定してください。", en: "{option} needs a value"),
  CatalogEntry("cli.givenTwice", ja: "「{option}」が2回以上指定されています。", en: "{option} given more than once"),
  CatalogEntry(
    "cli.mustBeOneOf", ja: "「{option}」は{choices}のいずれかを指定してください（指定された値：「{value}」）。",
    en: "{option} must be one of {choices}; got '{value}'"),
  CatalogEntry("cli.missingOption", ja: "「{option}」を指定してください。", en: "missing {option}"),
  CatalogEntry(
    "cli.notUTF8", ja: "{what}がUTF-8ではありません（Shift_JISやEUC-JPなど、古い文字コードのファイル名ですか？）。",
    en: "{what} is not valid UTF-8 (a file name in a legacy encoding such as Shift_JIS or EUC-JP?)"),
  CatalogEntry("cli.notUTF8.option", ja: "「{option}」の値", en: "the value of {option}"),
  CatalogEntry("cli.notUTF8.argument", ja: "{index}番目の引数", en: "argument {index}"),
  CatalogEntry(
    "cli.notUTF8.hint", ja: "ファイル名をUTF-8に変えるか、UTF-8の名前のシンボリックリンクを作成してください。",
    en: "Rename the file to a UTF-8 name, or point a symbolic link with a UTF-8 name at it."),
  // Loading a rules file.
  CatalogEntry(
    "cli.runLint", ja: "すべての問題を一覧するには「validate lint --rules {file}」を実行してください。",
    en: "Run 'validate lint --rules {file}' to list every problem."),
  CatalogEntry(
    "cli.notAnObject",
    ja: "ルールファイルは{example}のような1つのJSONオブジェクトです。docs/rules.mdを参照してください。",
    en: "A rules file is one JSON object such as {example}; see docs/rules.md."),
  CatalogEntry(
    "cli.checkPath", ja: "パスを確認してください。同梱のルールはRules/にあります（例：Rules/login.json）。",
    en: "Check the path; the shipped rules are under Rules/, for example Rules/login.json."),
  CatalogEntry(
    "cli.testsSkipped",
    ja: "上記のテストは実行しません。テストが必要なのは「validate test」と「validate lint」だけです。",
    en: "the tests above are skipped; only 'validate test' and 'validate lint' need them."),
  // What is wrong in a rules file (the rest is English in both languages for now).
  // lint
  CatalogEntry("cli.lint.ok", ja: "「{file}」：問題はありません（{counts}）", en: "{file}: OK ({counts})"),
  CatalogEntry("cli.lint.separator", ja: "、", en: ", "),
  CatalogEntry("cli.lint.fields", ja: "項目{count}件", en: "{count} fields"),
  CatalogEntry("cli.lint.fields.one", ja: "項目{count}件", en: "{count} field"),
  CatalogEntry("cli.lint.rules", ja: "ルール{count}件", en: "{count} rules"),
  CatalogEntry("cli.lint.rules.one", ja: "ルール{count}件", en: "{count} rule"),
  CatalogEntry("cli.lint.tests", ja: "テスト{count}件", en: "{count} tests"),
  CatalogEntry("cli.lint.tests.one", ja: "テスト{count}件", en: "{count} test"),
  CatalogEntry(
    "cli.lint.uses", ja: "「{file}」：{path}は{used}を使用しています（{size}）", en: "{file}: {path} uses {used} ({size})"),
  CatalogEntry("cli.lint.builtInList", ja: "組み込みのよく使われるパスワードの一覧", en: "the built-in common-password list"),
  CatalogEntry("cli.lint.entries", ja: "{count}件", en: "{count} entries"),
  CatalogEntry("cli.lint.bytes", ja: "{count}バイト", en: "{count} bytes"),
  CatalogEntry("cli.lint.problems", ja: "「{file}」に{count}件の問題があります。", en: "{count} problems in {file}"),
  CatalogEntry("cli.lint.problems.one", ja: "{file}に{count}件の問題があります。", en: "{count} problem in {file}"),
  // test
  CatalogEntry("cli.test.pass", ja: "成功", en: "PASS"),
  CatalogEntry("cli.test.fail", ja: "失敗", en: "FAIL"),
  CatalogEntry("cli.test.expected", ja: "     期待：{expected}", en: "     expected {expected}"),
  CatalogEntry("cli.test.got", ja: "     結果：{actual}", en: "     got      {actual}"),
  CatalogEntry(
    "cli.test.checkNotRun",
    ja: "     「{field}」のチェック「{check}」は実行していません（「--check {check}=pass|fail」で指定してください）",
    en: "     check '{check}' on '{field}' not run (give --check {check}=pass|fail)"),
  CatalogEntry("cli.explain.notCheckedYet", ja: "（まだ確認していません）", en: " (not checked yet)"),
  CatalogEntry("cli.test.summary", ja: "成功{passed}件、失敗{failed}件", en: "{passed} passed, {failed} failed"),
  CatalogEntry("cli.test.noTests", ja: "「{file}」にテストがありません。", en: "{file} has no tests"),
  CatalogEntry(
    "cli.test.addTests", ja: "ルールファイルに「{key}」の配列を加えるか、隣に.tests.jsonを置いてください。",
    en: "Add a \"{key}\" array to the rules file or a sibling .tests.json."),
  CatalogEntry(
    "cli.test.noneMatched", ja: "「--run」に一致するテストがありません（テストは{count}件あります）。",
    en: "--run matched none of the {count} tests"),
  CatalogEntry(
    "cli.invalidRegex", ja: "「{option}」の正規表現が正しくありません：{reason}",
    en: "{option}: invalid regular expression: {reason}"),
  // explain, --field and the input
  CatalogEntry("cli.noField", ja: "「{file}」に項目「{name}」はありません。", en: "no field named '{name}' in {file}"),
  CatalogEntry(
    "cli.noField.rules", ja: "ルールファイルに項目「{name}」はありません。", en: "no field named '{name}' in the rules file"),
  CatalogEntry(
    "cli.fieldNeedsAssignment", ja: "「--field」は「名前=値」の形で指定してください。", en: "--field needs NAME=VALUE"),
  CatalogEntry(
    "cli.fieldSensitive",
    ja: "「--field」に機密の項目「{name}」は指定できません。値がプロセスの一覧に表示されてしまいます。",
    en: "--field refuses the sensitive field '{name}': its value would be visible in the process list"),
  CatalogEntry(
    "cli.fieldSensitive.hint", ja: "標準入力から渡してください：{example}",
    en: "Pass it on standard input instead: {example}"),
  CatalogEntry(
    "cli.notCombined", ja: "「{option}」は「--jsonl」と一緒に使用できません。", en: "{option} cannot be combined with --jsonl"),
  CatalogEntry(
    "cli.jsonlOnly", ja: "「{option}」は「--jsonl」と一緒にだけ使用できます。", en: "{option} works with --jsonl only"),
  CatalogEntry(
    "cli.jobsJSONLOnly", ja: "「--jobs」は「--jsonl」と一緒にだけ使用できます。1つの文書は1つのスレッドで検証します。",
    en: "--jobs works with --jsonl only: one document is validated on one thread"),
  CatalogEntry(
    "cli.problemNotJSONL", ja: "「--format problem」は1つの文書を表すため、「--jsonl」と一緒に使用できません。",
    en: "--format problem describes one document; it cannot be combined with --jsonl"),
  CatalogEntry(
    "cli.useJSONWithJSONL", ja: "「--jsonl」には「--format json」を使用してください。", en: "Use --format json with --jsonl."),
  CatalogEntry(
    "cli.needsJSON", ja: "「{option}」はJSONの結果が必要なため、「--format {format}」と一緒に使用できません。",
    en: "{option} needs JSON reports; it cannot be combined with --format {format}"),
  CatalogEntry(
    "cli.keepNeedsMember", ja: "「--keep」にはメンバー名を指定してください（指定された値：「{value}」）。",
    en: "--keep needs a member name; got '{value}'"),
  CatalogEntry(
    "cli.keepSensitive", ja: "「--keep」に機密の項目「{name}」は指定できません。その値は結果に表示できません。",
    en: "--keep refuses the sensitive field '{name}': its value must never appear in a report"),
  CatalogEntry(
    "cli.keepSensitive.hint", ja: "代わりに「--keep id」のように、レコードを識別するメンバーを指定してください。",
    en: "Keep a member that identifies the record instead, such as --keep id."),
  CatalogEntry(
    "cli.checkAssignment", ja: "「--check」は「名前=pass」か「名前=fail」の形で指定してください（指定された値：「{value}」）。",
    en: "--check needs NAME=pass or NAME=fail; got '{value}'"),
  CatalogEntry(
    "cli.checkNotRun",
    ja: "項目「{field}」のチェック「{check}」は実行していません。「--check {check}=pass」か「--check {check}=fail」で結果を指定してください。",
    en: "check '{check}' on field '{field}' was not run; give --check {check}=pass or --check {check}=fail to answer it"
  ),
  CatalogEntry(
    "cli.checksNotRunJSONL", ja: "「--jsonl」では名前付きのチェック（{example}）を実行しません。",
    en: "named checks ({example}) are not run with --jsonl"),
  CatalogEntry(
    "cli.jobsRange", ja: "「--jobs」には1から256までの数を指定してください（指定された値：「{value}」）。",
    en: "--jobs needs a number from 1 to 256; got '{value}'"),
  CatalogEntry("cli.stdin", ja: "標準入力", en: "standard input"),
  CatalogEntry("cli.inputFile", ja: "入力ファイル「{path}」", en: "input '{path}'"),
  CatalogEntry("cli.cannotRead", ja: "{source}を読み込めません：{reason}", en: "cannot read {source}: {reason}"),
  CatalogEntry(
    "cli.tooLarge", ja: "{source}を読み込めません：{size}MiBを超えています。",
    en: "cannot read {source}: larger than {size} MiB"),
  CatalogEntry(
    "cli.tooLarge.hint", ja: "1回の実行で1つのJSONオブジェクトを検証するか、多数のレコードには「--jsonl」を使用してください。",
    en: "Validate one JSON object per run, or use --jsonl for many records."),
  CatalogEntry(
    "cli.notStrings", ja: "入力は、値が文字列（またはnull）のJSONオブジェクトである必要があります：{reason}",
    en: "the input is not a JSON object of strings: {reason}"),
  CatalogEntry(
    "cli.expectedObject", ja: "{example}のような1つのオブジェクトを入力してください。JSON Linesには「--jsonl」を使用してください。",
    en: "Expected one object such as {example}; use --jsonl for JSON Lines."),
  CatalogEntry("cli.input.notObject", ja: "オブジェクトではありません", en: "it is not an object"),
  CatalogEntry(
    "cli.input.notString", ja: "項目「{field}」が文字列でもnullでもありません", en: "field '{field}' is neither a string nor null"),
  CatalogEntry("cli.input.at", ja: "{reason}（{line}行目、{column}列目）", en: "{reason} at line {line}, column {column}"),
  // Why an input document is not JSON (JSONSyntaxError.Reason, by its raw value).
  CatalogEntry(
    "cli.summary", ja: "全{records}件：有効{valid}件、無効{invalid}件（うち形式の誤り{malformed}件）",
    en: "records: {records}, valid: {valid}, invalid: {invalid}, malformed: {malformed}"),
  // The system's reasons for the common failures to open a file (strerror is English only here).
  CatalogEntry("cli.errno.ENOENT", ja: "ファイルまたはディレクトリがありません", en: "No such file or directory"),
  CatalogEntry("cli.errno.EACCES", ja: "アクセスが許可されていません", en: "Permission denied"),
  CatalogEntry("cli.errno.EISDIR", ja: "ディレクトリです", en: "Is a directory"),
  CatalogEntry("cli.errno.ENOSPC", ja: "デバイスに空き領域がありません", en: "No space left on device"),
  CatalogEntry("cli.cannotWrite", ja: "出力を書き込めません：{reason}", en: "cannot write the output: {reason}"),
]
