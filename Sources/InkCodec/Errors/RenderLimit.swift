/// The name of one bound on rendering work, as reported in
/// ``WillErrorKind/renderLimitExceeded(_:value:limit:)``.
///
/// The bounds themselves are InkRender's `RenderLimits`; the names live here so that every
/// failure of the toolkit stays one ``WillError``.
public enum RenderLimit: String, Sendable, Hashable, Codable, CaseIterable {
  /// The work of drawing a page: segments flattened, pixels covered, particles and hairs
  /// stamped.
  case work = "render work"
  /// The work of every page one command draws, together (`willdoc render` with several
  /// sections): each page spends from what the pages before it left.
  case totalWork = "render work of all pages"
  /// The pixels of one canvas (width × height), checked before the canvas is allocated.
  case canvasPixels = "canvas pixels"
  /// The scans of one JPEG image: a decoder walks every block of every scan, even an empty
  /// one, so a progressive file of a thousand scans takes a thousand passes. An image over
  /// the limit is not drawn.
  case imageScans = "JPEG scans"
}
