import Foundation
import Testing

@testable import InkCodec

/// tuhi's drawings (the JSON tuhi stores for each note downloaded from a Bamboo Spark, Slate or
/// Intuos Pro Paper), in every form tuhi wrote: read exactly, placed at their physical size,
/// and every bad field an error that names it and its byte offset.
@Suite struct TuhiDrawingTests {
  /// tuhi's first files (2018): compact, no `sessionid`, values in the device's 10 µm steps
  /// and its raw pressure (0…2047 on a Slate).
  static let firstFormat = """
    {"version": 1, "devicename": "Bamboo Slate", "dimensions": [21600, 14800], \
    "timestamp": 1528178400, "strokes": [{"points": [{"position": [0, 7400], "pressure": 0}, \
    {"position": [21600, 7400], "pressure": 2047}]}]}
    """

  /// tuhi from 2019 on: indented, with `sessionid`, values in µm and pressure 0…65535 (floats,
  /// as tuhi's normalisation divides).
  static let sessionFormat = """
    {
      "version": 1,
      "devicename": "Intuos Pro Paper",
      "sessionid": "6a1f0e22c2b14a3c8d0e1e5f1b2c3d4e-1",
      "dimensions": [
        448000,
        296000
      ],
      "timestamp": 1565000000,
      "strokes": [
        {
          "points": [
            {
              "position": [
                0,
                0
              ],
              "pressure": 0.0
            },
            {
              "position": [
                448000,
                296000
              ],
              "pressure": 65536.0
            }
          ]
        }
      ]
    }
    """

  /// The format as tuhi's D-Bus documentation spells it: `toffset`, and points that carry
  /// only some of their items, and members a future device may add.
  static let documentedFormat = """
    {"version": 1, "devicename": "Wacom Bamboo Spark", "dimensions": [100000, 200000],
     "timestamp": 12345, "strokes": [
       {"points": [
         {"toffset": 12366, "position": [100, 200], "pressure": 1000},
         {"toffset": 12368, "pressure": 800},
         {"toffset": 12370, "position": [120, 202], "tilt": [1, {"deep": [2]}]}
       ]},
       {"points": [{"pressure": 5}, {"position": [50800, 25400], "pressure": 65535}]}
     ], "future": {"axes": [true, false, null]}}
    """

  static func read(_ text: String, limits: DecodingLimits = .default) throws -> TuhiDrawing {
    try TuhiDrawing(parsing: Array(text.utf8), limits: limits)
  }

  /// The WILL 2 form with widths equal to the pressure (0…1), to check pressures exactly.
  static func document(_ drawing: TuhiDrawing, options: TuhiImportOptions = .init()) throws
    -> (WillDocument, ConversionLosses)
  {
    var losses = ConversionLosses()
    let document = try WillDocument(
      converting: drawing, options: options, width: { $0 }, losses: &losses)
    return (document, losses)
  }

