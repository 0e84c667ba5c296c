/// What ``UIMDocument/init(salvaging:limits:report:)`` found and kept.
public struct UIMSalvageReport: Sendable, Hashable, Codable {
  /// Whether the file read whole, as ``UIMDocument/init(parsing:limits:)`` reads it.
  public var wasIntact = true
  /// The strokes kept that the output shows: those its main ink tree reaches (the strokes
  /// Wacom's `UIMParser` lists) whose style is not fully transparent. Strokes kept but not
  /// shown are named in ``notes``.
  public var recoveredStrokes = 0
  /// The strokes given ``defaultStyle`` because their style tables were lost.
  public var defaultStyleStrokes = 0
  /// Chunks kept in part, each with what happened (`INKD: cut at stroke 17 (…)`).
  public var damagedChunks: [String] = []
  /// Chunks dropped whole, each with why.
  public var lostChunks: [String] = []
  /// Other changes (trees or style references dropped because what they name is gone).
  public var notes: [String] = []

  /// Creates an empty report.
  public init() {}

  /// The style a salvaged stroke without one is drawn with.
  public struct DefaultStyle: Sendable, Hashable, CustomStringConvertible {
    /// The colour: opaque black.
    public let color = InkColor(rgba: 0x0000_00FF)
    /// The path point size.
    public let size: Float = 1
    /// The brush URI: a round vector brush salvage adds to the brushes when it is missing.
    public let brush = "app://willdoc/salvage/vector-brush/Circle"

    /// `willdoc's salvage style (opaque black, size 1, brush app://…/Circle)`.
    public var description: String {
      "willdoc's salvage style (opaque black, size \(Int(size)), "
        + "brush \(brush))"
    }
  }

  /// The style strokes whose style tables are lost are given.
  public static let defaultStyle = DefaultStyle()
}
