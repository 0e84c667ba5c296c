import InkCodec

/// Which sections and strokes `willdoc dump` shows.
struct DumpSelection {
  /// A section index, or `nil` for every section.
  var section: Int?
  /// A stroke index within each paths element, or `nil` for every stroke.
  var stroke: Int?
}

/// Builds the JSON of `willdoc dump --format json`, as documented in `docs/json.md`.
enum DumpJSON {
  /// The whole document object.
  static func document(
    _ document: WillDocument, file: InputFile, selection: DumpSelection, raw: Bool
  ) throws(WillError) -> JSONValue {
    let properties = document.properties
    var sections: [JSONValue] = []
    for (index, section) in document.sections.enumerated()
    where selection.section == nil || selection.section == index {
      var paths: [JSONValue] = []
      for (element, transform) in section.pathsElements {
        var strokes: [JSONValue] = []
        for (strokeIndex, stroke) in element.strokes.enumerated()
        where selection.stroke == nil || selection.stroke == strokeIndex {
          strokes.append(try self.stroke(stroke, index: strokeIndex, raw: raw))
        }
        paths.append(
          .object([
            ("part", .string(element.partName)),
            ("transform", .array(transform.coefficients.map { .double($0) })),
            ("strokes", .array(strokes)),
          ]))
      }
      sections.append(
        .object([
          ("index", .int(Int64(index))),
          ("part", .string(section.partName)),
          ("width", .number(section.pageSize?.width)),
          ("height", .number(section.pageSize?.height)),
          ("paths", .array(paths)),
        ]))
    }
    return .object([
      ("file", .object([("name", .string(file.name)), ("size", .int(Int64(file.bytes.count)))])),
      ("container", .string(document.container.rawValue)),
      (
        "properties",
        .object([
          ("application", .string(properties.application)),
          ("appVersion", .string(properties.appVersion)),
          ("template", .string(properties.template)),
          ("title", .string(properties.title)),
          ("created", .string(properties.created)),
          ("modified", .string(properties.modified)),
        ])
      ),
      ("sections", .array(sections)),
    ])
  }

  /// One stroke object.
  static func stroke(_ stroke: Stroke, index: Int, raw: Bool) throws(WillError) -> JSONValue {
    let layout = stroke.layout
    let values = stroke.interleavedValues()
    var points: [JSONValue] = []
    points.reserveCapacity(stroke.pointCount)
    for point in 0..<stroke.pointCount {
      let base = point * layout.stride
      points.append(.array(values[base..<base + layout.stride].map { .double($0) }))
    }
    let color: JSONValue =
      stroke.color.map { color in
        .object([
          ("r", .int(Int64(color.red))), ("g", .int(Int64(color.green))),
          ("b", .int(Int64(color.blue))), ("a", .int(Int64(color.alpha))),
        ])
      } ?? .null
    var members: [(String, JSONValue)] = [
      ("index", .int(Int64(index))),
      ("decimalPrecision", .int(Int64(stroke.decimalPrecision))),
      ("stride", .int(Int64(layout.stride))),
      ("channels", .array(layout.channels.map { .string($0) })),
      ("points", .array(points)),
      ("width", layout.hasWidth ? .null : .number(stroke.constantWidth)),
      ("color", color),
      ("ts", .double(shortest(stroke.startParameter))),
      ("tf", .double(shortest(stroke.endParameter))),
      ("blendMode", .string(stroke.blendMode.name)),
      (
        "blendModeValue",
        stroke.storedFields.contains(.compositeOperation) ? .int(stroke.blendMode.rawValue) : .null
      ),
      ("paintIndex", .int(stroke.paintIndex)),
      ("randomSeed", .int(stroke.particlesRandomSeed)),
      ("id", .int(stroke.id)),
    ]
    if raw {
      let record = try PathRecord(encoding: stroke)
      members.append(
        (
          "raw",
          .object([
            ("data", .array(record.data.map { .int(Int64($0)) })),
            ("strokeWidth", .array(record.strokeWidth.map { .int(Int64($0)) })),
            ("strokeColor", .array(record.strokeColor.map { .int(Int64($0)) })),
          ])
        ))
    }
    return .object(members)
  }

  /// A `Float` as the `Double` whose shortest text is the float's shortest text, so `0.1f`
  /// prints as `0.1` rather than `0.10000000149011612`.
  static func shortest(_ value: Float) -> Double {
    Double(value.description) ?? Double(value)
  }
}
