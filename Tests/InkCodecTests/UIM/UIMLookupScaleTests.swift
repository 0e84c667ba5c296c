import Foundation
import InkCodec
import Testing

/// Lookups a file can multiply (style tables, raster brush names, sensor channels, InkML
/// brushes) are dictionary lookups, and counts the file spreads over many messages still add
/// up to the limits. The sizes here would take minutes with a scan per item; a linear pass takes
/// a fraction of a second.
@Suite("UIM lookups at scale, and totals")
struct UIMLookupScaleTests {
  static let clock = ContinuousClock()
  /// Generous for a debug build on a busy machine, far under what a quadratic pass would take.
  static let bound = Duration.seconds(30)

  /// A UIM 3.0.0 file of `count` strokes, stroke `i` styled by `style(i)`: a size, a brush
  /// URI, a render mode URI.
  static func legacy(count: Int, style: (Int) -> (Float, String, String)) -> [UInt8] {
    var ink = WireBuffer()
    for index in 0..<count {
      let (size, brush, mode) = style(index)
      ink.message(1) { stroke in
        stroke.float(3, 1)
        stroke.packedFloats(4, [0, 1])
        stroke.packedFloats(5, [0, 1])
        stroke.message(22) { styleMessage in
          styleMessage.message(1) { properties in
            properties.message(1) { $0.float(1, size) }
          }
          styleMessage.string(2, brush)
          styleMessage.string(4, mode)
        }
      }
    }
    var object = WireBuffer()
    object.bytes(2, ink.bytes)
    return UIMFile(
      version: [3, 0, 0], chunks: [UIMChunk(id: "DATA", descriptor: nil, payload: object.bytes)]
    ).serialized()
  }

  @Test("3.0.0 styles enter their tables by dictionary, equal entries once, NaN ones each time")
  func legacyTables() throws {
    let count = 40_000
    let distinct = Self.legacy(count: count) { (Float($0), "b\($0)", "r\($0)") }
    var document = UIMDocument()
    let elapsed = try Self.clock.measure { document = try UIMDocument(parsing: distinct) }
    #expect(elapsed < Self.bound, "\(elapsed)")
    #expect(document.inkData.properties.count == count)
    #expect(document.inkData.brushURIs.count == count)
    #expect(document.inkData.renderModeURIs.count == count)
    #expect(document.inkData.strokes[count - 1].properties == .index(UInt32(count)))
    #expect(document.inkData.strokes[count - 1].brushURI == .index(UInt32(count)))
    // Repeats find the first entry.
    let repeated = try UIMDocument(
      parsing: Self.legacy(count: 10) { (Float($0 % 3), "b\($0 % 2)", "r") })
    #expect(repeated.inkData.properties.count == 3)
    let firstEntries: [UIMStyleReference<UIMPathPointProperties>] = (0..<10).map {
      .index(UInt32($0 % 3 + 1))
    }
    #expect(repeated.inkData.strokes.map(\.properties) == firstEntries)
    #expect(repeated.inkData.brushURIs == ["b0", "b1"])
    // NaN equals nothing: every stroke enters its own entry, without piling up in one bucket.
    let nan = Self.legacy(count: count) { _ in (.nan, "b", "r") }
    let nanElapsed = try Self.clock.measure { document = try UIMDocument(parsing: nan) }
    #expect(nanElapsed < Self.bound, "\(nanElapsed)")
    #expect(document.inkData.properties.count == count)
    #expect(document.inkData.brushURIs == ["b"])
  }

