extension InkMLDocument {
  /// A WILL 2 document as InkML: one trace group per section (`section0`, …) with the page
  /// size as an annotation, one trace per stroke with channels X, Y and W (the width at each
  /// point, when the stroke has widths), transforms applied to the coordinates (widths scaled by
  /// the transform's length scale), values rounded to the stroke's decimal precision, and one
  /// brush per colour and constant width (colour, width, transparency = 255 − alpha).
  ///
  /// InkML has no place for ts/tf, blend modes, particle paints or per-point colour: a trace
  /// takes its stroke's first colour. ``init(converting:losses:)`` also says what changes.
  public init(converting document: WillDocument) {
    self = Self.converted(document).document
  }

  /// A WILL 2 document as InkML, as ``init(converting:)`` makes it, saying what changes.
  /// - Parameters:
  ///   - document: The WILL 2 document.
  ///   - losses: Filled with what ``losses(converting:)`` lists, and with how far values move:
  ///     coordinates of transformed strokes rounded to the stroke's precision after the
  ///     transform, and widths under a transform that is not a uniform scale (skew, unequal
  ///     scales), which InkML's one width per point cannot follow; each with the largest
  ///     deviation.
  /// - Throws: ``WillErrorKind/nonFiniteValue(channel:)`` (with the stroke index) for a
  ///   transform that takes a value past the range of a `Double`.
  public init(converting document: WillDocument, losses: inout ConversionLosses)
    throws(WillError)
  {
    let more = Self.losses(converting: document)
    losses.drawingChanges += more.drawingChanges
    losses.droppedMetadata += more.droppedMetadata
    let (converted, change) = Self.converted(document)
    if let (channel, stroke) = change.nonFinite {
      throw WillError(.nonFiniteValue(channel: channel), strokeIndex: stroke)
    }
    if change.transformedStrokes > 0 {
      losses.drawingChanges.append(
        "transforms of \(change.transformedStrokes) strokes applied to their coordinates (InkML has no transform), rounded to the stroke's precision: max deviation \(Self.deviation(change.roundingDeviation))"
      )
    }
    if change.skewedStrokes > 0 {
      losses.drawingChanges.append(
        "widths of \(change.skewedStrokes) strokes under a skewed or unevenly scaled transform scaled by its mean length scale (InkML has one width per point): max deviation \(Self.deviation(change.widthDeviation))"
      )
    }
    self = converted
  }

  /// A deviation as a report shows it: up to 9 decimals, never `0` for a value above zero.
  static func deviation(_ value: Double) -> String {
    value > 0 && value < 5e-10 ? "< 0.000000001" : NumberText.rounded(value, decimals: 9)
  }

  /// What converting moves: see ``init(converting:losses:)``.
  struct ValueChange {
    var transformedStrokes = 0
    var roundingDeviation = 0.0
    var skewedStrokes = 0
    var widthDeviation = 0.0
    /// The first value that is not finite: its channel and stroke index.
    var nonFinite: (String, Int)?
  }

