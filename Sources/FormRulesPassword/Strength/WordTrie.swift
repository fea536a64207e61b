import FormRules

/// Ranked words in a trie, so the strength estimator finds every dictionary word that
/// starts at a position in one walk instead of hashing every substring.
///
/// A trie is one flat, position-independent block of bytes, the same whether it was built
/// in memory (``Builder``: the rule's own words, a test's list) or mapped read-only from
/// `Sources/FormRulesPassword/Resources/strength/words.bin`, where the shipped lists are stored already laid out
/// (``StrengthListsFile``). Little is built when it is loaded: the block is checked
/// (``Layout/init(_:at:)``) and read in place, and one direct table (`secondASCII`, at most
/// 64 KB, from the few thousand children of the root's ASCII children) spares the walks the
/// search of the widest nodes.
///
/// Layout of a block (little-endian, every field 4 bytes, 4-byte aligned):
/// - `nodeCount`, `columnCount`, then per column its label (a bit set of
///   ``StrengthLanguage`` in sorted order: which languages' lists the column holds);
/// - `rootASCII`: 128 node numbers (-1: none), the root's ASCII children, a direct table;
/// - `nodes`: `nodeCount + 1` pairs (`childStart`, `entry`). Nodes are numbered breadth
///   first, with a node's children consecutive and sorted by scalar, so node `n`'s children
///   are the nodes `childStart[n] ..< childStart[n + 1]` and the edges need no targets;
///   `entry` is the scalar on the edge into the node (bits 0–23; the root's and the last
///   pair's are 0) and, in bit `24 + c`, whether a word ends at the node in column `c`
///   (the column's value is not 0). The pairs interleave so that scanning a node's children
///   for a scalar also reads the start of the next node's children and whether a word ends
///   there: a step that ends no word reads one cache line, not two;
/// - `columnCount` columns of `nodeCount` values, each `rank << 3 | source` of the best-ranked
///   word ending at the node over the lists the column holds (0: no word ends there; the
///   source is a ``WordSource`` raw value). A language set reads one column, so the sets
///   (`en`, `ja`, both) share the nodes and each touches only its own ranks.
final class WordTrie: @unchecked Sendable {
  /// Keeps the bytes alive: a mapped file or a heap block.
  private let owner: ReadOnlyBytes
  /// (`childStart`, `entry`) per node, as 32-bit words.
  private let nodes: WordView
  /// The bit of `entry` that says a word ends at the node in the column this trie reads.
  private let wordBit: UInt32
  private let values: WordView
  /// How many of the root's children have an ASCII scalar: nodes `1...asciiRootChildren`
  /// (children are numbered in scalar order).
  private let asciiRootChildren: Int
  /// The children along ASCII scalars of the root (row 0, the block's `rootASCII`) and of
  /// nodes `1...asciiRootChildren` (row `node`): 128 node numbers per row, -1 for none. Built
  /// when the trie is opened: the root's children have the most children of all, and a walk
  /// from every position steps out of one of them.
  private let asciiChildren: FixedArray<Int32>
  /// How many nodes, the root included.
  let nodeCount: Int
  /// Bytes of the block this trie reads (nodes, edges and the one column it uses).
  let byteCount: Int

  /// Where the parts of a checked block are, as byte offsets from the start of the buffer.
  struct Layout {
    let nodeCount: Int
    let labels: [UInt32]
    let rootASCII: Int
    let nodes: Int
    let columns: Int
    /// The first byte after the block.
    let end: Int

