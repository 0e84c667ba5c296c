import Foundation
import InkCodec
import InkTestSupport
import Testing

/// Every shared UIM sample read by willdoc equals what Wacom's own `UIMParser` reads (through
/// the oracle): strokes in order, every channel value exactly (3.1.0 fixed point decoded as the
/// library decodes it; 3.0.0 float32 widened), style, brushes, trees and views.
@Suite("UIM samples against Wacom's UIMParser")
struct UIMOracleTests {
  @Test("the folder holds every sample", .enabled(if: UIMSamples.isAvailable))
  func everySample() {
    #expect(UIMSamples.names.count == UIMSamples.expectedCount, "\(UIMSamples.names)")
  }

  @Test(
    "strokes, channels, styles and trees equal the oracle's",
    .enabled(if: UIMSamples.isAvailable && Oracle.isAvailable),
    arguments: UIMSamples.names)
  func equalsOracle(name: String) throws {
    let document = try UIMDocument(parsing: try UIMSamples.bytes(name))
    let oracle = try Oracle.readUIM(UIMSamples.url(name))
    try UIMOracleComparison.expect(document, equals: oracle, sample: name)
  }
}

/// Compares a ``UIMDocument`` with the oracle's `--uim` output.
enum UIMOracleComparison {
  static func expect(
    _ document: UIMDocument, equals oracle: OracleUIMDocument, sample: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let strokes = document.inkData.strokes
    try #require(
      strokes.count == oracle.strokes.count, "\(sample): stroke count",
      sourceLocation: sourceLocation)
    for (index, (stroke, want)) in zip(strokes, oracle.strokes).enumerated() {
      let context = Comment(rawValue: "\(sample) stroke \(index)")
      #expect(stroke.id?.description == want.id, context, sourceLocation: sourceLocation)
      #expect(stroke.pointCount == want.points, context, sourceLocation: sourceLocation)
      #expect(Int(stroke.layoutMask) == want.layoutMask, context, sourceLocation: sourceLocation)
      #expect(Double(stroke.startParameter) == want.ts, context, sourceLocation: sourceLocation)
      #expect(Double(stroke.endParameter) == want.tf, context, sourceLocation: sourceLocation)
      #expect(Int(stroke.randomSeed) == want.randomSeed, context, sourceLocation: sourceLocation)
      #expect(
        document.inkData.brushURI(of: stroke) == want.brushUri, context,
        sourceLocation: sourceLocation)
      #expect(
        document.inkData.renderModeURI(of: stroke) == want.renderModeUri, context,
        sourceLocation: sourceLocation)
      #expect(
        stroke.sensorDataID?.description == want.sensorDataId, context,
        sourceLocation: sourceLocation)
      #expect(
        Set(stroke.storedChannels.map(\.name)) == Set(want.channels.keys), context,
        sourceLocation: sourceLocation)
      for channel in stroke.storedChannels {
        #expect(
          stroke[channel] == want.channels[channel.name], "\(context) \(channel.name)",
          sourceLocation: sourceLocation)
      }
      let properties = document.inkData.properties(of: stroke)
      #expect((properties == nil) == (want.style == nil), context, sourceLocation: sourceLocation)
      if let style = want.style, let properties {
        let rgba = UInt32(bitPattern: properties.color)
        let bytes = [
          "red": rgba >> 24, "green": rgba >> 16 & 0xFF, "blue": rgba >> 8 & 0xFF,
          "alpha": rgba & 0xFF,
        ]
        for (key, byte) in bytes {
          let component = (style[key] ?? nil) ?? -1
          #expect(
            Double(byte) == (component * 255).rounded(), "\(context) \(key)",
            sourceLocation: sourceLocation)
        }
        #expect(
          Double(properties.size) == (style["size"] ?? nil), context, sourceLocation: sourceLocation
        )
      }
    }
    let order = document.strokesInDrawingOrder.map { $0.id?.description ?? "" }
    #expect(order == oracle.mainTreeStrokeOrder, "\(sample): main tree order")
    #expect(document.structure.views.map(\.name) == oracle.views.map(\.name), "\(sample)")
    for (view, want) in zip(document.structure.views, oracle.views) {
      #expect(view.strokeIndices.count == want.strokes, "\(sample) view \(view.name)")
    }
    #expect(document.brushes.vectorBrushes.map(\.name) == oracle.vectorBrushes, "\(sample)")
    #expect(document.brushes.rasterBrushes.map(\.name) == oracle.rasterBrushes, "\(sample)")
    #expect(document.inputData.sensorData.count == oracle.sensorData, "\(sample)")
    #expect(document.properties.map { [$0.name, $0.value] } == oracle.properties, "\(sample)")
  }
}