  @Test("3.0.0 points add up over every inkData message")
  func legacyTotals() throws {
    var object = WireBuffer()
    for _ in 0..<3 {
      var ink = WireBuffer()
      ink.message(1) { stroke in
        stroke.packedFloats(4, [0, 1, 2, 3])
        stroke.packedFloats(5, [0, 1, 2, 3])
      }
      object.bytes(2, ink.bytes)
    }
    let bytes = UIMFile(
      version: [3, 0, 0], chunks: [UIMChunk(id: "DATA", descriptor: nil, payload: object.bytes)]
    ).serialized()
    var limits = DecodingLimits.default
    limits.maxTotalPoints = 12
    #expect(try UIMDocument(parsing: bytes, limits: limits).pointCount == 12)
    limits.maxTotalPoints = 11
    let error = #expect(throws: WillError.self) { try UIMDocument(parsing: bytes, limits: limits) }
    #expect(error?.kind == .limitExceeded(.totalPoints, value: 12, limit: 11))
  }

  @Test("a sensor record counts its longest run toward the total")
  func sensorTotals() throws {
    var uim = UIMDocument()
    uim.inputData.sensorData = [
      UIMSensorData(
        id: nil, inputContextID: nil, timestamp: 0,
        channels: [
          UIMChannelData(sensorChannelID: nil, deltas: []),
          UIMChannelData(sensorChannelID: nil, deltas: Array(repeating: 1, count: 11)),
        ])
    ]
    let bytes = try uim.serialized()
    var limits = DecodingLimits.default
    limits.maxTotalPoints = 11
    #expect(throws: Never.self) { try UIMDocument(parsing: bytes, limits: limits) }
    limits.maxTotalPoints = 10
    let error = #expect(throws: WillError.self) { try UIMDocument(parsing: bytes, limits: limits) }
    #expect(error?.kind == .limitExceeded(.totalPoints, value: 11, limit: 10))
    #expect(error?.part == "INPT")
  }

  @Test("salvage of a damaged INKD stops at the point limit")
  func salvageTotals() throws {
    var stroke = UIMStroke(id: UIMIdentifier(wireBytes: [1]))
    stroke.splineFormat = .floats
    stroke[.x] = [1, 2, 3, 4]
    stroke[.y] = [1, 2, 3, 4]
    var uim = UIMDocument()
    uim.inkData.strokes = Array(repeating: stroke, count: 5)
    var file = try uim.container()
    // A field cut short after the strokes: the chunk no longer parses whole.
    file.chunks[0].payload += [0x0A, 0x7F]
    var limits = DecodingLimits.default
    limits.maxTotalPoints = 10
    var report = UIMSalvageReport()
    let salvaged = try UIMDocument(
      salvaging: file.serialized(), limits: limits, report: &report)
    #expect(salvaged.inkData.strokes.count == 2)
    #expect(report.damagedChunks.contains { $0.contains("the point limit") })
  }

  @Test("validation finds sensor channels by identifier, and caps repeats of one warning")
  func sensorChannels() throws {
    let known = UIMIdentifier(wireBytes: [1])
    let channel = UIMSensorChannel(id: known, type: "", metric: 0, resolution: 0, precision: 0)
    var configuration = UIMInputConfiguration()
    configuration.sensorContexts = [
      UIMSensorContext(
        id: nil,
        channelsContexts: [
          UIMSensorChannelsContext(
            id: nil, channels: Array(repeating: channel, count: 200_000), inkInputProviderID: nil,
            inputDeviceID: nil)
        ])
    ]
    let records = 200_000
    var uim = UIMDocument()
    uim.inputData = UIMInputData(
      configuration: configuration,
      sensorData: (0..<records).map { index in
        UIMSensorData(
          id: nil, inputContextID: nil, timestamp: 0,
          channels: [
            UIMChannelData(
              sensorChannelID: index.isMultiple(of: 2) ? known : UIMIdentifier(wireBytes: [2]),
              deltas: [])
          ])
      })
    var diagnostics: [Diagnostic] = []
    let elapsed = Self.clock.measure { diagnostics = uim.validate() }
    #expect(elapsed < Self.bound, "\(elapsed)")
    let unknown = diagnostics.filter { $0.code == "uim-unknown-sensor-channel" }
    #expect(unknown.count == 101)
    #expect(unknown.reduce(0) { $0 + $1.occurrences } == records / 2)
    #expect(unknown.last?.message.hasPrefix("\(records / 2 - 100) more findings") == true)
  }