    /// Checks a block at `offset` in `bytes` (which must be 4-byte aligned there): sizes
    /// within the buffer and every node number in range, so lookups never leave the block
    /// whatever the bytes hold. Returns why not, when it is not a trie. The word-end flags
    /// are not compared with the columns here (1.4 million reads, about a fifth of the
    /// start-up's instructions): a damaged file fails its checksum first, and
    /// `StrengthListsFileTests` checks every flag of the committed file.
    init(_ bytes: ByteView, at offset: Int) throws(LayoutError) {
      func u32(_ at: Int) throws(LayoutError) -> Int {
        guard at >= 0, at + 4 <= bytes.count else { throw LayoutError("truncated at byte \(at)") }
        return Int(UInt32(littleEndian: bytes.loadUInt32(at: at)))
      }
      guard offset >= 0, offset % 4 == 0, bytes.isWordAligned(at: offset) else {
        throw LayoutError("misaligned trie at byte \(offset)")
      }
      nodeCount = try u32(offset)
      let columnCount = try u32(offset + 4)
      guard nodeCount >= 1, nodeCount < 1 << 30, columnCount >= 1, columnCount <= WordTrie.maxColumns else {
        throw LayoutError("malformed trie header at byte \(offset)")
      }
      var labels: [UInt32] = []
      for i in 0..<columnCount { labels.append(UInt32(try u32(offset + 8 + 4 * i))) }
      self.labels = labels
      rootASCII = offset + 8 + 4 * columnCount
      nodes = rootASCII + 128 * 4
      columns = nodes + (nodeCount + 1) * 8
      end = columns + columnCount * nodeCount * 4
      guard end <= bytes.count else { throw LayoutError("truncated: the trie at byte \(offset) ends past the file") }
      let pairs = bytes.words(at: nodes, count: 2 * (nodeCount + 1))
      func start(_ n: Int) -> Int32 { Int32(littleEndian: Int32(bitPattern: pairs[2 * n])) }
      // Breadth first: the root's children start at 1, starts never decrease, the last is
      // the node count. Then every child number is a node.
      guard start(0) >= 1, Int(start(nodeCount)) == nodeCount else {
        throw LayoutError("malformed trie at byte \(offset)")
      }
      var previous: Int32 = 1
      for n in 0...nodeCount {
        let s = start(n)
        guard s >= previous else { throw LayoutError("malformed trie at byte \(nodes + 8 * n)") }
        previous = s
      }
      let root = bytes.words(at: rootASCII, count: 128)
      for c in 0..<128 {
        let r = Int32(littleEndian: Int32(bitPattern: root[c]))
        guard r == -1 || (r >= 1 && Int(r) < nodeCount) else {
          throw LayoutError("malformed trie at byte \(rootASCII + 4 * c)")
        }
      }
    }
  }

  /// Why a block is not a trie.
  struct LayoutError: Error {
    let description: String
    init(_ description: String) { self.description = description }
  }

  /// A trie reading column `column` of a checked block. `owner` keeps `bytes` alive.
  init(owner: ReadOnlyBytes, layout: Layout, column: Int) {
    precondition(column < layout.labels.count)
    self.owner = owner
    // A checked layout lies within the owner's bytes, aligned.
    let bytes = owner.bytes
    let nodes = bytes.words(at: layout.nodes, count: 2 * (layout.nodeCount + 1))
    self.nodes = nodes
    values = bytes.words(at: layout.columns + column * layout.nodeCount * 4, count: layout.nodeCount)
    let rootASCII = bytes.words(at: layout.rootASCII, count: 128)
    wordBit = UInt32(1) << UInt32(WordTrie.scalarBits + column)
    nodeCount = layout.nodeCount
    var ascii = 0
    for node in Int(UInt32(littleEndian: nodes[0]))..<Int(UInt32(littleEndian: nodes[2]))
    where UInt32(littleEndian: nodes[2 * node + 1]) & Self.scalarMask < 128 {
      ascii += 1
    }
    // Breadth first, the root's children are nodes 1, 2…; a file that numbers them otherwise
    // (it would be malformed) gets no table, and every lookup searches.
    asciiRootChildren = UInt32(littleEndian: nodes[0]) == 1 ? ascii : 0
    ascii = asciiRootChildren
    var asciiChildren = FixedArray<Int32>(repeating: -1, count: (ascii + 1) * 128)
    for c in 0..<128 { asciiChildren[c] = Int32(littleEndian: Int32(bitPattern: rootASCII[c])) }
    for parent in stride(from: 1, through: ascii, by: 1) {
      for node in Int(UInt32(littleEndian: nodes[2 * parent]))..<Int(UInt32(littleEndian: nodes[2 * parent + 2])) {
        let scalar = UInt32(littleEndian: nodes[2 * node + 1]) & Self.scalarMask
        guard scalar < 128 else { break }
        asciiChildren[parent * 128 + Int(scalar)] = Int32(node)
      }
    }
    self.asciiChildren = asciiChildren
    byteCount = 128 * 4 + (nodeCount + 1) * 8 + nodeCount * 4 + ascii * 128 * 4
  }

  /// A trie over a block built in memory (``Builder/build(labels:)``), column 0.
  convenience init(block: [UInt8]) {
    let heap = ReadOnlyBytes(copying: block)
    // A builder's block is well formed.
    guard let layout = try? Layout(heap.bytes, at: 0) else { preconditionFailure("a built trie is well formed") }
    self.init(owner: heap, layout: layout, column: 0)
  }

  /// - Parameter words: words in rank order (the first is rank 1); a repeated word keeps its best rank.
  convenience init(rankedWords words: [String], minimumLength: Int = 1, source: UInt8 = 0) {
    var builder = Builder()
    for (i, word) in words.enumerated() where word.unicodeScalars.count >= minimumLength {
      builder.insert(word.unicodeScalars.lazy.map(\.value), rank: i + 1, source: source)
    }
    self.init(block: builder.build())
  }

