import InkCodec

/// `willdoc inspect --format json`: one object per file, written as each file is read, so
/// memory holds one document at a time; then the totals. The schema is in docs/json.md.
struct InspectReport {
  /// Counts over every file, gathered while the files are written.
  final class Totals {
    var files = 0
    var strokes = 0
    var points = 0
    var warnings = 0
    var failed = 0
    /// The exit status: the highest over the files.
    var status = ExitStatus.ok
  }

  let files: [String]
  let limits: DecodingLimits

  /// Writes the report to `sink` in pieces; returns the totals.
  func write(to sink: ([UInt8]) -> Void) throws(WillError) -> Totals {
    let totals = Totals()
    var output = TextBuffer()
    output.append("{\n  \"files\": ")
    let flush = { (pending: inout TextBuffer) in OutputChunks.flushWhenFull(&pending, to: sink) }
    let stream = JSONValue.stream(
      JSONStream(count: files.count) { index in Self.file(files[index], limits: limits, totals) })
    try stream.write(to: &output, indent: 2, flush: flush)
    output.append(",\n  \"total\": ")
    try JSONValue.object([
      ("files", .int(Int64(totals.files))), ("strokes", .int(Int64(totals.strokes))),
      ("points", .int(Int64(totals.points))), ("warnings", .int(Int64(totals.warnings))),
      ("failed", .int(Int64(totals.failed))),
    ]).write(to: &output, indent: 2, flush: flush)
    output.append("\n}\n")
    output.flush(to: sink)
    return totals
  }

  /// One file's object; an unreadable file has its error and no content.
  static func file(_ name: String, limits: DecodingLimits, _ totals: Totals) -> JSONValue {
    totals.files += 1
    let input: InputFile
    let read: (structure: WillDocument, summary: DocumentSummary, warnings: Int)
    do throws(WillError) {
      // InkML through its WILL 2 form, what that changes on standard error.
      input = try InkMLReport.willInput(try InputFile.read(name, limits: limits), limits: limits)
      if UIMFile.sniff(input.bytes) {
        // A UIM file (WILL 3) is summarised in its WILL 2 form (docs/uim.md); its warnings
        // are its own.
        let uim = try UIMDocument(parsing: input.bytes, limits: limits)
        var losses = ConversionLosses()
        let document = try WillDocument(converting: uim, limits: limits, losses: &losses)
        read = (
          document, DocumentSummary(document), uim.validate().map(\.occurrences).reduce(0, +)
        )
      } else {
        read = try DocumentSummary.read(input, limits: input.readingLimits(limits))
      }
    } catch {
      totals.failed += 1
      totals.status = max(totals.status, ExitStatus(error))
      printError(errorLine(file: name, error))
      // Every key is present, as for a readable file: what could not be read is null.
      return .object(
        [
          ("name", .string(name)), ("status", .string("error")),
          (
            "error",
            .object([
              ("code", .string(error.kind.code)), ("message", .string(error.message)),
              ("part", .string(error.part)), ("offset", .int(error.offset)),
              ("strokeIndex", .int(error.strokeIndex)),
            ])
          ),
        ] + contentKeys.map { ($0, JSONValue.null) })
    }
    let (document, summary, warnings) = read
    totals.strokes += summary.strokes
    totals.points += summary.points
    totals.warnings += warnings
    let properties = document.properties
    let none = summary.strokes - summary.perPointWidths - summary.constantWidths
    return .object([
      ("name", .string(name)), ("status", .string("ok")), ("error", .null),
      ("size", .int(input.bytes.count)),
      ("container", .string(UIMFile.sniff(input.bytes) ? "uim" : document.container.rawValue)),
      (
        "properties",
        .object([
          ("title", .string(properties.title)), ("created", .string(properties.created)),
          ("modified", .string(properties.modified)),
          ("application", .string(properties.application)),
          ("appVersion", .string(properties.appVersion)),
        ])
      ),
      ("strokes", .int(summary.strokes)), ("points", .int(summary.points)),
      ("bounds", bounds(summary.bounds)),
      (
        "precisions",
        .array(
          summary.precisions.sorted { $0.key < $1.key }.map {
            .object([("precision", .int($0.key)), ("strokes", .int($0.value))])
          })
      ),
      (
        "widths",
        .object([
          ("min", .number(summary.widthRange?.min)), ("max", .number(summary.widthRange?.max)),
          ("perPoint", .int(summary.perPointWidths)), ("constant", .int(summary.constantWidths)),
          ("none", .int(none)),
        ])
      ),
      (
        "colors",
        .array(
          summary.colors.sorted { ($1.value, $0.key.rgba) < ($0.value, $1.key.rgba) }.map {
            .object([("color", .string("\($0.key)")), ("strokes", .int($0.value))])
          })
      ),
      (
        "blendModes",
        .array(
          summary.blendModes.sorted { $0.key.rawValue < $1.key.rawValue }.map {
            .object([
              ("name", .string($0.key.effective.name)), ("value", .int($0.key.rawValue)),
              ("strokes", .int($0.value)),
            ])
          })
      ),
      ("trimmed", .int(summary.trimmed)), ("paints", .int(document.paints.count)),
      ("warnings", .int(warnings)),
      (
        "sections",
        .array(
          summary.sections.map { section in
            .object([
              ("index", .int(section.index)), ("part", .string(section.part)),
              ("width", .number(section.pageSize?.width)),
              ("height", .number(section.pageSize?.height)),
              ("background", .string(section.background.map { "\($0)" })),
              ("pathsElements", .int(section.pathsElements)), ("strokes", .int(section.strokes)),
              ("points", .int(section.points)), ("bounds", bounds(section.bounds)),
            ])
          })
      ),
      (
        "parts",
        UIMFile.sniff(input.bytes)
          ? .null
          : .array(
            document.containerParts.map { part in
              .object([
                ("name", .string(part.name)), ("size", .int(part.size)),
                ("storedSize", .int(part.storedSize)), ("storage", .string(part.storage.rawValue)),
                ("crc32", .int(part.crc32)),
              ])
            })
      ),
    ])
  }

  /// The keys after `error`, in order.
  static let contentKeys = [
    "size", "container", "properties", "strokes", "points", "bounds", "precisions", "widths",
    "colors", "blendModes", "trimmed", "paints", "warnings", "sections", "parts",
  ]

  static func bounds(_ box: InkBounds?) -> JSONValue {
    guard let box else { return .null }
    return .object([
      ("minX", .double(box.minX)), ("minY", .double(box.minY)), ("maxX", .double(box.maxX)),
      ("maxY", .double(box.maxY)),
    ])
  }
}
