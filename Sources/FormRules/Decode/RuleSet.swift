import Foundation

/// A decoded, checked rules file (with its `extends` chain merged), ready to compile.
///
/// ```swift
/// let rules = try RuleSet(contentsOf: URL(fileURLWithPath: "Rules/login.json"))
/// let policy = try rules.compile()
/// ```
public struct RuleSet: Sendable {
  /// The rules format's version (`1`).
  public internal(set) var version: Int
  /// The rules file's `name`, if it gives one.
  public internal(set) var name: String?
  /// The rules file's `title`: what a person sees as the form's title (「ログイン」 / "Log in"),
  /// where `name` is an id. See ``title(locale:)``.
  public internal(set) var title: LocalizedText?
  /// The language used when the caller names none that the catalog knows.
  public internal(set) var defaultLocale: String
  /// The fields in rules-file order, with the fields of the files it extends.
  public internal(set) var fields: [FieldSpec]
  /// Message overrides and app-specific codes: language → code → template.
  public internal(set) var messages: [String: [String: MessageTemplate]]
  /// The examples the file carries (and those of a sibling `NAME.tests.json`).
  public internal(set) var tests: [PolicyTest]
  /// Bounds applied to every value before any rule runs.
  public internal(set) var limits: Limits
  /// The file the rules came from, as the user named it.
  public internal(set) var file: String
  /// The languages the file itself uses in labels and messages.
  public internal(set) var locales: [String]
  /// Problems that did not stop loading: with ``LoadOptions/SiblingTests/optional``, those of
  /// a sibling `NAME.tests.json` (whose tests were then left out). Print them as warnings.
  public internal(set) var warnings: [RuleSetProblem] = []
  /// Folders of data the rules' libraries read instead of their own (``LoadOptions/dataFolders``).
  public var dataFolders: [String: URL] = [:]
  /// The rules the file could name: the built-in ones and the app's.
  public internal(set) var registry: RuleRegistry = .builtIn

  /// The languages that have a built-in catalog. Labels and messages may use these, the
  /// languages the registry's catalog adds (``RuleRegistry/add(_:)``) and those the file's
  /// `messages` adds from catalog files (``languages``).
  public static let supportedLocales = ["ja", "en"]

  /// The languages this file adds from catalog files (`"messages": {"ko": "messages/ko.json"}`),
  /// checked when loaded (``CatalogLanguage``).
  public internal(set) var languages: [CatalogLanguage] = []

  /// Loads a rules file and the files it extends.
  /// - Throws: ``RuleSetError`` listing every problem with its file and JSON path.
  public init(contentsOf url: URL, registry: RuleRegistry = .builtIn) throws(RuleSetError) {
    try self.init(contentsOf: url, options: LoadOptions(), registry: registry)
  }

  /// How a rules file is loaded.
  public struct LoadOptions: Sendable {
    /// Whether problems in a sibling `NAME.tests.json` stop loading.
    public enum SiblingTests: Sendable {
      /// They are errors, as everything else in the rules (for `validate test` and `lint`).
      case required
      /// They become ``RuleSet/warnings`` and the sibling's tests are left out: validating
      /// does not need the examples.
      case optional
    }

    /// Whether problems in a sibling `NAME.tests.json` stop loading (``SiblingTests/required``, the default).
    public var siblingTests: SiblingTests
    /// For rules from an untrusted source (uploaded by a tenant, fetched from a repository):
    /// `extends`, `lists` and `notBreached` must be relative paths without `..` that stay,
    /// symbolic links resolved, inside the folder of the rules file loaded. Anything else is
    /// a problem, found before any such file is opened, so a rules file can neither read nor
    /// probe the existence of files elsewhere.
    public var confine: Bool
    /// Folders of data a rule's library reads, by name, instead of where it ships them
    /// (`["strength": url]`: the strength dictionaries in `url`, not FormRulesPassword's
    /// bundle). A rule asks for its folder with ``CompileContext/dataFolder(_:)``.
    public var dataFolders: [String: URL]

