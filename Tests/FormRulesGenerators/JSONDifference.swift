import Foundation

/// Where two JSON documents first differ, as a path a person can find in a report
/// (`fields.password.errors[0].message`) with both values; `nil` when they are equal. Object keys
/// are compared in sorted order; text that is not JSON is compared as text.
///
/// ```swift
/// JSONDifference.first(expected: Array(#"{"a":[1,2]}"#.utf8), actual: Array(#"{"a":[1,3]}"#.utf8))
/// // "a[1]: expected 2, got 3"
/// ```
public enum JSONDifference {
  public static func first(expected: [UInt8], actual: [UInt8]) -> String? {
    guard expected != actual else { return nil }
    let options: JSONSerialization.ReadingOptions = [.fragmentsAllowed]
    guard let e = try? JSONSerialization.jsonObject(with: Data(expected), options: options),
      let a = try? JSONSerialization.jsonObject(with: Data(actual), options: options)
    else {
      return
        "(not JSON) expected \(String(decoding: expected, as: UTF8.self)), got \(String(decoding: actual, as: UTF8.self))"
    }
    return walk(e, a, path: "") ?? "(same values, different bytes: key order or number spelling)"
  }

  static func describe(_ value: Any) -> String {
    if value is NSNull { return "null" }
    if let string = value as? String { return "\"\(string)\"" }
    if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) {
      return String(decoding: data, as: UTF8.self)
    }
    return "\(value)"
  }

  static func walk(_ e: Any, _ a: Any, path: String) -> String? {
    let here = path.isEmpty ? "(the report)" : path
    switch (e, a) {
    case (let e as [String: Any], let a as [String: Any]):
      for key in Set(e.keys).union(a.keys).sorted() {
        let child = path.isEmpty ? key : "\(path).\(key)"
        switch (e[key], a[key]) {
        case (let ev?, let av?): if let found = walk(ev, av, path: child) { return found }
        case (let ev?, nil): return "\(child): expected \(describe(ev)), missing"
        case (nil, let av?): return "\(child): not expected, got \(describe(av))"
        case (nil, nil): continue
        }
      }
      return nil
    case (let e as [Any], let a as [Any]):
      for i in 0..<max(e.count, a.count) {
        let child = "\(path)[\(i)]"
        guard i < e.count else { return "\(child): not expected, got \(describe(a[i]))" }
        guard i < a.count else { return "\(child): expected \(describe(e[i])), missing" }
        if let found = walk(e[i], a[i], path: child) { return found }
      }
      return nil
    default:
      return describe(e) == describe(a) ? nil : "\(here): expected \(describe(e)), got \(describe(a))"
    }
  }
}
