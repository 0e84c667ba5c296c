import SampleGenerator

/// The tests' seeded generator: the sample generator's SplitMix64, so a failure replays from
/// its seed on every platform.
public typealias SeededRandom = SampleRandom
