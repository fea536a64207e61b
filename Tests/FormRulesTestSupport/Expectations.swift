import Foundation
import Testing

/// Checks a run's exit status and, when given, its exact stdout and stderr.
public func expectRun(
  _ result: ValidateRun, status: Int32, stdout: String? = nil, stderr: String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(result.status == status, "exit status; stderr was: \(result.stderr)", sourceLocation: sourceLocation)
  if let stdout { #expect(result.stdout == stdout, sourceLocation: sourceLocation) }
  if let stderr { #expect(result.stderr == stderr, sourceLocation: sourceLocation) }
}

/// Checks the shape every failing command shares: exit 2, nothing on stdout, an
/// `Error: …` line that contains `message`, and a hint on the next line.
public func expectUsageError(
  _ result: ValidateRun, contains message: String, hint: String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(result.status == 2, "exit status; stderr was: \(result.stderr)", sourceLocation: sourceLocation)
  #expect(result.stdout.isEmpty, "stdout should be empty, was: \(result.stdout)", sourceLocation: sourceLocation)
  let lines = result.stderrLines
  #expect(lines.first?.hasPrefix("Error: ") == true, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
  #expect(lines.first?.contains(message) == true, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
  #expect(lines.count >= 2, "a hint should follow the error: \(result.stderr)", sourceLocation: sourceLocation)
  if let hint {
    #expect(
      lines.dropFirst().contains { $0.contains(hint) }, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
  }
}

/// Checks that `secret` appears in neither stream.
public func expectNoSecret(_ result: ValidateRun, _ secret: String, sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(!result.stdout.contains(secret), "stdout shows the secret: \(result.stdout)", sourceLocation: sourceLocation)
  #expect(!result.stderr.contains(secret), "stderr shows the secret: \(result.stderr)", sourceLocation: sourceLocation)
}

/// A top-level JSON object from one line of output, for checks that do not compare text.
public func jsonObject(_ text: some StringProtocol, sourceLocation: SourceLocation = #_sourceLocation) -> [String: Any]
{
  guard let data = String(text).data(using: .utf8),
    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
  else {
    Issue.record("not a JSON object: \(text)", sourceLocation: sourceLocation)
    return [:]
  }
  return object
}
