/// Ranked words in a trie, so the strength estimator finds every dictionary word that
/// starts at a position in one walk instead of hashing every substring.
///
/// Built either by insertion in any order (``Builder/insert(_:rank:source:)``: a hash table of
/// (node, scalar) edges finds or adds each step) or from words in sorted order
/// (``Builder/appendSorted(_:shared:rank:source:)``: no hashing, each word adds only the nodes
/// past the prefix it shares with the previous one — how the shipped lists load from
/// `words.bin`). Either way the edges are then laid out contiguously per node, sorted by
/// scalar, for lookups that stay in a few cache lines. The root's ASCII children are a
/// direct table.
final class WordTrie: Sendable {
  /// Node `n`'s children are `edgeScalar/edgeTarget[childStart[n] ..< childStart[n + 1]]`.
  private let childStart: [Int32]
  private let edgeScalar: [UInt32]
  private let edgeTarget: [Int32]
  /// The best rank of a word ending at a node (1 = most common), else 0.
  private let ranks: [Int32]
  /// Which list the best-ranked word at a node came from (a ``WordSource`` raw value).
  private let sources: [UInt8]
  private let rootASCII: [Int32]

  /// Collects words, then freezes into a ``WordTrie``.
  struct Builder {
    private var scalars: [UInt32] = [0]
    private var parents: [Int32] = [-1]
    private var ranks: [Int32] = [0]
    private var sources: [UInt8] = [0]
    /// Open addressing: key `(parent << 32 | scalar) + 1` (0 is empty) → child.
    private var keys: [UInt64]
    private var values: [Int32]
    /// Sorted input: the nodes along the previous word's prefix that exist (`path[0]` is the root).
    private var path: [Int32] = [0]

    /// - Parameters:
    ///   - capacity: the nodes to reserve room for.
    ///   - sorted: filled by ``appendSorted(_:shared:rank:source:)``, which needs no hash table.
    init(capacity: Int = 0, sorted: Bool = false) {
      var size = 1024
      while !sorted, size < capacity * 2 { size *= 2 }
      keys = [UInt64](repeating: 0, count: size)
      values = [Int32](repeating: 0, count: size)
      scalars.reserveCapacity(capacity)
      parents.reserveCapacity(capacity)
      ranks.reserveCapacity(capacity)
      sources.reserveCapacity(capacity)
    }

    /// Adds a word; a word already present keeps its better (lower) rank.
    mutating func insert(_ word: some Sequence<UInt32>, rank: Int, source: UInt8) {
      var node: Int32 = 0
      for c in word { node = child(of: node, c) }
      guard node != 0 else { return }
      let r = Int32(clamping: rank)
      let n = Int(node)
      if ranks[n] == 0 || r < ranks[n] {
        ranks[n] = r
        sources[n] = source
      }
    }

    /// Adds a word given in sorted order (by scalar values, the order of their UTF-8 bytes)
    /// that shares its first `shared` scalars with the previous word of the stream, whether
    /// that one was appended or skipped (``skipSorted(shared:)``). A word equal to the
    /// previous one keeps the better rank, the earlier source on a tie, as ``insert(_:rank:source:)``
    /// does. A builder is filled one way only: sorted words, or ``insert(_:rank:source:)``.
    mutating func appendSorted(_ word: [UInt32], shared: Int, rank: Int, source: UInt8) {
      // Nodes exist for the prefix this word shares with the last appended one (the sorted
      // order makes that the smaller of `shared` and what is left of `path`); every other
      // scalar is a new child, greater than its siblings, so the order stays sorted.
      let keep = min(shared, path.count - 1)
      path.removeLast(path.count - 1 - keep)
      for c in word[keep...] {
        let new = Int32(scalars.count)
        scalars.append(c)
        parents.append(path[path.count - 1])
        ranks.append(0)
        sources.append(0)
        path.append(new)
      }
      let n = Int(path[word.count])
      guard n != 0 else { return }
      let r = Int32(clamping: rank)
      if ranks[n] == 0 || r < ranks[n] {
        ranks[n] = r
        sources[n] = source
      }
    }

