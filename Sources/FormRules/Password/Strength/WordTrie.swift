/// Ranked words in a trie, so the strength estimator finds every dictionary word that
/// starts at a position in one walk instead of hashing every substring.
///
/// Built by insertion in list order, with no sort: a quarter of a million words load in
/// a few milliseconds (the `validate` start-up budget). A node's children are a linked
/// list in first-insertion order, which is frequency order, so the common branches are
/// found first; the root's ASCII children are a direct table.
final class WordTrie: Sendable {
  struct Node {
    var scalar: UInt32
    var firstChild: Int32
    var nextSibling: Int32
    /// The best rank of a word ending here (1 = most common), else 0.
    var rank: Int32
  }

  private let nodes: [Node]
  /// Which list the best-ranked word at a node came from (a ``WordSource`` raw value).
  private let sources: [UInt8]
  private let rootASCII: [Int32]

  /// Collects words, then freezes into a ``WordTrie``.
  struct Builder {
    var nodes: [Node] = [Node(scalar: 0, firstChild: -1, nextSibling: -1, rank: 0)]
    var sources: [UInt8] = [0]
    var rootASCII = [Int32](repeating: -1, count: 128)

    init(capacity: Int = 0) {
      nodes.reserveCapacity(capacity)
      sources.reserveCapacity(capacity)
    }

    /// Adds a word; a word already present keeps its better (lower) rank.
    mutating func insert(_ word: some Sequence<UInt32>, rank: Int, source: UInt8) {
      var node = 0
      for c in word {
        node = child(of: node, c)
      }
      guard node != 0 else { return }
      let r = Int32(clamping: rank)
      if nodes[node].rank == 0 || r < nodes[node].rank {
        nodes[node].rank = r
        sources[node] = source
      }
    }

    private mutating func child(of node: Int, _ c: UInt32) -> Int {
      if node == 0, c < 128, rootASCII[Int(c)] >= 0 { return Int(rootASCII[Int(c)]) }
      var child = nodes[node].firstChild
      var last: Int32 = -1
      while child >= 0 {
        if nodes[Int(child)].scalar == c { return Int(child) }
        last = child
        child = nodes[Int(child)].nextSibling
      }
      let new = Int32(nodes.count)
      nodes.append(Node(scalar: c, firstChild: -1, nextSibling: -1, rank: 0))
      sources.append(0)
      if last >= 0 { nodes[Int(last)].nextSibling = new } else { nodes[node].firstChild = new }
      if node == 0, c < 128 { rootASCII[Int(c)] = new }
      return Int(new)
    }

    func build() -> WordTrie { WordTrie(nodes: nodes, sources: sources, rootASCII: rootASCII) }
  }

  private init(nodes: [Node], sources: [UInt8], rootASCII: [Int32]) {
    self.nodes = nodes
    self.sources = sources
    self.rootASCII = rootASCII
  }

  /// - Parameter words: words in rank order (the first is rank 1); a repeated word keeps its best rank.
  convenience init(rankedWords words: [String], minimumLength: Int = 1, source: UInt8 = 0) {
    var builder = Builder()
    for (i, word) in words.enumerated() where word.unicodeScalars.count >= minimumLength {
      builder.insert(word.unicodeScalars.lazy.map(\.value), rank: i + 1, source: source)
    }
    let built = builder.build()
    self.init(nodes: built.nodes, sources: built.sources, rootASCII: built.rootASCII)
  }

  static let root = 0

  /// The child of `node` along `c`, or `nil`.
  @inline(__always)
  func child(_ node: Int, _ c: UInt32) -> Int? {
    if node == 0, c < 128 {
      let r = rootASCII[Int(c)]
      return r >= 0 ? Int(r) : nil
    }
    var child = nodes[node].firstChild
    while child >= 0 {
      let n = nodes[Int(child)]
      if n.scalar == c { return Int(child) }
      child = n.nextSibling
    }
    return nil
  }

  /// The rank of the word ending at `node`, or 0.
  @inline(__always)
  func rank(_ node: Int) -> Int { Int(nodes[node].rank) }

  /// The list the word ending at `node` came from (a ``WordSource`` raw value).
  @inline(__always)
  func source(_ node: Int) -> UInt8 { sources[node] }

  /// The rank of a whole word, or 0.
  func rank(of word: some Sequence<UInt32>) -> Int {
    var node = Self.root
    for c in word {
      guard let next = child(node, c) else { return 0 }
      node = next
    }
    return rank(node)
  }

  var nodeCount: Int { nodes.count }

  /// Bytes held by the trie's arrays.
  var byteCount: Int { nodes.count * MemoryLayout<Node>.stride + sources.count + rootASCII.count * 4 }
}
