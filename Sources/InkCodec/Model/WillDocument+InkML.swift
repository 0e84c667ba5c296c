extension InkMLDocument {
  /// A WILL 2 document as InkML: one trace group per section (`section0`, …) with the page
  /// size as an annotation, one trace per stroke with channels X, Y and W (the width at each
  /// point, when the stroke has widths), transforms applied to the coordinates (widths scaled by
  /// the transform's length scale), values rounded to the stroke's decimal precision, and one
  /// brush per colour and constant width (colour, width, transparency = 255 − alpha).
  ///
  /// InkML has no place for ts/tf, blend modes, particle paints or per-point colour: a trace
  /// takes its stroke's first colour.
  public init(converting document: WillDocument) {
    var brushes: [InkMLDocument.Brush] = []
    // The brush of each colour, transparency and width, found in constant time: one scan of
    // the brushes per stroke is quadratic when every stroke has a colour of its own.
    var brushIndex: [BrushKey: Int] = [:]
    var groups: [InkMLDocument.TraceGroup] = []
    for (sectionIndex, section) in document.sections.enumerated() {
      var group = InkMLDocument.TraceGroup(
        id: "section\(sectionIndex)", pageSize: section.pageSize, traces: [])
      for placed in section.pathsElements {
        let transform = placed.transform
        let scale = transform.lengthScale
        for stroke in placed.element.strokes {
          let p = stroke.decimalPrecision
          let factor = FixedPoint.scale(precision: min(max(p, 0), 8))
          func rounded(_ v: Double) -> Double { (v * factor).rounded() / factor }
          var xs: [Double] = []
          var ys: [Double] = []
          xs.reserveCapacity(stroke.pointCount)
          ys.reserveCapacity(stroke.pointCount)
          for point in stroke.points {
            let moved = transform.apply(x: point.x, y: point.y)
            xs.append(rounded(moved.x))
            ys.append(rounded(moved.y))
          }
          var channels = ["X", "Y"]
          var columns = [xs, ys]
          if !stroke.widths.isEmpty {
            channels.append("W")
            columns.append(
              (0..<stroke.pointCount).map { rounded((stroke.width(at: $0) ?? 0) * scale) })
          }
          let color = stroke.color ?? .black
          let width = stroke.constantWidth.map { rounded($0 * scale) }
          let brush: InkMLDocument.Brush
          let key = BrushKey(color: color, width: width)
          if let existing = brushIndex[key] {
            brush = brushes[existing]
          } else {
            brush = InkMLDocument.Brush(
              id: "brush\(brushes.count)",
              color: InkColor(red: color.red, green: color.green, blue: color.blue), width: width,
              transparency: 255 - Int(color.alpha))
            brushIndex[key] = brushes.count
            brushes.append(brush)
          }
          group.traces.append(
            InkMLDocument.Trace(brush: brush, channels: channels, columns: columns))
        }
      }
      groups.append(group)
    }
    self.init(brushes: brushes, groups: groups)
  }
}

extension InkMLDocument {
  /// What makes two traces share a brush: the colour with its alpha, and the width bit for bit
  /// (zero of either sign as one), so that a NaN width, which equals nothing, hashes and
  /// compares like any other value.
  private struct BrushKey: Hashable {
    var rgba: UInt32
    var width: UInt64?

    init(color: InkColor, width: Double?) {
      rgba = color.rgba
      self.width = width.map { $0 == 0 ? 0 : $0.bitPattern }
    }
  }
}

