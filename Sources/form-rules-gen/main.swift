import FormRulesGenerators
import Foundation

// Writes every generated file of the repository (GeneratedFile.all): the built-in common-password
// list, words.bin, docs/messages.md, the message tables of docs/password.md, the export fixtures
// and the golden reports. Run through scripts/regenerate.sh, which builds `validate` first (the
// export fixtures are its output). A file whose bytes are already right is not touched.
//
//   form-rules-gen            write what changed, list it
//   form-rules-gen --check    write nothing; list what is stale, exit 1 if anything is

let check = CommandLine.arguments.dropFirst().contains("--check")
let root = GeneratedFile.repositoryRoot
var stale: [String] = []
var failed = false
for file in GeneratedFile.all {
  let url = root.appendingPathComponent(file.path)
  do {
    let bytes = try file.render(root)
    let old = FileManager.default.contents(atPath: url.path).map(Array.init)
    guard old != bytes else { continue }
    stale.append(file.path)
    if !check {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      // Atomically (a new file renamed over the old): a process that has the old words.bin mapped keeps it.
      try Data(bytes).write(to: url, options: .atomic)
    }
  } catch {
    failed = true
    FileHandle.standardError.write(Data("form-rules-gen: \(file.path): \(error)\n".utf8))
  }
}
for path in stale { print(check ? "stale: \(path)" : "wrote: \(path)") }
print("form-rules-gen: \(GeneratedFile.all.count) files, \(stale.count) \(check ? "stale" : "rewritten")")
exit(failed || (check && !stale.isEmpty) ? 1 : 0)
