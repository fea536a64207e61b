/// Memory for values a transform rewrote (normalized), kept until ``reset()`` or until the
/// arena goes away. It owns that memory, so it cannot be copied (`~Copyable`).
package struct TransformArena: ~Copyable {
  package init() {}

  deinit { for block in blocks { block.deallocate() } }

  private var blocks: [UnsafeMutableBufferPointer<UInt8>] = []

  /// Copies the string's bytes into memory that lives until ``reset()``, and views them.
  ///
  /// Why it is safe: the block is allocated and filled here, and freed only by `reset()` or
  /// `deinit`, after the call that reads the view.
  mutating func store(_ string: String) -> ByteView {
    let utf8 = string.utf8
    let block = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(utf8.count, 1))
    _ = block.initialize(from: utf8)
    blocks.append(block)
    return ByteView(UnsafeBufferPointer(rebasing: block[0..<utf8.count]))
  }

  package mutating func reset() {
    guard !blocks.isEmpty else { return }
    for block in blocks { block.deallocate() }
    blocks.removeAll(keepingCapacity: true)
  }
}
