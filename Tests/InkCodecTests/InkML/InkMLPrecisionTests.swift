import InkCodec
import Testing

/// InkML import keeps the decimals its values have, up to WILL 2's 8; where values must move
/// (more decimals than WILL 2 holds, transforms baked in, skew InkML cannot express) the
/// conversion says so with the largest deviation.
@Suite struct InkMLPrecisionTests {
  static func parse(_ body: String) throws -> InkMLDocument {
    try InkMLDocument(
      parsing: Array("<ink xmlns=\"\(InkMLDocument.namespace)\">\(body)</ink>".utf8))
  }

  static func imported(_ body: String, precision: Int? = nil) throws -> (
    WillDocument, ConversionLosses
  ) {
    var losses = ConversionLosses()
    let document = try WillDocument(
      converting: try parse(body), precision: precision, losses: &losses)
    return (document, losses)
  }

  @Test("each stroke takes the fewest decimals that keep its values")
  func precisionFromTheValues() throws {
    let (document, losses) = try Self.imported(
      "<trace>1.234 5.678, 2.5 3</trace><trace>0.1 0.2, '0.1 '0.2, '0.1 '0.2</trace>"
        + "<trace>10 20, 30 40</trace>")
    #expect(document.strokes.map(\.decimalPrecision) == [3, 1, 0])
    #expect(
      document.strokes[0].points == [InkPoint(x: 1.234, y: 5.678), InkPoint(x: 2.5, y: 3)])
    // The differences add up to 0.30000000000000004: noise, stored as 0.3.
    #expect(document.strokes[1].points.map(\.x) == [0.1, 0.2, 0.3])
    #expect(losses.drawingChanges == [Self.defaultWidths(3)])
    // A brush width without a W channel takes part in the choice.
    let (wide, _) = try Self.imported(
      "<definitions><brush xml:id=\"b\"><brushProperty name=\"width\" value=\"0.1234\"/></brush></definitions><trace brushRef=\"#b\">1 2</trace>"
    )
    #expect(wide.strokes[0].decimalPrecision == 4)
    #expect(wide.strokes[0].widths == [0.1234])
  }

  /// The line a conversion adds for traces with neither a W channel nor a brush width.
  static func defaultWidths(_ count: Int) -> String {
    "\(count) traces without a width (no W channel, no brush width) given width 1, the width willdoc draws them at"
  }

  @Test("values past WILL 2's precision or range are rounded, and the report says how far")
  func roundingIsReported() throws {
    let (fine, fineLosses) = try Self.imported("<trace>0.123456789 1</trace>")
    #expect(fine.strokes[0].decimalPrecision == 8)
    #expect(
      fineLosses.drawingChanges == [
        Self.defaultWidths(1),
        "values of 1 traces rounded to WILL 2's fixed-point precision (8 decimals): max deviation 0.000000001",
      ])
    // 30000.12345 fits Int32 at 4 decimals, not 5.
    let (both, losses) = try Self.imported(
      "<trace>0.123456789 1</trace><trace>30000.12345 1</trace><trace>1.5 2</trace>")
    #expect(both.strokes.map(\.decimalPrecision) == [8, 4, 1])
    #expect(
      losses.drawingChanges == [
        Self.defaultWidths(3),
        "values of 2 traces rounded to WILL 2's fixed-point precision (4…8 decimals): max deviation 0.00005",
      ])
    // A precision asked for rounds what it must, and says so.
    let (two, twoLosses) = try Self.imported("<trace>1.234 5.678</trace>", precision: 2)
    #expect(two.strokes[0].points == [InkPoint(x: 1.23, y: 5.68)])
    #expect(
      twoLosses.drawingChanges == [
        Self.defaultWidths(1),
        "values of 1 traces rounded to WILL 2's fixed-point precision (2 decimals): max deviation 0.004",
      ])
  }

  @Test("WILL 2 at precision 3 → InkML → WILL 2 keeps every value and precision, and UIM too")
  func precisionThreeRoundTrip() throws {
    let strokes = [
      Stroke(
        points: [InkPoint(x: 1.234, y: 2.345), InkPoint(x: 3.001, y: 4.999)],
        widths: [0.125, 0.375], decimalPrecision: 3),
      Stroke(
        points: [InkPoint(x: 10.5, y: 20.25)], widths: [1.5], decimalPrecision: 3),
    ]
    let document = WillDocument(strokes: strokes, pageWidth: 100, pageHeight: 200)
    var out = ConversionLosses()
    let inkML = try InkMLDocument(converting: document, losses: &out)
    #expect(out.drawingChanges.isEmpty)
    var back = ConversionLosses()
    let read = try WillDocument(
      converting: try InkMLDocument(parsing: inkML.serialized()), losses: &back)
    #expect(back.drawingChanges.isEmpty)
    #expect(read.strokes.map(\.points) == strokes.map(\.points))
    #expect(read.strokes.map(\.widths) == strokes.map(\.widths))
    // The second stroke's values need 2 decimals: it keeps them at 2.
    #expect(read.strokes.map(\.decimalPrecision) == [3, 2])
    // Into UIM and back, the three decimals stay.
    var uimLosses = ConversionLosses()
    let uim = try UIMDocument(parsing: try UIMDocument(converting: read).serialized())
    let fromUIM = try WillDocument(converting: uim, losses: &uimLosses)
    #expect(fromUIM.strokes.map(\.points) == strokes.map(\.points))
  }

  @Test("transforms baked in and skewed widths are reported with their largest deviation")
  func transformsAreReported() throws {
    let stroke = Stroke(
      points: [InkPoint(x: 1, y: 2), InkPoint(x: 1.5, y: 2.25)], widths: [2])
    let third = 1.0 / 3
    let document = WillDocument(sections: [
      Section(nodes: [.paths(PathsElement(strokes: [stroke]))]),
      Section(nodes: [
        .paths(
          PathsElement(
            strokes: [stroke],
            transform: AffineTransform(a: third, b: 0, c: 0, d: third, e: 0, f: 0)))
      ]),
      Section(nodes: [
        .paths(
          PathsElement(
            strokes: [stroke], transform: AffineTransform(a: 1, b: 0, c: 1, d: 1, e: 0, f: 0)))
      ]),
    ])
    var losses = ConversionLosses()
    let inkML = try InkMLDocument(converting: document, losses: &losses)
    // 1/3 and 2/3 rounded to 0.33 and 0.67; the shear's values are exact at 2 decimals. The
    // shear's singular values are 1.618… and 0.618… around a mean of 1: a width of 2 is off
    // by up to 2 × 0.618….
    #expect(
      losses.drawingChanges == [
        "transforms of 2 strokes applied to their coordinates (InkML has no transform), rounded to the stroke's precision: max deviation 0.003333333",
        "widths of 1 strokes under a skewed or unevenly scaled transform scaled by its mean length scale (InkML has one width per point): max deviation 1.236067977",
      ])
    #expect(inkML.groups[2].traces[0].values("X") == [3, 3.75])
    #expect(inkML.groups[1].traces[0].values("X") == [0.33, 0.5])
    // Without a transform nothing moves.
    var plain = ConversionLosses()
    _ = try InkMLDocument(
      converting: WillDocument(sections: [document.sections[0]]), losses: &plain)
    #expect(plain.drawingChanges.isEmpty)
  }
}
