import InkCodec

/// What `inspect`, `dump` and `validate` print for a UIM (`.uim`) file: the containers are
/// sniffed, so these run whatever the file's name.
enum UIMReport {
  /// The document to draw: a WILL 2 document as read, or a UIM file through its WILL 2
  /// conversion (vector brushes as circles of diameter = size, raster brushes as particle
  /// paints; the losses do not matter to a picture beyond what the conversion lists).
  /// An InkML file or a tuhi drawing goes through its WILL 2 conversion too, its losses named on standard error
  /// (``InkMLReport/converted(_:limits:)``).
  static func drawable(_ input: InputFile, limits: DecodingLimits) throws(WillError) -> WillDocument
  {
    if InkMLReport.isConverted(input.bytes) {
      return try InkMLReport.converted(input, limits: limits)
    }
    guard UIMFile.sniff(input.bytes) else {
      return try WillDocument(parsing: input.bytes, limits: limits)
    }
    var losses = ConversionLosses()
    return try WillDocument(
      converting: try UIMDocument(parsing: input.bytes, limits: limits), limits: limits,
      losses: &losses)
  }

  /// A UIM file to draw: its WILL 2 conversion gives the pages, their transforms and each
  /// stroke's colour and mode; the strokes themselves are drawn from the UIM model with their
  /// brushes (``RenderPage/shapeStrokes(of:sources:)``).
  struct UIMDrawing {
    /// The document read.
    var uim: UIMDocument
    /// The UIM stroke index of each stroke of the conversion, in document order.
    var sources: [Int]
    /// What the conversion says a WILL 2 drawing changes.
    var changes: [String]
  }

  /// The document to draw, as ``drawable(_:limits:)``, and for a UIM file what its strokes
  /// are drawn from (`nil` for other formats).
  static func drawing(_ input: InputFile, limits: DecodingLimits) throws(WillError) -> (
    document: WillDocument, uim: UIMDrawing?
  ) {
    guard !InkMLReport.isConverted(input.bytes), UIMFile.sniff(input.bytes) else {
      return (try drawable(input, limits: limits), nil)
    }
    var losses = ConversionLosses()
    var sources: [Int] = []
    let uim = try UIMDocument(parsing: input.bytes, limits: limits)
    let document = try WillDocument(
      converting: uim, limits: limits, losses: &losses, strokeSources: &sources)
    return (document, UIMDrawing(uim: uim, sources: sources, changes: losses.drawingChanges))
  }

  /// The times the strokes of a UIM drawing were written (``UIMDocument/strokeTimes()``):
  /// one entry per stroke of its document in order (sections, paths elements, strokes),
  /// seconds per point or `nil`.
  static func strokeTimes(_ drawing: UIMDrawing) -> [[Double]?] {
    let times = drawing.uim.strokeTimes()
    return drawing.sources.map { times[$0] }
  }

  /// The version as `3.1.0`.
  static func version(_ document: UIMDocument) -> String {
    document.version.map(String.init).joined(separator: ".")
  }

  /// The `inspect` lines of one file.
  static func inspectLines(input: InputFile, document: UIMDocument, style: Style) -> [String] {
    var rows: [[String]] = []
    let ink = document.inkData
    rows.append(["container", "uim \(version(document)) (Universal Ink Model, RIFF UINK)"])
    rows.append([
      "strokes",
      "\(Format.count(ink.strokes.count)) strokes, \(Format.count(document.pointCount)) points",
    ])
    let fixed = ink.strokes.filter { $0.splineFormat == .fixedPoint }.count
    rows.append([
      "splines",
      "\(Format.count(fixed)) fixed point, \(Format.count(ink.strokes.count - fixed)) float",
    ])
    var channelCounts: [String: Int] = [:]
    for stroke in ink.strokes {
      for channel in stroke.storedChannels { channelCounts[channel.name, default: 0] += 1 }
    }
    let channels = UIMSplineChannel.allCases.compactMap { channel in
      channelCounts[channel.name].map { "\(channel.name) ×\(Format.count($0))" }
    }
    rows.append(["channels", channels.joined(separator: ", ")])
    let colors = Dictionary(grouping: ink.strokes.compactMap { ink.properties(of: $0)?.inkColor }) {
      $0.rgba
    }
    rows.append([
      "colours",
      colors.sorted { $0.value.count > $1.value.count }.prefix(8).map {
        "\(InkColor(rgba: $0.key).svgHex) ×\($0.value.count)"
      }.joined(separator: ", "),
    ])
    rows.append([
      "brushes",
      (document.brushes.vectorBrushes.map(\.name) + document.brushes.rasterBrushes.map(\.name))
        .map(\.terminalSafe).joined(separator: ", "),
    ])
    let sensors = document.inputData.sensorData
    rows.append([
      "input",
      "\(Format.count(sensors.count)) sensor data records, "
        + "\(Format.count(sensors.reduce(0) { $0 + ($1.channels.first?.deltas.count ?? 0) })) samples",
    ])
    rows.append([
      "views",
      document.structure.views.isEmpty
        ? "-"
        : document.structure.views.map {
          "\($0.name.terminalSafe) (\(Format.count($0.strokeIndices.count)) strokes)"
        }.joined(separator: ", "),
    ])
    rows.append(["knowledge", "\(Format.count(document.knowledgeGraph.count)) statements"])
    if !document.properties.isEmpty {
      rows.append([
        "properties",
        document.properties.map { "\($0.name)=\($0.value)".terminalSafe }.joined(separator: ", "),
      ])
    }
    let warnings = document.validate().reduce(0) { $0 + $1.occurrences }
    rows.append(["warnings", warnings == 0 ? "none" : "\(warnings)"])
    var lines = [style.bold(input.displayName.terminalSafe)]
    let table = TextTable(rows: rows)
    lines += table.lines().map { "  " + $0 }
    return lines
  }