    /// - Parameters:
    ///   - siblingTests: whether problems in a sibling `NAME.tests.json` stop loading.
    ///   - confine: whether `extends`, `lists` and `notBreached` must stay inside the rules file's folder.
    ///   - dataFolders: folders of data a rule's library reads, by name (`"strength"`).
    public init(siblingTests: SiblingTests = .required, confine: Bool = false, dataFolders: [String: URL] = [:]) {
      self.siblingTests = siblingTests
      self.confine = confine
      self.dataFolders = dataFolders
    }
  }

  /// Loads a rules file and the files it extends, with `options`.
  /// - Throws: ``RuleSetError`` listing every problem with its file and JSON path.
  public init(contentsOf url: URL, options: LoadOptions, registry: RuleRegistry = .builtIn) throws(RuleSetError) {
    var loader = RuleSetLoader(registry: registry)
    loader.options = options
    self = try loader.load(url: url)
    dataFolders = options.dataFolders
  }

  /// Decodes rules from memory. `file` names them in errors; `baseDirectory` resolves
  /// `extends` and list paths.
  public init(
    data: some Collection<UInt8>, file: String = "<input>", baseDirectory: URL? = nil,
    registry: RuleRegistry = .builtIn
  ) throws(RuleSetError) {
    var loader = RuleSetLoader(registry: registry)
    let base = baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    self = try loader.load(bytes: Array(data), file: file, directory: base)
  }

  init(
    version: Int, name: String?, defaultLocale: String, fields: [FieldSpec],
    messages: [String: [String: MessageTemplate]], tests: [PolicyTest], limits: Limits, file: String, locales: [String]
  ) {
    self.version = version
    self.name = name
    self.defaultLocale = defaultLocale
    self.fields = fields
    self.messages = messages
    self.tests = tests
    self.limits = limits
    self.file = file
    self.locales = locales
  }

  /// The form's title in `locale` (negotiated: `ja-JP` → `ja`): the file's `title` in that
  /// language, else in the default language, else in another; without a `title`, the `name`;
  /// without either, `nil`.
  public func title(locale: String) -> String? {
    guard let title else { return name }
    let language = MessageCatalog.negotiate([locale], default: defaultLocale)
    return title[language] ?? title[defaultLocale] ?? title.texts.values.sorted().first ?? name
  }

  /// A field by name.
  public func field(_ name: String) -> FieldSpec? { fields.first { $0.name == name } }
}

/// Bounds applied to every value before any rule runs.
public struct Limits: Sendable, Equatable {
  /// Values longer than this many UTF-8 bytes fail with `input.tooLong` and are not
  /// examined further, so a 10 MB password costs microseconds.
  public var maxValueBytes: Int = 4096

  /// - Parameter maxValueBytes: the longest value, in UTF-8 bytes, that the rules examine.
  public init(maxValueBytes: Int = 4096) {
    self.maxValueBytes = maxValueBytes
  }
}

/// Unicode normalization applied to a field's value before the rules run.
public enum Normalization: String, Sendable, CaseIterable {
  /// The value is left as typed.
  case none
  /// Canonical composition (NFC): `e` + U+0301 becomes `é`; what looks the same compares the same.
  case nfc
  /// Compatibility composition (NFKC): full-width `Ａ` becomes `A`, half-width `ｶ` becomes `カ`.
  case nfkc
}

/// One field of a rules file.
public struct FieldSpec: Sendable {
  /// The field's name: its key in the rules file and in the input.
  public internal(set) var name: String
  /// The field's label per language (`パスワード`, `Password`), used in messages.
  public internal(set) var label: LocalizedText
  /// Remove leading and trailing Unicode white space (including U+3000 and U+00A0).
  public internal(set) var trim: Bool
  /// The Unicode normalization applied before the rules run (and before `trim`).
  public internal(set) var normalize: Normalization
  /// The value is never echoed anywhere: not in reports, errors or logs.
  public internal(set) var sensitive: Bool
  /// Stop at the first failing error-severity rule.
  public internal(set) var bail: Bool
  /// The field's rules in file order.
  public internal(set) var rules: [RuleNode]
  /// The file and JSON path where the field is defined.
  public internal(set) var file: String
  /// The JSON path of the field's definition (`fields.password`).
  public internal(set) var path: [JSONPathComponent]
}