  @Test("strokes find their raster brush by name, the first of a name as a scan would")
  func rasterBrushes() throws {
    var uim = UIMDocument()
    uim.brushes.rasterBrushes =
      Array(repeating: UIMRasterBrush(name: "r"), count: 9_999) + [UIMRasterBrush(name: "s")]
    uim.inkData.brushURIs = ["x", "s", "r"]
    var stroke = UIMStroke()
    stroke.brushURI = .index(1)
    uim.inkData.strokes = Array(repeating: stroke, count: 100_000)
    uim.inkData.strokes[0].brushURI = .index(2)
    uim.inkData.strokes[1].brushURI = .index(3)
    var losses = ConversionLosses()
    var document = WillDocument()
    let elapsed = try Self.clock.measure {
      document = try WillDocument(converting: uim, losses: &losses)
    }
    #expect(elapsed < Self.bound, "\(elapsed)")
    let strokes = document.strokes
    #expect(strokes[0].paintIndex == 9_999)
    #expect(strokes[1].paintIndex == 0)
    #expect(strokes[2].paintIndex == nil)
    #expect(
      losses.droppedMetadata.contains {
        $0.hasSuffix("every stroke is drawn as a WILL 2 circle): x")
      })
  }

  @Test("WILL 2 to UIM and to InkML enter one style per colour by dictionary")
  func distinctColours() throws {
    let count = 50_000
    let strokes = (0..<count).map { index in
      Stroke(
        points: [InkPoint(x: 1, y: 1), InkPoint(x: 2, y: 2)], widths: [1],
        colors: [InkColor(rgba: UInt32(index) << 8 | 0xFF)])
    }
    let will = WillDocument(strokes: strokes, pageWidth: 100, pageHeight: 100)
    var uim = UIMDocument()
    let toUIM = try Self.clock.measure { uim = try UIMDocument(converting: will) }
    #expect(toUIM < Self.bound, "\(toUIM)")
    #expect(uim.inkData.properties.count == count)
    var inkML = InkMLDocument(brushes: [], groups: [])
    let toInkML = Self.clock.measure { inkML = InkMLDocument(converting: will) }
    #expect(toInkML < Self.bound, "\(toInkML)")
    #expect(inkML.brushes.count == count)
  }

  /// A 3.1.0 file of one stroke whose x and y come in `runs` packed runs of one value each,
  /// floats or fixed-point differences (one unit each).
  static func splitRuns(_ runs: Int, fixedPoint: Bool) throws -> [UInt8] {
    var spline = WireBuffer()
    for index in 0..<runs {
      for channel: UInt32 in [1, 2] {
        if fixedPoint {
          spline.packedVarints(channel, [UInt64(ZigZag.encoded(Int32(1)))])
        } else {
          spline.packedFloats(channel, [Float(index)])
        }
      }
    }
    var stroke = WireBuffer()
    stroke.bytes(fixedPoint ? 6 : 5, spline.bytes)
    var ink = WireBuffer()
    ink.bytes(1, stroke.bytes)
    return try UIMBadInputTests.file([("INKD", ink.bytes)])
  }

  @Test(
    "a channel in many packed runs reads in linear time, floats and varints alike",
    arguments: [false, true])
  func splitPackedRuns(fixedPoint: Bool) throws {
    // Room for each run is made by doubling, not by reserving exactly what the run adds.
    let runs = 400_000
    let file = try Self.splitRuns(runs, fixedPoint: fixedPoint)
    var document = UIMDocument()
    let elapsed = try Self.clock.measure { document = try UIMDocument(parsing: file) }
    #expect(elapsed < Self.bound, "\(elapsed)")
    let stroke = try #require(document.inkData.strokes.first)
    #expect(stroke.pointCount == runs)
    // Differences of one unit add up to `runs`; the floats count from 0.
    #expect(stroke[.x].last == Double(fixedPoint ? runs : runs - 1))
  }
}
