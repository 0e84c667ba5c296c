/// Where a pointer event falls in a stroke: the touch goes down, moves, and lifts.
public enum InputPhase: Sendable, Hashable, Codable {
  /// The pen or finger touched down: the first point of a stroke.
  case begin
  /// The pointer moved while down.
  case move
  /// The pointer lifted: the last point of a stroke.
  case end
}
