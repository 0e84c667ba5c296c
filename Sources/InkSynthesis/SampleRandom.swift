/// SplitMix64: a small, fully specified generator, so the same seed gives the same samples
/// on every platform and Swift version (the standard library's `random(in:using:)` is not
/// specified to stay stable).
public struct SampleRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator from a seed.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in `0 ..< 1` with 53 random bits.
  public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// A uniform value in `lower ..< upper`.
  public mutating func uniform(_ lower: Double, _ upper: Double) -> Double {
    lower + (upper - lower) * unit()
  }

  /// A uniform integer in `0 ..< bound`.
  public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
