import FormRulesGenerators
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The generated files that no other suite compares are what `scripts/regenerate.sh` would write:
/// the compiled-in common-password list, docs/messages.md and the message tables of
/// docs/password.md. (words.bin: `StrengthListsFileTests`; the goldens: `GoldenRecordsTests`;
/// the export fixtures: `ExportTests`.) CI also runs the script and fails on `git diff`.
@Suite("Generated files are up to date")
struct GeneratedFilesTests {
  static let checked = GeneratedFile.library.filter {
    !$0.path.hasSuffix("words.bin") && !$0.path.hasPrefix(Goldens.folder)
  }

  @Test("the file equals what the generator writes", arguments: checked.map(\.path))
  func upToDate(_ path: String) throws {
    let file = try #require(Self.checked.first { $0.path == path })
    let expected = try file.render(GeneratedFile.repositoryRoot)
    let actual = Array(try Data(contentsOf: GeneratedFile.repositoryRoot.appendingPathComponent(path)))
    guard actual != expected else { return }
    let a = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let e = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let line = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
    Issue.record(
      """
      \(path) is stale (from \(file.source)): run scripts/regenerate.sh. First difference, line \(line + 1):
        file:      \(line < a.count ? String(a[line]) : "(end)")
        generated: \(line < e.count ? String(e[line]) : "(end)")
      """)
  }

  @Test("every generated file is marked linguist-generated in .gitattributes")
  func marked() throws {
    let attributes = try String(
      contentsOf: GeneratedFile.repositoryRoot.appendingPathComponent(".gitattributes"), encoding: .utf8)
    let patterns = attributes.split(separator: "\n").filter { $0.contains("linguist-generated") }
      .compactMap { $0.split(separator: " ").first.map(String.init) }
    for file in GeneratedFile.library where file.path != MessageDocs.passwordSection.path {
      let covered = patterns.contains { fnmatch($0, file.path, 0) == 0 }
      #expect(covered, "\(file.path) is generated but not marked in .gitattributes")
    }
  }
}
