/// How long a replay (`Renderer.renderReplay(_:timeline:options:replay:report:images:)`)
/// lasts, how many frames a second it shows, and the work all its frames may take together.
public struct ReplayOptions: Sendable, Hashable {
  /// The replay's length in seconds, within ``durations``: the timeline is stretched or
  /// squeezed to it.
  public var duration: Double
  /// Frames a second, within ``framesPerSecondRange``.
  public var framesPerSecond: Int
  /// The most work units the replay may take, every frame and the still render together
  /// (`willdoc render --max-total-render-work`); each frame stays within
  /// ``RenderLimits/maxWork`` too.
  public var maxTotalWork: Int
  /// How many times the animation plays; 0 loops forever.
  public var plays: UInt32 = 1

  /// The lengths a replay may have: 0.1 to 600 seconds.
  public static let durations = 0.1...600.0
  /// The frame rates a replay may have: 1 to 60 a second.
  public static let framesPerSecondRange = 1...60

  /// Creates options.
  /// - Parameters:
  ///   - duration: The length in seconds.
  ///   - framesPerSecond: Frames a second.
  ///   - maxTotalWork: The most work units for the whole replay.
  public init(duration: Double, framesPerSecond: Int, maxTotalWork: Int = 1 << 31) {
    self.duration = duration
    self.framesPerSecond = framesPerSecond
    self.maxTotalWork = maxTotalWork
  }

  /// The number of frames: `duration × framesPerSecond`, rounded, at least 1.
  public var frameCount: Int {
    guard duration.isFinite, duration > 0 else { return 1 }
    return max(1, Int((min(duration, 1e6) * Double(framesPerSecond)).rounded()))
  }

  /// Frame `k`'s delay (1-based) in milliseconds: the frames end at whole milliseconds
  /// nearest `k × duration / frameCount`, so the delays add up to the duration.
  func delay(ofFrame k: Int) -> UInt16 {
    let total = (duration * 1000).rounded()
    let n = Double(frameCount)
    let end = (total * Double(k) / n).rounded()
    let start = (total * Double(k - 1) / n).rounded()
    return UInt16(clamping: Int(end - start))
  }
}
