/// What ``UIMDocument/init(salvaging:limits:report:)`` found and kept.
public struct UIMSalvageReport: Sendable, Hashable, Codable {
  /// Whether the file read whole, as ``UIMDocument/init(parsing:limits:)`` reads it.
  public var wasIntact = true
  /// The strokes kept.
  public var recoveredStrokes = 0
  /// Chunks kept in part, each with what happened (`INKD: cut at stroke 17 (…)`).
  public var damagedChunks: [String] = []
  /// Chunks dropped whole, each with why.
  public var lostChunks: [String] = []
  /// Other changes (trees or style references dropped because what they name is gone).
  public var notes: [String] = []

  /// Creates an empty report.
  public init() {}
}