    /// Passes over a word of the sorted stream that is not added (a list of a language not
    /// loaded), which shares its first `shared` scalars with the previous one.
    mutating func skipSorted(shared: Int) {
      if shared + 1 < path.count { path.removeLast(path.count - 1 - shared) }
    }

    private mutating func child(of node: Int32, _ c: UInt32) -> Int32 {
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
      ranks.append(0)
      sources.append(0)
      keys[i] = key
      values[i] = new
      if scalars.count * 2 > keys.count { grow() }
      return new
    }

    /// A node's children sit next to each other and next to those of the nodes created
    /// just before it (the rest of the same word), so most steps stay in cache: the slot
    /// is the parent × 131 + the scalar, not a scrambled hash.
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

    func build() -> WordTrie {
      let n = scalars.count
      var starts = [Int32](repeating: 0, count: n + 1)
      for i in 1..<n { starts[Int(parents[i]) + 1] += 1 }
      for i in 0..<n { starts[i + 1] += starts[i] }
      var fill = starts
      var targets = [Int32](repeating: 0, count: max(n - 1, 0))
      for i in 1..<n {
        let p = Int(parents[i])
        targets[Int(fill[p])] = Int32(i)
        fill[p] += 1
      }
      // Children in scalar order (most lists are short: insertion sort).
      for node in 0..<n {
        let lo = Int(starts[node])
        let hi = Int(starts[node + 1])
        guard hi - lo > 1 else { continue }
        for x in (lo + 1)..<hi {
          let t = targets[x]
          let v = scalars[Int(t)]
          var y = x
          while y > lo, scalars[Int(targets[y - 1])] > v {
            targets[y] = targets[y - 1]
            y -= 1
          }
          targets[y] = t
        }
      }
      let edgeScalars = targets.map { scalars[Int($0)] }
      var rootASCII = [Int32](repeating: -1, count: 128)
      for e in Int(starts[0])..<Int(starts[1]) where edgeScalars[e] < 128 {
        rootASCII[Int(edgeScalars[e])] = targets[e]
      }
      return WordTrie(
        childStart: starts, edgeScalar: edgeScalars, edgeTarget: targets, ranks: ranks, sources: sources,
        rootASCII: rootASCII)
    }
  }

  private init(
    childStart: [Int32], edgeScalar: [UInt32], edgeTarget: [Int32], ranks: [Int32], sources: [UInt8],
    rootASCII: [Int32]
  ) {
    self.childStart = childStart
    self.edgeScalar = edgeScalar
    self.edgeTarget = edgeTarget
    self.ranks = ranks
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
    self.init(
      childStart: built.childStart, edgeScalar: built.edgeScalar, edgeTarget: built.edgeTarget, ranks: built.ranks,
      sources: built.sources, rootASCII: built.rootASCII)
  }

  static let root = 0

  /// The child of `node` along `c`, or `nil`.
  @inline(__always)
  func child(_ node: Int, _ c: UInt32) -> Int? {
    if node == 0, c < 128 {
      let r = rootASCII[Int(c)]
      return r >= 0 ? Int(r) : nil
    }
    var low = Int(childStart[node])
    var high = Int(childStart[node + 1])
    // Narrow to a short range that still holds `c` if present, then scan it.
    while high - low > 8 {
      let middle = (low + high) / 2
      if edgeScalar[middle] < c { low = middle + 1 } else { high = middle + 1 }
    }
    while low < high {
      let s = edgeScalar[low]
      if s == c { return Int(edgeTarget[low]) }
      if s > c { return nil }
      low += 1
    }
    return nil
  }

  /// The rank of the word ending at `node`, or 0.
  @inline(__always)
  func rank(_ node: Int) -> Int { Int(ranks[node]) }

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

  var nodeCount: Int { ranks.count }

  /// Bytes held by the trie's arrays.
  var byteCount: Int { ranks.count * 9 + edgeScalar.count * 8 + rootASCII.count * 4 }
}