  /// The `dump --format json` document: strokes in file order, each with `channels` starting
  /// `x`, `y`, then `width` (UIM's size), then the others in field order.
  static func json(_ document: UIMDocument, file: InputFile) -> JSONValue {
    let ink = document.inkData
    let strokes = JSONStream(count: ink.strokes.count) { index in
      let stroke = ink.strokes[index]
      var channels: [UIMSplineChannel] = [.x, .y]
      if !stroke[.size].isEmpty { channels.append(.size) }
      channels += stroke.storedChannels.filter { ![.x, .y, .size].contains($0) }
      var values: [Double] = []
      values.reserveCapacity(stroke.pointCount * channels.count)
      for point in 0..<stroke.pointCount {
        for channel in channels {
          let column = stroke[channel]
          values.append(point < column.count ? column[point] : 0)
        }
      }
      // Fixed-point values print at their precision when every channel shares it.
      let precisions = Set(channels.map { stroke.precision(of: $0) })
      let precision =
        stroke.splineFormat == .fixedPoint && precisions.count == 1
          && !channels.contains(where: \.isColor) ? precisions.first : nil
      let properties = ink.properties(of: stroke)
      let color: JSONValue =
        properties.map { p in
          let c = p.inkColor
          return .object([
            ("r", .int(Int64(c.red))), ("g", .int(Int64(c.green))), ("b", .int(Int64(c.blue))),
            ("a", .int(Int64(c.alpha))),
          ])
        } ?? .null
      return .object([
        ("index", .int(Int64(index))),
        ("id", .string(stroke.id?.description)),
        ("format", .string(stroke.splineFormat == .fixedPoint ? "fixed-point" : "float")),
        (
          "precision",
          stroke.splineFormat == .fixedPoint ? .int(Int64(stroke.precisions.position)) : .null
        ),
        ("stride", .int(Int64(channels.count))),
        ("channels", .array(channels.map { .string($0 == .size ? "width" : $0.name) })),
        ("points", .rows(values: values, stride: channels.count, precision: precision)),
        ("width", stroke[.size].isEmpty ? .number(properties.map { Double($0.size) }) : .null),
        ("color", color),
        ("ts", .double(JSONValue.shortest(stroke.startParameter))),
        ("tf", .double(JSONValue.shortest(stroke.endParameter))),
        ("brush", .string(ink.brushURI(of: stroke))),
        ("renderMode", .string(ink.renderModeURI(of: stroke))),
        ("randomSeed", .int(Int64(stroke.randomSeed))),
        ("sensorDataId", .string(stroke.sensorDataID?.description)),
      ])
    }
    return .object([
      ("file", .object([("name", .string(file.name)), ("size", .int(Int64(file.bytes.count)))])),
      ("container", .string("uim")),
      ("version", .string(version(document))),
      (
        "mainTreeStrokeOrder",
        .array((document.structure.mainTree?.strokeIndices ?? []).map { .int(Int64($0)) })
      ),
      (
        "views",
        .array(
          document.structure.views.map {
            .object([
              ("name", .string($0.name)),
              ("strokes", .array($0.strokeIndices.map { .int(Int64($0)) })),
            ])
          })
      ),
      ("strokes", .stream(strokes)),
    ])
  }

  /// The `dump` text: one block per stroke, points in columns.
  static func textLines(_ document: UIMDocument, file: InputFile) -> [String] {
    var lines = [
      "\(file.displayName.terminalSafe): uim \(version(document)), "
        + "\(Format.count(document.inkData.strokes.count)) strokes"
    ]
    let ink = document.inkData
    for (index, stroke) in ink.strokes.enumerated() {
      var channels: [UIMSplineChannel] = [.x, .y]
      if !stroke[.size].isEmpty { channels.append(.size) }
      channels += stroke.storedChannels.filter { ![.x, .y, .size].contains($0) }
      lines.append("")
      lines.append(
        "stroke \(index)  \(stroke.id?.description ?? "-")  \(Format.count(stroke.pointCount)) points  "
          + "ts \(stroke.startParameter)  tf \(stroke.endParameter)  "
          + "brush \((ink.brushURI(of: stroke) ?? "-").terminalSafe)")
      var rows = [channels.map { $0 == .size ? "width" : $0.name }]
      for point in 0..<stroke.pointCount {
        rows.append(
          channels.map { channel in
            let column = stroke[channel]
            guard point < column.count else { return "-" }
            return stroke.splineFormat == .fixedPoint && !channel.isColor
              ? Format.fixed(column[point], precision: stroke.precision(of: channel))
              : NumberText.shortest(column[point])
          })
      }
      var table = TextTable(rows: rows)
      table.rightAligned = Set(channels.indices)
      lines += table.lines().map { "  " + $0 }
    }
    return lines
  }
}
