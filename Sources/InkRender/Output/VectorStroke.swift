import InkCodec

/// One stroke ready for a vector writer: its colour, mode and the path data of each part of
/// constant opacity, in page units relative to the frame's corner.
struct VectorStroke: Sendable, Hashable {
  /// One part of the stroke.
  struct Piece: Sendable, Hashable {
    /// The part's opacity, 0…1.
    var alpha: Double
    /// The path: an outline to fill (non-zero), or a centre line to stroke.
    var path: OutlinePath
  }

  var layer: Int
  var color: InkColor
  var blendMode: BlendMode
  var pieces: [Piece]
  /// The width to stroke ``Piece/path`` with; `nil` when it is an outline to fill.
  var strokeWidth: Double?
}
