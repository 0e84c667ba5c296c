import InkSynthesis

/// The tests' seeded generator: InkSynthesis's SplitMix64, so a failure replays from
/// its seed on every platform.
public typealias SeededRandom = SampleRandom
