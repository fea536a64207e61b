import Foundation
import Testing

@testable import FormRules

/// The values every rule's own tests put to the rule: the edges of the bar (empty, white
/// space only, U+3000 only, Japanese, emoji, combining characters, 1 MB).
enum Edge: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case empty, spaces, ideographicSpaces, japanese, emoji, combining, huge

  var value: String {
    switch self {
    case .empty: return ""
    case .spaces: return "   "
    case .ideographicSpaces: return "\u{3000}\u{3000}"
    // 5 characters, 15 bytes.
    case .japanese: return "パスワード"
    // A family: 5 code points, 8 UTF-16 units, 18 bytes, 1 grapheme.
    case .emoji: return "👨‍👩‍👧"
    // e + U+0301: 2 code points, 3 bytes, 1 grapheme.
    case .combining: return "e\u{301}"
    case .huge: return Edge.megabyte
    }
  }

  /// 1 MB (2^20 bytes) of `a`, built once.
  static let megabyte = String(repeating: "a", count: 1 << 20)

  var testDescription: String { rawValue }
}

/// A policy whose field `f` holds `rules` (one rule object, or a JSON array of them) and whose
/// size limit (2 MB) lets a 1 MB value reach the rules; `other` and `email` are plain fields.
/// Compiled once per text and shared by the tests.
func rulePolicy(_ rules: String, options: String = "") throws -> Policy {
  let list = rules.hasPrefix("[") ? rules : "[\(rules)]"
  let extra = options.isEmpty ? "" : ", \(options)"
  let key = "rulePolicy\u{0}\(list)\u{0}\(extra)"
  if let cached = PolicyCache.shared.policy(for: key) { return cached }
  let policy = try makePolicy(
    """
    {"version": 1, "limits": {"maxValueBytes": 2097152},
     "fields": {"f": {"label": {"ja": "項目", "en": "Field"}, "rules": \(list)\(extra)},
                "other": {"label": {"ja": "他", "en": "Other"}},
                "email": {"label": {"ja": "メールアドレス", "en": "Email address"}}}}
    """)
  PolicyCache.shared.store(policy, for: key)
  return policy
}

extension Policy {
  /// The verdict of the first rule of type `R` in `field` on `value` (with the other fields'
  /// `others`), asked directly: ``check(_:field:in:)``, the rule alone. `nil` when it passes.
  func check<R: Rule>(
    _ rule: R.Type, _ value: String?, field: String = "f", others: [String: String?] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> RuleVerdict? {
    var values = others
    values[field] = value
    let results = check(rule, field: field, in: values)
    #expect(!results.isEmpty, "field \(field) has no \(R.name) rule", sourceLocation: sourceLocation)
    return results.first ?? nil
  }

  /// What the composites of kind `C` in field `f` report for `value`, asked directly (the
  /// composite node's own logic over its children; see ``check(_:field:in:)``).
  func check<C: CompositeRule>(
    _ composite: C.Type, _ value: String?, others: [String: String?] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [Failure] {
    var values = others
    values["f"] = value
    let results = check(composite, field: "f", in: values)
    #expect(!results.isEmpty, "field f has no \(C.name)", sourceLocation: sourceLocation)
    return results.first ?? []
  }
}

/// A verdict with the rule's failure for `variant`: what a test expects a rule to return.
func verdict(_ variant: Int, _ code: String, _ params: Parameters = [:], detail: String? = nil) -> RuleVerdict {
  RuleVerdict(variant: variant, failure: Failure(code: code, params: params, detail: detail))
}
