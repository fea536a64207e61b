/// Ranked words in a trie with sorted, contiguous child lists, so the strength estimator
/// finds every dictionary word starting at a position in one walk instead of hashing
/// every substring.
final class WordTrie: Sendable {
  /// Node `n`'s children are `edgeScalar/edgeTarget[childStart[n] ..< childStart[n + 1]]`,
  /// sorted by scalar. Node 0 is the root.
  private let childStart: [Int32]
  private let edgeScalar: [UInt32]
  private let edgeTarget: [Int32]
  /// The word's rank (1 = most common) at a node that ends a word, else 0.
  private let ranks: [Int32]

  /// - Parameter words: words in rank order (the first is rank 1); a repeated word keeps its best rank.
  init(rankedWords words: [String], minimumLength: Int = 1) {
    var entries: [([UInt32], Int32)] = []
    entries.reserveCapacity(words.count)
    for (i, word) in words.enumerated() {
      let scalars = word.unicodeScalars.map(\.value)
      if scalars.count >= minimumLength { entries.append((scalars, Int32(i + 1))) }
    }
    entries.sort { a, b in a.0.lexicographicallyPrecedes(b.0) }

    // Sorted input builds the trie in preorder: each new node is the last child of the
    // node on top of the path, so children come out already sorted.
    var scalar: [UInt32] = [0]
    var rank: [Int32] = [0]
    var firstChild: [Int32] = [-1]
    var nextSibling: [Int32] = [-1]
    var lastChild: [Int32] = [-1]
    var path: [Int32] = [0]
    var previous: [UInt32] = []
    for (word, wordRank) in entries {
      var common = 0
      while common < word.count, common < previous.count, word[common] == previous[common] { common += 1 }
      path.removeSubrange((common + 1)...)
      for c in word[common...] {
        let parent = Int(path[path.count - 1])
        let node = Int32(scalar.count)
        scalar.append(c)
        rank.append(0)
        firstChild.append(-1)
        nextSibling.append(-1)
        lastChild.append(-1)
        if lastChild[parent] >= 0 { nextSibling[Int(lastChild[parent])] = node } else { firstChild[parent] = node }
        lastChild[parent] = node
        path.append(node)
      }
      let end = Int(path[path.count - 1])
      if rank[end] == 0 || wordRank < rank[end] { rank[end] = wordRank }
      previous = word
    }

    var starts: [Int32] = []
    var edgeScalar: [UInt32] = []
    var edgeTarget: [Int32] = []
    starts.reserveCapacity(scalar.count + 1)
    edgeScalar.reserveCapacity(scalar.count)
    edgeTarget.reserveCapacity(scalar.count)
    for node in 0..<scalar.count {
      starts.append(Int32(edgeScalar.count))
      var child = firstChild[node]
      while child >= 0 {
        edgeScalar.append(scalar[Int(child)])
        edgeTarget.append(child)
        child = nextSibling[Int(child)]
      }
    }
    starts.append(Int32(edgeScalar.count))
    self.childStart = starts
    self.edgeScalar = edgeScalar
    self.edgeTarget = edgeTarget
    self.ranks = rank
  }

  static let root = 0

  /// The child of `node` along `c`, or `nil`.
  @inline(__always)
  func child(_ node: Int, _ c: UInt32) -> Int? {
    var low = Int(childStart[node])
    var high = Int(childStart[node + 1])
    // Narrow to a short range that still holds `c` if present, then scan it.
    while high - low > 8 {
      let middle = (low + high) / 2
      if edgeScalar[middle] < c { low = middle + 1 } else { high = middle + 1 }
    }
    while low < high {
      if edgeScalar[low] == c { return Int(edgeTarget[low]) }
      if edgeScalar[low] > c { return nil }
      low += 1
    }
    return nil
  }

  /// The rank of the word ending at `node`, or 0.
  @inline(__always)
  func rank(_ node: Int) -> Int { Int(ranks[node]) }

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
}