  static let root = 0
  /// The low bits of a node's entry that hold its scalar (every scalar is below 2²¹).
  static let scalarBits = 24
  static let scalarMask: UInt32 = (1 << 24) - 1
  /// Columns a block can have: one word-end bit each in the 8 high bits of an entry.
  static let maxColumns = 8

  /// The child of `node` along `c`, or `nil`.
  @inline(__always)
  func child(_ node: Int, _ c: UInt32) -> Int? {
    if c < 128, node <= asciiRootChildren {
      let r = asciiChildren[node &* 128 &+ Int(c)]
      return r >= 0 ? Int(r) : nil
    }
    var low = Int(UInt32(littleEndian: nodes[2 * node]))
    var high = Int(UInt32(littleEndian: nodes[2 * node + 2]))
    // Narrow to a short range that still holds `c` if present, then scan it.
    while high - low > 8 {
      let middle = (low + high) / 2
      if UInt32(littleEndian: nodes[2 * middle + 1]) & Self.scalarMask < c {
        low = middle + 1
      } else {
        high = middle + 1
      }
    }
    while low < high {
      let s = UInt32(littleEndian: nodes[2 * low + 1]) & Self.scalarMask
      if s == c { return low }
      if s > c { return nil }
      low += 1
    }
    return nil
  }

  /// The rank of the word ending at `node`, or 0. The node's own entry says whether a word
  /// ends there (read with its scalar a step ago), so the column is read only when one does.
  @inline(__always)
  func rank(_ node: Int) -> Int {
    guard UInt32(littleEndian: nodes[2 * node + 1]) & wordBit != 0 else { return 0 }
    return Int(UInt32(littleEndian: values[node]) >> 3)
  }

  /// Whether the node's entry says a word ends there, and the column's value at the node
  /// (for the test that checks the two agree: the loader does not, see ``Layout``).
  func wordEnd(_ node: Int) -> (flagged: Bool, value: UInt32) {
    (UInt32(littleEndian: nodes[2 * node + 1]) & wordBit != 0, UInt32(littleEndian: values[node]))
  }

  /// The list the word ending at `node` came from (a ``WordSource`` raw value).
  @inline(__always)
  func source(_ node: Int) -> UInt8 { UInt8(UInt32(littleEndian: values[node]) & 7) }

  /// The rank of a whole word, or 0.
  func rank(of word: some Sequence<UInt32>) -> Int {
    var node = Self.root
    for c in word {
      guard let next = child(node, c) else { return 0 }
      node = next
    }
    return rank(node)
  }

  /// Every word in the trie with its rank and source, in no particular order (for tests).
  func forEachWord(_ body: (_ word: [UInt32], _ rank: Int, _ source: UInt8) -> Void) {
    var word: [UInt32] = []
    func visit(_ node: Int) {
      if rank(node) > 0 { body(word, rank(node), source(node)) }
      for c in Int(UInt32(littleEndian: nodes[2 * node]))..<Int(UInt32(littleEndian: nodes[2 * node + 2])) {
        word.append(UInt32(littleEndian: nodes[2 * c + 1]) & Self.scalarMask)
        visit(c)
        word.removeLast()
      }
    }
    visit(Self.root)
  }

  /// Collects words (any order), then lays them out as a block.
  struct Builder {
    let columnCount: Int
    private var scalars: [UInt32] = [0]
    private var parents: [Int32] = [-1]
    /// Per node and column (node-major): the best rank so far, 0 for none, and its source.
    private var ranks: [Int32]
    private var sources: [UInt8]
    /// Open addressing: key `(parent << 32 | scalar) + 1` (0 is empty) → child.
    private var keys: [UInt64] = [UInt64](repeating: 0, count: 1024)
    private var values: [Int32] = [Int32](repeating: 0, count: 1024)

    /// - Parameter columns: how many rank columns (language sets) the words are sorted into.
    init(columns: Int = 1) {
      precondition(columns >= 1 && columns <= WordTrie.maxColumns)
      columnCount = columns
      ranks = [Int32](repeating: 0, count: columns)
      sources = [UInt8](repeating: 0, count: columns)
    }

    /// Adds a word to column 0.
    mutating func insert(_ word: some Sequence<UInt32>, rank: Int, source: UInt8) {
      insert(word, rank: rank, source: source, columns: [0])
    }

    /// Adds a word to `columns`; in each, a word already present keeps its better (lower)
    /// rank, and on a tie the source it was first added with.
    mutating func insert(_ word: some Sequence<UInt32>, rank: Int, source: UInt8, columns: [Int]) {
      var node: Int32 = 0
      for c in word { node = child(of: node, c) }
      guard node != 0, rank > 0 else { return }
      let r = Int32(clamping: min(rank, Int(Int32.max >> 3)))
      for column in columns {
        let k = Int(node) * columnCount + column
        if ranks[k] == 0 || r < ranks[k] {
          ranks[k] = r
          sources[k] = source
        }
      }
    }