  @Test func theFirstFormatReadsWithItsDeviceUnitsAndPressure() throws {
    let drawing = try Self.read(Self.firstFormat)
    #expect(drawing.deviceName == "Bamboo Slate")
    #expect(drawing.sessionID == nil)
    #expect(drawing.width == 21600 && drawing.height == 14800)
    #expect(drawing.timestamp == 1_528_178_400)
    #expect(
      drawing.strokes == [
        [
          TuhiDrawing.Point(x: 0, y: 7400, pressure: 0),
          TuhiDrawing.Point(x: 21600, y: 7400, pressure: 2047),
        ]
      ])
    // 10 µm units and a 2047 pressure: the Slate's 216 mm at 96/in, full pressure at the end.
    let (document, _) = try Self.document(
      drawing, options: TuhiImportOptions(micrometresPerUnit: 10, pressureMaximum: 2047))
    let section = document.sections[0]
    let pixelsPerUnit: Double = 10 * 96 / 25_400
    #expect(section.width == 21_600 * pixelsPerUnit)
    #expect(section.height == 14_800 * pixelsPerUnit)
    let stroke = document.strokes[0]
    #expect(stroke.points == [InkPoint(x: 0, y: 279.685), InkPoint(x: 816.378, y: 279.685)])
    #expect(stroke.widths == [0, 1])
  }

  @Test func theSessionFormatSpansTheSensorAtItsPhysicalSize() throws {
    let drawing = try Self.read(Self.sessionFormat)
    #expect(drawing.sessionID == "6a1f0e22c2b14a3c8d0e1e5f1b2c3d4e-1")
    let (document, losses) = try Self.document(drawing)
    // 448 × 296 mm: the Intuos Pro Paper L's sensor, corner to corner.
    let pixelsPerMicrometre: Double = 96 / 25_400
    #expect(document.sections[0].width == 448_000 * pixelsPerMicrometre)
    #expect(document.sections[0].height == 296_000 * pixelsPerMicrometre)
    #expect(
      document.strokes[0].points == [InkPoint(x: 0, y: 0), InkPoint(x: 1693.228, y: 1118.74)])
    // 65536 is tuhi's full pressure (its normalisation reaches 0x10000): 1, not a change.
    #expect(document.strokes[0].widths == [0, 1])
    #expect(losses.drawingChanges.isEmpty)
    #expect(losses.droppedMetadata == ["the drawing's device name, session and timestamp"])
  }

  @Test func pointsCarryTheirPositionAndPressureForwardAndKeepTheirTimeOffsets() throws {
    let drawing = try Self.read(Self.documentedFormat)
    #expect(drawing.strokes[0].map(\.timeOffset) == [12366, 12368, 12370])
    #expect(drawing.strokes[0][1] == TuhiDrawing.Point(pressure: 800, timeOffset: 12368))
    let (document, losses) = try Self.document(drawing)
    let unit = 96 / 25_400.0
    #expect(document.strokes.count == 2)
    // The second point stays at the first's position; the third keeps the second's pressure.
    #expect(
      document.strokes[0].points.map(\.x) == [0.378, 0.378, 0.454].map { $0 }
        && abs(100 * unit - 0.378) < 0.0005)
    #expect(document.strokes[0].widths == [0.015, 0.012, 0.012])
    // The second stroke's first point has no position: dropped, and said so.
    #expect(document.strokes[1].points == [InkPoint(x: 192, y: 96)])
    #expect(
      losses.droppedMetadata == [
        "1 points before their stroke's first position (tuhi points without a position)",
        "time offsets (toffset) of 3 points",
        "the drawing's device name, session and timestamp",
      ])
  }

  @Test func aPressurePastTheMaximumIsClampedAndSaid() throws {
    let drawing = TuhiDrawing(
      width: 0, height: 0, strokes: [[TuhiDrawing.Point(x: 1, y: 1, pressure: 70000)]])
    let (document, losses) = try Self.document(drawing)
    #expect(document.strokes[0].widths == [1])
    #expect(document.sections[0].width == nil)
    #expect(
      losses.drawingChanges == [
        "1 pressures above 65535 taken as full pressure",
        "the drawing has no dimensions: the page has no size",
      ])
  }

  /// Each bad field: its error text and byte offset.
  @Test(arguments: [
    ("[]", "malformed JSON: (top level): expected an object, found an array", 0),
    ("{\"version\": 1, \"strokes\": []}", "malformed JSON: dimensions: missing", 0),
    ("{\"version\": 1, \"dimensions\": [1, 2]}", "malformed JSON: strokes: missing", 0),
    ("{\"dimensions\": [1, 2], \"strokes\": []}", "malformed JSON: version: missing", 0),
    (
      "{\"version\": 2, \"dimensions\": [1, 2], \"strokes\": []}",
      "unsupported: tuhi JSON format version 2 (willdoc reads 1)", 12
    ),
    (
      "{\"version\": 1, \"dimensions\": [1], \"strokes\": []}",
      "malformed JSON: dimensions: expected two numbers, found \"]\"", 31
    ),
    (
      "{\"version\": 1, \"dimensions\": [1, -2], \"strokes\": []}",
      "malformed JSON: dimensions[1]: negative", 33
    ),
    (
      "{\"version\": 1, \"dimensions\": [1, 2], \"strokes\": [{\"points\": [{}, {\"position\": [1, \"x\"]}]}]}",
      "malformed JSON: strokes[0].points[1].position[1]: expected a number, found a string", 82
    ),
    (
      "{\"version\": 1, \"dimensions\": [1, 2], \"strokes\": [{\"points\": []}, {}]}",
      "malformed JSON: strokes[1].points: missing", 65
    ),
    (
      "{\"version\": 1, \"dimensions\": [1, 2], \"strokes\": [{\"points\": [{\"pressure\": 1e999}]}]}",
      "malformed JSON: strokes[0].points[0].pressure: number out of range", 74
    ),
    (
      "{\"version\": 1, \"dimensions\": [1, 2], \"strokes\": [{\"points\": [{\"toffset\": 01}]}]}",
      "malformed JSON: strokes[0].points[0].toffset: malformed number", 73
    ),
    (
      "{\"version\": 1, \"dimensions\": [1, 2], \"strokes\": [{\"points\": [{\"position\": [1, 2]} {}]}]}",
      "malformed JSON: strokes[0].points: expected \",\" or \"]\", found an object", 82
    ),
    (
      "{\"version\": 1, \"devicename\": \"ab", "malformed JSON: devicename: unterminated string", 29
    ),
    (
      "{\"version\": 1, \"x\": [[[[",
      "malformed JSON: (top level): expected a value, found the end of the file", 24
    ),
    ("{\"version\": 1} x", "malformed JSON: (end): text after the top-level object: \"x\"", 15),
  ])
  func eachBadFieldIsNamedWithItsOffset(text: String, message: String, offset: Int) {
    #expect {
      _ = try Self.read(text)
    } throws: { error in
      guard let error = error as? WillError else { return false }
      #expect(error.message == message)
      #expect(error.offset == offset, "\(error.description)")
      return error.message == message
    }
  }

  @Test func strokesAndPointsAreCountedAgainstTheLimits() {
    let text = """
      {"version": 1, "dimensions": [1, 2], "strokes": [{"points": [{}, {}, {}]}, {"points": []}]}
      """
    let cases: [(DecodingLimits, DecodingLimits.Limit)] = [
      (DecodingLimits(maxStrokes: 1), .strokes),
      (DecodingLimits(maxPointsPerStroke: 2), .pointsPerStroke),
      (DecodingLimits(maxTotalPoints: 2), .totalPoints),
    ]
    for (limits, limit) in cases {
      #expect {
        _ = try Self.read(text, limits: limits)
      } throws: { error in
        guard case .limitExceeded(let found, _, _) = (error as? WillError)?.kind else {
          return false
        }
        return found == limit
      }
    }
  }

  @Test func deepNestingInAnUnknownMemberIsSkippedWithoutRecursion() throws {
    let depth = 200_000
    let text =
      "{\"version\": 1, \"dimensions\": [1, 2], \"deep\": " + String(repeating: "[", count: depth)
      + String(repeating: "]", count: depth) + ", \"strokes\": []}"
    #expect(try Self.read(text).strokes.isEmpty)
  }

  @Test func sniffingTellsADrawingFromOtherJSON() {
    #expect(TuhiDrawing.sniff(Array(Self.sessionFormat.utf8)))
    #expect(TuhiDrawing.sniff([0xEF, 0xBB, 0xBF] + Array(Self.firstFormat.utf8)))
    #expect(!TuhiDrawing.sniff(Array("{\"name\": \"package.json\"}".utf8)))
    #expect(!TuhiDrawing.sniff(Array("<ink/>".utf8)))
  }
}

