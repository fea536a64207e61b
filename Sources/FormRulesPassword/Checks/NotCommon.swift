import FormRules
import Foundation

/// `{"notCommon": true}`: the value is not on a blocklist of common passwords, compared
/// case-insensitively after NFKC and trimming (`PassWord`, `ｐａｓｓｗｏｒｄ` and
/// ` password ` all match `password`).
///
/// Options:
/// - `lists`: list files of your own (a path or an array), relative to the rules file
///   that declares the rule; used together with the shipped list.
/// - `defaultList`: `false` to leave out the shipped list (19,640 entries, most common first,
///   compiled into the library from `Rules/lists/common-passwords/common-passwords.txt`, so it
///   needs no file at run time).
/// - `top`: use only the first N entries of each list (`3000` for OWASP ASVS 6.2.4).
/// - `words`: context-specific words written in the rules file (the service's name).
///
/// The failure has no parameters: which entry matched would be the password itself.
///
/// - Complexity: O(1) per value: one canonical copy and one hash lookup per list.
public struct NotCommon: Rule {
  public static let name = "notCommon"
  public static let options = ["lists", "defaultList", "top", "words"]
  /// `false` for `{"notCommon": false}`, which checks nothing and loads no list.
  public let isEnabled: Bool
  /// The app's own list files as the rules file gives them, relative to that rules file; empty when none.
  public let lists: [String]
  /// Whether the shipped list is checked too (`defaultList`, `true` unless set to `false`).
  public let usesDefaultList: Bool
  /// How many entries of each list to use, from the most common; `nil` for all of them.
  public let top: Int?
  /// The rules file's own words, canonical (NFKC, trimmed, lowercased), as they are compared.
  public let words: Set<String>
  /// The entries, canonical, as bytes, and an unretained handle to them: every thread
  /// shares the index, and retaining it on each call made threads contend for its
  /// reference count.
  private var index: CommonPasswordIndex?
  private var indexHandle: Unmanaged<CommonPasswordIndex>?

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    isEnabled = try decoder.bool()
    lists = try decoder.stringListOption("lists") ?? []
    usesDefaultList = try decoder.boolOption("defaultList") ?? true
    top = try decoder.intOption("top")
    if top == 0 {
      throw RuleDecodingError(
        ProblemLine("cli.rules.expectedOnly").kind("expected", "cli.rules.kind.positiveEntries"), at: [.key("top")])
    }
    words = Set((try decoder.stringListOption("words") ?? []).map(PasswordList.canonical).filter { !$0.isEmpty })
    if isEnabled, !usesDefaultList, lists.isEmpty, words.isEmpty {
      throw RuleDecodingError(
        ProblemLine("cli.rules.notCommon.nothing"), at: [.key("defaultList")])
    }
  }

  public func files(in context: CompileContext) -> [RuleFile] {
    let base = context.baseDirectory
    guard isEnabled else { return [] }
    var files: [RuleFile] = []
    if usesDefaultList {
      files.append(
        RuleFile(
          .compiledIn(bytes: PasswordList.defaultListText.utf8.count), at: [.key(Self.name)],
          entries: { PasswordList.defaultLines.count }))
    }
    for (i, path) in lists.enumerated() {
      let url = context.resolve(path)
      let at: [JSONPathComponent] = lists.count == 1 ? [.key("lists")] : [.key("lists"), .index(i)]
      files.append(
        RuleFile(.declared(path, url), at: at, entries: { PasswordList.entries(at: url, base: base) }))
    }
    return files
  }

  public mutating func compile(in context: CompileContext) throws(RuleDecodingError) {
    guard isEnabled else { return }
    let urls = lists.map { PasswordList.resolve($0, in: context) }
    // One index per distinct rule in a policy: rules with the same lists, `top` and words share it.
    let key =
      "notCommon.index:\(top ?? -1):\(usesDefaultList):\(urls.map(\.path)):\(words.sorted())"
    let index = try context.shared(key) { () throws(RuleDecodingError) -> CommonPasswordIndex in
      var sets: [Set<String>] = []
      for (i, url) in urls.enumerated() {
        let at: [JSONPathComponent] = lists.count == 1 ? [.key("lists")] : [.key("lists"), .index(i)]
        sets.append(try PasswordList.set(at: url, top: top, in: context, at: at))
      }
      if !words.isEmpty { sets.append(words) }
      // The shipped list goes in straight from its bytes; only an app's lists are sets.
      return CommonPasswordIndex(defaultListTop: top, includesDefault: usesDefaultList, sets: sets)
    }
    self.index = index
    indexHandle = Unmanaged.passUnretained(index)
  }

  public func check(_ subject: Subject) -> Int? {
    guard isEnabled, let indexHandle else { return nil }
    return indexHandle.borrow { check(utf8: subject, index: $0, handle: indexHandle) }
  }

  /// `handle` is `index` again, for the closure below: capturing the reference itself cost a
  /// retain and a release per value.
  private func check(
    utf8 subject: Subject, index: CommonPasswordIndex, handle: Unmanaged<CommonPasswordIndex>
  ) -> Int? {
    let value = subject.bytes
    guard UTF8Text.isASCII(value) else {
      if index.rulesOut(value) { return nil }
      // The canonical form needs NFKC and Unicode lower case: the `String` view.
      let candidate = PasswordList.canonical(subject.string)
      return !candidate.isEmpty && ByteView.withUTF8(candidate) { index.contains($0) } ? 0 : nil
    }
    // NFKC leaves ASCII alone and ASCII lower case is byte-wise, so the canonical form is
    // the trimmed bytes in lower case.
    let trimmed = Transform.trimmingWhitespace(value)
    guard !trimmed.isEmpty, trimmed.count <= index.longest else { return nil }
    return trimmed.withASCIILowercased { lowered in handle.borrow { $0.contains(lowered) } } ? 0 : nil
  }

  public func failure(variant: Int) -> Failure { Failure(code: Self.name) }
}

extension NotCommon {
  /// Its messages: its code and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "notCommon",
      ja: (
        "{label}はよく使われているため使用できません。推測されにくいものにしてください。",
        "よく使われているため使用できません。推測されにくいものにしてください。"
      ),
      en: (
        "{label} is too commonly used. Choose one that is harder to guess.",
        "Too commonly used. Choose one that is harder to guess."
      )),
    RuleMessage(
      "requirement.notCommon", ja: ("よく使われるパスワードではない", "よく使われるパスワードではない"),
      en: ("Not a commonly used password", "Not a commonly used password")),
  ]
}