    private mutating func child(of node: Int32, _ c: UInt32) -> Int32 {
      // The entry's high bits are the word-end flags: a scalar never reaches them.
      precondition(c <= WordTrie.scalarMask, "not a Unicode scalar value")
      let key = (UInt64(UInt32(bitPattern: node)) << 32 | UInt64(c)) &+ 1
      let mask = keys.count - 1
      var i = Self.slot(key) & mask
      while true {
        let k = keys[i]
        if k == key { return values[i] }
        if k == 0 { break }
        i = (i + 1) & mask
      }
      let new = Int32(scalars.count)
      scalars.append(c)
      parents.append(node)
      ranks += repeatElement(0, count: columnCount)
      sources += repeatElement(0, count: columnCount)
      keys[i] = key
      values[i] = new
      if scalars.count * 2 > keys.count { grow() }
      return new
    }

    @inline(__always)
    private static func slot(_ key: UInt64) -> Int {
      let parent = Int(truncatingIfNeeded: (key &- 1) >> 32)
      let scalar = Int(truncatingIfNeeded: (key &- 1) & 0xFFFF_FFFF)
      return parent &* 131 &+ scalar
    }

    private mutating func grow() {
      let oldKeys = keys
      let oldValues = values
      keys = [UInt64](repeating: 0, count: oldKeys.count * 2)
      values = [Int32](repeating: 0, count: oldKeys.count * 2)
      let mask = keys.count - 1
      for (k, v) in zip(oldKeys, oldValues) where k != 0 {
        var i = Self.slot(k) & mask
        while keys[i] != 0 { i = (i + 1) & mask }
        keys[i] = k
        values[i] = v
      }
    }

    /// The words as a block (see ``WordTrie``), its columns labelled `labels` (one per column).
    func build(labels: [UInt32]? = nil) -> [UInt8] {
      let labels = labels ?? [UInt32](repeating: 0, count: columnCount)
      precondition(labels.count == columnCount)
      let n = scalars.count
      // Children per node, sorted by scalar.
      var starts = [Int](repeating: 0, count: n + 1)
      for i in 1..<n { starts[Int(parents[i]) + 1] += 1 }
      for i in 0..<n { starts[i + 1] += starts[i] }
      var fill = starts
      var targets = [Int](repeating: 0, count: max(n - 1, 0))
      for i in 1..<n {
        let p = Int(parents[i])
        targets[fill[p]] = i
        fill[p] += 1
      }
      for node in 0..<n where starts[node + 1] - starts[node] > 1 {
        targets[starts[node]..<starts[node + 1]].sort { scalars[$0] < scalars[$1] }
      }
      // Breadth first: a node's children get consecutive numbers.
      var order = [0]
      order.reserveCapacity(n)
      var childStart = [Int32](repeating: 0, count: n + 1)
      var position = 0
      while position < order.count {
        let old = order[position]
        childStart[position] = Int32(order.count)
        order += targets[starts[old]..<starts[old + 1]]
        position += 1
      }
      childStart[n] = Int32(n)
      var rootASCII = [Int32](repeating: -1, count: 128)
      for new in Int(childStart[0])..<Int(childStart[1]) where scalars[order[new]] < 128 {
        rootASCII[Int(scalars[order[new]])] = Int32(new)
      }
      var out: [UInt8] = []
      out.reserveCapacity(8 + 4 * columnCount + 512 + (n + 1) * 4 + n * 4 * (1 + columnCount))
      func put(_ v: UInt32) {
        out.append(UInt8(truncatingIfNeeded: v))
        out.append(UInt8(truncatingIfNeeded: v >> 8))
        out.append(UInt8(truncatingIfNeeded: v >> 16))
        out.append(UInt8(truncatingIfNeeded: v >> 24))
      }
      put(UInt32(n))
      put(UInt32(columnCount))
      for label in labels { put(label) }
      for r in rootASCII { put(UInt32(bitPattern: r)) }
      for (new, start) in childStart.enumerated() {
        put(UInt32(bitPattern: start))
        guard new < n else {
          put(0)
          continue
        }
        let old = order[new]
        var entry = scalars[old]
        for column in 0..<columnCount where ranks[old * columnCount + column] > 0 {
          entry |= UInt32(1) << UInt32(WordTrie.scalarBits + column)
        }
        put(entry)
      }
      for column in 0..<columnCount {
        for old in order {
          let k = old * columnCount + column
          put(UInt32(ranks[k]) << 3 | UInt32(sources[k] & 7))
        }
      }
      return out
    }
  }
}
