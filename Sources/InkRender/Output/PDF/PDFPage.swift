/// One page of a PDF document, built by ``Renderer/renderPDFPage(_:options:report:images:)`` and
/// written with others by ``PDFWriter/document(_:outline:)``.
///
/// Its objects refer to one another by index within the page; the writer numbers them.
public struct PDFPage: Sendable, Hashable {
  /// The page width in points.
  public var width: Double
  /// The page height in points.
  public var height: Double
  /// The page's objects; the first is the `/Page` dictionary.
  var objects: [PDFObject]
}