  static func converted(_ document: WillDocument) -> (document: InkMLDocument, change: ValueChange)
  {
    var brushes: [InkMLDocument.Brush] = []
    // The brush of each colour, transparency and width, found in constant time: one scan of
    // the brushes per stroke is quadratic when every stroke has a colour of its own.
    var brushIndex: [BrushKey: Int] = [:]
    var groups: [InkMLDocument.TraceGroup] = []
    var change = ValueChange()
    var strokeIndex = 0
    for (sectionIndex, section) in document.sections.enumerated() {
      var group = InkMLDocument.TraceGroup(
        id: "section\(sectionIndex)", pageSize: section.pageSize, traces: [])
      for placed in section.pathsElements {
        let transform = placed.transform
        let scale = transform.lengthScale
        let isTransformed = !transform.isIdentity
        let spread = Self.widthSpread(transform)
        for stroke in placed.element.strokes {
          defer { strokeIndex += 1 }
          let p = stroke.decimalPrecision
          let factor = FixedPoint.scale(precision: min(max(p, 0), 8))
          var deviation = 0.0
          func rounded(_ v: Double, _ channel: String) -> Double {
            guard v.isFinite else {
              if change.nonFinite == nil { change.nonFinite = (channel, strokeIndex) }
              return v
            }
            let scaled = v * factor
            // Past 10^300 every value is whole: rounding cannot move it, only overflow.
            let result = scaled.isFinite ? scaled.rounded() / factor : v
            deviation = max(deviation, abs(result - v))
            return result
          }
          var xs: [Double] = []
          var ys: [Double] = []
          xs.reserveCapacity(stroke.pointCount)
          ys.reserveCapacity(stroke.pointCount)
          for point in stroke.points {
            let moved = transform.apply(x: point.x, y: point.y)
            xs.append(rounded(moved.x, "X"))
            ys.append(rounded(moved.y, "Y"))
          }
          var channels = ["X", "Y"]
          var columns = [xs, ys]
          var widest = 0.0
          if !stroke.widths.isEmpty {
            channels.append("W")
            columns.append(
              (0..<stroke.pointCount).map {
                let width = stroke.width(at: $0) ?? 0
                widest = max(widest, abs(width))
                return rounded(width * scale, "W")
              })
          }
          let color = stroke.color ?? .black
          let width = stroke.constantWidth.map {
            widest = max(widest, abs($0))
            return rounded($0 * scale, "brush width")
          }
          if isTransformed {
            change.transformedStrokes += 1
            change.roundingDeviation = max(change.roundingDeviation, deviation)
          }
          if spread > 0, widest > 0 {
            change.skewedStrokes += 1
            change.widthDeviation = max(change.widthDeviation, widest * spread)
          }
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
    return (InkMLDocument(brushes: brushes, groups: groups), change)
  }

  /// How far a transform's scaling of lengths strays from its mean ``AffineTransform/lengthScale``,
  /// per unit of width: the larger of σ₁ − s and s − σ₂ for its singular values σ₁ ≥ σ₂ (0 for
  /// a rotation, reflection or uniform scale, which keep a round pen tip round).
  static func widthSpread(_ t: AffineTransform) -> Double {
    let sum = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d
    let det = t.a * t.d - t.b * t.c
    let root = max(0, sum * sum - 4 * det * det).squareRoot()
    let high = ((sum + root) / 2).squareRoot()
    let low = (max(0, sum - root) / 2).squareRoot()
    let mean = t.lengthScale
    guard high.isFinite, mean.isFinite else { return 0 }
    let spread = max(high - mean, mean - low)
    // Floating-point noise of a rotation is not a skew.
    return spread > 1e-12 * max(high, 1) ? spread : 0
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
  /// The width, in page units, of a stroke made from a trace with neither a W channel nor a
  /// brush width: the width renderers draw a stroke that stores none at (1/96 in).
  static let inkMLDefaultWidth = 1.0

  /// An InkML document as WILL 2: one section per trace group (with its page size when it has
  /// one), one stroke per trace: X and Y as the control points, W as the widths (else the
  /// brush's width, else a width of 1), the brush's colour and transparency.
  ///
  /// Values land in page units (1/96 in) at their true size: each channel is multiplied by its
  /// ``InkMLDocument/Trace/scales`` (X and Y may differ), W by its own or else by the mean of
  /// X's and Y's, a brush width by its ``InkMLDocument/Brush/widthScale`` or else as W. A
  /// trace whose channels have no length unit keeps its values as they are (willdoc's own
  /// InkML). A scaled trace's precision is at most the larger of 3 and the one that resolves
  /// a tenth of its device step.
  ///
  /// Each stroke takes the fewest decimals (0…8, WILL 2's fixed-point precisions) that keep
  /// every X, Y and W value of its trace, to within a ten-billionth of the value (the noise
  /// that adding up difference-coded decimals leaves); when no precision keeps them, the most
  /// decimals at which they fit `Int32`, and `losses` says how far the values move.
  /// - Parameters:
  ///   - inkML: The InkML document.
  ///   - precision: The decimal precision of every stroke (0…8), or `nil` to choose each
  ///     stroke's as above.
  ///   - losses: Filled with what WILL 2 cannot hold: channels other than X, Y and W (force,
  ///     time, tilt, …), traces without X or Y, annotations and nested trace groups, and values
  ///     rounded to the strokes' precision (with the largest deviation); and with what was
  ///     changed or assumed: the scaling to page units, device units taken as HIMETRIC, the
  ///     width given to traces that have none.
  /// - Throws: ``WillErrorKind/valueTooLarge(channel:value:precision:)`` for a coordinate that
  ///   does not fit `Int32` at `precision` (at 0 decimals when choosing), and
  ///   ``WillErrorKind/nonFiniteValue(channel:)`` for NaN or infinity.
  public init(
    converting inkML: InkMLDocument, precision: Int? = nil, losses: inout ConversionLosses
  ) throws(WillError) {
    self.init(container: .opc)
    var dropped: Set<String> = []
    var listedChannels: [String] = []
    var skipped = 0
    var rounded = 0
    var roundedPrecisions: ClosedRange<Int>?
    var maxDeviation = 0.0
    var scaled = 0
    var factors: [String] = []
    var seenFactors: Set<String> = []
    var unitlessBrushWidths = 0
    var defaultWidths = 0
    for group in inkML.groups {
      var strokes: [Stroke] = []
      for (index, trace) in group.traces.enumerated() {
        guard let xs = trace.values("X"), let ys = trace.values("Y") else {
          skipped += 1
          continue
        }
        // Traces of one format share its channel array: list its names once, not once per
        // trace (500,000 traces of 32 channels are 16 million set insertions).
        if trace.channels != listedChannels {
          listedChannels = trace.channels
          for channel in trace.channels where channel != "X" && channel != "Y" && channel != "W" {
            dropped.insert(channel)
          }
        }
        let sx = trace.scale("X")
        let sy = trace.scale("Y")
        let fx = sx ?? sy ?? 1
        let fy = sy ?? sx ?? 1
        let isScaled = sx != nil || sy != nil
        let fw = trace.scale("W") ?? (fx * fy).squareRoot()
        var values = [xs, ys]
        if let w = trace.values("W") {
          values.append(w)
        } else if let width = trace.brush?.width {
          if let scale = trace.brush?.widthScale {
            values.append([width * scale])
          } else {
            if isScaled { unitlessBrushWidths += 1 }
            values.append([width * fw])
          }
        } else {
          // A WILL 2 stroke without a width is one Wacom's parser cannot read.
          defaultWidths += 1
          values.append([Self.inkMLDefaultWidth])
        }
        var stepPrecision = FixedPoint.supportedPrecisions.upperBound
        if isScaled {
          scaled += 1
          values[0] = xs.map { $0 * fx }
          values[1] = ys.map { $0 * fy }
          if values.count > 2, trace.values("W") != nil { values[2] = values[2].map { $0 * fw } }
          let text =
            "X ×\(NumberText.rounded(fx, decimals: 6)), Y ×\(NumberText.rounded(fy, decimals: 6))"
          if factors.count < 4, seenFactors.insert(text).inserted { factors.append(text) }
          // Finer than a tenth of the device's step adds digits, not ink; 3 decimals at least
          // (a quarter of a micrometre), for values that are not whole device steps.
          let step = min(fx, fy) / 10
          stepPrecision = 3
          while stepPrecision < FixedPoint.supportedPrecisions.upperBound,
            FixedPoint.scale(precision: stepPrecision) * step < 1
          {
            stepPrecision += 1
          }
        }
        let p = precision ?? min(stepPrecision, Self.keepingPrecision(values))
        var quantised: [[Double]] = []
        for (column, name) in zip(values, ["X", "Y", "W"]) {
          quantised.append(try UIMWillReader.quantised(column, name, p, strokeIndex: index))
        }
        let deviation = Self.deviation(values, quantised)
        if deviation > 0 {
          rounded += 1
          roundedPrecisions =
            roundedPrecisions.map { min($0.lowerBound, p)...max($0.upperBound, p) } ?? p...p
          maxDeviation = max(maxDeviation, deviation)
        }
        var color = trace.brush?.color ?? .black
        if let transparency = trace.brush?.transparency { color.alpha = UInt8(255 - transparency) }
        strokes.append(
          Stroke(
            points: zip(quantised[0], quantised[1]).map { InkPoint(x: $0, y: $1) },
            widths: quantised.count > 2 ? quantised[2] : [], colors: [color],
            decimalPrecision: p))
      }
      sections.append(
        Section(
          width: group.pageSize?.width, height: group.pageSize?.height,
          nodes: [.paths(PathsElement(strokes: strokes))]))
    }
    if !dropped.isEmpty {
      // At most eight names: a file can hold hundreds of thousands of formats.
      losses.droppedMetadata.append("InkML channels " + UIMWillReader.listed(dropped.sorted()))
    }
    if skipped > 0 { losses.droppedMetadata.append("\(skipped) traces without X and Y channels") }
    for (units, count) in inkML.notes.assumedUnits.sorted(by: { $0.key < $1.key }) {
      losses.drawingChanges.append(
        "X and Y of \(count) traces in units \"\(units.prefix(40))\" with no resolution taken as HIMETRIC (0.01 mm, Tablet PC ink space)"
      )
    }
    if scaled > 0 {
      losses.drawingChanges.append(
        "values of \(scaled) traces scaled from their units and resolutions to page units (1/96 in): "
          + factors.joined(separator: "; ") + (seenFactors.count > factors.count ? "; …" : ""))
    }
    if unitlessBrushWidths > 0 {
      losses.drawingChanges.append(
        "brush widths without units of \(unitlessBrushWidths) traces taken in their trace's X and Y units"
      )
    }
    if defaultWidths > 0 {
      losses.drawingChanges.append(
        "\(defaultWidths) traces without a width (no W channel, no brush width) given width \(NumberText.shortest(Self.inkMLDefaultWidth)), the width willdoc draws them at"
      )
    }
    if inkML.notes.annotations > 0 {
      losses.droppedMetadata.append("\(inkML.notes.annotations) InkML annotations")
    }
    if inkML.notes.nestedGroups > 0 {
      losses.droppedMetadata.append(
        "\(inkML.notes.nestedGroups) nested trace groups (their traces kept, flattened into their top-level group)"
      )
    }
    if let range = roundedPrecisions {
      let decimals =
        range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)…\(range.upperBound)"
      losses.drawingChanges.append(
        "values of \(rounded) traces rounded to WILL 2's fixed-point precision (\(decimals) decimals): max deviation \(InkMLDocument.deviation(maxDeviation))"
      )
    }
  }

  /// Whether `rounded` is `value` but for floating-point noise: within a ten-billionth of it.
  static func keeps(_ value: Double, _ rounded: Double) -> Bool {
    abs(rounded - value) <= 1e-10 * max(abs(value), 1)
  }

  /// The largest change from `values` to `quantised` that is more than noise (see
  /// ``keeps(_:_:)``), or 0.
  static func deviation(_ values: [[Double]], _ quantised: [[Double]]) -> Double {
    var deviation = 0.0
    for (column, rounded) in zip(values, quantised) {
      for (value, new) in zip(column, rounded) where !keeps(value, new) {
        deviation = max(deviation, abs(new - value))
      }
    }
    return deviation
  }

  /// The fewest decimals (0…8) at which every value fits `Int32` and keeps its value (see
  /// ``keeps(_:_:)``); else the most decimals at which every value fits (0 when none does:
  /// quantising then throws). At most nine passes over the values.
  static func keepingPrecision(_ values: [[Double]]) -> Int {
    var largest = 0.0
    for column in values {
      for value in column where value.isFinite { largest = max(largest, abs(value)) }
    }
    var fitting = FixedPoint.supportedPrecisions.upperBound
    while fitting > 0,
      (largest * FixedPoint.scale(precision: fitting)).rounded() > Double(Int32.max)
    {
      fitting -= 1
    }
    for p in 0..<fitting {
      let scale = FixedPoint.scale(precision: p)
      let kept = values.allSatisfy { column in
        column.allSatisfy {
          !$0.isFinite || keeps($0, ($0 * scale).rounded(.toNearestOrEven) / scale)
        }
      }
      if kept { return p }
    }
    return fitting
  }
}
