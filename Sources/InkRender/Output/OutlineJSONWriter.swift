import InkCodec

/// Writes rendered outlines as flattened polygons in JSON, for scripts.
///
/// ```json
/// {
///   "width": 300.0, "height": 200.0, "tolerance": 0.1,
///   "strokes": [
///     {"layer": 0, "stroke": 0, "color": "#000000FF", "blend": "SOURCE_OVER", "parts": [
///       {"alpha": 1.0, "polygons": [[[x, y], [x, y], …], …]}]}
///   ]
/// }
/// ```
/// Coordinates are output pixels, rounded to 0.001 (alpha to 0.0001). Each polygon is closed
/// implicitly; fill the polygons of a part with the non-zero rule (they all wind the same
/// way) to get the stroke. Written by the package's one JSON writer, one stroke per line.
public enum OutlineJSONWriter {
  /// The JSON text for a page's shapes.
  /// - Parameters:
  ///   - shapes: The strokes' outlines in output pixels.
  ///   - width: The output width.
  ///   - height: The output height.
  ///   - tolerance: The flattening tolerance in output pixels, recorded in the document.
  /// - Returns: The document.
  public static func document(
    _ shapes: [StrokeParts<[[InkPoint]]>], width: Double, height: Double, tolerance: Double
  ) -> String {
    let document = JSONValue.object([
      ("width", .double(rounded(width, 3))), ("height", .double(rounded(height, 3))),
      ("tolerance", .double(rounded(tolerance, 3))),
      ("strokes", .array(shapes.map(stroke))),
    ])
    // Nothing in the tree is built lazily, so writing cannot fail.
    return ((try? document.rendered()) ?? "") + "\n"
  }

  private static func stroke(_ shape: StrokeParts<[[InkPoint]]>) -> JSONValue {
    .object([
      ("layer", .int(shape.layer)), ("stroke", .int(shape.stroke)),
      ("color", .string("\(shape.color)")), ("blend", .string(shape.blendMode.effective.name)),
      (
        "parts",
        .array(
          shape.parts.map { part in
            .object([
              ("alpha", .double(rounded(part.alpha, 4))),
              (
                "polygons",
                .array(
                  part.polygons.map { polygon in
                    .inlineRows(
                      values: polygon.flatMap { [rounded($0.x, 3), rounded($0.y, 3)] }, stride: 2)
                  })
              ),
            ])
          })
      ),
    ])
  }

  /// `value` rounded to `decimals` places (0 when it is not finite, so the JSON stays valid):
  /// the nearest `Double`, which JSON prints as that decimal.
  private static func rounded(_ value: Double, _ decimals: Int) -> Double {
    guard value.isFinite else { return 0 }
    guard abs(value) < 1e15 else { return value.rounded() }
    let scale = decimals == 4 ? 10_000.0 : 1_000.0
    return (value * scale).rounded() / scale
  }
}
