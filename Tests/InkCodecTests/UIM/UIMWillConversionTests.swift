import Foundation
import InkCodec
import InkTestSupport
import Testing

/// WILL 2 ↔ UIM: every real `.will` sample goes to UIM and back exactly, and Wacom's
/// `UIMParser` reads the UIM willdoc writes with the same strokes.
@Suite("WILL 2 ↔ UIM conversions")
struct UIMWillConversionTests {
  @Test(
    "WILL 2 → UIM → WILL 2 gives the same pages, transforms and strokes",
    .enabled(if: ExternalSamples.isAvailable), arguments: ExternalSamples.names)
  func roundTrip(name: String) throws {
    let document = try WillDocument(parsing: try ExternalSamples.bytes(name))
    let uim = try UIMDocument(converting: document)
    let read = try UIMDocument(parsing: try uim.serialized())
    var losses = ConversionLosses()
    let back = try WillDocument(converting: read, losses: &losses)
    #expect(losses.isLossless, "\(name): \(losses)")
    try #require(back.sections.count == document.sections.count, "\(name)")
    for (ours, theirs) in zip(back.sections, document.sections) {
      #expect(ours.width == theirs.width, "\(name)")
      #expect(ours.height == theirs.height, "\(name)")
      #expect(ours.partName == theirs.partName, "\(name)")
      #expect(ours.background == theirs.background, "\(name)")
      let placed = ours.pathsElements
      let original = theirs.pathsElements
      try #require(placed.count == original.count, "\(name)")
      for (a, b) in zip(placed, original) {
        #expect(a.transform == b.transform, "\(name)")
        #expect(a.element.partName == b.element.partName, "\(name)")
        #expect(a.element.strokes.count == b.element.strokes.count, "\(name)")
        for (index, (x, y)) in zip(a.element.strokes, b.element.strokes).enumerated() {
          #expect(x == y, "\(name) stroke \(index)")
        }
      }
    }
    #expect(back.paints == document.paints, "\(name)")
    #expect(back.properties == document.properties, "\(name)")
    // The written WILL 2 file reads back with the original strokes.
    let written = try WillDocument(parsing: try back.serialized(container: document.container))
    #expect(written.strokes == document.strokes, "\(name)")
  }

  @Test(
    "Wacom's UIMParser reads the UIM written from every WILL 2 sample",
    .enabled(if: ExternalSamples.isAvailable && Oracle.isAvailable),
    arguments: ExternalSamples.names)
  func oracleReadsConverted(name: String) throws {
    let document = try WillDocument(parsing: try ExternalSamples.bytes(name))
    let uim = try UIMDocument(converting: document)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "uim-from-will-\(UUID().uuidString).uim")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(try uim.serialized()).write(to: url)
    let oracle = try Oracle.readUIM(url)
    try UIMOracleComparison.expect(
      try UIMDocument(parsing: try uim.serialized()), equals: oracle, sample: "\(name) → uim")
    // The library's points are the WILL 2 points: same count, x and y within rounding of the
    // running sum (the integers are the same).
    let strokes = document.strokes
    try #require(oracle.strokes.count == strokes.count, "\(name)")
    for (stroke, want) in zip(strokes, oracle.strokes) {
      #expect(want.points == stroke.pointCount)
      let xs = want.channels["x"] ?? []
      for (x, point) in zip(xs, stroke.points) {
        #expect(abs(x - point.x) < 1e-9 * max(1, abs(point.x)), "\(name)")
      }
    }
  }

  @Test("min and max blends are UIM's Min and Max render modes, both ways")
  func minAndMaxAreUIMsMinAndMax() throws {
    let url = Fixtures.sampleDocuments.appendingPathComponent("valid/blend-modes.will")
    let document = try WillDocument(parsing: try Fixtures.bytes(of: url))
    let blends = Set(document.strokes.map(\.blendMode.rawValue))
    try #require(blends.contains(14) && blends.contains(15))
    let uim = try UIMDocument(parsing: try UIMDocument(converting: document).serialized())
    let ink = uim.inkData
    let modes = ink.strokes.map { ink.renderModeURI(of: $0) }
    for (stroke, mode) in zip(document.strokes, modes) {
      switch stroke.blendMode.rawValue {
      case 14: #expect(mode == "will://rasterization/3.0/blend-mode/Min")
      case 15: #expect(mode == "will://rasterization/3.0/blend-mode/Max")
      default: #expect(!mode.hasSuffix("/Min") && !mode.hasSuffix("/Max"), "\(mode)")
      }
    }
    var losses = ConversionLosses()
    let back = try WillDocument(converting: uim, losses: &losses)
    #expect(losses.isLossless, "\(losses)")
    #expect(back.strokes.map(\.blendMode) == document.strokes.map(\.blendMode))
  }

  @Test("a UIM from elsewhere lists what WILL 2 cannot hold", .enabled(if: UIMSamples.isAvailable))
  func foreignLosses() throws {
    let name = try #require(UIMSamples.names.first { $0.contains("3.1.0_3") })
    let uim = try UIMDocument(parsing: try UIMSamples.bytes(name))
    var losses = ConversionLosses()
    let document = try WillDocument(converting: uim, losses: &losses)
    #expect(document.strokes.count == uim.inkData.strokes.count)
    #expect(
      losses.droppedMetadata.contains { $0.hasPrefix("input data (283 sensor data records)") })
    #expect(losses.droppedMetadata.contains { $0.hasPrefix("views \"hwr\", \"ner\"") })
    #expect(losses.droppedMetadata.contains { $0.contains("knowledge-graph statements") })
    #expect(losses.drawingChanges.contains { $0.contains("rotation") })
    let first = try #require(document.strokes.first)
    let source = uim.inkData.strokes[0]
    #expect(first.pointCount == source.pointCount)
    #expect(first.decimalPrecision == 2)
    #expect(first.widths.count == source.pointCount)
    #expect(
      first.colors.map { $0.rgba } == [
        UInt32(bitPattern: uim.inkData.properties(of: source)!.color)
      ])
  }
}
