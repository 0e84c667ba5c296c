/// Which rectangle a page with a declared size is drawn on.
public enum PageFit: String, Sendable, Hashable, CaseIterable {
  /// The declared page: ink outside it is cropped (see ``RenderPage/inkOutsidePage()``).
  case page
  /// The bounding box of the ink, pen widths included, plus ``RenderPage/margin``: nothing
  /// is cropped, and the page's own size is ignored.
  case ink
}
