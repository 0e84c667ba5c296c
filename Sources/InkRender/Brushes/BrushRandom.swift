/// The brushes' random numbers: SplitMix64 (Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators", 2014), fully specified so that the same seed draws the
/// same particles and hairs on every platform and every run.
struct BrushRandom: Sendable, Hashable {
  private var state: UInt64

  /// Creates a generator; every seed, 0 included, gives a good sequence.
  init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  @inline(__always)
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in 0..<1 with 53 random bits.
  @inline(__always)
  mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// A uniform value in −1..<1.
  @inline(__always)
  mutating func signedUnit() -> Double { unit() * 2 - 1 }
}