extension InkMLDocument {
  /// What ``init(converting:)`` cannot carry of `document`: ts/tf, per-point colours, blend
  /// modes, particle paints and seeds, path ids, images and properties.
  public static func losses(converting document: WillDocument) -> ConversionLosses {
    var losses = ConversionLosses()
    let strokes = document.strokes
    let trimmed = strokes.filter { $0.startParameter != 0 || $0.endParameter != 1 }.count
    if trimmed > 0 {
      losses.drawingChanges.append("ts/tf of \(trimmed) strokes (InkML traces are drawn whole)")
    }
    let colored = strokes.filter { $0.colors.count > 1 }.count
    if colored > 0 {
      losses.drawingChanges.append("per-point colours of \(colored) strokes (each takes its first)")
    }
    let blended = strokes.filter { $0.blendMode.effective != .sourceOver }.count
    if blended > 0 { losses.drawingChanges.append("blend modes of \(blended) strokes") }
    let painted = strokes.filter { $0.paintIndex != nil }.count
    if painted > 0 { losses.drawingChanges.append("particle paints of \(painted) strokes") }
    let images = document.sections.reduce(0) { $0 + $1.images.count }
    if images > 0 { losses.drawingChanges.append("\(images) images") }
    let backgrounds = document.sections.filter { $0.background != nil }.count
    if backgrounds > 0 { losses.droppedMetadata.append("\(backgrounds) page backgrounds") }
    if strokes.contains(where: { $0.id != nil }) { losses.droppedMetadata.append("path ids") }
    let p = document.properties
    if [p.title, p.created, p.modified, p.application, p.appVersion, p.template].contains(where: {
      $0 != nil
    }) {
      losses.droppedMetadata.append("document properties")
    }
    return losses
  }
}

extension WillDocument {
  /// An InkML document as WILL 2: one section per trace group (with its page size when it has
  /// one), one stroke per trace at `precision` decimals: X and Y as the control points, W as the
  /// widths (else the brush's width), the brush's colour and transparency.
  /// - Parameters:
  ///   - inkML: The InkML document.
  ///   - precision: The decimal precision of the strokes (0…8, default 2).
  ///   - losses: Filled with what WILL 2 cannot hold: channels other than X, Y and W (force,
  ///     time, tilt, …), traces without X or Y.
  /// - Throws: ``WillErrorKind/valueTooLarge(channel:value:precision:)`` for a coordinate that
  ///   does not fit `Int32` at `precision`.
  public init(
    converting inkML: InkMLDocument, precision: Int = FixedPoint.defaultPrecision,
    losses: inout ConversionLosses
  ) throws(WillError) {
    self.init(container: .opc)
    var dropped: Set<String> = []
    var skipped = 0
    for group in inkML.groups {
      var strokes: [Stroke] = []
      for (index, trace) in group.traces.enumerated() {
        guard let xs = trace.values("X"), let ys = trace.values("Y") else {
          skipped += 1
          continue
        }
        for channel in trace.channels where !["X", "Y", "W"].contains(channel) {
          dropped.insert(channel)
        }
        let qx = try UIMWillReader.quantised(xs, "X", precision, strokeIndex: index)
        let qy = try UIMWillReader.quantised(ys, "Y", precision, strokeIndex: index)
        var widths: [Double] = []
        if let w = trace.values("W") {
          widths = try UIMWillReader.quantised(w, "W", precision, strokeIndex: index)
        } else if let width = trace.brush?.width {
          widths = try UIMWillReader.quantised([width], "W", precision, strokeIndex: index)
        }
        var color = trace.brush?.color ?? .black
        if let transparency = trace.brush?.transparency { color.alpha = UInt8(255 - transparency) }
        strokes.append(
          Stroke(
            points: zip(qx, qy).map { InkPoint(x: $0, y: $1) }, widths: widths, colors: [color],
            decimalPrecision: precision))
      }
      sections.append(
        Section(
          width: group.pageSize?.width, height: group.pageSize?.height,
          nodes: [.paths(PathsElement(strokes: strokes))]))
    }
    if !dropped.isEmpty {
      losses.droppedMetadata.append("InkML channels " + dropped.sorted().joined(separator: ", "))
    }
    if skipped > 0 { losses.droppedMetadata.append("\(skipped) traces without X and Y channels") }
  }
}
