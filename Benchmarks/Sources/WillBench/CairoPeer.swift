import CCairo
import InkCodec
import InkRender

/// cairo filling the same outline polygons as InkRender, on a surface of the same size:
/// the page's background, one fill per stroke part with the stroke's colour and the part's
/// opacity, non-zero winding, default antialiasing.
enum CairoPeer {
  /// Fills `strokes` and returns the surface's pixels (premultiplied BGRA, as cairo stores
  /// ARGB32 on little-endian machines), row by row without padding. The timed runs pass
  /// `copyingPixels: false`, so cairo is not charged for a copy InkRender does not make.
  static func fill(
    _ strokes: [Renderer.StrokePolygons], width: Int, height: Int, background: InkColor?,
    copyingPixels: Bool = true
  ) -> [UInt8] {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)
    defer { cairo_destroy(cr) }
    // The page's background, as InkRender's canvas starts with it (a new surface is clear).
    if let b = background {
      cairo_set_source_rgba(
        cr, Double(b.red) / 255, Double(b.green) / 255, Double(b.blue) / 255,
        Double(b.alpha) / 255)
      cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
      cairo_paint(cr)
      cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    for stroke in strokes {
      let c = stroke.color
      for part in stroke.parts {
        cairo_set_source_rgba(
          cr, Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255, part.alpha)
        cairo_new_path(cr)
        for polygon in part.polygons {
          guard let first = polygon.first else { continue }
          cairo_move_to(cr, first.x, first.y)
          for point in polygon.dropFirst() { cairo_line_to(cr, point.x, point.y) }
          cairo_close_path(cr)
        }
        cairo_fill(cr)
      }
    }
    cairo_surface_flush(surface)
    guard copyingPixels else { return [] }
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface) else { return [] }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for row in 0..<height {
      for byte in 0..<(width * 4) { pixels[row * width * 4 + byte] = data[row * stride + byte] }
    }
    return pixels
  }

  /// The largest and mean difference per channel between an InkRender canvas (RGBA) and
  /// cairo's pixels (BGRA), both premultiplied.
  static func difference(_ canvas: Canvas, _ cairo: [UInt8]) -> (max: Int, mean: Double) {
    var worst = 0
    var total = 0
    let ours = canvas.pixels
    for pixel in 0..<(canvas.width * canvas.height) {
      let o = pixel * 4
      for (a, b) in [(o, o + 2), (o + 1, o + 1), (o + 2, o), (o + 3, o + 3)] {
        let d = abs(Int(ours[a]) - Int(cairo[b]))
        worst = max(worst, d)
        total += d
      }
    }
    return (worst, Double(total) / Double(max(1, ours.count)))
  }
}
