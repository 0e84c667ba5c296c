import InkCodec

/// The running count of a page's work against ``RenderLimits/maxWork``, shared by every stage
/// of one render.
///
/// Hot loops cannot throw cheaply, so they charge the budget and stop when ``charge(_:)``
/// says it is spent; the renderer calls ``check()`` between strokes and throws the error.
/// An allocation that failed is recorded the same way.
final class WorkBudget {
  // What each kind of work is charged, in units of about one nanosecond of a release build
  // (one pixel of coverage composited); measured in docs/render-budget.md.

  /// A pixel of coverage composited onto the canvas or a stroke's mask.
  static let pixelCost = 1
  /// A piece of an outline edge inside one row of the canvas.
  static let pieceCost = 8
  /// A row a sweep visits (its pieces are ordered and clustered): thin shapes such as hairs
  /// cost more per row than their pieces and pixels.
  static let rowCost = 32
  /// A piece of a cluster band, or a winding step walked, in rows where pieces of one
  /// outline overlap (their cost grows with the square of the overlap).
  static let sweepCost = 24
  /// A texture sample of a particle (n × n per pixel it covers).
  static let sampleCost = 8
  /// A vertex of a brush shape placed along a UIM stroke and taken into the convex hull of
  /// two consecutive shapes (``ShapedStroke``).
  static let shapeVertexCost = 64
  /// A step of a flattened centre line, or a vertex or curve of an outline: its edges, their
  /// pieces, and the memory they hold.
  static let stepCost = 128
  /// A texel of a paint's texture, decoded (once per render) with its mipmaps.
  static let texelCost = 16
  /// A particle placed or a tuft of hairs, besides the pixels it covers.
  static let stampCost = 128
  /// A Bézier segment of a stroke's spline, built before it is clipped, or a piece a far-off
  /// segment is halved into: 128 bytes held until the stroke is drawn. Charged for the memory
  /// (2^30 units hold at most a million segments), before the segments are built.
  static let segmentCost = 1_024
  /// An element of a vector outline kept for SVG or outline JSON (a curve or a polygon
  /// vertex): what the document will hold in memory and text, 2^30 units at most a million.
  static let vectorElementCost = 1_024
  /// A pixel of the canvas: clearing the ink layer, laying it over the page and its PNG
  /// encoding, once per page, so that
  /// many pages cost what their pixels cost.
  static let canvasPixelCost = 16
  /// A pixel of a replay frame: copied from the canvas of ended strokes, laid over the page
  /// when the page has a layer, and compared with the frame before (the changed rectangle is
  /// charged ``canvasPixelCost`` a pixel besides, for its encoding).
  static let framePixelCost = 4
  /// A section image drawn by one element (placed, or written as a reference to the page's
  /// one copy of its payload), besides the pixels it covers.
  static let imageReferenceCost = 1_024
  /// An 8 × 8 block of one component in one scan of a JPEG: a progressive decoder walks
  /// every block of every scan, even a scan that holds no data.
  static let scanBlockCost = 16
  /// A byte of an image embedded in an SVG page: encoded as base64 text, copied into the
  /// document and written to its file (4/3 bytes of it), once per page that shows it.
  static let embeddedByteCost = 32
  /// A pixel of an image split into colour and alpha for a PDF.
  static let splitPixelCost = 4
  /// A byte deflated (level 1) for a PDF image stream, besides what it produces.
  static let deflatedByteCost = 4
  /// A byte a deflate stream produces: data that does not compress takes about 50 ns a
  /// byte to deflate, data that does about 4.
  static let deflateOutputByteCost = 48
  /// A point of a Bézier fitting attempt (SVG and PDF outlines): its parameter, the curve and
  /// its error there, and a Newton step, a few evaluations of the curve each.
  static let fitPointCost = 128
  /// An edge of the polygons a union merges: snapped, sorted, numbered and cut into pieces.
  static let unionEdgeCost = 128
  /// A cell of the union's grid, or an edge's entry in one, made or walked.
  static let gridCellCost = 8
  /// A pair of edges sharing a cell of the union's grid, tested for a crossing.
  static let edgePairCost = 16
  /// A cut of an edge where another crosses or touches it: numbered, sorted along the edge,
  /// merged with the cuts at its point, and made a piece whose side is classified (a
  /// self-intersecting scribble has many times more cuts than edges).
  static let cutCost = 512
  /// A cell or an edge a ray crosses, counting the ink beside a piece of the union.
  static let rayStepCost = 16
  /// An edge of the union linked into a loop (its turn from the incoming edge is compared
  /// with the other edges leaving the point).
  static let linkCost = 256
  /// A hair: a polygon of its own, rasterised and laid over the mask, besides its pixels.
  static let hairCost = 256

  let limit: Int
  private(set) var used = 0
  private(set) var failure: WillError?

  init(limit: Int) { self.limit = max(limit, 0) }

  /// A budget that never runs out, for entry points that draw what the caller already holds.
  static func unlimited() -> WorkBudget { WorkBudget(limit: .max) }

  /// Whether drawing must stop.
  var isSpent: Bool { failure != nil }

  /// Adds `units` of work; returns `false` (and records the error) when that exceeds the
  /// limit, so the caller stops before doing it.
  @discardableResult
  func charge(_ units: Int) -> Bool {
    guard failure == nil else { return false }
    let (sum, overflow) = used.addingReportingOverflow(max(units, 0))
    used = overflow ? .max : sum
    if used > limit {
      failure = WillError(.renderLimitExceeded(.work, value: used, limit: limit))
      return false
    }
    return true
  }

  /// Records that `bytes` could not be allocated.
  func allocationFailed(bytes: Int) {
    record(WillError(.allocationFailed(bytes: bytes)))
  }

  /// Records an error found where it could not be thrown; the first one wins.
  func record(_ error: WillError) {
    if failure == nil { failure = error }
  }

  /// Throws the first limit or allocation error.
  func check() throws(WillError) {
    if let failure { throw failure }
  }
}