/// tuhi drawings to UIM: the samples kept as sensor data, with their times.
@Suite struct TuhiUIMTests {
  @Test func timeOffsetsBecomeEachSamplesTimeInTheSensorData() throws {
    let drawing = try TuhiDrawingTests.read(TuhiDrawingTests.documentedFormat)
    var losses = ConversionLosses()
    let converted = try UIMDocument(converting: drawing, width: { $0 }, losses: &losses)
    let uim = try UIMDocument(parsing: try converted.serialized())
    #expect(uim.validate().isEmpty, "\(uim.validate())")
    #expect(uim.inkData.strokes.count == 2)
    let channels = try #require(
      uim.inputData.configuration?.sensorContexts.first?.channelsContexts.first?.channels)
    #expect(
      channels.map(\.type)
        == ["X", "Y", "Pressure", "Timestamp"].map { UIMSensorChannel.typePrefix + $0 })
    let records = uim.inputData.sensorData
    #expect(records.count == 2)
    #expect(uim.inkData.strokes.map(\.sensorDataID) == records.map(\.id))
    // 12345 s, then 12366, 12368 and 12370 ms after it.
    #expect(records[0].timestamp == 12_357_366)
    let times = records[0].channels[3].values(
      resolution: 1000, precision: 0, start: Double(records[0].timestamp))
    #expect(times.map { ($0 * 1000).rounded() } == [12_357_366, 12_357_368, 12_357_370])
    // X in device units (µm), as the file holds them; pressure 0…1.
    #expect(records[0].channels[0].values(resolution: 1, precision: 0) == [100, 100, 120])
    // 1000 and 800 of 65535 at 4 decimals: 0.0153, then 0.0122 twice.
    #expect(records[0].channels[2].deltas == [153, -31, 0])
    // The second stroke has no toffset: its samples all take the drawing's timestamp.
    #expect(records[1].timestamp == 12_345_000)
    #expect(records[1].channels[3].deltas == [0])
    #expect(
      losses.droppedMetadata == [
        "1 points before their stroke's first position (tuhi points without a position)"
      ])
  }

  @Test func aTimeThatDoesNotFitIsAnErrorNotATrap() throws {
    let drawing = TuhiDrawing(
      width: 1, height: 1, timestamp: 1,
      strokes: [
        [
          TuhiDrawing.Point(x: 1, y: 1, timeOffset: 0),
          TuhiDrawing.Point(x: 1, y: 1, timeOffset: 1e300),
        ]
      ])
    var losses = ConversionLosses()
    #expect(throws: WillError.self) {
      _ = try UIMDocument(converting: drawing, width: { $0 }, losses: &losses)
    }
  }
}
