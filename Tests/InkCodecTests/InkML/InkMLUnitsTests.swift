import Foundation
import InkCodec
import InkTestSupport
import Testing

/// InkML as it is written: roots with no namespace or a prefix, channels from an ink source,
/// units and resolutions honoured so that ink lands in page units (1/96 in) at its true size.
@Suite struct InkMLUnitsTests {
  /// Page units per inch, centimetre, millimetre and HIMETRIC unit.
  static let inch = 96.0
  static let cm = 96 / 2.54
  static let mm = 96 / 25.4
  static let himetric = 96 / 2540.0

  /// The WILL 2 form of `text`, and its losses.
  static func converted(_ text: String) throws -> (WillDocument, ConversionLosses) {
    var losses = ConversionLosses()
    let inkML = try InkMLDocument(parsing: Array(text.utf8))
    return (try WillDocument(converting: inkML, losses: &losses), losses)
  }

  /// The points of the first stroke as (x, y) pairs.
  static func points(_ document: WillDocument) throws -> [(Double, Double)] {
    try #require(document.strokes.first).points.map { ($0.x, $0.y) }
  }

  static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.001 }

  @Test func channelUnitsOfEveryKindLandInPageUnits() throws {
    let cases: [(String, Double)] = [
      ("in", Self.inch), ("cm", Self.cm), ("mm", Self.mm), ("pt", 96.0 / 72),
      ("himetric", Self.himetric), ("pc", 16), ("m", 100 * Self.cm), ("px", 1),
    ]
    for (unit, scale) in cases {
      let (document, losses) = try Self.converted(
        """
        <ink><traceFormat><channel name="X" units="\(unit)"/><channel name="Y" units="\(unit)"/>\
        </traceFormat><trace>2 3, 4 5</trace></ink>
        """)
      let points = try Self.points(document)
      #expect(Self.near(points[0].0, 2 * scale) && Self.near(points[1].1, 5 * scale), "\(unit)")
      #expect(
        losses.drawingChanges.contains { $0.hasPrefix("values of 1 traces scaled") }, "\(unit)")
      #expect(!losses.drawingChanges.contains { $0.contains("HIMETRIC") }, "\(unit)")
    }
  }

  @Test func resolutionsOfEveryKindWithXAndYApart() throws {
    // value per unit, and what one value is in page units
    let cases: [(String, String, Double)] = [
      ("1000", "1/in", Self.inch / 1000), ("500", "1/cm", Self.cm / 500),
      ("10", "1/mm", Self.mm / 10), ("1", "1/himetric", Self.himetric),
    ]
    for (xValue, xUnits, xScale) in cases {
      // Y at 200 per cm in each case: X and Y differ.
      let (document, _) = try Self.converted(
        """
        <inkml:ink xmlns:inkml="http://www.w3.org/2003/InkML"><inkml:definitions>
        <inkml:context xml:id="ctx0"><inkml:inkSource xml:id="src0"><inkml:traceFormat>
        <inkml:channel name="X" type="integer" units="cm"/>
        <inkml:channel name="Y" type="integer" units="cm"/>
        <inkml:channel name="F" type="integer" units="dev"/></inkml:traceFormat>
        <inkml:channelProperties>
        <inkml:channelProperty channel="X" name="resolution" value="\(xValue)" units="\(xUnits)"/>
        <inkml:channelProperty channel="Y" name="resolution" value="200" units="1/cm"/>
        </inkml:channelProperties></inkml:inkSource></inkml:context>
        </inkml:definitions>
        <inkml:trace contextRef="#ctx0">1000 400 12, 2000 600 13</inkml:trace></inkml:ink>
        """)
      let points = try Self.points(document)
      #expect(Self.near(points[0].0, 1000 * xScale), "\(xUnits): \(points[0].0)")
      #expect(Self.near(points[1].0, 2000 * xScale), "\(xUnits)")
      #expect(Self.near(points[0].1, 2 * Self.cm) && Self.near(points[1].1, 3 * Self.cm))
    }
  }

  @Test func anInkSourceByReferenceAndABrushWidthInCentimetres() throws {
    let (document, losses) = try Self.converted(
      """
      <ink><definitions>
      <inkSource id="s"><traceFormat><channel name="X" units="mm"/><channel name="Y" units="mm"/>
      <channel name="F"/></traceFormat></inkSource>
      <brush id="b"><brushProperty name="width" value="0.05" units="cm"/>
      <brushProperty name="height" value="0.07" units="cm"/></brush>
      <context id="c" inkSourceRef="#s" brushRef="#b"/></definitions>
      <trace contextRef="#c">10 20 0.5, 11 21 0.6</trace></ink>
      """)
    let stroke = try #require(document.strokes.first)
    #expect(
      Self.near(stroke.points[0].x, 10 * Self.mm) && Self.near(stroke.points[0].y, 20 * Self.mm))
    #expect(Self.near(try #require(stroke.constantWidth), 0.05 * Self.cm))
    // Force: WILL 2 has no place for it.
    #expect(losses.droppedMetadata.contains { $0.hasPrefix("InkML channels") && $0.contains("F") })
  }

  @Test func deviceUnitsAreTakenAsHimetricAndSaidSo() throws {
    let (document, losses) = try Self.converted(
      """
      <ink><definitions><inkSource id="s"><traceFormat><channel name="X" type="integer" units="ink"/>
      <channel name="Y" type="integer" units="ink"/></traceFormat></inkSource>
      <brush id="b"><brushProperty name="width" value="3"/></brush>
      <context id="c" inkSourceRef="#s" brushRef="#b"/></definitions>
      <annotationXML type="Writer"><name>w</name></annotationXML>
      <traceGroup><annotation type="label">a</annotation><traceGroup>
      <trace contextRef="#c">1000 2000, 1100 2100</trace></traceGroup></traceGroup></ink>
      """)
    let points = try Self.points(document)
    #expect(
      Self.near(points[0].0, 1000 * Self.himetric) && Self.near(points[0].1, 2000 * Self.himetric))
    #expect(Self.near(try #require(document.strokes.first?.constantWidth), 3 * Self.himetric))
    #expect(
      losses.drawingChanges.contains(
        "X and Y of 1 traces in units \"ink\" with no resolution taken as HIMETRIC (0.01 mm, Tablet PC ink space)"
      ), "\(losses.drawingChanges)")
    #expect(
      losses.drawingChanges.contains { $0.hasPrefix("brush widths without units of 1 traces") })
    #expect(losses.droppedMetadata.contains("2 InkML annotations"), "\(losses.droppedMetadata)")
    #expect(losses.droppedMetadata.contains { $0.hasPrefix("1 nested trace groups") })
  }

  @Test func valuesWithoutUnitsStayAsTheyAreInAnyRoot() throws {
    for root in [
      "<ink>", "<ink xmlns=\"\(InkMLDocument.namespace)\">",
      "<inkml:ink xmlns:inkml=\"\(InkMLDocument.namespace)\">",
    ] {
      let close = root.hasPrefix("<inkml:") ? "</inkml:ink>" : "</ink>"
      let trace = root.hasPrefix("<inkml:") ? "inkml:trace" : "trace"
      let (document, losses) = try Self.converted(
        root + "<\(trace)>1.5 2, 3 4.25</\(trace)>" + close)
      let points = try Self.points(document)
      #expect(points.map(\.0) == [1.5, 3] && points.map(\.1) == [2, 4.25], "\(root)")
      #expect(
        losses.drawingChanges == [InkMLPrecisionTests.defaultWidths(1)],
        "\(root): \(losses.drawingChanges)")
    }
  }

  @Test(.enabled(if: InkMLSamples.isAvailable)) func theRealSamplesComeInAtTrueSize() throws {
    for (name, count) in InkMLSamples.traceCounts {
      var losses = ConversionLosses()
      let inkML = try InkMLDocument(parsing: try InkMLSamples.bytes(name))
      #expect(inkML.traces.count == count, "\(name)")
      #expect(inkML.notes.assumedUnits == ["ink": count], "\(name)")
      let document = try WillDocument(converting: inkML, losses: &losses)
      #expect(document.strokes.count == count, "\(name)")
      // The first trace's first point, scaled from HIMETRIC.
      let first = try #require(inkML.traces.first)
      let point = try #require(document.strokes.first?.points.first)
      #expect(Self.near(point.x, first.columns[0][0] * Self.himetric), "\(name)")
      #expect(Self.near(point.y, first.columns[1][0] * Self.himetric), "\(name)")
      // A handwritten line or two: 10 to 30 cm wide, 1 to 10 cm tall.
      let xs = document.strokes.flatMap { $0.points.map(\.x) }
      let ys = document.strokes.flatMap { $0.points.map(\.y) }
      let width = (xs.max()! - xs.min()!) / Self.cm
      let height = (ys.max()! - ys.min()!) / Self.cm
      #expect(width > 10 && width < 30, "\(name): \(width) cm wide")
      #expect(height > 1 && height < 10, "\(name): \(height) cm tall")
      #expect(losses.droppedMetadata.contains { $0.hasSuffix("InkML annotations") }, "\(name)")
    }
  }
}
