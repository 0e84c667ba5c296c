import InkCodec

/// Writes rendered outlines as flattened polygons in JSON, for scripts.
///
/// ```json
/// {"width":300,"height":200,"tolerance":0.1,"strokes":[
///  {"layer":0,"stroke":0,"color":"#000000FF","blend":"SOURCE_OVER","parts":[
///   {"alpha":1,"polygons":[[[x,y],[x,y],…],…]}]}]}
/// ```
/// Coordinates are output pixels. Each polygon is closed implicitly; fill the polygons of a
/// part with the non-zero rule (they all wind the same way) to get the stroke.
public enum OutlineJSONWriter {
  /// The JSON text for a page's shapes.
  /// - Parameters:
  ///   - shapes: The strokes' outlines in output pixels.
  ///   - width: The output width.
  ///   - height: The output height.
  ///   - tolerance: The flattening tolerance in output pixels, recorded in the document.
  /// - Returns: The document, one stroke per line.
  public static func document(
    _ shapes: [Renderer.StrokePolygons], width: Double, height: Double, tolerance: Double
  ) -> String {
    let f = { (v: Double) in NumberText.rounded(v.isFinite ? v : 0, decimals: 3) }
    let f4 = { (v: Double) in NumberText.rounded(v.isFinite ? v : 0, decimals: 4) }
    var out = "{\"width\":\(f(width)),\"height\":\(f(height)),\"tolerance\":\(f(tolerance)),"
    out += "\"strokes\":["
    for (i, shape) in shapes.enumerated() {
      out += i == 0 ? "\n" : ",\n"
      out += "{\"layer\":\(shape.layer),\"stroke\":\(shape.stroke),"
      out += "\"color\":\"\(shape.color)\",\"blend\":\"\(shape.blendMode.effective.name)\","
      out += "\"parts\":["
      for (j, part) in shape.parts.enumerated() {
        if j > 0 { out += "," }
        out += "{\"alpha\":\(f4(part.alpha)),\"polygons\":["
        for (k, polygon) in part.polygons.enumerated() {
          if k > 0 { out += "," }
          out += "["
          for (m, p) in polygon.enumerated() {
            if m > 0 { out += "," }
            out += "[\(f(p.x)),\(f(p.y))]"
          }
          out += "]"
        }
        out += "]}"
      }
      out += "]}"
    }
    out += "\n]}\n"
    return out
  }
}
