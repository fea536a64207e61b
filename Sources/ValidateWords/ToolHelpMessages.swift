import FormRules

/// The `validate` tool's `--help` pages (`cli.help.*`) and the errors particular to `export`,
/// `serve` and `form`. The page itself (which option, which example, in which order) is laid
/// out by the tool; these are its words: headings, each option's description, the notes.
///
/// Option names, commands, paths and examples are not here: they stay as typed. An English
/// description keeps the line breaks of the page it was written for (lines after the first
/// continue at the description's column); a Japanese one is written as one line per paragraph
/// and wrapped by the tool, which counts a wide character as two columns. Japanese quotes what
/// is typed (「--jsonl」「text」「extends」) and uses full-width marks and half-width digits.
package let toolHelpMessages: [CatalogEntry] = [
  // Headings.
  CatalogEntry("cli.help.overview", ja: "概要：", en: "OVERVIEW:"),
  CatalogEntry("cli.help.usage", ja: "使い方：", en: "USAGE:"),
  CatalogEntry("cli.help.options", ja: "オプション：", en: "OPTIONS:"),
  CatalogEntry("cli.help.subcommands", ja: "サブコマンド：", en: "SUBCOMMANDS:"),
  CatalogEntry("cli.help.exitStatus", ja: "終了ステータス：", en: "EXIT STATUS:"),
  CatalogEntry("cli.help.examples", ja: "例：", en: "EXAMPLES:"),
  // Options several subcommands share.
  CatalogEntry("cli.help.rules", ja: "ルールファイルを指定します。必須です。", en: "The rules file. Required."),
  CatalogEntry(
    "cli.help.confine",
    ja: "ルールファイルを信頼しない場合に指定します。「extends」、「lists」、「notBreached」のパスは、そのフォルダーの中にとどまる必要があります。",
    en: "The rules file is untrusted: extends, lists and notBreached must stay in its folder."),
  CatalogEntry(
    "cli.help.locale",
    ja: "「ja」または「en」を指定します（既定値：「LC_ALL」、「LC_MESSAGES」、「LANG」、次にファイルの「defaultLocale」）。",
    en: "ja or en (default: LC_ALL / LC_MESSAGES / LANG, then the file's defaultLocale)."),
  CatalogEntry(
    "cli.help.textOrJSON", ja: "「text」または「json」を指定します（既定値：「text」）。", en: "text or json (default: text)."),
  CatalogEntry("cli.help.help", ja: "このヘルプを表示します。", en: "Show this help."),
  // The subcommands' lines in `validate --help`.
  CatalogEntry(
    "cli.help.summary.test", ja: "ルールファイルにある例（テスト）を実行します。", en: "Run the examples a rules file carries."),
  CatalogEntry(
    "cli.help.summary.lint", ja: "ルールファイルを検査し、すべての問題を一覧します。",
    en: "Check a rules file and list every problem."),
  CatalogEntry(
    "cli.help.summary.explain", ja: "各項目の要件をチェックリストとして表示します。",
    en: "Print each field's requirements as a checklist."),
  CatalogEntry(
    "cli.help.summary.export",
    ja: "ルールをJSON Schema、HTMLの「<input>」の属性、または「passwordrules」としてエクスポートします。",
    en: "Export the rules as a JSON Schema, HTML <input> attributes or passwordrules."),
  CatalogEntry("cli.help.summary.form", ja: "端末でフォームに入力します。", en: "Fill in the form on the terminal."),
  CatalogEntry(
    "cli.help.summary.serve", ja: "ウェブページや他の言語のために、ルールをHTTPで提供します（docs/server.md）。",
    en: "Serve the rules over HTTP for web pages and other languages (docs/server.md)."),
  // validate
  CatalogEntry(
    "cli.help.validate.overview", ja: "フォームの入力をルールファイルで検証します。",
    en: "Validate form input against a rules file."),
  CatalogEntry(
    "cli.help.validate.rules", ja: "ルールファイル（JSON）を指定します。必須です。", en: "The rules file (JSON). Required."),
  CatalogEntry(
    "cli.help.validate.confine",
    ja: "ルールファイルを信頼しない場合に指定します。「extends」、「lists」、「notBreached」には、そのフォルダーの中にとどまる相対パスだけを使用できます（docs/rules.mdを参照してください）。",
    en:
      "The rules file is untrusted: extends, lists and notBreached must be relative\npaths that stay in its folder (see docs/rules.md)."
  ),
  CatalogEntry(
    "cli.help.validate.input", ja: "入力を標準入力ではなくファイルから読み込みます。",
    en: "Read the input from a file instead of standard input."),
  CatalogEntry(
    "cli.help.validate.jsonl", ja: "入力をJSON Linesとして読み込みます。1行に1つの結果を、入力の順に出力します。",
    en: "The input is JSON Lines: one report per line, in order."),
  CatalogEntry(
    "cli.help.validate.jobs", ja: "「--jsonl」と一緒に使用し、n個のスレッドで検証します（既定値：コア数）。",
    en: "With --jsonl, validate on n threads (default: the number of cores)."),
  CatalogEntry(
    "cli.help.validate.keep",
    ja:
      "「--jsonl」と一緒に使用し、各レコードのこのメンバーを、そのJSONのテキストのまま「{keepExample}」として結果にコピーします（複数指定できます。機密の項目は指定できません）。このメンバーがないレコードや、その前でJSONが壊れているレコードの結果には付きません。",
    en:
      "With --jsonl, copy this member of each record into its report, as\n{keepExample}, its JSON text byte for byte (repeatable; not a\nsensitive field). A record without it, or whose JSON breaks before it,\ngets no such member."
  ),
  CatalogEntry(
    "cli.help.validate.only",
    ja: "「--jsonl」と一緒に使用し、無効なレコードの結果だけを、行番号を表す「{lineExample}」から始めて出力します。集計はすべてのレコードを数えます。",
    en:
      "With --jsonl, write reports for invalid records only, each starting with\n{lineExample}, its line number; the summary still counts every record."
  ),
  CatalogEntry(
    "cli.help.validate.format",
    ja:
      "「text」、「json」、「problem」のいずれかを指定します。「problem」は無効な入力にRFC 9457の「application/problem+json」文書を出力し、有効な入力には何も出力しません（「--jsonl」と一緒には使用できません）。既定値は、端末では「text」、それ以外では「json」です。",
    en:
      "text, json, or problem (an RFC 9457 application/problem+json document\nfor invalid input, nothing for valid input; not with --jsonl).\nDefault: text on a terminal, json otherwise."
  ),
  CatalogEntry(
    "cli.help.validate.field", ja: "機密でない項目の値をコマンドラインで指定します（複数指定できます）。",
    en: "Set a non-sensitive field from the command line (repeatable)."),
  CatalogEntry(
    "cli.help.validate.check",
    ja:
      "ルールファイルの「{checkExample}」で名前を付けたアプリのチェックの結果を、「pass」か「fail」で指定します（複数指定できます）。指定しないとそのチェックは実行されず、標準エラー出力にその旨が表示されます。「--jsonl」と一緒には使用できません。",
    en:
      "Answer the app's named check NAME ({checkExample} in the rules file)\nwith pass or fail (repeatable). Without it such a check is not run,\nand a note on standard error says so. Not with --jsonl."
  ),
  CatalogEntry("cli.help.validate.version", ja: "バージョンを表示します。", en: "Print the version."),
  CatalogEntry(
    "cli.help.validate.exitStatus",
    ja: "すべてのレコードが有効なら0、無効なレコードがあれば1、使い方またはファイルのエラーなら2です。",
    en: "0 every record valid, 1 some record invalid, 2 usage or file error."),
  // test
  CatalogEntry(
    "cli.help.test.overview", ja: "ルールファイルと、隣にある「NAME.tests.json」の例（「tests」）を実行します。",
    en: "Run the examples (\"tests\") of a rules file and of its sibling NAME.tests.json."),
  CatalogEntry(
    "cli.help.test.run", ja: "名前が一致するケースだけを実行します（PCRE2の正規表現）。",
    en: "Only the cases whose name matches (PCRE2)."),
  CatalogEntry(
    "cli.help.test.locale",
    ja: "テキストの行の言語を「ja」または「en」で指定します（既定値：「LC_ALL」、「LC_MESSAGES」、「LANG」、次にファイルの「defaultLocale」）。",
    en:
      "ja or en: the language of the text lines (default: LC_ALL / LC_MESSAGES / LANG,\nthen the file's defaultLocale)."
  ),
  CatalogEntry(
    "cli.help.test.check",
    ja: "アプリの名前付きのチェック「NAME」の結果を指定します（複数指定できます）。指定しないとそのチェックは実行されず、ケースにその旨が表示されます。",
    en: "Answer the app's named check NAME (repeatable). Without it such a\ncheck is not run, and the case says so."),
  CatalogEntry(
    "cli.help.test.notes",
    ja:
      "「valid」が一致するか、「errors」の各項目がちょうどそのコードで失敗すれば、ケースは成功です。\n終了ステータス：すべて成功なら0、失敗したケースがあるかケースがなければ1、使い方またはファイルのエラーなら2です。",
    en:
      "A case passes when \"valid\" matches, or when each field listed under \"errors\" fails\nwith exactly the listed codes. Exit status: 0 all passed, 1 a case failed or there\nwere no cases, 2 usage or file error."
  ),
  // lint
  CatalogEntry(
    "cli.help.lint.overview", ja: "何も検証せずにルールファイルを検査し、見つかったすべての問題を一覧します。",
    en: "Check a rules file without validating anything, and list every problem found."),
  CatalogEntry(
    "cli.help.lint.locale",
    ja: "行の言語を「ja」または「en」で指定します（既定値：「LC_ALL」、「LC_MESSAGES」、「LANG」、次にファイルの「defaultLocale」、読み込めないファイルでは英語）。",
    en:
      "ja or en: the language of the lines (default: LC_ALL / LC_MESSAGES / LANG, then\nthe file's defaultLocale, then English for a file that does not load)."
  ),
  CatalogEntry(
    "cli.help.lint.notes",
    ja: "各問題は「FILE[:LINE:COLUMN]: JSON.PATH: 問題の内容（「…」のことですか？）」の形で表示します。\n終了ステータス：問題がなければ0、問題があれば2です。",
    en:
      "Each problem is printed as FILE[:LINE:COLUMN]: JSON.PATH: what is wrong (did you mean …?).\nExit status: 0 clean, 2 problems found."
  ),
  // explain
  CatalogEntry(
    "cli.help.explain.overview", ja: "各項目の要件を、選んだ言語のチェックリストとして表示します。",
    en: "Print each field's requirements as a checklist in the chosen language."),
  CatalogEntry("cli.help.explain.field", ja: "この項目だけを表示します。", en: "Only this field."),
  CatalogEntry(
    "cli.help.explain.input",
    ja: "項目の値（JSONオブジェクト。標準入力には「-」）を指定します。各要件がその値で満たされているか（✓）いないか（✗）を、入力中の登録画面と同じように表示します。",
    en:
      "Field values (a JSON object; '-' for standard input): each requirement\nis then marked met (✓) or not (✗) for these values, as a sign-up\nscreen shows it while the user types."
  ),
  // export
  CatalogEntry(
    "cli.help.export.overview", ja: "Swiftを使わないウェブのフロントエンドのために、ルールファイルをエクスポートします。",
    en: "Export a rules file for web front ends that do not run Swift."),
  CatalogEntry("cli.help.export.to", ja: "必須です。次のいずれかを指定します：", en: "Required. One of:"),
  CatalogEntry(
    "cli.help.export.to.jsonSchema", ja: "入力文書のJSON Schema（2020-12）。Ajvなどのバリデーター用です。",
    en: "the input document's JSON Schema (2020-12), for validators such as Ajv"),
  CatalogEntry(
    "cli.help.export.to.html",
    ja: "項目ごとに1つの「<input>」。属性は「type」、「required」、「minlength」、「maxlength」、「pattern」、「autocomplete」、「passwordrules」です。",
    en: "one <input> per field: type, required, minlength, maxlength, pattern,\nautocomplete, passwordrules"),
  CatalogEntry(
    "cli.help.export.to.passwordrules", ja: "Appleの「passwordrules」の文字列です（パスワードマネージャー用）。",
    en: "Apple's passwordrules string for password managers"),
  CatalogEntry(
    "cli.help.export.to.firebase", ja: "Firebase AuthとIdentity Platformの「passwordPolicyConfig」（JSON）です。",
    en: "Firebase Auth / Identity Platform passwordPolicyConfig (JSON)"),
  CatalogEntry(
    "cli.help.export.to.cognito", ja: "Amazon Cognitoのユーザープールの「PasswordPolicy」（JSON）です。",
    en: "Amazon Cognito user pool PasswordPolicy (JSON)"),
  CatalogEntry(
    "cli.help.export.to.keycloak", ja: "Keycloakのパスワードポリシーの文字列です。", en: "Keycloak's password policy string"),
  CatalogEntry(
    "cli.help.export.field",
    ja: "この項目だけをエクスポートします（「passwordrules」とIDプロバイダーの形式では、既定値は新しいパスワードの項目です）。",
    en: "Only this field (passwordrules and the providers: default the new-password field)."),
  CatalogEntry(
    "cli.help.export.quiet", ja: "形式で表せないルールを一覧しません。", en: "Do not list the rules the format cannot express."),
  CatalogEntry(
    "cli.help.export.allowStricter",
    ja: "ルールが受け付けるパスワードをプロバイダーが拒否する場合でもエクスポートします（標準エラー出力に「より厳しい設定：」として一覧します）。",
    en: "Export even where the provider would refuse passwords the rules accept\n(listed as \"stricter:\" on stderr)."),
  CatalogEntry(
    "cli.help.export.notes",
    ja:
      "エクスポートの結果は標準出力に出力します。形式で表せないルールは、標準エラー出力に「警告：FILE: JSON.PATH: 理由」として1つずつ一覧します。サーバーはそのルールも引き続きチェックします。\nルールが受け付けるパスワードをIDプロバイダーが拒否し、それより緩く設定できない場合（Firebaseの最小6文字、Cognitoの最大256文字など）は、何もエクスポートせず、各理由を「エラー：…」として表示して、終了ステータス1で終了します。\n終了ステータス：エクスポートしたら0、プロバイダーの方が厳しければ1、使い方またはファイルのエラーなら2です。",
    en:
      "The export goes to stdout. Each rule the format cannot express is listed on stderr as\n\"warning: FILE: JSON.PATH: why\"; the server still checks it. When an identity provider would\nrefuse passwords the rules accept and cannot be configured looser (Firebase's minimum of 6,\nCognito's maximum of 256…), nothing is exported: each reason is printed as \"error: …\" and the\nexit status is 1. Exit status: 0 exported, 1 the provider would be stricter, 2 usage or file error."
  ),
  // form
  CatalogEntry(
    "cli.help.form.overview", ja: "ルールファイルの項目に端末で入力し、値をJSONとして出力します。",
    en: "Fill in a rules file's fields on the terminal and print the values as JSON."),
  CatalogEntry(
    "cli.help.form.locale",
    ja: "ラベルとメッセージの言語を「ja」、「en」、「ja-JP」などで指定します。既定値は「LC_ALL」、「LC_MESSAGES」、「LANG」、次にルールファイルの「defaultLocale」の言語です。",
    en:
      "Language of labels and messages (ja, en, ja-JP…). Default: from\nLC_ALL, LC_MESSAGES or LANG, then the rules file's defaultLocale."
  ),
  CatalogEntry(
    "cli.help.form.notes",
    ja:
      "フォームは/dev/ttyに描画するため、標準出力には結果だけが出力され、取り込むことができます。\nキー：「Tab」か「↓」で次の項目、「Shift-Tab」か「↑」で前の項目、「Enter」で次の項目または送信、「Ctrl-R」で機密の項目の表示・非表示、「Esc」か「Ctrl-C」でキャンセルします。\n送信すると、値（機密の値も含みます。値を渡すことが目的です）をルールファイルの順に1つのJSONオブジェクトとして出力します。\n終了ステータス：送信したら0、キャンセルしたら130、使い方のエラー、ルールファイルの誤り、または端末がなければ2、シグナルNで終了したら128+Nです。",
    en:
      "The form is drawn on /dev/tty, so stdout carries only the result and can be captured.\nKeys: Tab or Down next field, Shift-Tab or Up previous, Enter next field or submit,\nCtrl-R show or hide a sensitive field, Esc or Ctrl-C cancel.\nOn submit the values (sensitive ones too: handing them over is the point) are printed\nas one JSON object in rules-file order.\nExit status: 0 submitted, 130 cancelled, 2 usage error, bad rules file or no terminal,\n128+N ended by signal N."
  ),
  // serve
  CatalogEntry(
    "cli.help.serve.overview",
    ja: "ルールファイルをHTTPで提供します。ウェブページとあらゆる言語のバックエンドのための、1つのポリシーサーバーです。",
    en: "Serve rules files over HTTP: one policy server for web pages and backends in any language."),
  CatalogEntry(
    "cli.help.serve.rules",
    ja:
      "ルールファイルかフォルダーを指定します。フォルダーの下の各「*.json」のルールファイルは、「.json」を除いたファイル名で提供します（Rules/signup.json → /v1/rules/signup）。必須です。",
    en:
      "A rules file, or a folder: every *.json rules file under it is served by\nits file name without .json (Rules/signup.json → /v1/rules/signup). Required."
  ),
  CatalogEntry(
    "cli.help.serve.listen", ja: "待ち受けるアドレスです（既定値：127.0.0.1:8080。ポート0は空いているポートを選びます）。",
    en: "Where to listen (default 127.0.0.1:8080; port 0 picks a free port)."),
  CatalogEntry(
    "cli.help.serve.threads", ja: "処理するスレッドの数です（既定値：プロセッサーごとに1つ）。",
    en: "Serving threads (default: one per processor)."),
  CatalogEntry(
    "cli.help.serve.adminListen", ja: "「POST /admin/reload」と「GET /admin/status」もここで提供します（既定値：なし）。",
    en: "Also serve POST /admin/reload and GET /admin/status there (default: off)."),
  CatalogEntry(
    "cli.help.serve.allowOrigin", ja: "このオリジンのウェブページからAPIを呼び出せるようにします（CORS）。複数指定できます。既定値はなしです。",
    en: "Let a web page from this origin call the API (CORS); repeatable. Default: none."),
  CatalogEntry(
    "cli.help.serve.web",
    ja: "このフォルダーの静的ファイルとデモのログインを「/」で提供します（既定値：提供しません）。",
    en: "Serve the static files of this folder and the demo login at / (default:\nnone)."
  ),
  CatalogEntry("cli.help.serve.noWeb", ja: "静的ファイルを提供しません（既定の動作です）。", en: "Serve no static files (the default)."),
  CatalogEntry(
    "cli.help.serve.maxBatchLines", ja: "一括検証の1回あたりの最大行数です。超えると413です（既定値：100000）。",
    en: "Most lines of a validate-batch; more get 413 (default 100000)."),
  CatalogEntry(
    "cli.help.serve.maxBufferedBytes",
    ja: "すべての接続で同時にメモリーに保持するリクエストのバイト数の上限です。使い切ると503です（既定値：268435456）。",
    en: "Request bytes held in memory over all connections; when spent,\n503 (default 268435456)."),
  CatalogEntry(
    "cli.help.serve.maxQueryArguments", ja: "クエリー引数の最大数です。超えると414です（既定値：64）。",
    en: "Most query arguments; more get 414 (default 64)."),
  CatalogEntry(
    "cli.help.serve.headerTimeout",
    ja: "接続からリクエストのヘッダーの終わりまでの秒数の上限です。超えると接続を閉じます（既定値：10）。",
    en: "Close a connection whose request line and headers take longer\n(default 10)."),
  CatalogEntry(
    "cli.help.serve.breachFile",
    ja: "「Have I Been Pwned」のダウンローダーのファイル（「SHA1HEX:COUNT」の行、ハッシュ順）から「GET /range/<prefix>」に答えます。",
    en: "Answer GET /range/<prefix> (k-anonymity) from a Have I Been\n"
      + "Pwned downloader file (sorted SHA1HEX:COUNT lines)."),
  CatalogEntry(
    "cli.help.serve.trustedRules",
    ja:
      "「extends」、「lists」、「notBreached」に「..」を含むパスや絶対パスを許可します。ただし「--rules」の下にとどまる必要があります（既定値：「validate --confine」と同じく制限します）。",
    en:
      "Allow extends, lists and notBreached paths with .. or absolute ones, as long\nas they stay under --rules (default: confined, as validate --confine)."
  ),
  CatalogEntry(
    "cli.help.serve.maxBodyBytes", ja: "検証の本文の最大バイト数です（既定値：65536）。",
    en: "Largest body of a validation (default 65536)."),
  CatalogEntry(
    "cli.help.serve.maxBatchBytes", ja: "「validate-batch」の本文の最大バイト数です（既定値：8388608）。",
    en: "Largest body of validate-batch (default 8388608)."),
  CatalogEntry(
    "cli.help.serve.maxURIBytes", ja: "パスとクエリの最大バイト数です（既定値：8192）。", en: "Longest path and query (default 8192)."),
  CatalogEntry(
    "cli.help.serve.maxHeaderBytes", ja: "リクエストヘッダーの最大バイト数です（既定値：16384）。",
    en: "Most bytes of request headers (default 16384)."),
  CatalogEntry(
    "cli.help.serve.idleTimeout", ja: "この秒数のあいだ何も届かない接続を閉じます（既定値：15）。",
    en: "Close a connection silent this long (default 15)."),
  CatalogEntry(
    "cli.help.serve.requestTimeout", ja: "リクエストの本文の受信にこの秒数より長くかかる接続を閉じます（既定値：30）。",
    en: "Close a connection whose request body takes longer (default 30)."),
  CatalogEntry(
    "cli.help.serve.maxConnections", ja: "同時に開く接続の最大数です（既定値：4096）。",
    en: "Open connections at most (default 4096)."),
  CatalogEntry(
    "cli.help.serve.maxConnectionsPerIP", ja: "クライアントのアドレスごとの最大数です（既定値：256。0は無制限で、プロキシの後ろで使用します）。",
    en: "Per client address (default 256; 0: no limit, for behind a proxy)."),
  CatalogEntry(
    "cli.help.serve.check",
    ja: "「{\"check\": name}」を、このアドレスへの問い合わせで判定します（docs/server.mdを参照）。繰り返し指定できます。",
    en: "Decide {\"check\": name} by a POST to this URL (docs/server.md); repeatable."),
  CatalogEntry(
    "cli.help.serve.checkTimeout",
    ja: "チェックの応答をこの秒数だけ待ちます。超えると「check.unavailable」です（既定値：2）。",
    en: "Seconds to wait for a check's answer, else check.unavailable (default 2)."),
  CatalogEntry(
    "cli.help.serve.drainTimeout", ja: "SIGTERMを受けたとき、処理中のリクエストをこの秒数だけ待ちます（既定値：10）。",
    en: "On SIGTERM, wait this long for requests in flight (default 10)."),
  CatalogEntry(
    "cli.help.serve.accessLog", ja: "リクエストごとに1行のJSONを標準エラー出力に出力します（既定値：「on」）。",
    en: "One JSON line per request on stderr (default on)."),
  CatalogEntry(
    "cli.help.serve.notes",
    ja:
      "SIGHUPでルールを読み込み直します（読み込めなかった場合は以前のルールを使い続けます）。SIGTERMかSIGINTで新しい接続の受け付けを止め、処理中のリクエストを終えてから終了ステータス0で終了します。TLSは前段のリバースプロキシで終端します（docs/server.mdを参照してください）。\n終了ステータス：リクエストを終えて停止したら0、使い方またはルールのエラーなら2です。",
    en:
      "SIGHUP reloads the rules (a set that fails to load keeps the old one); SIGTERM or SIGINT\nstops accepting, finishes requests in flight and exits 0. TLS is terminated by a reverse\nproxy in front (see docs/server.md). Exit status: 0 after a drain, 2 usage or rules error."
  ),
  // Errors particular to export, serve and form.
  CatalogEntry(
    "cli.export.formats", ja: "{formats}のいずれかを指定してください。例：{example}",
    en: "One of {formats}; for example: {example}"),
  CatalogEntry("cli.export.error", ja: "エラー：{note}", en: "error: {note}"),
  CatalogEntry("cli.export.stricter", ja: "より厳しい設定：{note}", en: "stricter: {note}"),
  CatalogEntry("cli.export.warning", ja: "警告：{note}", en: "warning: {note}"),
  CatalogEntry(
    "cli.export.stricterHint",
    ja: "ヒント：提案どおりにルールを変更するか、「--allow-stricter」を指定して最も近い設定をエクスポートしてください。",
    en: "hint: change the rules as suggested, or pass --allow-stricter to export the closest setting"),
  CatalogEntry("cli.serve.noTLS", ja: "「validate serve」はTLSを終端しません。", en: "validate serve does not terminate TLS"),
  CatalogEntry(
    "cli.serve.noTLS.hint",
    ja: "前段にリバースプロキシ（nginx、Caddy、ロードバランサー）を置いてください。docs/server.mdの「TLS」を参照してください。",
    en: "Put a reverse proxy (nginx, Caddy, a load balancer) in front; see docs/server.md, \"TLS\"."),
  CatalogEntry(
    "cli.serve.wholeNumber", ja: "「{option}」には{minimum}以上の整数を指定してください（指定された値：「{value}」）。",
    en: "{option} must be a whole number of at least {minimum}; got '{value}'"),
  CatalogEntry(
    "cli.serve.anyOrigin", ja: "「--allow-origin」には「*」ではなく、「{example}」のようなオリジンを指定してください。",
    en: "--allow-origin takes an origin such as {example}, not '*'"),
  CatalogEntry(
    "cli.serve.badOrigin",
    ja: "「--allow-origin」には「{example}」のように、スキーム、ホスト、必要ならポートだけのオリジンを指定してください（指定された値：「{value}」）。",
    en:
      "--allow-origin takes an origin such as {example}: a scheme, a host and an optional port, nothing else; got '{value}'"
  ),
  CatalogEntry(
    "cli.serve.checkTimeout", ja: "「--check-timeout」には0.001から60までの秒数を指定してください（指定された値：「{value}」）。",
    en: "--check-timeout must be a number of seconds from 0.001 to 60; got '{value}'"),
  CatalogEntry(
    "cli.serve.checkEndpoint", ja: "「--check」には「{example}」のように「名前=URL」を指定してください（指定された値：「{value}」）。",
    en: "--check takes NAME=URL, such as {example}; got '{value}'"),
  CatalogEntry(
    "cli.serve.checkTwice", ja: "「--check {check}=…」が2回指定されています。", en: "--check {check}=… is given twice"),
  CatalogEntry(
    "cli.serve.checkURL",
    ja: "「--check {check}=…」には、ホストを含む「http://」または「https://」のURLを指定してください（ユーザー名、パスワード、「#」は使用できません）。",
    en: "--check {check}=… needs an http:// or https:// URL with a host, and no user, password or #fragment"),
  CatalogEntry(
    "cli.serve.notLoaded", ja: "「validate serve」：{path}のルールを読み込めなかったため、何も提供しません。",
    en: "validate serve: the rules in {path} did not load; nothing is served"),
  CatalogEntry("cli.errno.ENXIO", ja: "デバイスまたはアドレスがありません", en: "No such device or address"),
  CatalogEntry("cli.form.noTerminal", ja: "端末を使用できません：{reason}", en: "cannot use the terminal: {reason}"),
  CatalogEntry(
    "cli.form.noTerminal.hint", ja: "「validate form」には対話型の端末が必要です。",
    en: "validate form needs an interactive terminal."),
]
