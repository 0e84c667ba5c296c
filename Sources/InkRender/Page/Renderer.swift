import InkCodec

/// Renders pages of WILL strokes to a canvas, PNG, SVG, PDF or outline polygons.
///
/// The stages are pure: spline (``CatmullRom``) → outline (``StrokeOutliner``) → coverage
/// (exact-area, non-zero) → composite (``Compositor``) → encode (``Canvas/serialized(level:)``,
/// ``SVGWriter``, ``PDFWriter``, ``OutlineJSONWriter``). The same input gives the same bytes on
/// every run.
public enum Renderer {
  /// The page rectangle in page units: where the output's top-left corner is and its size.
  public typealias Frame = PageFrame

  /// One stroke's outline, ready to fill: each part a fitted Bézier path.
  public typealias StrokeShape = StrokeParts<OutlinePath>

  /// One stroke's flattened outline polygons, ready to fill: each part closed polygons
  /// (non-zero rule).
  public typealias StrokePolygons = StrokeParts<[[InkPoint]]>

  /// The page's rectangle: its declared size, or the ink's bounding box plus the margin.
  /// - Parameters:
  ///   - page: The page.
  ///   - options: The options (for the default width).
  /// - Returns: The rectangle in page units; at least 1 × 1. Declared sizes and ink beyond
  ///   10^12 units are ignored.
  public static func frame(of page: RenderPage, options: RenderOptions = RenderOptions())
    -> Frame
  {
    PageFrame(fitting: page, defaultWidth: options.defaultWidth)
  }

  /// A budget for one render with `options`, once they are checked: options are plain
  /// values an app may fill with anything, so a bad one is an error here, never a trap.
  static func workBudget(for options: RenderOptions) throws(WillError) -> WorkBudget {
    guard options.scale > 0 && options.scale.isFinite else {
      throw WillError(.unsupported("render scale \(options.scale) (it must be positive)"))
    }
    guard options.tolerance > 0 && options.tolerance.isFinite else {
      throw WillError(.unsupported("render tolerance \(options.tolerance) (it must be positive)"))
    }
    return WorkBudget(limit: options.limits.maxWork)
  }
}
