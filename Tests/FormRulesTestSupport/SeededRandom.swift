/// A small deterministic generator (SplitMix64): the same seed gives the same sequence on every
/// machine and run, so a failure found with generated input can be replayed from its seed.
///
/// ```swift
/// var random = SeededRandom(seed: 0x5EED)
/// let word = random.pick(["a", "b"])
/// let n = Int.random(in: 0..<10, using: &random)
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// One of `items` (not empty), by the next number modulo their count.
  public mutating func pick<T>(_ items: [T]) -> T {
    items[Int(next() % UInt64(items.count))]
  }

  /// `true` once in `odds` draws, on average.
  public mutating func oneIn(_ odds: UInt64) -> Bool { next() % odds == 0 }
}
