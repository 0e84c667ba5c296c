import InkCodec

/// Builds the JSON of `willdoc dump --format json`, as documented in `docs/json.md`.
enum DumpJSON {
  /// The whole document object. Sections and strokes are streamed: each stroke's JSON is
  /// built when it is written.
  static func document(
    _ document: DumpSource, file: InputFile, selection: DumpSelection, raw: Bool
  ) -> JSONValue {
    let properties = document.properties
    let chosen = document.sections.filter {
      selection.section == nil || selection.section == $0.index
    }
    let sections = JSONStream(count: chosen.count) { position in
      let section = chosen[position]
      let elements = section.elements
      let paths = JSONStream(count: elements.count) { elementIndex in
        let element = elements[elementIndex]
        let strokes = (0..<element.strokeCount).filter {
          selection.stroke == nil || selection.stroke == $0
        }
        return .object([
          ("part", .string(element.part)),
          ("transform", .array(element.transform.coefficients.map { .double($0) })),
          (
            "strokes",
            .stream(
              JSONStream(count: strokes.count) { (position) throws(WillError) in
                try self.stroke(
                  try element.stroke(strokes[position]), index: strokes[position], raw: raw)
              })
          ),
        ])
      }
      return .object([
        ("index", .int(Int64(section.index))),
        ("part", .string(section.part)),
        ("width", .number(section.pageSize?.width)),
        ("height", .number(section.pageSize?.height)),
        ("paths", .stream(paths)),
      ])
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
      ("sections", .stream(sections)),
    ])
  }

  /// One stroke object.
  static func stroke(_ stroke: Stroke, index: Int, raw: Bool) throws(WillError) -> JSONValue {
    let layout = stroke.layout
    let points = JSONValue.rows(
      values: stroke.interleavedValues(), stride: layout.stride,
      precision: stroke.decimalPrecision)
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
      ("points", points),
      ("width", layout.hasWidth ? .null : .number(stroke.constantWidth)),
      ("color", color),
      ("ts", .double(JSONValue.shortest(stroke.startParameter))),
      ("tf", .double(JSONValue.shortest(stroke.endParameter))),
      ("blendMode", .string(stroke.blendMode.effective.name)),
      (
        "blendModeValue",
        stroke.wire.storedFields.contains(.compositeOperation)
          ? .int(stroke.blendMode.rawValue) : .null
      ),
      ("paintIndex", .int(stroke.paintIndex)),
      ("randomSeed", .int(stroke.particlesRandomSeed)),
      ("id", .int(stroke.id)),
    ]
    if raw {
      let record = try PathRecord(quantizing: stroke)
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
}
