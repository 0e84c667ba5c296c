/// How a tuhi drawing's device values become page values.
public struct TuhiImportOptions: Sendable, Hashable {
  /// The size of one device unit, in micrometres: 1 for the files tuhi writes (it scales the
  /// device's 10 µm or 5 µm steps to µm); 10 for a Spark or Slate file from before tuhi did.
  public var micrometresPerUnit: Double
  /// The pressure that means full pressure: 65535 in the files tuhi writes (it normalises
  /// every device to 0…0xFFFF).
  public var pressureMaximum: Double

  /// Creates options; the defaults read the files tuhi writes.
  public init(micrometresPerUnit: Double = 1, pressureMaximum: Double = 65535) {
    self.micrometresPerUnit = micrometresPerUnit
    self.pressureMaximum = pressureMaximum
  }

  /// Page units (1/96 in) per device unit.
  public var pageUnitsPerUnit: Double { micrometresPerUnit * 96 / 25_400 }
}

/// A tuhi stroke's points as drawn: positions in page units, pressures 0…1, and the time of
/// each point in milliseconds since 1970 when the drawing has time offsets.
struct TuhiPlacedStroke {
  /// The stroke's index in the drawing.
  var index: Int
  var xs: [Double] = []
  var ys: [Double] = []
  var pressures: [Double] = []
  /// Milliseconds after the drawing's timestamp; empty when no point has a `toffset`.
  var times: [Double] = []
}

extension TuhiDrawing {
  /// The strokes with their gaps filled as the format says, and what that changed; `timed`
  /// is set to the number of points with a time offset.
  func placed(_ options: TuhiImportOptions, losses: inout ConversionLosses, timed: inout Int)
    -> [TuhiPlacedStroke]
  {
    let scale = options.pageUnitsPerUnit
    let maximum = options.pressureMaximum > 0 ? options.pressureMaximum : 65535
    var placed: [TuhiPlacedStroke] = []
    var droppedPoints = 0
    var emptyStrokes = 0
    var clamped = 0
    var defaulted = 0
    timed = 0
    for (index, samples) in strokes.enumerated() {
      var stroke = TuhiPlacedStroke(index: index)
      stroke.xs.reserveCapacity(samples.count)
      stroke.ys.reserveCapacity(samples.count)
      stroke.pressures.reserveCapacity(samples.count)
      let hasTimes = samples.contains { $0.timeOffset != nil }
      var position: (Double, Double)?
      var pressure: Double?
      var time = 0.0
      for point in samples {
        if let offset = point.timeOffset {
          timed += 1
          time = offset
        }
        if let x = point.x, let y = point.y { position = (x, y) }
        if let p = point.pressure {
          let fraction = p / maximum
          if fraction > 1 + 1 / maximum { clamped += 1 }
          pressure = min(1, max(0, fraction))
        }
        guard let position else {
          droppedPoints += 1
          continue
        }
        if pressure == nil { defaulted += 1 }
        stroke.xs.append(position.0 * scale)
        stroke.ys.append(position.1 * scale)
        stroke.pressures.append(pressure ?? 0.5)
        if hasTimes { stroke.times.append(time) }
      }
      guard !stroke.xs.isEmpty else {
        emptyStrokes += 1
        continue
      }
      placed.append(stroke)
    }
    if droppedPoints > 0 {
      losses.droppedMetadata.append(
        "\(droppedPoints) points before their stroke's first position (tuhi points without a position)"
      )
    }
    if emptyStrokes > 0 {
      losses.droppedMetadata.append("\(emptyStrokes) strokes without a position")
    }
    if clamped > 0 {
      losses.drawingChanges.append(
        "\(clamped) pressures above \(NumberText.rounded(maximum, decimals: 3)) taken as full pressure"
      )
    }
    if defaulted > 0 {
      losses.drawingChanges.append("\(defaulted) points before any pressure drawn at half pressure")
    }
    if width <= 0 || height <= 0 {
      losses.drawingChanges.append("the drawing has no dimensions: the page has no size")
    }
    return placed
  }
}

extension WillDocument {
  /// Converts a tuhi drawing to a one-page WILL 2 document at the ink's physical size.
  ///
  /// Positions and `dimensions` are scaled from device units to page units (1/96 in) by
  /// ``TuhiImportOptions/pageUnitsPerUnit`` (the page is the sensor's size; no page size when
  /// the drawing's dimensions are 0); each point's width is `width(pressure)`, the pressure
  /// normalised to 0…1 by ``TuhiImportOptions/pressureMaximum`` and clamped. Values are
  /// stored at 3 decimals (a quarter of a micrometre).
  ///
  /// A point without a position repeats the one before; points before a stroke's first
  /// position are dropped, and strokes left without points too. A point without a pressure
  /// keeps the one before, or takes half pressure. `losses` says what changed and what WILL 2
  /// cannot hold (time offsets, the device name, the session).
  /// - Throws: ``WillErrorKind/valueTooLarge(channel:value:precision:)`` for a coordinate past
  ///   `Int32` at 3 decimals; ``WillErrorKind/nonFiniteValue(channel:)`` for a width that is
  ///   not finite.
  public init(
    converting drawing: TuhiDrawing, options: TuhiImportOptions = TuhiImportOptions(),
    width: (Double) -> Double, losses: inout ConversionLosses
  ) throws(WillError) {
    var timed = 0
    let placed = drawing.placed(options, losses: &losses, timed: &timed)
    try self.init(converting: drawing, placed: placed, options: options, width: width)
    if timed > 0 {
      losses.droppedMetadata.append("time offsets (toffset) of \(timed) points")
    }
    if drawing.deviceName != nil || drawing.sessionID != nil || drawing.timestamp != nil {
      losses.droppedMetadata.append("the drawing's device name, session and timestamp")
    }
  }

  init(
    converting drawing: TuhiDrawing, placed: [TuhiPlacedStroke], options: TuhiImportOptions,
    width: (Double) -> Double
  ) throws(WillError) {
    self.init(container: .opc)
    let precision = 3
    var strokes: [Stroke] = []
    strokes.reserveCapacity(placed.count)
    for stroke in placed {
      let qx = try UIMWillReader.quantised(stroke.xs, "X", precision, strokeIndex: stroke.index)
      let qy = try UIMWillReader.quantised(stroke.ys, "Y", precision, strokeIndex: stroke.index)
      let qw = try UIMWillReader.quantised(
        stroke.pressures.map(width), "W", precision, strokeIndex: stroke.index)
      strokes.append(
        Stroke(
          points: zip(qx, qy).map { InkPoint(x: $0, y: $1) }, widths: qw, colors: [.black],
          decimalPrecision: precision))
    }
    let scale = options.pageUnitsPerUnit
    let hasPage = drawing.width > 0 && drawing.height > 0
    sections = [
      Section(
        width: hasPage ? drawing.width * scale : nil,
        height: hasPage ? drawing.height * scale : nil,
        nodes: [.paths(PathsElement(strokes: strokes))])
    ]
  }
}
