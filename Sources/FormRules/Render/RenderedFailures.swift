/// Where a plan made a failure: its node (or `nodeCount + field` for a value over the size
/// limit) and the check's variant. Together they fix the failure's code, parameters,
/// severity, message and field, so its rendered forms can be reused.
struct FailureOrigin: Hashable, Sendable {
  var slot: Int
  var variant: Int
}

/// Rendered forms of a policy's failures, memoised per (rule, variant, language), shared by
/// every thread that renders a report of the policy: the single-call counterpart of the
/// bulk path's per-validator `FailureRenderCache`. Filling a message template (labels,
/// units, parameters) and escaping it cost far more than validating; a server answers the
/// same few dozen failures over and over.
///
/// What is kept: a failure's object in the report JSON (``Report/write(to:locale:)``), its
/// entry in a problem document, its message, and the problem document's title and detail
/// per set of invalid fields. Memory is bounded: past ``maxEntries`` entries or
/// ``maxBytes`` of text the cache starts over. A failure made or changed outside the plan
/// (no `origin`) is rendered every time.
final class RenderedFailures: Sendable {
  static let maxEntries = 4096
  static let maxBytes = 1 << 20

  enum Form: UInt8, Sendable {
    /// The failure's object in the report JSON.
    case reportObject
    /// The failure's entry in a problem document's `errors`.
    case problemEntry
    /// The failure's message, labeled.
    case message
    /// The problem document's `detail` for a set of invalid fields (`variant`: their bit set).
    case problemDetail
  }

  struct Key: Hashable, Sendable {
    var origin: FailureOrigin
    var language: String
    var form: Form
  }

  private struct State {
    var bytes: [Key: [UInt8]] = [:]
    var texts: [Key: String] = [:]
    var size = 0

    mutating func makeRoom(for count: Int) {
      if bytes.count + texts.count >= RenderedFailures.maxEntries || size + count > RenderedFailures.maxBytes {
        bytes.removeAll(keepingCapacity: true)
        texts.removeAll(keepingCapacity: true)
        size = 0
      }
      size += count
    }
  }

  private let state = Locked(State())

  /// Appends the memoised bytes for `key` to `writer`, rendering them with `render` first if
  /// they are not there yet.
  func write(_ key: Key, to writer: inout JSONWriter, render: (inout JSONWriter) -> Void) {
    let hit = state.withLock { state -> Bool in
      guard let bytes = state.bytes[key] else { return false }
      writer.bytes.append(contentsOf: bytes)
      return true
    }
    if hit { return }
    var rendered = JSONWriter()
    render(&rendered)
    writer.bytes.append(contentsOf: rendered.bytes)
    let bytes = rendered.bytes
    state.withLock { state in
      state.makeRoom(for: bytes.count)
      state.bytes[key] = bytes
    }
  }

  /// The memoised text for `key`, rendered with `render` if it is not there yet.
  func text(_ key: Key, render: () -> String) -> String {
    if let text = state.withLock({ $0.texts[key] }) { return text }
    let text = render()
    state.withLock { state in
      state.makeRoom(for: text.utf8.count)
      state.texts[key] = text
    }
    return text
  }
}
