import FormRules
import Foundation

/// `{"notBreached": {"file": "lists/pwned.txt", "minCount": 1}}`: the SHA-1 of the
/// value's UTF-8 bytes is not in a local Have I Been Pwned file seen at least
/// `minCount` times. A string is short for `{"file": …}`; the path is relative to the
/// rules file that declares the rule.
///
/// The file is opened once per policy and binary-searched with `pread` (see ``BreachFile``),
/// so the multi-gigabyte HIBP download works without loading it.
///
/// The failure carries `minCount` only: how often a password was seen would tell a
/// reader of the logs which password it is.
///
/// - Complexity: one SHA-1 and O(log n) line comparisons.
public struct NotBreached: Rule {
  public static let name = "notBreached"
  /// The path of the `SHA1HEX:COUNT` file as the rules file gives it, relative to that rules file.
  public let file: String
  /// How many times a password must have been seen in a breach to fail (at least 1; 1 when not given).
  public let minCount: Int
  private var breaches: BreachFile?

  public init(from decoder: RuleDecoder) throws(RuleDecodingError) {
    let here: [JSONPathComponent] = [.key(Self.name)]
    if let path = decoder.value.stringValue {
      file = path
      minCount = 1
      return
    }
    guard let object = decoder.value.objectValue else {
      throw RuleDecodingError(
        ProblemLine("cli.rules.notBreached.expected", ["example": #"{"file": path, "minCount": n}"#]).type(
          "found", of: decoder.value), at: here)
    }
    for key in object.keys where !["file", "minCount"].contains(key) {
      throw RuleDecodingError(
        ProblemLine("cli.rules.unknownKeyIn", ["key": key, "rule": Self.name]), at: here + [.key(key)],
        suggestion: Suggestion.closest(to: key, in: ["file", "minCount"]))
    }
    guard let path = object["file"]?.stringValue, !path.isEmpty else {
      throw RuleDecodingError(ProblemLine("cli.rules.notBreached.noFile"), at: here + [.key("file")])
    }
    file = path
    if let raw = object["minCount"] {
      guard let n = raw.intValue, n >= 1 else {
        throw RuleDecodingError(
          .expected("cli.rules.kind.positiveInteger", foundType: raw), at: here + [.key("minCount")])
      }
      minCount = n
    } else {
      minCount = 1
    }
  }

  public func files(in context: CompileContext) -> [RuleFile] {
    [RuleFile(.declared(file, context.resolve(file)), at: [.key(Self.name)])]
  }

  public mutating func compile(in context: CompileContext) throws(RuleDecodingError) {
    let url = PasswordList.resolve(file, in: context)
    let at: [JSONPathComponent] = [.key(Self.name)]
    breaches = try context.shared("breachFile:" + url.path) { () throws(RuleDecodingError) -> BreachFile in
      do throws(BreachFileError) {
        return try BreachFile(path: url.path)
      } catch {
        throw RuleDecodingError(ProblemLine("cli.rules.notBreached.cannotUse", ["reason": error.description]), at: at)
      }
    }
  }

  public func check(_ subject: Subject) -> Int? {
    guard let breaches, breaches.count(ofDigest: SHA1.digest(subject.bytes)) >= minCount else { return nil }
    return 0
  }

  public func failure(variant: Int) -> Failure { Failure(code: Self.name, params: ["minCount": .int(minCount)]) }

  public var requirement: Failure { Failure(code: Self.name, params: ["minCount": .int(minCount)]) }
}

extension NotBreached {
  /// Its messages: its code and its requirement phrase, in ja and en, labeled and inline.
  public static let messages: [RuleMessage] = [
    RuleMessage(
      "notBreached",
      ja: (
        "{label}は過去に流出したことがあるため使用できません。別のものを設定してください。",
        "過去に流出したパスワードのため使用できません。別のものを設定してください。"
      ),
      en: (
        "{label} has appeared in a data breach. Choose a different one.",
        "This has appeared in a data breach. Choose a different one."
      )),
    RuleMessage(
      "requirement.notBreached", ja: ("過去に流出したパスワードではない", "過去に流出したパスワードではない"),
      en: ("Not found in known data breaches", "Not found in known data breaches")),
  ]
}