/// A rule in a field's list, with its modifiers.
public struct RuleNode: Sendable {
  /// What a rule in the list is: one rule, or a composite holding other rules.
  public enum Kind: Sendable {
    /// A rule with its own check (`minLength`, an app's rule).
    case rule(any Rule)
    /// `allOf`: every part must pass; each part's failures are reported.
    case allOf([RuleNode])
    /// `anyOf`: at least one alternative must pass.
    case anyOf([RuleNode])
    /// `not`: the parts must not all pass on a non-empty value.
    case not([RuleNode])
  }

  /// The rule, or the composite and its parts.
  public internal(set) var kind: Kind
  /// `error` (the default) or `warning`: a warning never makes the input invalid.
  public internal(set) var severity: Severity
  /// The rule's own `message`, replacing the catalog's, per language.
  public internal(set) var message: LocalizedText?
  /// The rule's own checklist phrase (`requirement` in the rules file), used by checklists
  /// and explain in place of `requirement.<code>`.
  public internal(set) var requirement: LocalizedText? = nil
  /// The rule's `when`: it applies only when this holds.
  public internal(set) var condition: Condition?
  /// The file that declared the rule, as the user named it.
  public internal(set) var file: String
  /// The JSON path of the rule (`fields.password.rules[1]`).
  public internal(set) var path: [JSONPathComponent]
  /// The folder of the file that declared the rule; relative list paths resolve here.
  public internal(set) var directory: URL

  /// The rule name as written in the file (`minLength`, `anyOf`…).
  public var name: String {
    switch kind {
    case .rule(let rule): return type(of: rule).name
    case .allOf: return "allOf"
    case .anyOf: return "anyOf"
    case .not: return "not"
    }
  }
}

/// A rule's `when`: it applies only when another field equals a value or is non-empty.
public struct Condition: Sendable, Equatable {
  /// The field whose transformed value decides.
  public var field: String
  /// The rule applies when the field's value equals this.
  public var equals: String?
  /// The rule applies when the field is non-empty (`true`) or empty (`false`).
  public var notEmpty: Bool?

}

/// An example the rules file carries, run by `validate test`.
///
/// Its input holds example passwords; printing it shows only the values of fields the rules
/// file does not mark sensitive.
public struct PolicyTest: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// What an example expects of the policy.
  public enum Expectation: Sendable, Equatable {
    /// The whole input is valid (`true`) or not (`false`).
    case valid(Bool)
    /// Each listed field fails with exactly these codes (in any order).
    case errors([String: [String]])
  }

  /// The example's name, shown by `validate test`.
  public var name: String
  /// The field values to validate (`nil`: the field is `null`).
  public var input: [String: String?]
  /// What the example expects.
  public var expectation: Expectation
  /// Warning codes expected per field (`"warnings": {"password": ["trimmed"]}`), checked exactly.
  public var warnings: [String: [String]]?
  /// This case's answers for the rules file's named checks (`"checks": {"emailAvailable": false}`):
  /// `true` passes, `false` fails with the check's code. They override the run's stubs
  /// (`validate test --check`); a due check with no answer from either fails closed, with
  /// `check.unavailable`.
  public var checks: [String: Bool]?
  /// The file the example is in.
  public var file: String
  /// The example's JSON path (`tests[2]`).
  public var path: [JSONPathComponent]
  /// The fields whose example values may be shown: the non-sensitive ones, once the rules file
  /// has loaded. Until then nothing is shown.
  var visibleFields: Set<String> = []

  /// The input with every value the rules file does not mark as non-sensitive redacted.
  public var redactedInput: [String: String] {
    var shown: [String: String] = [:]
    for (name, value) in input {
      shown[name] = visibleFields.contains(name) ? value.map(\.debugDescription) ?? "null" : "<redacted>"
    }
    return shown
  }

  public var description: String {
    let input = redactedInput.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    return "PolicyTest(\(name.debugDescription), input: [\(input)], expectation: \(expectation))"
  }

  public var debugDescription: String { description }

  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "name": name, "input": redactedInput, "expectation": expectation, "warnings": warnings as Any,
        "checks": checks as Any, "file": file,
        "path": jsonPathString(path),
      ], displayStyle: .struct)
  }
}
