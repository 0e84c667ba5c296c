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

extension VectorStroke {
  /// Whether the stroke is drawn through an alpha mask: its opacity varies, so it has several
  /// pieces, which overlap where they meet (and where the stroke crosses itself).
  ///
  /// The PNG painter combines such a stroke's pieces in a mask by their maximum and
  /// composites that mask once with the opaque colour: the stroke is one layer, its own
  /// overlaps do not darken it. Vector writers draw every piece in one path (their union,
  /// whose edge is anti-aliased once) through a mask holding the pieces opaque in grey (the
  /// grey is the alpha), widened past that edge by ``maskWidening`` and drawn in
  /// ``piecesByAlpha`` order: where pieces overlap the largest alpha shows, not their sum.
  var isAlphaMasked: Bool { pieces.count > 1 }

  /// How far, in page units, the pieces in a stroke's alpha mask are widened (the width of
  /// the line drawn round them): past the anti-aliased edge of the stroke's outline, so that
  /// the edge is the outline's alone and pieces that meet there do not add up.
  static let maskWidening = 2.0

  /// The pieces in the order a stroke's alpha mask draws them, each over the ones before it:
  /// by alpha, the least first (ties in stroke order), so that where pieces overlap the mask
  /// holds the largest alpha, as the PNG painter's maximum does.
  var piecesByAlpha: [Piece] {
    pieces.enumerated().sorted { ($0.element.alpha, $0.offset) < ($1.element.alpha, $1.offset) }
      .map(\.element)
  }

  /// The box of every piece's ink, widened by `margin` (anti-aliasing) and cut to the page
  /// box `0…width × 0…height`; `nil` when nothing of it is on the page.
  func inkBox(width: Double, height: Double, margin: Double) -> InkBounds? {
    var box: InkBounds?
    for piece in pieces {
      guard let b = piece.path.bounds else { continue }
      box =
        box.map {
          InkBounds(
            minX: min($0.minX, b.minX), minY: min($0.minY, b.minY), maxX: max($0.maxX, b.maxX),
            maxY: max($0.maxY, b.maxY))
        } ?? b
    }
    guard let b = box else { return nil }
    let pad = margin + (strokeWidth.map { $0.isFinite ? max($0, 0) / 2 : 0 } ?? 0)
    let result = InkBounds(
      minX: max(b.minX - pad, 0), minY: max(b.minY - pad, 0), maxX: min(b.maxX + pad, width),
      maxY: min(b.maxY + pad, height))
    guard result.minX < result.maxX, result.minY < result.maxY else { return nil }
    return result
  }
}
