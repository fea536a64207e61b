/// Rendered failure objects, memoised: a bulk run repeats the same few dozen failures
/// millions of times, and filling a message template costs more than all the checks.
///
/// The key is the rule's node (which fixes the field, the severity and the message
/// override) and the failure's variant (which fixes the rest, see ``Rule/check(_:)``).
/// An `anyOf` failure, whose codes come from its children, is rendered every time.
/// Memory is bounded: past ``maxEntries`` entries or ``maxBytes`` of output the cache
/// starts over. It owns its byte buffer, so it is not copyable either; the buffer is freed with it.
package struct FailureRenderCache: ~Copyable {
  package init() {}

  static let maxBytes = 1 << 20
  static let maxEntries = 1 << 12

  private struct Entry {
    var slot: Int
    var variant: Int
    var valueStart: Int
    var valueCount: Int
  }

  private var entries: [Entry] = []
  /// Open addressing over `entries`, storing index + 1; twice `maxEntries` keeps probes short.
  private var table = [Int32](repeating: 0, count: 2 * FailureRenderCache.maxEntries)
  private var values = ByteBuffer(capacity: 1 << 14)
  private var rendered = JSONWriter()

  /// Appends the failure object of a pending entry to `output`, rendering it on first sight.
  package mutating func write(
    _ entry: Plan.Pending, plan: Plan, extras: [Failure], policy: Policy, language: String,
    to output: inout ByteBuffer
  ) {
    // The field's name only where a failure is rendered: a name over 15 bytes is a heap string,
    // and taking it costs a retain and a release.
    guard plan.isCacheable(entry) else {
      rendered.bytes.removeAll(keepingCapacity: true)
      let field = plan.name(Int(entry.field))
      Report.write(plan.failure(entry, extras: extras), field: field, policy: policy, language: language, to: &rendered)
      output.append(rendered.bytes)
      return
    }
    // The size-limit failure of field f is slot nodeCount + f.
    let slot = entry.node >= 0 ? Int(entry.node) : plan.nodeCount + Int(entry.field)
    let variant = entry.variant
    let mask = table.count - 1
    var bucket = Self.bucket(slot: slot, variant: variant) & mask
    while true {
      let stored = Int(table[bucket])
      if stored == 0 { break }
      let entry = entries[stored - 1]
      if entry.slot == slot && entry.variant == variant {
        output.append(values.base + entry.valueStart, count: entry.valueCount)
        return
      }
      bucket = (bucket + 1) & mask
    }
    rendered.bytes.removeAll(keepingCapacity: true)
    let field = plan.name(Int(entry.field))
    Report.write(plan.failure(entry, extras: extras), field: field, policy: policy, language: language, to: &rendered)
    output.append(rendered.bytes)
    if entries.count >= Self.maxEntries || values.count >= Self.maxBytes {
      entries.removeAll(keepingCapacity: true)
      for i in table.indices { table[i] = 0 }
      values.removeAll()
      bucket = Self.bucket(slot: slot, variant: variant) & mask
    }
    entries.append(Entry(slot: slot, variant: variant, valueStart: values.count, valueCount: rendered.bytes.count))
    values.append(rendered.bytes)
    table[bucket] = Int32(entries.count)
  }

  @inline(__always)
  private static func bucket(slot: Int, variant: Int) -> Int {
    var h = UInt64(truncatingIfNeeded: slot) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: variant)
    h = h &* 0xFF51_AFD7_ED55_8CCD
    return Int(truncatingIfNeeded: h >> 32)
  }
}
