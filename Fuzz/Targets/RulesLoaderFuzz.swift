import Foundation

// libFuzzer target: a rules file from hostile bytes. Loading must end in a RuleSet or a
// RuleSetError (never a crash or hang), and whatever compiles must validate without trouble.

/// An empty folder, so `extends` and list paths in fuzzed files resolve to nothing on disk.
private let baseDirectory: URL = {
  let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("form-rules-fuzz-\(getpid())")
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}()

private let probes: [String] = [
  "", "taro@example.jp", " \u{3000}", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "パスワード👍e\u{301}", "1234567890",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func rulesLoaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let rules: RuleSet
  do {
    rules = try RuleSet(data: bytes, file: "fuzz.json", baseDirectory: baseDirectory)
  } catch {
    // Every problem must render: this is what `validate lint` prints.
    precondition(!error.problems.isEmpty, "a RuleSetError without problems")
    for problem in error.problems { _ = problem.description }
    return 0
  }
  let policy: Policy
  do {
    policy = try rules.compile()
  } catch {
    precondition(!error.problems.isEmpty, "a compile error without problems")
    for problem in error.problems { _ = problem.description }
    return 0
  }
  for probe in probes {
    var values: [String: String] = [:]
    for name in policy.fieldNames { values[name] = probe }
    let report = policy.validate(values)
    for locale in ["ja", "en"] {
      let json = report.json(locale: locale)
      precondition((try? JSONParser().parse(json)) != nil, "a report that is not JSON")
      _ = report.messages(locale: locale)
    }
  }
  for name in policy.fieldNames {
    _ = policy.requirements(of: name, locale: "ja")
    _ = policy.requirements(of: name, locale: "en")
  }
  for result in policy.runTests() {
    _ = result.expectedDescription
    _ = result.actualDescription
  }
  return 0
}
