import Foundation
import InkCodec
import InkTestSupport
import Testing

/// The Office profile of InkML (`convert --inkml-profile office`): what Office and Wacom's own
/// InkML parser read, and what willdoc reads back to the values of its standard form.
@Suite struct InkMLOfficeProfileTests {
  /// The real samples with strokes, as WILL 2 documents.
  static let names = ExternalSamples.names

  /// The WILL 2 form of InkML `bytes`.
  static func readBack(_ bytes: [UInt8]) throws -> WillDocument {
    var losses = ConversionLosses()
    return try WillDocument(converting: try InkMLDocument(parsing: bytes), losses: &losses)
  }

  /// Whether `a` and `b` are one value at the Office form's precision (3 decimals of a
  /// HIMETRIC unit, about 0.00002 page units), with room for `Double` noise.
  static func near(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 0.0001 + 1e-9 * abs(b)
  }

  @Test func officeFormHasTheInkSourceAndHimetricResolutions() throws {
    let document = InkMLDocument(
      brushes: [
        InkMLDocument.Brush(id: "b", color: InkColor(red: 255, green: 0, blue: 0), width: 2)
      ],
      groups: [
        InkMLDocument.TraceGroup(
          traces: [
            InkMLDocument.Trace(
              brush: InkMLDocument.Brush(
                id: "b", color: InkColor(red: 255, green: 0, blue: 0), width: 2),
              channels: ["X", "Y"], columns: [[96, 1], [48, 0.5]])
          ])
      ])
    let text = String(decoding: try document.serialized(profile: .office), as: UTF8.self)
    #expect(text.contains(#"<inkml:ink xmlns:inkml="http://www.w3.org/2003/InkML">"#))
    #expect(text.contains(#"<inkml:context xml:id="ctx0"><inkml:inkSource xml:id="inkSrc0">"#))
    #expect(text.contains(#"<inkml:channel name="X" type="decimal" units="cm"/>"#))
    #expect(
      text.contains(
        #"<inkml:channelProperty channel="Y" name="resolution" value="1000" units="1/cm"/>"#))
    // 2 page units are 2 × 2.54 / 96 cm; 96 page units are one inch, 2540 HIMETRIC units.
    #expect(text.contains(#"<inkml:brushProperty name="width" value="0.052917" units="cm"/>"#))
    #expect(text.contains(#"<inkml:brushProperty name="height" value="0.052917" units="cm"/>"#))
    #expect(
      text.contains(
        ##"<inkml:trace xml:id="tr0" contextRef="#ctx0" brushRef="#b">2540 1270, 26.458 13.229</inkml:trace>"##
      ))
    // Read back: page units again, the brush at its width.
    let back = try Self.readBack(Array(text.utf8))
    let stroke = try #require(back.strokes.first)
    #expect(Self.near(stroke.points[0].x, 96) && Self.near(stroke.points[1].y, 0.5))
    #expect(abs((stroke.constantWidth ?? 0) - 2) < 0.00001)
    #expect(stroke.color == InkColor(red: 255, green: 0, blue: 0))
  }

  @Test(
    "a real sample's office form reads back to its standard form's values",
    .enabled(if: ExternalSamples.isAvailable), arguments: names)
  func officeReadsBackAsStandard(name: String) throws {
    let will = try WillDocument(parsing: try ExternalSamples.bytes(name))
    let inkML = InkMLDocument(converting: will)
    let standard = try Self.readBack(try inkML.serialized(profile: .standard))
    let office = try Self.readBack(try inkML.serialized(profile: .office))
    try #require(standard.sections.count == office.sections.count)
    try #require(standard.strokes.count == office.strokes.count)
    #expect(!office.strokes.isEmpty)
    for (index, (a, b)) in zip(office.strokes, standard.strokes).enumerated() {
      try #require(a.points.count == b.points.count, "\(name) stroke \(index)")
      for (p, q) in zip(a.points, b.points) where !(Self.near(p.x, q.x) && Self.near(p.y, q.y)) {
        Issue.record("\(name) stroke \(index): \(p) vs \(q)")
        break
      }
      #expect(a.widths.count == b.widths.count, "\(name) stroke \(index)")
      for (u, v) in zip(a.widths, b.widths) where !Self.near(u, v) {
        Issue.record("\(name) stroke \(index): width \(u) vs \(v)")
        break
      }
      #expect(
        Self.near(a.constantWidth ?? 0, b.constantWidth ?? 0), "\(name) stroke \(index)")
      #expect(a.colors == b.colors, "\(name) stroke \(index)")
    }
  }

  /// Wacom's InkML parser's reading of an office-profile file (`Tools/oracle --inkml`).
  struct OracleInkML: Decodable {
    struct Stroke: Decodable {
      var x: [Double]
      var y: [Double]
    }
    var strokes: [Stroke]
  }

  @Test(
    "Wacom's InkML parser reads a real sample's office form at its page-unit values",
    .enabled(if: ExternalSamples.isAvailable && Oracle.isAvailable), arguments: names)
  func wacomParserReadsOfficeForm(name: String) throws {
    let will = try WillDocument(parsing: try ExternalSamples.bytes(name))
    let bytes = try InkMLDocument(converting: will).serialized(profile: .office)
    let standard = try Self.readBack(try InkMLDocument(converting: will).serialized())
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "willdoc-office-\(UUID().uuidString).inkml")
    try Data(bytes).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let oracle = try JSONDecoder().decode(
      OracleInkML.self, from: try Oracle.run(["--inkml", file.path]))
    try #require(oracle.strokes.count == standard.strokes.count, "\(name)")
    // The parser's DIP is 0.0254 / 96 m through its own unit table: a few parts in 10^7.
    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.001 + 1e-5 * abs(b) }
    for (index, (theirs, ours)) in zip(oracle.strokes, standard.strokes).enumerated() {
      // A one-point trace becomes two points in the parser (it adds one at +1, +1).
      try #require(theirs.x.count >= ours.points.count, "\(name) stroke \(index)")
      for (k, point) in ours.points.enumerated()
      where !(near(theirs.x[k], point.x) && near(theirs.y[k], point.y)) {
        Issue.record(
          "\(name) stroke \(index) point \(k): \(theirs.x[k]), \(theirs.y[k]) vs \(point)")
        break
      }
    }
  }
}
