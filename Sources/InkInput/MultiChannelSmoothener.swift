/// Exponential smoothing of several channels at once (x, y, width, …), like the WILL SDK's
/// `WCMMultiChannelSmoothener`: each new sample moves the smoothed values a fixed fraction of
/// the way towards it, which removes digitiser jitter at the cost of a little lag.
///
/// At the end of a stroke, ``reachFinalValues(_:)`` returns the extra samples that carry the
/// smoothed values to the last input exactly, so a stroke ends where the pen lifted.
///
/// ```swift
/// var smoothener = MultiChannelSmoothener(channels: 2, factor: 0.5)
/// let first = smoothener.smooth([0, 0])        // [0, 0]: the first sample starts the state
/// let next = smoothener.smooth([10, 0])        // [5, 0]
/// let tail = smoothener.reachFinalValues([10, 0])  // ends with exactly [10, 0]
/// ```
public struct MultiChannelSmoothener: Sendable, Hashable {
  /// How many channels each sample has.
  public let channels: Int
  /// The fraction of the way towards each new sample the state moves, in (0, 1]; 1 is no
  /// smoothing.
  public let factor: Double
  /// How close to the final values ``reachFinalValues(_:)`` gets before it snaps to them.
  public let tolerance: Double
  private var state: [Double] = []

  /// Creates a smoothener.
  /// - Precondition: `channels` ≥ 1, `factor` in (0, 1], `tolerance` > 0.
  public init(channels: Int, factor: Double = 0.5, tolerance: Double = 0.05) {
    precondition(channels >= 1, "a smoothener needs at least one channel")
    precondition(factor > 0 && factor <= 1, "the smoothing factor must be in (0, 1]")
    precondition(tolerance > 0, "the tolerance must be positive")
    self.channels = channels
    self.factor = factor
    self.tolerance = tolerance
  }

  /// Whether a sample has been smoothed since the last reset.
  public var isStarted: Bool { !state.isEmpty }

  /// Forgets the state: the next sample starts a new stroke unchanged.
  public mutating func reset() { state = [] }

  /// Smooths one sample and returns the smoothed values.
  /// - Precondition: `values.count == channels`.
  public mutating func smooth(_ values: [Double]) -> [Double] {
    precondition(values.count == channels, "expected \(channels) channel values")
    if state.isEmpty {
      state = values
    } else {
      for index in 0..<channels { state[index] += factor * (values[index] - state[index]) }
    }
    return state
  }

  /// The samples that carry the state to `finals`: smoothed steps until every channel is
  /// within ``tolerance`` (relative to the distance left at the start, at most 64 steps), then
  /// `finals` itself. Empty when the state is already there.
  /// - Precondition: `finals.count == channels`.
  public mutating func reachFinalValues(_ finals: [Double]) -> [[Double]] {
    precondition(finals.count == channels, "expected \(channels) channel values")
    guard !state.isEmpty else {
      state = finals
      return [finals]
    }
    if state == finals { return [] }
    var samples: [[Double]] = []
    for _ in 0..<64 {
      let remaining = zip(state, finals).map { abs($0 - $1) }.max() ?? 0
      if remaining <= tolerance { break }
      samples.append(smooth(finals))
    }
    state = finals
    samples.append(finals)
    return samples
  }
}
